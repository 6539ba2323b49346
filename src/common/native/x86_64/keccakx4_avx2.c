/* Keccak-f[1600] on four states with AVX2: one 256-bit vector holds lane i
 * of the four states, so the round code of keccak_perm.h runs unchanged on
 * vectors. Rotations are two shifts and an OR, except by 8 and 56 bits,
 * which are byte shuffles. Called through native/x86_64/meta.h when the
 * CPU has AVX2; the lane of state j at s[stride * i + j] (stride 4: the x4
 * layout; stride 8: either half of the x8 layout). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <immintrin.h>

#include "common/native/api.h"

static inline __m256i rol8(__m256i x)
{
    return _mm256_shuffle_epi8(x, _mm256_set_epi8(14, 13, 12, 11, 10, 9, 8, 15, 6, 5, 4, 3, 2, 1, 0, 7, 14, 13,
                                                  12, 11, 10, 9, 8, 15, 6, 5, 4, 3, 2, 1, 0, 7));
}

static inline __m256i rol56(__m256i x)
{
    return _mm256_shuffle_epi8(x, _mm256_set_epi8(8, 15, 14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1, 8, 15,
                                                  14, 13, 12, 11, 10, 9, 0, 7, 6, 5, 4, 3, 2, 1));
}

#define KECCAK_FN permute4
#define KECCAK_PARAMS uint64_t *s, size_t stride
#define KECCAK_LANE __m256i
#define KECCAK_LOAD(i) _mm256_loadu_si256((const __m256i *)(const void *)(s + stride * (i)))
#define KECCAK_STORE(i, v) _mm256_storeu_si256((__m256i *)(void *)(s + stride * (i)), (v))
#define KECCAK_XOR(a, b) _mm256_xor_si256((a), (b))
#define KECCAK_XOR5(a, b, c, d, e) _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256((a), (b)), (c)), \
                                                    _mm256_xor_si256((d), (e)))
#define KECCAK_ROL(x, n)                                                                              \
    ((n) == 8 ? rol8(x)                                                                               \
              : (n) == 56 ? rol56(x) : _mm256_or_si256(_mm256_slli_epi64((x), (n)), _mm256_srli_epi64((x), 64 - (n))))
#define KECCAK_CHI(a, b, c) _mm256_xor_si256((a), _mm256_andnot_si256((b), (c)))
#define KECCAK_IOTA(x, r) _mm256_xor_si256((x), _mm256_set1_epi64x((long long)keccak_rc[r]))
#include "common/keccak_perm.h"

void pqsig_keccakf1600x4_avx2(uint64_t *s, size_t stride)
{
    permute4(s, stride);
}

void pqsig_keccakx4_extract_avx2(uint8_t *const out[4], size_t off, const uint64_t *lanes, size_t n)
{
    size_t i = 0;
    unsigned j;
    for (; i + 4 <= n; i += 4) {
        /* a_k: lane i + k of the four states; t: pairs of lanes per state
         * and 128-bit half; then each state's four lanes in a row */
        const __m256i a0 = _mm256_loadu_si256((const __m256i *)(const void *)(lanes + 4 * i));
        const __m256i a1 = _mm256_loadu_si256((const __m256i *)(const void *)(lanes + 4 * i + 4));
        const __m256i a2 = _mm256_loadu_si256((const __m256i *)(const void *)(lanes + 4 * i + 8));
        const __m256i a3 = _mm256_loadu_si256((const __m256i *)(const void *)(lanes + 4 * i + 12));
        const __m256i t0 = _mm256_unpacklo_epi64(a0, a1), t1 = _mm256_unpackhi_epi64(a0, a1);
        const __m256i t2 = _mm256_unpacklo_epi64(a2, a3), t3 = _mm256_unpackhi_epi64(a2, a3);
        _mm256_storeu_si256((__m256i *)(void *)(out[0] + off + 8 * i), _mm256_permute2x128_si256(t0, t2, 0x20));
        _mm256_storeu_si256((__m256i *)(void *)(out[1] + off + 8 * i), _mm256_permute2x128_si256(t1, t3, 0x20));
        _mm256_storeu_si256((__m256i *)(void *)(out[2] + off + 8 * i), _mm256_permute2x128_si256(t0, t2, 0x31));
        _mm256_storeu_si256((__m256i *)(void *)(out[3] + off + 8 * i), _mm256_permute2x128_si256(t1, t3, 0x31));
    }
    for (; i < n; i++) {
        for (j = 0; j < 4; j++) {
            _mm_storel_epi64((__m128i *)(void *)(out[j] + off + 8 * i),
                             _mm_loadl_epi64((const __m128i *)(const void *)(lanes + 4 * i + j)));
        }
    }
}

/* The lanes of the SHAKE128 block of four public inputs (inlen < 168): the
 * whole input words, the last bytes with SHAKE's domain bits 1111 and the
 * first padding bit, zeros, pad10*1's last bit in lane 20 (FIPS 202 B.2);
 * then the permutation and the rate's 21 lanes out. x86 is little-endian:
 * a lane is its 8 bytes in memory order. */
void pqsig_shake128x4_block_avx2(uint8_t *const out[4], const uint8_t *const in[4], size_t inlen)
{
    __m256i st[25];
    const size_t full = inlen / 8, rest = inlen % 8;
    uint64_t last[4] = {0, 0, 0, 0};
    size_t i;
    unsigned j;
    for (i = 0; i < full; i++) {
        long long x[4];
        for (j = 0; j < 4; j++) {
            memcpy(&x[j], in[j] + 8 * i, 8);
        }
        st[i] = _mm256_setr_epi64x(x[0], x[1], x[2], x[3]);
    }
    if (rest != 0) { /* the length is public */
        for (j = 0; j < 4; j++) {
            memcpy(&last[j], in[j] + 8 * full, rest);
        }
    }
    st[full] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)last),
                                _mm256_set1_epi64x((long long)((uint64_t)0x1f << (8 * rest))));
    for (i = full + 1; i < 25; i++) {
        st[i] = _mm256_setzero_si256();
    }
    st[20] = _mm256_xor_si256(st[20], _mm256_set1_epi64x((long long)((uint64_t)0x80 << 56)));
    permute4((uint64_t *)(void *)st, 4);
    pqsig_keccakx4_extract_avx2(out, 0, (const uint64_t *)(const void *)st, 21);
}
