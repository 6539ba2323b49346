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
#include <string.h>

#include <immintrin.h>

#include "common/native/api.h"

#define KECCAK_FN permute8
#define KECCAK_PARAMS uint64_t s[8 * 25]
#define KECCAK_LOAD(i) _mm512_loadu_si512((const void *)(s + 8 * (i)))
#define KECCAK_STORE(i, v) _mm512_storeu_si512((void *)(s + 8 * (i)), (v))
#include "common/native/x86_64/keccakx8_avx512_ops.h"
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

/* The same on lanes held as vectors (the one-block kernel below). */
#define KECCAK_FN permute8_lanes
#define KECCAK_PARAMS const __m512i *in, __m512i *out
#define KECCAK_LOAD(i) in[i]
#define KECCAK_STORE(i, v) (out[i] = (v))
#include "common/native/x86_64/keccakx8_avx512_ops.h"
#include "common/keccak_perm.h"

void pqsig_keccakf1600x8_avx512(uint64_t s[8 * 25])
{
    permute8(s);
}

/* Lanes i .. i + n - 1 (n <= 8; a[k]: lane i + k of the eight states) to
 * bytes 8i .. 8i + 8n - 1 of each out[j]: an 8 x 8 transposition of
 * words in three steps (pairs of words in 128-bit lanes, then pairs of
 * those, then the rows), each state's lanes then one store. */
static inline void transpose8_out(uint8_t *const out[8], size_t at, const __m512i a[8], unsigned n)
{
    const __mmask8 k = (__mmask8)(n >= 8u ? 0xffu : (1u << n) - 1u);
    __m512i t[8], u[8], r[8];
    unsigned j;
    for (j = 0; j < 4; j++) {
        t[2 * j] = _mm512_unpacklo_epi64(a[2 * j], a[2 * j + 1]);
        t[2 * j + 1] = _mm512_unpackhi_epi64(a[2 * j], a[2 * j + 1]);
    }
    /* u[0]: words 0 and 4 of lanes 0..3 (pairs), u[1]: 2 and 6, u[2]: 1 and
     * 5, u[3]: 3 and 7; u[4..7] the same of lanes 4..7 */
    for (j = 0; j < 2; j++) {
        u[4 * j] = _mm512_shuffle_i64x2(t[4 * j], t[4 * j + 2], 0x88);
        u[4 * j + 1] = _mm512_shuffle_i64x2(t[4 * j], t[4 * j + 2], 0xdd);
        u[4 * j + 2] = _mm512_shuffle_i64x2(t[4 * j + 1], t[4 * j + 3], 0x88);
        u[4 * j + 3] = _mm512_shuffle_i64x2(t[4 * j + 1], t[4 * j + 3], 0xdd);
    }
    r[0] = _mm512_shuffle_i64x2(u[0], u[4], 0x88);
    r[4] = _mm512_shuffle_i64x2(u[0], u[4], 0xdd);
    r[2] = _mm512_shuffle_i64x2(u[1], u[5], 0x88);
    r[6] = _mm512_shuffle_i64x2(u[1], u[5], 0xdd);
    r[1] = _mm512_shuffle_i64x2(u[2], u[6], 0x88);
    r[5] = _mm512_shuffle_i64x2(u[2], u[6], 0xdd);
    r[3] = _mm512_shuffle_i64x2(u[3], u[7], 0x88);
    r[7] = _mm512_shuffle_i64x2(u[3], u[7], 0xdd);
    for (j = 0; j < 8; j++) {
        _mm512_mask_storeu_epi64(out[j] + at, k, r[j]);
    }
}

/* One SHAKE128 block of eight public inputs (inlen < 168), as
 * pqsig_shake128x4_block_avx2 does four: the padded input lanes built in
 * registers, the permutation on them, the rate's 21 output lanes
 * transposed straight from registers (no state in memory between). */
void pqsig_shake128x8_block_avx512(uint8_t *const out[8], const uint8_t *const in[8], size_t inlen)
{
    __m512i st[25], res[25 + 3];
    const size_t full = inlen / 8, rest = inlen % 8;
    uint64_t last[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    size_t i;
    unsigned j;
    for (i = 0; i < full; i++) {
        long long x[8];
        for (j = 0; j < 8; j++) {
            memcpy(&x[j], in[j] + 8 * i, 8);
        }
        st[i] = _mm512_loadu_si512((const void *)x);
    }
    if (rest != 0) { /* the length is public */
        for (j = 0; j < 8; j++) {
            memcpy(&last[j], in[j] + 8 * full, rest);
        }
    }
    st[full] = _mm512_xor_si512(_mm512_loadu_si512((const void *)last),
                                _mm512_set1_epi64((long long)((uint64_t)0x1f << (8 * rest))));
    for (i = full + 1; i < 25; i++) {
        st[i] = _mm512_setzero_si512();
    }
    st[20] = _mm512_xor_si512(st[20], _mm512_set1_epi64((long long)((uint64_t)0x80 << 56)));
    permute8_lanes(st, res);
    res[25] = res[26] = res[27] = _mm512_setzero_si512(); /* never stored: the last group is 5 lanes */
    transpose8_out(out, 0, res, 8);
    transpose8_out(out, 64, res + 8, 8);
    transpose8_out(out, 128, res + 16, 5);
}

void pqsig_keccakf1600x4_avx512vl(uint64_t *s, size_t stride)
{
    permute4vl(s, stride);
}
