/* NCC-Sign, AVX2: verification's w = (w - c t1 2^d) mod q (native/api.h,
 * ncc_sub_ct1), 8 coefficients a vector. The twin's three steps:
 *   - the sparse product c t1: tau shifted copies of t1 added or subtracted
 *     at unaligned offsets (the placements are public);
 *   - the fold modulo X^n - X^(n/2) + 1, in two passes that each read only
 *     words the pass does not write (the twin's top-down loop, reordered:
 *     only additions, so the sums are the same);
 *   - the reduction of x = w - c t1 2^d, |x| < 2^31 (|c t1| < 2^17, d <= 13,
 *     w < 2^24), as y = x + q 2^8, 0 < y < 2^32, and y mod q with the
 *     quotient estimate floor(y V / 2^54), V = floor(2^54 / q) < 2^32, at
 *     most 1 short (y / 2^54 < 2^-22): one conditional subtraction. The
 *     twin reduces x + q 2^14 in 64 bits; both give the canonical residue. */
#include <immintrin.h>
#include <string.h>

#include "nccsign/native/api.h"
#include "nccsign/native/x86_64_avx2/meta.h"

#define V_54 ((((uint64_t)1) << 54) / NCC_Q)

typedef char ncc_sub_ct1_v_fits[V_54 < ((uint64_t)1 << 32) ? 1 : -1];
typedef char ncc_sub_ct1_d_fits[NCC_D <= 13 ? 1 : -1];
typedef char ncc_sub_ct1_lanes[NCC_N % 16 == 0 ? 1 : -1];

static inline __m256i load8(const int32_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline void store8(int32_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v);
}

/* y mod q for the unsigned 32-bit lanes of y. */
static inline __m256i mod_q(__m256i y)
{
    const __m256i v = _mm256_set1_epi64x((long long)V_54), q = _mm256_set1_epi32(NCC_Q);
    const __m256i qe = _mm256_srli_epi64(_mm256_mul_epu32(y, v), 54);
    const __m256i qo = _mm256_srli_epi64(_mm256_mul_epu32(_mm256_srli_epi64(y, 32), v), 54);
    const __m256i r = _mm256_sub_epi32(y, _mm256_mullo_epi32(_mm256_or_si256(qe, _mm256_slli_epi64(qo, 32)), q));
    return _mm256_sub_epi32(r, _mm256_and_si256(q, _mm256_cmpgt_epi32(r, _mm256_set1_epi32(NCC_Q - 1))));
}

void ncc_avx2_sub_ct1(uint32_t w[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU],
                      const uint32_t t1[NCC_N], int32_t wide[2 * NCC_N])
{
    const int32_t *t = (const int32_t *)(const void *)t1;
    const __m256i bias = _mm256_set1_epi32((int32_t)((uint32_t)NCC_Q << 8));
    size_t k, j;
    memset(wide, 0, 2 * NCC_N * sizeof wide[0]);
    for (k = 0; k < NCC_TAU; k++) {
        int32_t *dst = wide + pos[k];
        if (neg[k] != 0) { /* public: the challenge of a signature */
            for (j = 0; j < NCC_N; j += 8) {
                store8(dst + j, _mm256_sub_epi32(load8(dst + j), load8(t + j)));
            }
        } else {
            for (j = 0; j < NCC_N; j += 8) {
                store8(dst + j, _mm256_add_epi32(load8(dst + j), load8(t + j)));
            }
        }
    }
    /* k in [3n/2, 2n): into [n, 3n/2) and [n/2, n) */
    for (j = 3 * NCC_N / 2; j < 2 * NCC_N; j += 8) {
        const __m256i top = load8(wide + j);
        store8(wide + j - NCC_N / 2, _mm256_add_epi32(load8(wide + j - NCC_N / 2), top));
        store8(wide + j - NCC_N, _mm256_sub_epi32(load8(wide + j - NCC_N), top));
    }
    /* k in [n, 3n/2): into [n/2, n) and [0, n/2) */
    for (j = NCC_N; j < 3 * NCC_N / 2; j += 8) {
        const __m256i top = load8(wide + j);
        store8(wide + j - NCC_N / 2, _mm256_add_epi32(load8(wide + j - NCC_N / 2), top));
        store8(wide + j - NCC_N, _mm256_sub_epi32(load8(wide + j - NCC_N), top));
    }
    for (j = 0; j < NCC_N; j += 8) {
        const __m256i x = _mm256_sub_epi32(load8((const int32_t *)(const void *)(w + j)),
                                           _mm256_slli_epi32(load8(wide + j), NCC_D));
        _mm256_storeu_si256((__m256i *)(void *)(w + j), mod_q(_mm256_add_epi32(x, bias)));
    }
}
