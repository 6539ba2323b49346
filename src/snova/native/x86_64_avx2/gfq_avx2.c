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

#include <string.h>

#include "common/ct.h"
#include "common/native.h"
#include "snova/gfq/scalar.h"
#include "snova/native/x86_64_avx2/gfq_lanes.h"

/* ---- The solver's units (kernels.c: col_factors, rows_axpy_cadd,
 * back_substitute), the same operations on lanes, so the same values ----
 *
 * Factors of a column pass, 8 rows a step in 32-bit lanes (the 16-bit value
 * in the low half): g[r][col] and g[r][col + 1] are one 32-bit word of a
 * row, gathered (public addresses; lanes past n masked off and zero, which
 * gives f = q and rv = 0). take is the first row with rv nonzero while the
 * next pivot is zero: open stays all ones until such a row has been seen,
 * and that row's bit is the lowest set bit of the step's nonzero mask.
 * Writes whole groups of 8 entries (up to 7 past n). */
static inline void col_factors_avx2(const uint16_t *g, unsigned n, unsigned w, unsigned col, uint16_t npiv,
                                    uint16_t *f, uint16_t *take)
{
    const __m256i q = _mm256_set1_epi32(SNOVA_Q), lo16 = _mm256_set1_epi32(0xffff);
    const __m256i p1 = _mm256_set1_epi32(g[(size_t)col * w + col + 1]);
    const __m256i bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const int *base = (const int *)(const void *)(g + col); /* row r's pair at word r w / 2 */
    uint32_t open = 0u - (((uint32_t)npiv - 1u) >> 31);
    unsigned r;
    for (r = col + 2; r < n; r += 8) {
        const __m256i rows = _mm256_add_epi32(_mm256_set1_epi32((int)r), lane);
        const __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), rows);
        const __m256i pair = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), base,
                                                         _mm256_mullo_epi32(rows, _mm256_set1_epi32((int)(w / 2))),
                                                         live, 4);
        const __m256i fv = _mm256_sub_epi32(q, red16_v(_mm256_and_si256(pair, lo16)));
        const __m256i rv = red16_v(_mm256_add_epi16(_mm256_srli_epi32(pair, 16), _mm256_mullo_epi16(fv, p1)));
        const uint32_t nz = 0xffu & ~(uint32_t)_mm256_movemask_ps(
                                        _mm256_castsi256_ps(_mm256_cmpeq_epi32(rv, _mm256_setzero_si256())));
        const uint32_t first = nz & (0u - nz) & open;
        const __m256i tv = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)first), bits), bits);
        open &= (uint32_t)(((uint64_t)nz - 1u) >> 32); /* all ones while nz is zero */
        _mm_storeu_si128((__m128i *)(void *)(f + r),
                         _mm_packus_epi32(_mm256_castsi256_si128(fv), _mm256_extracti128_si256(fv, 1)));
        _mm_storeu_si128((__m128i *)(void *)(take + r),
                         _mm_packs_epi32(_mm256_castsi256_si128(tv), _mm256_extracti128_si256(tv, 1)));
    }
}

/* The row pass on columns c .. c + 16 nv + 8 half - 1 of rows r0 .. n - 1:
 * the pivot row's and the next pivot row's vectors stay in registers over
 * the rows (nv and half constants once inlined). */
static inline __attribute__((always_inline)) void rows_chunk(uint16_t *g, size_t r0, size_t n, size_t w,
                                                             const uint16_t *p, uint16_t *a, size_t c,
                                                             const unsigned nv, const unsigned half,
                                                             const uint16_t *f, const uint16_t *take)
{
    __m256i pv[4], av[4];
    __m128i ph = _mm_setzero_si128(), ah = _mm_setzero_si128();
    unsigned k;
    size_t r;
    for (k = 0; k < nv; k++) {
        pv[k] = _mm256_loadu_si256((const __m256i *)(const void *)(p + c + 16 * k));
        av[k] = _mm256_loadu_si256((const __m256i *)(const void *)(a + c + 16 * k));
    }
    if (half) {
        ph = _mm_loadu_si128((const __m128i *)(const void *)(p + c + 16 * nv));
        ah = _mm_loadu_si128((const __m128i *)(const void *)(a + c + 16 * nv));
    }
    for (r = r0; r < n; r++) {
        uint16_t *rr = g + r * w + c;
        const __m256i fv = _mm256_set1_epi16((short)f[r]), tv = _mm256_set1_epi16((short)take[r]);
        for (k = 0; k < nv; k++) {
            const __m256i t = _mm256_add_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(rr + 16 * k)),
                                               _mm256_mullo_epi16(fv, pv[k]));
            _mm256_storeu_si256((__m256i *)(void *)(rr + 16 * k), t);
            av[k] = _mm256_add_epi16(av[k], _mm256_and_si256(t, tv));
        }
        if (half) {
            const __m128i t = _mm_add_epi16(_mm_loadu_si128((const __m128i *)(const void *)(rr + 16 * nv)),
                                            _mm_mullo_epi16(_mm256_castsi256_si128(fv), ph));
            _mm_storeu_si128((__m128i *)(void *)(rr + 16 * nv), t);
            ah = _mm_add_epi16(ah, _mm_and_si128(t, _mm256_castsi256_si128(tv)));
        }
    }
    for (k = 0; k < nv; k++) {
        _mm256_storeu_si256((__m256i *)(void *)(a + c + 16 * k), av[k]);
    }
    if (half) {
        _mm_storeu_si128((__m128i *)(void *)(a + c + 16 * nv), ah);
    }
}

/* Chunks of 64 columns, then the rest (a multiple of 8) in one chunk. */
static inline void rows_axpy_cadd_avx2(uint16_t *g, unsigned n, unsigned w, unsigned col, const uint16_t *p,
                                       uint16_t *a, unsigned from, const uint16_t *f, const uint16_t *take)
{
    size_t c = from;
    const size_t r0 = (size_t)col + 2;
    for (; c + 64 <= w; c += 64) {
        rows_chunk(g, r0, n, w, p, a, c, 4, 0, f, take);
    }
    switch ((w - c) / 8) {
    case 1: rows_chunk(g, r0, n, w, p, a, c, 0, 1, f, take); break;
    case 2: rows_chunk(g, r0, n, w, p, a, c, 1, 0, f, take); break;
    case 3: rows_chunk(g, r0, n, w, p, a, c, 1, 1, f, take); break;
    case 4: rows_chunk(g, r0, n, w, p, a, c, 2, 0, f, take); break;
    case 5: rows_chunk(g, r0, n, w, p, a, c, 2, 1, f, take); break;
    case 6: rows_chunk(g, r0, n, w, p, a, c, 3, 0, f, take); break;
    case 7: rows_chunk(g, r0, n, w, p, a, c, 3, 1, f, take); break;
    default: break;
    }
}

/* Back substitution on whole vectors: xn[c] = q - x_c once x_c is known,
 * zero before and past n, so row r's sum is a dot product of 16-bit lanes
 * over the whole row from the vector holding column r + 1 on (pmaddwd:
 * entries after column r are reduced, those before meet zeros). */
static inline void back_substitute_avx2(uint16_t *g, unsigned n, unsigned w)
{
    uint16_t xn[SNOVA_GFQ_MAXN + 8] PQSIG_ALIGNED64;
    unsigned r;
    memset(xn, 0, sizeof xn);
    for (r = n; r-- > 0;) {
        const uint16_t *rr = g + (size_t)r * w;
        size_t c = (r + 1) & ~7u;
        __m256i acc = _mm256_setzero_si256();
        __m128i s;
        uint32_t x;
        for (; c + 16 <= w; c += 16) {
            acc = _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(rr + c)),
                                                          _mm256_loadu_si256((const __m256i *)(const void *)(xn + c))));
        }
        s = _mm_add_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
        if (c < w) {
            s = _mm_add_epi32(s, _mm_madd_epi16(_mm_loadu_si128((const __m128i *)(const void *)(rr + c)),
                                                _mm_loadu_si128((const __m128i *)(const void *)(xn + c))));
        }
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
        s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
        x = gfq_red32(rr[n] + (uint32_t)_mm_cvtsi128_si32(s));
        g[(size_t)r * w + n] = (uint16_t)x;
        xn[r] = (uint16_t)(SNOVA_Q - x);
    }
    pqsig_zeroize(xn, sizeof xn);
}

#define COL_FACTORS col_factors_avx2
#define ROWS_AXPY_CADD rows_axpy_cadd_avx2
#define BACK_SUBSTITUTE back_substitute_avx2

#include "snova/gfq/kernels.c"
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx2_gfq_none;
#endif
