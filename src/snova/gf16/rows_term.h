/* SNOVA, GF(16): what the block stage (Algorithm 17) makes once per term
 * and shares over the oil blocks: the spread powers of S, and each term's
 * factors from A, B, q1, q2. Used by the portable body (rows.h) and the
 * avx512 one for odd l (native/x86_64_avx512/gf16_rows_odd_avx512.c), so
 * both start from the same values. Public data (ABQ and S). */
#ifndef PQSIG_SNOVA_GF16_ROWS_TERM_H
#define PQSIG_SNOVA_GF16_ROWS_TERM_H

#include <string.h>

#include "snova/gf16/scalar.h"
#include "snova/native/api.h"

/* spsp[a][x][y] = spread((S^a)[x][y]) */
static inline void rows_spread_spow(uint32_t spsp[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL][SNOVA_GF16_MAXL],
                                    const uint8_t *spow, const unsigned l)
{
    unsigned a, x, y;
    for (a = 0; a < l; a++) {
        for (x = 0; x < l; x++) {
            for (y = 0; y < l; y++) {
                spsp[a][x][y] = gf16_spread(spow[(a * l + x) * l + y]);
            }
        }
    }
}

/* One term's factors: Q1 = sum_a q1[a] S^a spread (q1sp), Q2 likewise in
 * 16-bit lanes (q2l), A spread (asp) and in lanes (ap), B^t in lanes (bp),
 * B in lanes (bl), and q1, q2 spread (q1c, q2c). */
typedef struct {
    uint32_t asp[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL], q1sp[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL];
    uint32_t q1c[SNOVA_GF16_MAXL], q2c[SNOVA_GF16_MAXL];
    uint64_t bp[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], ap[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX];
    uint64_t bl[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], q2l[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX];
} rows_term;

static inline void rows_term_init(rows_term *f,
                                  const uint32_t spsp[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL][SNOVA_GF16_MAXL],
                                  const uint8_t *q1, const uint8_t *q2, const uint8_t *ab, const uint8_t *bb,
                                  const unsigned l)
{
    unsigned a, x, y;
    memset(f->q2l, 0, sizeof(f->q2l));
    memset(f->bp, 0, sizeof(f->bp));
    memset(f->ap, 0, sizeof(f->ap));
    memset(f->bl, 0, sizeof(f->bl));
    for (x = 0; x < l; x++) {
        for (y = 0; y < l; y++) {
            uint32_t v1 = 0, v2 = 0;
            for (a = 0; a < l; a++) {
                v1 ^= (uint32_t)q1[a] * spsp[a][x][y];
                v2 ^= (uint32_t)q2[a] * spsp[a][x][y];
            }
            f->q1sp[x][y] = gf16_spread(gf16_fold(v1));
            f->q2l[x][y / 4] |= gf16_lane_put(gf16_spread(gf16_fold(v2)), y);
            f->asp[x][y] = gf16_spread(ab[x * l + y]);
            f->bp[x][y / 4] |= gf16_lane_put(gf16_spread(bb[y * l + x]), y);
            f->ap[x][y / 4] |= gf16_lane_put(f->asp[x][y], y);
            f->bl[x][y / 4] |= gf16_lane_put(gf16_spread(bb[x * l + y]), y);
        }
    }
    for (a = 0; a < l; a++) {
        f->q1c[a] = gf16_spread(q1[a]);
        f->q2c[a] = gf16_spread(q2[a]);
    }
}

#endif
