/* SNOVA, odd prime q, AVX2: the portable kernels of gfq/kernels.c compiled
 * again, under the avx2 names of meta.h, with this directory's ISA flags,
 * but for the two products (mul, trows), written by hand in
 * gfq_mul_avx2.c, and the kernels on whole 4 x 4 blocks (finish, rows:
 * gfq_blocks_avx2.c). They are written on 16-bit lanes for the vectoriser;
 * with AVX2 they run sixteen lanes per instruction. The results are the
 * twins' exactly (the same integer operations) and the code keeps their
 * constant-time shape. */
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"

#if SNOVA_Q != 16
#define SNOVA_GFQ_OWN_PRODUCTS
#define SNOVA_GFQ_OWN_BLOCKS
#undef snova_gfq_solve_c
#undef snova_gfq_whip_c
#define snova_gfq_solve_c snova_avx2_gfq_solve
#define snova_gfq_whip_c snova_avx2_gfq_whip

#include <immintrin.h>

#include "snova/gfq/scalar.h"
#include "snova/native/x86_64_avx2/gfq_lanes.h"

/* The solver's row pass (kernels.c, row_axpy_cadd): r += f p, then
 * a += r & take, 16 lanes a step and one step of 8 at the end (the widths
 * are multiples of 8). The compiled loop left up to 15 lanes to a scalar
 * tail. f and take (secret) are operands only. */
static inline void row_axpy_cadd_avx2(uint16_t *r, const uint16_t *p, uint16_t *a, unsigned from, unsigned to,
                                      uint16_t f, uint16_t take)
{
    const __m256i fv = _mm256_set1_epi16((short)f), tv = _mm256_set1_epi16((short)take);
    size_t c = from; /* a 64-bit index: no extension in the addresses */
    for (; c + 16 <= to; c += 16) {
        const __m256i pv = _mm256_loadu_si256((const __m256i *)(const void *)(p + c));
        const __m256i t =
            _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(r + c)), _mm256_mullo_epi16(fv, pv));
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
