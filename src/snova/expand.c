/* SNOVA opt: seeds to matrices over either field layer. S and its powers
 * (Algorithm 1), T12 (Algorithm 7), ABQ (Algorithm 9) with the fixes of
 * Algorithm 2, and the public matrices of the expanded keys. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "snova/opt.h"

void PQSIG_NS(snova_spow)(snova_blk spow[SNOVA_L])
{
    snova_blk s;
    unsigned a, r, c, k;
    for (r = 0; r < SNOVA_L; r++) {
        for (c = 0; c < SNOVA_L; c++) {
            s.e[r][c] = fe_s_entry(r, c);
            spow[0].e[r][c] = (uint8_t)(r == c);
        }
    }
    for (a = 1; a < SNOVA_L; a++) {
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                uint32_t acc = 0;
                for (k = 0; k < SNOVA_L; k++) {
                    acc = fe_macc(acc, spow[a - 1].e[r][k], s.e[k][c]);
                }
                spow[a].e[r][c] = fe_red(acc);
            }
        }
    }
}

/* Algorithm 1's condition on F_q[S] elements: a zero leading coefficient
 * becomes q - c0 (q - 1 when c0 = 0), without a branch on c (secret for
 * T12). */
static void fqs_fix(uint8_t c[SNOVA_L])
{
    uint32_t lead_zero = pqsig_ct_eq_mask_u32(c[SNOVA_L - 1], 0);
    uint32_t c0_zero = pqsig_ct_eq_mask_u32(c[0], 0);
    uint32_t repl = SNOVA_Q - pqsig_ct_select_u32(c0_zero, 1, c[0]);
    c[SNOVA_L - 1] = (uint8_t)pqsig_ct_select_u32(lead_zero, repl, c[SNOVA_L - 1]);
}

void PQSIG_NS(snova_gen_t12)(uint8_t t12[SNOVA_VL * SNOVA_OL], const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                             const snova_blk spow[SNOVA_L], snova_t12_scratch *scratch)
{
#if SNOVA_Q == 16
    /* Bitsliced on packed blocks (element (r, c) at nibble r l + c): the
     * block is the XOR of S^a x^i (public) over the set bits i of the
     * secret coefficient a, selected by masks. */
    enum { BW = GF16_WORDS(SNOVA_L2) };
    uint64_t sx[SNOVA_L][4][BW], blk[BW], m;
    uint8_t cf[SNOVA_L];
    unsigned j, k, a, i, r, c, x;
    for (a = 0; a < SNOVA_L; a++) {
        gf16_row_from_bytes(sx[a][0], &spow[a].e[0][0], SNOVA_L2);
        for (i = 1; i < 4; i++) {
            for (x = 0; x < BW; x++) {
                sx[a][i][x] = gf16_mulx(sx[a][i - 1][x]);
            }
        }
    }
    PQSIG_NS(snova_t12_coefs)(scratch->coef, sk_seed, scratch);
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            memcpy(cf, scratch->coef + (j * SNOVA_O + k) * SNOVA_L, SNOVA_L);
            fqs_fix(cf);
            memset(blk, 0, sizeof(blk));
            for (a = 0; a < SNOVA_L; a++) {
                for (i = 0; i < 4; i++) {
                    m = 0u - (uint64_t)((cf[a] >> i) & 1u);
                    for (x = 0; x < BW; x++) {
                        blk[x] ^= sx[a][i][x] & m;
                    }
                }
            }
            for (r = 0; r < SNOVA_L; r++) {
                uint8_t *out = t12 + (j * SNOVA_L + r) * SNOVA_OL + k * SNOVA_L;
#if SNOVA_L == 4
                /* the row's four nibbles spread to four bytes */
                uint64_t v = (blk[0] >> (16 * r)) & 0xffffu;
                v = (v | (v << 8)) & 0x00ff00ffu;
                v = (v | (v << 4)) & 0x0f0f0f0fu;
                for (c = 0; c < 4; c++) {
                    out[c] = (uint8_t)(v >> (8 * c));
                }
#else
                for (c = 0; c < SNOVA_L; c++) {
                    out[c] = gf16_row_get(blk, r * SNOVA_L + c);
                }
#endif
            }
        }
    }
    pqsig_zeroize(blk, sizeof(blk));
    pqsig_zeroize(&m, sizeof(m));
#else
    /* A block is sum_a c_a S^a: its l^2 sums (at most l (q - 1)^2, 16
     * bits) side by side, reduced, and its rows copied out; the loop over
     * the entries vectorises. */
    uint16_t sa[SNOVA_L][GFQ_L2];
    uint8_t cf[SNOVA_L], blk[GFQ_L2];
    unsigned j, k, a, e;
    for (a = 0; a < SNOVA_L; a++) {
        for (e = 0; e < GFQ_L2; e++) {
            sa[a][e] = spow[a].e[e / SNOVA_L][e % SNOVA_L];
        }
    }
    PQSIG_NS(snova_t12_coefs)(scratch->coef, sk_seed, scratch);
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            memcpy(cf, scratch->coef + (j * SNOVA_O + k) * SNOVA_L, SNOVA_L);
            fqs_fix(cf);
            for (e = 0; e < GFQ_L2; e++) {
                uint16_t sum = 0;
                for (a = 0; a < SNOVA_L; a++) {
                    sum = (uint16_t)(sum + (uint16_t)cf[a] * sa[a][e]);
                }
                blk[e] = (uint8_t)gfq_red16(sum);
            }
            for (a = 0; a < SNOVA_L; a++) {
                memcpy(t12 + (j * SNOVA_L + a) * SNOVA_OL + k * SNOVA_L, blk + a * SNOVA_L, SNOVA_L);
            }
        }
    }
    pqsig_zeroize(blk, sizeof(blk));
#endif
    pqsig_zeroize(scratch, sizeof(*scratch));
    pqsig_zeroize(cf, sizeof(cf));
}

/* ---- ABQ (public) ---- */

/* Algorithm 2 as the official code runs it: add f S for f = 1, 2, ...
 * while singular (the additions accumulate). */
static void make_invertible(snova_blk *m, const snova_blk *s)
{
    unsigned f, r, c;
    for (f = 1; f < SNOVA_Q && !PQSIG_NS(snova_blk_invertible)(m); f++) {
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                m->e[r][c] = fe_add(m->e[r][c], fe_mul_pub((uint8_t)f, s->e[r][c]));
            }
        }
    }
}

#define ABQ_AB ((size_t)SNOVA_O * SNOVA_ALPHA * SNOVA_L2) /* elements of all A (of all B) */
#define ABQ_Q ((size_t)SNOVA_O * SNOVA_ALPHA * SNOVA_L)   /* of all q1 (of all q2) */

typedef char snova_check_abq_layout[sizeof(snova_blk) == SNOVA_L2 &&
                                            sizeof(snova_abq) == 2 * ABQ_AB + 2 * ABQ_Q
                                        ? 1
                                        : -1];

/* n elements of the public stream buf, from element `from` on, into dst. */
static void abq_elems(uint8_t *dst, const uint8_t *buf, size_t from, size_t n)
{
    size_t k = 0;
#if SNOVA_PUB_EPB == 2
    /* whole bytes, two nibbles each (low first), after an odd start */
    const uint8_t *p;
    if (n > 0 && (from & 1u) != 0) {
        dst[k++] = snova_pub_elem(buf, from);
    }
    p = buf + (from + k) / 2;
    for (; k + 2 <= n; k += 2, p++) {
        dst[k] = (uint8_t)(*p & 15u);
        dst[k + 1] = (uint8_t)(*p >> 4);
    }
#endif
    for (; k < n; k++) {
        dst[k] = snova_pub_elem(buf, from + k);
    }
}

#if SNOVA_FIXED_ABQ
/* Fixed ABQ (derived from the constant seed "SNOVA_ABQ"): the same for
 * every key of the set, so it is computed once per process and copied
 * afterwards (the official code keeps it in a static as well). The first
 * caller to finish claims the cache (state 0 -> 1), fills it and publishes
 * it (-> 2); a caller that finds it published copies it, any other computes
 * its own. Public data. */
static snova_abq abq_cache;
static int abq_cache_state;
static void gen_abq_fresh(snova_abq *abq, const snova_blk spow[SNOVA_L]);

void PQSIG_NS(snova_gen_abq)(snova_abq *abq, snova_pub *pub, const snova_blk spow[SNOVA_L])
{
    int expected = 0;
    (void)pub;
    if (__atomic_load_n(&abq_cache_state, __ATOMIC_ACQUIRE) == 2) {
        *abq = abq_cache;
        return;
    }
    gen_abq_fresh(abq, spow);
    if (__atomic_compare_exchange_n(&abq_cache_state, &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
        abq_cache = *abq;
        __atomic_store_n(&abq_cache_state, 2, __ATOMIC_RELEASE);
    }
}

static void gen_abq_fresh(snova_abq *abq, const snova_blk spow[SNOVA_L])
#else
void PQSIG_NS(snova_gen_abq)(snova_abq *abq, snova_pub *pub, const snova_blk spow[SNOVA_L])
#endif
{
    uint8_t buf[(2 * ABQ_AB + 2 * ABQ_Q) / SNOVA_PUB_EPB + 2];
    size_t nab, nq;
    unsigned i, t;
#if SNOVA_FIXED_ABQ
    static const uint8_t abq_seed[9] = {'S', 'N', 'O', 'V', 'A', '_', 'A', 'B', 'Q'};
    pqsig_shake256(buf, sizeof(buf), abq_seed, sizeof(abq_seed));
    nab = 0;
#if SNOVA_ROUND2_ABQ_OFFSET
    /* Round 2 takes q1, q2 from element 2 alpha l^2 on. */
    nq = 2u * SNOVA_ALPHA * SNOVA_L2;
#else
    nq = 2 * ABQ_AB;
#endif
#else
    {
        /* the elements after the public matrices */
        const size_t first = SNOVA_PUB_P_ELEMS / SNOVA_PUB_EPB;
        const size_t last = (SNOVA_PUB_P_ELEMS + 2 * ABQ_AB + 2 * ABQ_Q + SNOVA_PUB_EPB - 1) / SNOVA_PUB_EPB;
        PQSIG_NS(snova_pub_read)(pub, buf, first, last - first);
        nab = SNOVA_PUB_P_ELEMS % SNOVA_PUB_EPB;
        nq = nab + 2 * ABQ_AB;
    }
#endif
    /* all A, all B (blocks row by row), all q1, all q2: each in the
     * stream's order, which is its memory order */
    abq_elems((uint8_t *)(void *)abq->a, buf, nab, ABQ_AB);
    abq_elems((uint8_t *)(void *)abq->b, buf, nab + ABQ_AB, ABQ_AB);
    abq_elems((uint8_t *)(void *)abq->q1, buf, nq, ABQ_Q);
    abq_elems((uint8_t *)(void *)abq->q2, buf, nq + ABQ_Q, ABQ_Q);
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            make_invertible(&abq->a[i][t], &spow[1]);
            make_invertible(&abq->b[i][t], &spow[1]);
            fqs_fix(abq->q1[i][t]);
            fqs_fix(abq->q2[i][t]);
        }
    }
}

void PQSIG_NS(snova_read_p)(uint8_t p[SNOVA_PUB_P_BYTES], snova_pub *pub)
{
    PQSIG_NS(snova_pub_read)(pub, p, 0, SNOVA_PUB_P_BYTES);
#if SNOVA_PUB_EPB == 1
    {
        /* one element per byte: kept reduced, so that the readers of an
         * expanded key skip the reduction */
        size_t k;
        for (k = 0; k < SNOVA_PUB_P_BYTES; k++) {
            p[k] = snova_pub_elem(p, k);
        }
    }
#endif
}
