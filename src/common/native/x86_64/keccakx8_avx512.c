/* Keccak-f[1600] on eight states with AVX-512F: one 512-bit vector holds
 * lane i of the eight states (the x8 layout, lane i of state j at
 * s[8 * i + j]). The round code of keccak_perm.h runs on vectors, with
 * AVX-512's rotate and three-input logic: theta's five-way XOR is two
 * VPTERNLOGQ, chi's a ^ (~b & c) is one (truth table 0xd2). Called through
 * native/x86_64/meta.h when the CPU has AVX-512F.
 *
 * The same on four states in 256-bit vectors with AVX-512VL (the x4
 * layout of keccakx4_avx2.c): AVX2 rotates by two shifts and an OR and
 * has no three-input logic, so where the CPU has AVX-512VL this one
 * serves the 4-way permutation (on a Zen 4, 156 against 254 rdtsc ticks
 * a state, `pqsig-bench --primitives`; the 8-way one takes 137). */
#include <stddef.h>
#include <stdint.h>

#include <immintrin.h>

#include "common/native/api.h"

#define KECCAK_FN permute8
#define KECCAK_PARAMS uint64_t s[8 * 25]
#define KECCAK_LANE __m512i
#define KECCAK_LOAD(i) _mm512_loadu_si512((const void *)(s + 8 * (i)))
#define KECCAK_STORE(i, v) _mm512_storeu_si512((void *)(s + 8 * (i)), (v))
#define KECCAK_XOR(a, b) _mm512_xor_si512((a), (b))
#define KECCAK_XOR5(a, b, c, d, e) \
    _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64((a), (b), (c), 0x96), (d), (e), 0x96)
#define KECCAK_ROL(x, n) _mm512_rol_epi64((x), (n))
#define KECCAK_CHI(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xd2)
#define KECCAK_IOTA(x, r) _mm512_xor_si512((x), _mm512_set1_epi64((long long)keccak_rc[r]))
#include "common/keccak_perm.h"

#define KECCAK_FN permute4vl
#define KECCAK_PARAMS uint64_t *s, size_t stride
#define KECCAK_LANE __m256i
#define KECCAK_LOAD(i) _mm256_loadu_si256((const __m256i *)(const void *)(s + stride * (i)))
#define KECCAK_STORE(i, v) _mm256_storeu_si256((__m256i *)(void *)(s + stride * (i)), (v))
#define KECCAK_XOR(a, b) _mm256_xor_si256((a), (b))
#define KECCAK_XOR5(a, b, c, d, e) \
    _mm256_ternarylogic_epi64(_mm256_ternarylogic_epi64((a), (b), (c), 0x96), (d), (e), 0x96)
#define KECCAK_ROL(x, n) _mm256_rol_epi64((x), (n))
#define KECCAK_CHI(a, b, c) _mm256_ternarylogic_epi64((a), (b), (c), 0xd2)
#define KECCAK_IOTA(x, r) _mm256_xor_si256((x), _mm256_set1_epi64x((long long)keccak_rc[r]))
#include "common/keccak_perm.h"

void pqsig_keccakf1600x8_avx512(uint64_t s[8 * 25])
{
    permute8(s);
}

void pqsig_keccakf1600x4_avx512vl(uint64_t *s, size_t stride)
{
    permute4vl(s, stride);
}
