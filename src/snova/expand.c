/* SNOVA opt: seeds to matrices (q = 16). The public-seed expansion
 * (Algorithm 8) is read at arbitrary positions so that the public matrices
 * can be streamed one equation at a time; T12 (Algorithm 7), S and F_q[S]
 * (Algorithms 1, 2), ABQ (Algorithm 9), whipping and the final combination
 * of the map (Eq. 1.1). */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "snova/opt.h"

/* ---- Public-seed expansion, as nibbles ---- */

unsigned PQSIG_NS(snova_pub_nibs)(snova_pub *p, uint8_t *out, size_t nib, size_t count)
{
    size_t first = nib / 2, last = (nib + count + 1) / 2;
    PQSIG_NS(snova_pub_read)(p, out, first, last - first);
    return (unsigned)(nib & 1u);
}

/* ---- S, F_q[S] ---- */

static void blk_mul_pub(snova_blk *c, const snova_blk *a, const snova_blk *b)
{
    unsigned i, j, k;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
            uint32_t acc = 0;
            for (k = 0; k < SNOVA_L; k++) {
                acc ^= (uint32_t)a->e[i][k] * gf16_spread(b->e[k][j]);
            }
            c->e[i][j] = gf16_fold(acc);
        }
    }
}

void PQSIG_NS(snova_spow)(snova_blk spow[SNOVA_L])
{
    snova_blk s;
    unsigned i, j, a;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
            s.e[i][j] = (uint8_t)((8u - (i + j)) & 15u);
            spow[0].e[i][j] = (uint8_t)(i == j);
        }
    }
#if SNOVA_L == 5
    s.e[4][4] = 9;
#endif
    for (a = 1; a < SNOVA_L; a++) {
        blk_mul_pub(&spow[a], &spow[a - 1], &s);
    }
}

/* A zero leading coefficient becomes 16 - c0 (15 when c0 = 0), without a
 * branch on c (secret for T12). */
static void fqs_fix(uint8_t c[SNOVA_L])
{
    uint32_t lead_zero = pqsig_ct_eq_mask_u32(c[SNOVA_L - 1], 0);
    uint32_t c0_zero = pqsig_ct_eq_mask_u32(c[0], 0);
    uint32_t repl = 16u - pqsig_ct_select_u32(c0_zero, 1, c[0]);
    c[SNOVA_L - 1] = (uint8_t)(pqsig_ct_select_u32(lead_zero, repl, c[SNOVA_L - 1]) & 15u);
}

void PQSIG_NS(snova_gen_t12)(uint8_t t12[SNOVA_VL * SNOVA_OL], const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                             const snova_blk spow[SNOVA_L])
{
    uint8_t bytes[(SNOVA_V * SNOVA_O * SNOVA_L + 1) / 2];
    uint32_t sp[SNOVA_L][SNOVA_L][SNOVA_L];
    unsigned j, k, a, r, c;
    size_t nib = 0;
    for (a = 0; a < SNOVA_L; a++) {
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                sp[a][r][c] = gf16_spread(spow[a].e[r][c]);
            }
        }
    }
    pqsig_shake256(bytes, sizeof(bytes), sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            uint8_t cf[SNOVA_L];
            for (a = 0; a < SNOVA_L; a++) {
                cf[a] = snova_nib(bytes, nib++);
            }
            fqs_fix(cf);
            for (r = 0; r < SNOVA_L; r++) {
                for (c = 0; c < SNOVA_L; c++) {
                    uint32_t acc = 0;
                    for (a = 0; a < SNOVA_L; a++) {
                        acc ^= (uint32_t)cf[a] * sp[a][r][c];
                    }
                    t12[(j * SNOVA_L + r) * SNOVA_OL + k * SNOVA_L + c] = gf16_fold(acc);
                }
            }
        }
    }
    pqsig_zeroize(bytes, sizeof(bytes));
}

/* ---- ABQ (public) ---- */

/* Products of PUBLIC elements only (A and B before the fix): a table is
 * fine here, the indices are public. mul_pub[a * 16 + b] = a b. */
static const uint8_t mul_pub[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    0, 2, 4, 6, 8, 10, 12, 14, 3, 1, 7, 5, 11, 9, 15, 13,
    0, 3, 6, 5, 12, 15, 10, 9, 11, 8, 13, 14, 7, 4, 1, 2,
    0, 4, 8, 12, 3, 7, 11, 15, 6, 2, 14, 10, 5, 1, 13, 9,
    0, 5, 10, 15, 7, 2, 13, 8, 14, 11, 4, 1, 9, 12, 3, 6,
    0, 6, 12, 10, 11, 13, 7, 1, 5, 3, 9, 15, 14, 8, 2, 4,
    0, 7, 14, 9, 15, 8, 1, 6, 13, 10, 3, 4, 2, 5, 12, 11,
    0, 8, 3, 11, 6, 14, 5, 13, 12, 4, 15, 7, 10, 2, 9, 1,
    0, 9, 1, 8, 2, 11, 3, 10, 4, 13, 5, 12, 6, 15, 7, 14,
    0, 10, 7, 13, 14, 4, 9, 3, 15, 5, 8, 2, 1, 11, 6, 12,
    0, 11, 5, 14, 10, 1, 15, 4, 7, 12, 2, 9, 13, 6, 8, 3,
    0, 12, 11, 7, 5, 9, 14, 2, 10, 6, 1, 13, 15, 3, 4, 8,
    0, 13, 9, 4, 1, 12, 8, 5, 2, 15, 11, 6, 3, 14, 10, 7,
    0, 14, 15, 1, 13, 3, 2, 12, 9, 7, 6, 8, 4, 10, 11, 5,
    0, 15, 13, 2, 9, 6, 4, 11, 1, 14, 12, 3, 8, 7, 5, 10,
};

static uint8_t gf16_mul_pub(uint8_t a, uint8_t b)
{
    return mul_pub[(a << 4) | b];
}

static int blk_invertible(const snova_blk *m)
{
    snova_blk t = *m;
    unsigned col, r, c;
    for (col = 0; col < SNOVA_L; col++) {
        unsigned piv = col;
        uint8_t inv;
        while (piv < SNOVA_L && t.e[piv][col] == 0) {
            piv++;
        }
        if (piv == SNOVA_L) {
            return 0;
        }
        for (c = 0; c < SNOVA_L; c++) {
            uint8_t x = t.e[col][c];
            t.e[col][c] = t.e[piv][c];
            t.e[piv][c] = x;
        }
        for (inv = 1; gf16_mul_pub(inv, t.e[col][col]) != 1; inv++) {
        }
        for (r = col + 1; r < SNOVA_L; r++) {
            uint8_t f = gf16_mul_pub(t.e[r][col], inv);
            if (f == 0) {
                continue;
            }
            for (c = col; c < SNOVA_L; c++) {
                t.e[r][c] ^= gf16_mul_pub(f, t.e[col][c]);
            }
        }
    }
    return 1;
}

/* Algorithm 2 as the official code runs it: add f S for f = 1, 2, ...
 * while singular (the additions accumulate). */
static void make_invertible(snova_blk *m, const snova_blk *s)
{
    unsigned f, r, c;
    for (f = 1; f < 16 && !blk_invertible(m); f++) {
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                m->e[r][c] ^= gf16_mul_pub((uint8_t)f, s->e[r][c]);
            }
        }
    }
}

#define ABQ_AB_NIBS (2u * SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ABQ_Q_NIBS (2u * SNOVA_O * SNOVA_ALPHA * SNOVA_L)

void PQSIG_NS(snova_gen_abq)(snova_abq_t *abq, snova_pub *pub, const snova_blk spow[SNOVA_L])
{
    uint8_t buf[(ABQ_AB_NIBS + ABQ_Q_NIBS) / 2 + 2];
    size_t nab, nq;
    unsigned i, t, r, c, a;
#if SNOVA_FIXED_ABQ
    static const uint8_t abq_seed[9] = {'S', 'N', 'O', 'V', 'A', '_', 'A', 'B', 'Q'};
    (void)pub;
    pqsig_shake256(buf, sizeof(buf), abq_seed, sizeof(abq_seed));
    nab = 0;
#if SNOVA_ROUND2_ABQ_OFFSET
    /* Round 2 takes q1, q2 from byte alpha * l^2 on. */
    nq = 2u * SNOVA_ALPHA * SNOVA_L2;
#else
    nq = ABQ_AB_NIBS;
#endif
#else
    nab = PQSIG_NS(snova_pub_nibs)(pub, buf, SNOVA_OFF_ABQ, ABQ_AB_NIBS + ABQ_Q_NIBS);
    nq = nab + ABQ_AB_NIBS;
#endif
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            for (r = 0; r < SNOVA_L; r++) {
                for (c = 0; c < SNOVA_L; c++) {
                    abq->a[i][t].e[r][c] = snova_nib(buf, nab);
                    abq->b[i][t].e[r][c] = snova_nib(buf, nab + ABQ_AB_NIBS / 2);
                    nab++;
                }
            }
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            for (a = 0; a < SNOVA_L; a++) {
                abq->q1[i][t][a] = snova_nib(buf, nq);
                abq->q2[i][t][a] = snova_nib(buf, nq + ABQ_Q_NIBS / 2);
                nq++;
            }
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            make_invertible(&abq->a[i][t], &spow[1]);
            make_invertible(&abq->b[i][t], &spow[1]);
            fqs_fix(abq->q1[i][t]);
            fqs_fix(abq->q2[i][t]);
        }
    }
}

/* ---- Whipping, target, finish ---- */

void PQSIG_NS(snova_whip)(uint64_t *w, const uint8_t *x, unsigned nb, const snova_blk spow[SNOVA_L])
{
    unsigned j, a, r, c, m;
    memset(w, 0, (size_t)nb * SNOVA_L * SNOVA_WW * sizeof(uint64_t));
    for (j = 0; j < nb; j++) {
        const uint8_t *xj = x + (size_t)j * SNOVA_L2;
        for (r = 0; r < SNOVA_L; r++) {
            uint64_t *row = w + ((size_t)j * SNOVA_L + r) * SNOVA_WW;
            for (a = 0; a < SNOVA_L; a++) {
                uint32_t sp[SNOVA_L];
                for (m = 0; m < SNOVA_L; m++) {
                    sp[m] = gf16_spread(spow[a].e[r][m]);
                }
                for (c = 0; c < SNOVA_L; c++) {
                    uint32_t acc = 0;
                    for (m = 0; m < SNOVA_L; m++) {
                        acc ^= (uint32_t)xj[m * SNOVA_L + c] * sp[m];
                    }
                    snova_row_xor(row, a * SNOVA_L + c, gf16_fold(acc));
                }
            }
        }
    }
}

/* Spread products in 16-bit lanes, four to a 64-bit word, so that one
 * multiplication serves up to four elements of a row. */
#define LW ((SNOVA_L + 3) / 4)

static inline uint8_t lane_byte(const uint64_t *v, unsigned y)
{
    return (uint8_t)(v[y / 4] >> (16 * (y % 4)));
}

static inline uint8_t lane_fold(const uint64_t *v, unsigned y)
{
    return gf16_fold((uint32_t)(v[y / 4] >> (16 * (y % 4))) & 0xffffu);
}

void PQSIG_NS(snova_finish)(uint8_t out[SNOVA_O * SNOVA_L2], const uint64_t *d, const snova_abq_t *abq)
{
    /* dl[p][a][x][b][.]: lanes y = D_p[a][b][x][y] */
    uint64_t dl[SNOVA_O][SNOVA_L][SNOVA_L][SNOVA_L][LW];
    unsigned i, t, a, b, x, y, k, w, p;
    memset(dl, 0, sizeof(dl));
    for (p = 0; p < SNOVA_O; p++) {
        for (a = 0; a < SNOVA_L; a++) {
            for (x = 0; x < SNOVA_L; x++) {
                const uint64_t *row = d + ((size_t)p * SNOVA_L2 + a * SNOVA_L + x) * SNOVA_WW;
                for (b = 0; b < SNOVA_L; b++) {
                    for (y = 0; y < SNOVA_L; y++) {
                        dl[p][a][x][b][y / 4] |= (uint64_t)snova_row_get(row, b * SNOVA_L + y) << (16 * (y % 4));
                    }
                }
            }
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        uint64_t acc[SNOVA_L][LW];
        memset(acc, 0, sizeof(acc));
        for (t = 0; t < SNOVA_ALPHA; t++) {
            unsigned ip = (i + t) % SNOVA_O;
            uint32_t f[SNOVA_L][SNOVA_L];
            uint64_t mid[SNOVA_L][LW], am[SNOVA_L][LW], bl[SNOVA_L][LW];
            for (a = 0; a < SNOVA_L; a++) {
                for (b = 0; b < SNOVA_L; b++) {
                    f[a][b] = gf16_spread(gf16_mul(abq->q1[i][t][a], abq->q2[i][t][b]));
                }
            }
            memset(bl, 0, sizeof(bl));
            for (k = 0; k < SNOVA_L; k++) {
                for (y = 0; y < SNOVA_L; y++) {
                    bl[k][y / 4] |= (uint64_t)gf16_spread(abq->b[i][t].e[k][y]) << (16 * (y % 4));
                }
            }
            /* mid[x][.] = sum_{a,b} q1[a] q2[b] D[a][b][x][.] */
            for (x = 0; x < SNOVA_L; x++) {
                uint64_t m[LW];
                memset(m, 0, sizeof(m));
                for (a = 0; a < SNOVA_L; a++) {
                    for (b = 0; b < SNOVA_L; b++) {
                        for (w = 0; w < LW; w++) {
                            m[w] ^= dl[ip][a][x][b][w] * f[a][b];
                        }
                    }
                }
                memset(mid[x], 0, sizeof(mid[x]));
                for (y = 0; y < SNOVA_L; y++) {
                    mid[x][y / 4] |= (uint64_t)lane_fold(m, y) << (16 * (y % 4));
                }
            }
            /* am = A mid (lanes: columns) */
            for (x = 0; x < SNOVA_L; x++) {
                uint64_t m[LW];
                memset(m, 0, sizeof(m));
                for (k = 0; k < SNOVA_L; k++) {
                    uint64_t sa = gf16_spread(abq->a[i][t].e[x][k]);
                    for (w = 0; w < LW; w++) {
                        m[w] ^= mid[k][w] * sa;
                    }
                }
                memset(am[x], 0, sizeof(am[x]));
                for (y = 0; y < SNOVA_L; y++) {
                    am[x][y / 4] |= (uint64_t)lane_fold(m, y) << (16 * (y % 4));
                }
            }
            /* acc += am B */
            for (x = 0; x < SNOVA_L; x++) {
                for (k = 0; k < SNOVA_L; k++) {
                    uint64_t s = lane_byte(am[x], k);
                    for (w = 0; w < LW; w++) {
                        acc[x][w] ^= s * bl[k][w];
                    }
                }
            }
        }
        for (x = 0; x < SNOVA_L; x++) {
            for (y = 0; y < SNOVA_L; y++) {
                out[i * SNOVA_L2 + x * SNOVA_L + y] = lane_fold(acc[x], y);
            }
        }
    }
}
