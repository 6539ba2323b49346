/* SNOVA, odd prime q, AVX2: the kernels on whole 4 x 4 blocks (l = 4):
 * the final combination of the map (snova_gfq_finish_c) and the block stage
 * of the signing system (snova_gfq_rows_c), native/api.h.
 *
 * A 4 x 4 matrix is one vector, element [r][c] in 16-bit lane 4 r + c
 * (row r in 64-bit word r). A product X Y is the sum over k of X's column
 * k spread along the rows (one vpshufb) times Y's row k spread down the
 * columns (one vpermq): 64 products in four vpmullw. The portable kernels
 * put the oil blocks (rows) or the l^2 pairs (a, b) (finish) in their
 * lanes and multiply by broadcast scalars; here every lane is used.
 *
 * Block stage: each coefficient block of the system (entry [r][c] of
 * O_t[x][y]'s coefficient) is, for fixed (t, r, x), the vector over (c, y)
 *     Bt * (A M_t)[r][x] + A_r * (N_t B)[x][c],
 * with Bt[c][y] = B[y][c] and A_r[c][y] = A[r][y] fixed for a term alpha.
 * The terms alpha with the same i' = i + alpha mod o share R_i', so the
 * loop runs over i' and then its terms: R_i' is laid out once (eight oil
 * blocks at a time, from lanes to rows by 8 x 8 transpositions) into a
 * buffer that is wiped at the end.
 *
 * Sums stay below 2^16 (checked below) and are reduced as the portable
 * kernels' are, or partially (below 2 q) where they only feed further
 * products: the same classes, and every output reduced, so the same results.
 *
 * A, B, Q1, Q2 and S are public (the public key's); R, D and everything
 * made from them may be secret (signing) and go only through vector
 * arithmetic and fixed shuffles: no branch or address depends on them. */
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"

#if SNOVA_Q != 16
#if SNOVA_L != 4
#error "written for l = 4, the l of every odd-q set"
#endif
#if 20 * 2 * (SNOVA_Q - 1) * (2 * SNOVA_Q - 1) > 65535
#error "the coefficient sums need wider lanes"
#endif
#include <immintrin.h>
#include <string.h>

#include "snova/gfq/scalar.h"
#include "snova/native/x86_64_avx2/gfq_lanes.h"
#include "snova/native/x86_64_avx2/words_avx2.h"

#define ALPHA_L4 20u /* l^2 + l */

#define GV __m256i
#define GR_STEP 1u
#define GR_ROWS snova_avx2_gfq_rows
#define gv_mullo _mm256_mullo_epi16
#define gv_mulhi _mm256_mulhi_epu16
#define gv_add _mm256_add_epi16
#define gv_sub _mm256_sub_epi16
#define gv_set1 _mm256_set1_epi16
#define gv_zero _mm256_setzero_si256
#define gv_load(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define gv_store(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define gv_red16 red16_v
#define gv_shuf _mm256_shuffle_epi8
#define gv_row(x, k) _mm256_permute4x64_epi64((x), 0x55 * (k))
#define gv_ctl(c) gv_load(c)
#define gv_widen _mm256_cvtepu8_epi16
#define gv_transpose snova_avx2_words_transpose
#define gv_load_r(r4, k) gv_load((r4) + 16 * (k))
#define gv_store_blocks(dst, v, both) gv_store((dst), (v))
#include "snova/native/x86_64_avx2/gfq_rows_body.h"

/* ---- The final combination (api.h, snova_gfq_finish_c) ----
 * For each p, the sixteen blocks D_p[a][b] (one words transposition per
 * a), then for each term alpha with i = p - alpha mod o:
 *   acc_i += A (sum_a q1[a] sum_b q2[b] D_p[a][b]) B,
 * the inner sums partially reduced, A (.) fully (20 terms of l (q - 1)^2
 * per sum, kernels.c's check), acc reduced at the end. */
void snova_avx2_gfq_finish(uint8_t *out, const uint16_t *d, const uint8_t *abq, unsigned o)
{
    const uint8_t *am = abq, *bm = abq + (size_t)o * ALPHA_L4 * 16;
    const uint8_t *q1v = bm + (size_t)o * ALPHA_L4 * 16, *q2v = q1v + (size_t)o * ALPHA_L4 * 4;
    __m256i acc[SNOVA_MAXO];
    unsigned p, a, b, t, k;

    for (k = 0; k < o; k++) {
        acc[k] = _mm256_setzero_si256();
    }
    for (p = 0; p < o; p++) {
        __m256i dab[4][4]; /* D_p[a][b] */
        for (a = 0; a < 4; a++) {
            for (k = 0; k < 4; k++) {
                dab[a][k] = _mm256_loadu_si256((const __m256i *)(const void *)(d + (size_t)p * 256 + (a * 4 + k) * 16));
            }
            snova_avx2_words_transpose(dab[a]);
        }
        for (t = 0; t < ALPHA_L4; t++) {
            const unsigned ii = (p + o - t % o) % o;
            const size_t it = (size_t)ii * ALPHA_L4 + t;
            const __m256i q1 = _mm256_broadcastq_epi64(_mm_cvtepu8_epi16(_mm_cvtsi32_si128((int)load32(q1v + it * 4))));
            const __m256i q2 = _mm256_broadcastq_epi64(_mm_cvtepu8_epi16(_mm_cvtsi32_si128((int)load32(q2v + it * 4))));
            const __m256i av = widen16(am + it * 16);
            __m256i mid = _mm256_setzero_si256(), left, br[4], q1s[4], q2s[4], ac[4];
            for (k = 0; k < 4; k++) { /* q1[k], q2[k] and A's column k spread */
                q1s[k] = _mm256_shuffle_epi8(q1, gv_ctl(col_ctl[k]));
                q2s[k] = _mm256_shuffle_epi8(q2, gv_ctl(col_ctl[k]));
                ac[k] = _mm256_shuffle_epi8(av, gv_ctl(col_ctl[k]));
            }
            for (a = 0; a < 4; a++) {
                __m256i s = _mm256_setzero_si256();
                for (b = 0; b < 4; b++) {
                    s = _mm256_add_epi16(s, _mm256_mullo_epi16(q2s[b], dab[a][b]));
                }
                mid = _mm256_add_epi16(mid, _mm256_mullo_epi16(q1s[a], part_v(s)));
            }
            left = red16_v(mul_xc_sum(ac, part_v(mid)));
            rows_of(br, widen16(bm + it * 16));
            acc[ii] = _mm256_add_epi16(acc[ii], mul_yr_sum(left, br));
        }
    }
    for (k = 0; k < o; k++) {
        const __m256i v = red16_v(acc[k]);
        _mm_storeu_si128((__m128i *)(void *)(out + 16 * k),
                         _mm_packus_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
        acc[k] = _mm256_setzero_si256();
    }
    /* the sums may be secret (signing): wiped, the stores kept by an asm
     * that claims to read them */
    __asm__ __volatile__("" : : "r"(&acc[0]) : "memory");
}
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx2_gfq_rows_none;
#endif
