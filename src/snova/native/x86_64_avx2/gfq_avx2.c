/* SNOVA, odd prime q, AVX2: the portable kernels of gfq/kernels.c compiled
 * again, under the avx2 names of meta.h, with this directory's ISA flags,
 * but for the two products (mul, trows), written by hand in
 * gfq_mul_avx2.c. They are written on 16-bit lanes for the vectoriser;
 * with AVX2 they run sixteen lanes per instruction. The results are the
 * twins' exactly (the same integer operations) and the code keeps their
 * constant-time shape. */
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"

#if SNOVA_Q != 16
#define SNOVA_GFQ_OWN_PRODUCTS
#undef snova_gfq_solve_c
#undef snova_gfq_whip_c
#undef snova_gfq_finish_c
#undef snova_gfq_rows_c
#define snova_gfq_solve_c snova_avx2_gfq_solve
#define snova_gfq_whip_c snova_avx2_gfq_whip
#define snova_gfq_finish_c snova_avx2_gfq_finish
#define snova_gfq_rows_c snova_avx2_gfq_rows

#include <immintrin.h>

#include "snova/gfq/scalar.h"
#include "snova/native/x86_64_avx2/gfq_lanes.h"

/* The block stage's innermost sum (kernels.c, rows_acc_c) for 8 lanes
 * (o <= 8) with two y at a time in one vector: the 16 lanes of (y, y + 1)
 * are adjacent in acc, p1 and p2 do not depend on y, so each gets its
 * 8 lanes in both halves and the scalars of y and y + 1 one half each.
 * Other widths run the portable loops (16 lanes vectorise as they are). */
static inline void rows_acc_c(uint16_t *acc, const uint16_t *amv, const uint16_t *nbv,
                              uint32_t av[SNOVA_L][SNOVA_L], uint32_t bv[SNOVA_L][SNOVA_L],
                              const unsigned tp);
static inline void rows_acc_avx2(uint16_t *acc, const uint16_t *amv, const uint16_t *nbv,
                                 uint32_t av[SNOVA_L][SNOVA_L], uint32_t bv[SNOVA_L][SNOVA_L],
                                 const unsigned tp)
{
#if SNOVA_L % 2 == 0
    __m256i bb[SNOVA_L][SNOVA_L / 2], aa[SNOVA_L][SNOVA_L / 2];
    unsigned r, c, x, y;
    if (tp != 8) {
        rows_acc_c(acc, amv, nbv, av, bv, tp);
        return;
    }
    for (c = 0; c < SNOVA_L; c++) {
        for (y = 0; y < SNOVA_L; y += 2) {
            bb[c][y / 2] = _mm256_set_m128i(_mm_set1_epi16((short)bv[y + 1][c]), _mm_set1_epi16((short)bv[y][c]));
            aa[c][y / 2] = _mm256_set_m128i(_mm_set1_epi16((short)av[c][y + 1]), _mm_set1_epi16((short)av[c][y]));
        }
    }
    for (r = 0; r < SNOVA_L; r++) {
        for (c = 0; c < SNOVA_L; c++) {
            for (x = 0; x < SNOVA_L; x++) {
                const __m256i p1 = _mm256_broadcastsi128_si256(
                    _mm_loadu_si128((const __m128i *)(const void *)(amv + (r * SNOVA_L + x) * 8)));
                const __m256i p2 = _mm256_broadcastsi128_si256(
                    _mm_loadu_si128((const __m128i *)(const void *)(nbv + (x * SNOVA_L + c) * 8)));
                for (y = 0; y < SNOVA_L; y += 2) {
                    __m256i *o = (__m256i *)(void *)(acc + ((size_t)(r * SNOVA_L + c) * GFQ_L2 + x * SNOVA_L + y) * 8);
                    const __m256i d = _mm256_add_epi16(_mm256_mullo_epi16(bb[c][y / 2], p1),
                                                       _mm256_mullo_epi16(aa[r][y / 2], p2));
                    _mm256_storeu_si256(o, _mm256_add_epi16(_mm256_loadu_si256(o), d));
                }
            }
        }
    }
#else
    rows_acc_c(acc, amv, nbv, av, bv, tp);
#endif
}
#define ROWS_ACC rows_acc_avx2

/* Two sums of the block stage with the same coefficients (kernels.c,
 * lanes_dot2_c) for 8 lanes: one in each half of a vector, so that one
 * broadcast, product and sum serve both. Other widths run the portable
 * loops. */
static inline void lanes_dot(uint16_t *v, const uint16_t *x0, size_t stride, const uint32_t *f, size_t fstride,
                             const unsigned tp);
static inline void lanes_dot2_avx2(uint16_t *v1, const uint16_t *x1, uint16_t *v2, const uint16_t *x2, size_t stride,
                                   const uint32_t *f, size_t fstride, const unsigned tp)
{
    __m256i acc = _mm256_setzero_si256();
    unsigned k;
    if (tp != 8) {
        lanes_dot(v1, x1, stride, f, fstride, tp);
        lanes_dot(v2, x2, stride, f, fstride, tp);
        return;
    }
    for (k = 0; k < SNOVA_L; k++) {
        const __m256i x = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(x1 + k * stride))),
            _mm_loadu_si128((const __m128i *)(const void *)(x2 + k * stride)), 1);
        acc = _mm256_add_epi16(acc, _mm256_mullo_epi16(_mm256_set1_epi16((short)f[k * fstride]), x));
    }
    acc = red16_v(acc);
    _mm_storeu_si128((__m128i *)(void *)v1, _mm256_castsi256_si128(acc));
    _mm_storeu_si128((__m128i *)(void *)v2, _mm256_extracti128_si256(acc, 1));
}
#define LANES_DOT2 lanes_dot2_avx2

/* The solver's row pass (kernels.c, row_axpy_cadd): r += f p, then
 * a += r & take, 16 lanes a step and one step of 8 at the end (the widths
 * are multiples of 8). The compiled loop left up to 15 lanes to a scalar
 * tail. f and take (secret) are operands only. */
static inline void row_axpy_cadd_avx2(uint16_t *r, const uint16_t *p, uint16_t *a, unsigned from, unsigned to,
                                      uint16_t f, uint16_t take)
{
    const __m256i fv = _mm256_set1_epi16((short)f), tv = _mm256_set1_epi16((short)take);
    unsigned c = from;
    for (; c + 16 <= to; c += 16) {
        const __m256i t = _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(r + c)),
                                           _mm256_mullo_epi16(fv, _mm256_loadu_si256((const __m256i *)(const void *)(p + c))));
        _mm256_storeu_si256((__m256i *)(void *)(r + c), t);
        _mm256_storeu_si256((__m256i *)(void *)(a + c),
                            _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(a + c)),
                                             _mm256_and_si256(t, tv)));
    }
    if (c < to) {
        const __m128i t = _mm_add_epi16(_mm_loadu_si128((const __m128i *)(const void *)(r + c)),
                                        _mm_mullo_epi16(_mm256_castsi256_si128(fv),
                                                        _mm_loadu_si128((const __m128i *)(const void *)(p + c))));
        _mm_storeu_si128((__m128i *)(void *)(r + c), t);
        _mm_storeu_si128((__m128i *)(void *)(a + c),
                         _mm_add_epi16(_mm_loadu_si128((const __m128i *)(const void *)(a + c)),
                                       _mm_and_si128(t, _mm256_castsi256_si128(tv))));
    }
}
#define ROW_AXPY_CADD row_axpy_cadd_avx2

#include "snova/gfq/kernels.c"
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx2_gfq_none;
#endif
