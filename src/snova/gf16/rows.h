/* SNOVA, GF(16): the block stage of the linear system (Algorithm 17), the
 * body of the portable rows kernel (gf16/kernels.c), one oil block t at a
 * time. The AVX2 kernel (native/x86_64_avx2/gf16_avx2.c) computes the same
 * words four blocks to a vector. No include guard: one inclusion per
 * translation unit, whose dispatcher instantiates rows_body for each l. */
#include <string.h>

#include "snova/gf16/rows_term.h"
#include "snova/gf16/scalar.h"
#include "snova/native/api.h"

/* For one oil block t: the coefficient of O_t[x][y] in entry [r][c] is
 * am[r][x] B[y][c] + A[r][y] nb[x][c], the l values of y at once in 16-bit
 * lanes (bp, ap: spread B[.][c] and A[r][.]). acc_t: the block's l rows of
 * lw words in entry 0; entry (r, c) at acc_t + (r l + c) stride. */
static inline void rows_acc_update_c(uint64_t *acc_t, size_t stride, uint64_t aml[][SNOVA_GF16_LWMAX],
                                     uint64_t nbl[][SNOVA_GF16_LWMAX], uint64_t bp[][SNOVA_GF16_LWMAX],
                                     uint64_t ap[][SNOVA_GF16_LWMAX], const unsigned l)
{
    const unsigned lw = (l + 3) / 4;
    unsigned r, c, x, u;
    for (r = 0; r < l; r++) {
        for (c = 0; c < l; c++) {
            uint64_t *row = acc_t + (size_t)(r * l + c) * stride;
            for (x = 0; x < l; x++) {
                for (u = 0; u < lw; u++) {
                    row[x * lw + u] ^= (uint64_t)gf16_lane(aml[r], x) * bp[c][u] ^
                                       (uint64_t)gf16_lane(nbl[x], c) * ap[r][u];
                }
            }
        }
    }
}

static inline void rows_body(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                             const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, const unsigned l,
                             uint64_t *acc)
{
    const unsigned l2 = l * l, alpha = l2 + l, lw = (l + 3) / 4, ol = o * l, nu = o * l2;
    const uint8_t *am = abq, *bm = abq + (size_t)o * alpha * l2;
    const uint8_t *q1v = bm + (size_t)o * alpha * l2, *q2v = q1v + (size_t)o * alpha * l;
    uint32_t spsp[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL][SNOVA_GF16_MAXL];
    unsigned al, t, a, x, y, r, u, w;
    rows_spread_spow(spsp, spow, l);
    memset(acc, 0, (size_t)l2 * o * l * lw * sizeof(uint64_t));
    for (al = 0; al < alpha; al++) {
        const unsigned ip = (i + al) % o;
        const size_t it = (size_t)i * alpha + al;
        const uint8_t *q1 = q1v + it * l, *q2 = q2v + it * l, *ab = am + it * l2, *bb = bm + it * l2;
        rows_term f;
        rows_term_init(&f, (const uint32_t(*)[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL])spsp, q1, q2, ab, bb, l);
        for (t = 0; t < o; t++) {
            const uint64_t *lt = ll + ((size_t)ip * ol + t * l) * l * lw;
            const uint64_t *rr = rl + ((size_t)ip * ol + t * l) * l * lw;
            uint64_t lsl[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], ml[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], aml[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX];
            uint64_t rsl[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], nl[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX], nbl[SNOVA_GF16_MAXL][SNOVA_GF16_LWMAX];
            /* lsl[u]: lanes x = sum_a q1[a] L[(a, x)][(t, u)];
             * rsl[u]: lanes y = sum_b q2[b] R[(t, u)][(b, y)] */
            for (u = 0; u < l; u++) {
                for (w = 0; w < lw; w++) {
                    uint64_t sl = 0, sr = 0;
                    for (a = 0; a < l; a++) {
                        sl ^= lt[(u * l + a) * lw + w] * f.q1c[a];
                        sr ^= rr[(u * l + a) * lw + w] * f.q2c[a];
                    }
                    lsl[u][w] = gf16_fold_lanes(sl);
                    rsl[u][w] = gf16_fold_lanes(sr);
                }
            }
            /* M = ls Q2 (rows x, lanes y); A M (rows r, lanes x) */
            for (x = 0; x < l; x++) {
                for (w = 0; w < lw; w++) {
                    uint64_t s = 0;
                    for (u = 0; u < l; u++) {
                        s ^= (uint64_t)gf16_lane(lsl[u], x) * f.q2l[u][w];
                    }
                    ml[x][w] = gf16_fold_lanes(s);
                }
            }
            for (r = 0; r < l; r++) {
                for (w = 0; w < lw; w++) {
                    uint64_t s = 0;
                    for (u = 0; u < l; u++) {
                        s ^= ml[u][w] * f.asp[r][u];
                    }
                    aml[r][w] = gf16_fold_lanes(s);
                }
            }
            /* N = Q1 rs (rows x, lanes y); N B (rows x, lanes c) */
            for (x = 0; x < l; x++) {
                for (w = 0; w < lw; w++) {
                    uint64_t s = 0;
                    for (u = 0; u < l; u++) {
                        s ^= rsl[u][w] * f.q1sp[x][u];
                    }
                    nl[x][w] = gf16_fold_lanes(s);
                }
            }
            for (x = 0; x < l; x++) {
                for (w = 0; w < lw; w++) {
                    uint64_t s = 0;
                    for (u = 0; u < l; u++) {
                        s ^= (uint64_t)gf16_lane(nl[x], u) * f.bl[u][w];
                    }
                    nbl[x][w] = gf16_fold_lanes(s);
                }
            }
            rows_acc_update_c(acc + (size_t)t * l * lw, (size_t)o * l * lw, aml, nbl, f.bp, f.ap, l);
        }
    }
    for (r = 0; r < l2; r++) {
        uint64_t *grow = g + (size_t)(i * l2 + r) * gw;
        memset(grow, 0, gw * sizeof(uint64_t));
        for (t = 0; t < o; t++) {
            for (x = 0; x < l; x++) {
                const uint64_t *lanes = acc + ((size_t)r * o + t) * l * lw + x * lw;
                for (y = 0; y < l; y++) {
                    gf16_row_xor(grow, t * l2 + x * l + y,
                                 gf16_fold((uint32_t)(lanes[y / 4] >> (16 * (y % 4))) & 0xffffu));
                }
            }
        }
        gf16_row_xor(grow, nu, rhs[r]);
    }
}
