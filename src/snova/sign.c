/* SNOVA opt: signing (Algorithms 14-18), one equation of the public
 * matrices at a time.
 *
 * With the vinegar blocks V whipped into Vw (rows (j, r), columns (a, c):
 * (S^a V_j)[r][c]) everything the linear system needs from equation p is
 *   D_p = Vw^t P11_p Vw                      (the vinegar value, Eq. 1.1)
 *   L_p = Vw^t F12_p = (P11_p^t Vw)^t T12 + Vw^t P12_p
 *   R_p = F21_p Vw   = T12^t (P11_p Vw) + P21_p Vw
 * with F12 = P11 T12 + P12, F21 = T12^t P11 + P21 never formed: the
 * products with the public P come from tables of the rows of Vw, the two
 * products with T12 are bitsliced. Then, for equation i and term alpha
 * (i' = i + alpha mod o),
 *   M_t = (sum_a q1[a] L_i'[a][t]) Q2,  N_t = Q1 (sum_b q2[b] R_i'[t][b])
 * and the oil O_t enters as A (M_t O_t + O_t^t N_t) B. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "snova/opt.h"
#include "snova/variant.h"

/* Spread products accumulate in 16-bit lanes, four to a word. */
#define SNOVA_LW ((SNOVA_L + 3) / 4)

typedef struct {
    snova_blk spow[SNOVA_L];
    uint32_t spsp[SNOVA_L][SNOVA_L][SNOVA_L]; /* spread S^a */
    snova_abq_t abq;
    snova_pub pub;
    uint8_t t12[SNOVA_VL * SNOVA_OL];
    uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES];
    uint8_t md[SNOVA_DIGEST_BYTES];
    uint8_t salt[SNOVA_SALT_BYTES];
    uint8_t target[SNOVA_HASH_BYTES];
    uint8_t y[SNOVA_O * SNOVA_L2];
    /* per attempt */
    uint8_t vel[SNOVA_V * SNOVA_L2 + 1]; /* vinegar elements */
    uint8_t vwb[SNOVA_VL * SNOVA_L2];    /* Vw as elements */
    uint64_t vw[SNOVA_VL * SNOVA_WW];
    uint64_t tabv[SNOVA_VL * 16 * SNOVA_WW];
    uint64_t pv[SNOVA_VL * SNOVA_WW];
    uint64_t vpt[SNOVA_VL * SNOVA_WW];
    uint64_t d[SNOVA_O * SNOVA_L2 * SNOVA_WW];
    uint64_t lt[SNOVA_O * SNOVA_OL * SNOVA_WW];
    uint64_t r[SNOVA_O * SNOVA_OL * SNOVA_WW];
    uint8_t vv[SNOVA_O * SNOVA_L2];
    /* ll[p][t][u][a]: lanes x = L_p[(a, x)][(t, u)]; rl[p][t][r][b]: lanes y = R_p[(t, r)][(b, y)] */
    uint64_t ll[SNOVA_O * SNOVA_OL * SNOVA_L * SNOVA_LW];
    uint64_t rl[SNOVA_O * SNOVA_OL * SNOVA_L * SNOVA_LW];
    uint64_t acc[SNOVA_L2 * SNOVA_O * SNOVA_L * SNOVA_LW];
    uint64_t g[SNOVA_NU * SNOVA_WG];
    uint8_t sol[SNOVA_SIG_ELEMS];
    uint8_t buf[(SNOVA_V * SNOVA_V * SNOVA_L2) / 2 + 2];
    uint8_t vbytes[SNOVA_VINEGAR_BYTES];
} sign_state;

/* D_p, L_p, R_p for every equation p. */
static void whipped_parts(sign_state *s)
{
    unsigned p, k;
    for (p = 0; p < SNOVA_O; p++) {
        uint64_t *d = s->d + (size_t)p * SNOVA_L2 * SNOVA_WW;
        uint64_t *lt = s->lt + (size_t)p * SNOVA_OL * SNOVA_WW;
        uint64_t *rr = s->r + (size_t)p * SNOVA_OL * SNOVA_WW;
        unsigned n0;

        memset(s->pv, 0, sizeof(s->pv));
        memset(s->vpt, 0, sizeof(s->vpt));
        n0 = PQSIG_NS(snova_pub_nibs)(&s->pub, s->buf, SNOVA_OFF_P11(p), SNOVA_V * SNOVA_V * SNOVA_L2);
        PQSIG_NS(snova_k_pmat)(s->buf, n0, SNOVA_V, SNOVA_V, SNOVA_L, s->pv, s->tabv, s->vpt, s->tabv,
                               SNOVA_WW);
        for (k = 0; k < SNOVA_L2; k++) {
            PQSIG_NS(snova_k_lincomb)(d + k * SNOVA_WW, s->vwb + k, SNOVA_L2, s->pv, SNOVA_WW, SNOVA_VL,
                                      SNOVA_WW);
        }
        n0 = PQSIG_NS(snova_pub_nibs)(&s->pub, s->buf, SNOVA_OFF_P12(p), SNOVA_V * SNOVA_O * SNOVA_L2);
        PQSIG_NS(snova_k_pmat)(s->buf, n0, SNOVA_V, SNOVA_O, SNOVA_L, NULL, NULL, lt, s->tabv, SNOVA_WW);
        n0 = PQSIG_NS(snova_pub_nibs)(&s->pub, s->buf, SNOVA_OFF_P21(p), SNOVA_O * SNOVA_V * SNOVA_L2);
        PQSIG_NS(snova_k_pmat)(s->buf, n0, SNOVA_O, SNOVA_V, SNOVA_L, rr, s->tabv, NULL, NULL, SNOVA_WW);
        for (k = 0; k < SNOVA_OL; k++) {
            PQSIG_NS(snova_k_lincomb)(lt + k * SNOVA_WW, s->t12 + k, SNOVA_OL, s->vpt, SNOVA_WW, SNOVA_VL,
                                      SNOVA_WW);
            PQSIG_NS(snova_k_lincomb)(rr + k * SNOVA_WW, s->t12 + k, SNOVA_OL, s->pv, SNOVA_WW, SNOVA_VL,
                                      SNOVA_WW);
        }
    }
}

static void spread_blk(uint32_t out[SNOVA_L][SNOVA_L], const snova_blk *m)
{
    unsigned x, y;
    for (x = 0; x < SNOVA_L; x++) {
        for (y = 0; y < SNOVA_L; y++) {
            out[x][y] = gf16_spread(m->e[x][y]);
        }
    }
}

/* Q = sum_a q[a] S^a (public), spread. */
static void fqs_spread(uint32_t (*out)[SNOVA_L], const uint8_t *q,
                       const uint32_t (*spsp)[SNOVA_L][SNOVA_L])
{
    unsigned x, y, a;
    for (x = 0; x < SNOVA_L; x++) {
        for (y = 0; y < SNOVA_L; y++) {
            uint32_t v = 0;
            for (a = 0; a < SNOVA_L; a++) {
                v ^= (uint32_t)q[a] * spsp[a][x][y];
            }
            out[x][y] = gf16_spread(gf16_fold(v));
        }
    }
}

/* Four spread accumulators in the 16-bit lanes of a word, folded at once. */
static inline uint64_t fold_lanes(uint64_t v)
{
    const uint64_t m4 = 0x000f000f000f000full;
    uint64_t p = (v & m4) ^ (((v >> 4) & m4) << 1) ^ (((v >> 8) & m4) << 2) ^ (((v >> 12) & m4) << 3);
    uint64_t h = (p >> 4) & 0x0007000700070007ull;
    return (p ^ h ^ (h << 1)) & m4;
}

static inline uint8_t lane_get(const uint64_t *v, unsigned y)
{
    return (uint8_t)((v[y / 4] >> (16 * (y % 4))) & 15u);
}

/* Rows i l^2 .. i l^2 + l^2 - 1 of the system (Algorithm 17). */
static void build_rows(sign_state *s, unsigned i)
{
    unsigned alpha, t, a, x, y, r, c, u, w;
    memset(s->acc, 0, sizeof(s->acc));
    for (alpha = 0; alpha < SNOVA_ALPHA; alpha++) {
        unsigned ip = (i + alpha) % SNOVA_O;
        const uint8_t *q1 = s->abq.q1[i][alpha], *q2 = s->abq.q2[i][alpha];
        uint32_t asp[SNOVA_L][SNOVA_L], bsp[SNOVA_L][SNOVA_L], q1sp[SNOVA_L][SNOVA_L], q2sp[SNOVA_L][SNOVA_L];
        uint32_t q1c[SNOVA_L], q2c[SNOVA_L];
        uint64_t bp[SNOVA_L][SNOVA_LW], ap[SNOVA_L][SNOVA_LW], bl[SNOVA_L][SNOVA_LW], q2l[SNOVA_L][SNOVA_LW];
        spread_blk(asp, &s->abq.a[i][alpha]);
        spread_blk(bsp, &s->abq.b[i][alpha]);
        fqs_spread(q1sp, q1, (const uint32_t(*)[SNOVA_L][SNOVA_L])s->spsp);
        fqs_spread(q2sp, q2, (const uint32_t(*)[SNOVA_L][SNOVA_L])s->spsp);
        for (a = 0; a < SNOVA_L; a++) {
            q1c[a] = gf16_spread(q1[a]);
            q2c[a] = gf16_spread(q2[a]);
        }
        memset(bp, 0, sizeof(bp));
        memset(ap, 0, sizeof(ap));
        memset(bl, 0, sizeof(bl));
        memset(q2l, 0, sizeof(q2l));
        for (x = 0; x < SNOVA_L; x++) {
            for (y = 0; y < SNOVA_L; y++) {
                bp[x][y / 4] |= (uint64_t)bsp[y][x] << (16 * (y % 4));
                ap[x][y / 4] |= (uint64_t)asp[x][y] << (16 * (y % 4));
                bl[x][y / 4] |= (uint64_t)bsp[x][y] << (16 * (y % 4));
                q2l[x][y / 4] |= (uint64_t)q2sp[x][y] << (16 * (y % 4));
            }
        }
        for (t = 0; t < SNOVA_O; t++) {
            const uint64_t *lt = s->ll + ((size_t)ip * SNOVA_OL + t * SNOVA_L) * SNOVA_L * SNOVA_LW;
            const uint64_t *rr = s->rl + ((size_t)ip * SNOVA_OL + t * SNOVA_L) * SNOVA_L * SNOVA_LW;
            uint64_t lsl[SNOVA_L][SNOVA_LW], ml[SNOVA_L][SNOVA_LW], aml[SNOVA_L][SNOVA_LW];
            uint64_t rsl[SNOVA_L][SNOVA_LW], nl[SNOVA_L][SNOVA_LW], nbl[SNOVA_L][SNOVA_LW];
            /* lsl[u]: lanes x = sum_a q1[a] L[(a, x)][(t, u)];
             * rsl[r]: lanes y = sum_b q2[b] R[(t, r)][(b, y)] */
            for (u = 0; u < SNOVA_L; u++) {
                for (w = 0; w < SNOVA_LW; w++) {
                    uint64_t al = 0, ar = 0;
                    for (a = 0; a < SNOVA_L; a++) {
                        al ^= lt[(u * SNOVA_L + a) * SNOVA_LW + w] * q1c[a];
                        ar ^= rr[(u * SNOVA_L + a) * SNOVA_LW + w] * q2c[a];
                    }
                    lsl[u][w] = fold_lanes(al);
                    rsl[u][w] = fold_lanes(ar);
                }
            }
            /* M = ls Q2 (rows, lanes y); A M (rows r, lanes x) */
            for (x = 0; x < SNOVA_L; x++) {
                for (w = 0; w < SNOVA_LW; w++) {
                    uint64_t acc = 0;
                    for (u = 0; u < SNOVA_L; u++) {
                        acc ^= (uint64_t)lane_get(lsl[u], x) * q2l[u][w];
                    }
                    ml[x][w] = fold_lanes(acc);
                }
            }
            for (r = 0; r < SNOVA_L; r++) {
                for (w = 0; w < SNOVA_LW; w++) {
                    uint64_t acc = 0;
                    for (u = 0; u < SNOVA_L; u++) {
                        acc ^= ml[u][w] * asp[r][u];
                    }
                    aml[r][w] = fold_lanes(acc);
                }
            }
            /* N = Q1 rs (rows x, lanes y); N B (rows x, lanes c) */
            for (x = 0; x < SNOVA_L; x++) {
                for (w = 0; w < SNOVA_LW; w++) {
                    uint64_t acc = 0;
                    for (u = 0; u < SNOVA_L; u++) {
                        acc ^= rsl[u][w] * q1sp[x][u];
                    }
                    nl[x][w] = fold_lanes(acc);
                }
            }
            for (x = 0; x < SNOVA_L; x++) {
                for (w = 0; w < SNOVA_LW; w++) {
                    uint64_t acc = 0;
                    for (u = 0; u < SNOVA_L; u++) {
                        acc ^= (uint64_t)lane_get(nl[x], u) * bl[u][w];
                    }
                    nbl[x][w] = fold_lanes(acc);
                }
            }
            /* coefficient of O_t[x][y] in entry [r][c]: am[r][x] B[y][c] + A[r][y] nb[x][c],
             * the l values of y at once in 16-bit lanes (bp, ap: spread
             * B[.][c] and A[r][.], public). */
            for (r = 0; r < SNOVA_L; r++) {
                for (c = 0; c < SNOVA_L; c++) {
                    uint64_t *row = s->acc + ((size_t)(r * SNOVA_L + c) * SNOVA_O + t) * SNOVA_L * SNOVA_LW;
                    for (x = 0; x < SNOVA_L; x++) {
                        for (u = 0; u < SNOVA_LW; u++) {
                            row[x * SNOVA_LW + u] ^= (uint64_t)lane_get(aml[r], x) * bp[c][u] ^
                                                     (uint64_t)lane_get(nbl[x], c) * ap[r][u];
                        }
                    }
                }
            }
        }
    }
    for (r = 0; r < SNOVA_L2; r++) {
        uint64_t *grow = s->g + (size_t)(i * SNOVA_L2 + r) * SNOVA_WG;
        memset(grow, 0, SNOVA_WG * sizeof(uint64_t));
        for (t = 0; t < SNOVA_O; t++) {
            for (x = 0; x < SNOVA_L; x++) {
                for (y = 0; y < SNOVA_L; y++) {
                    uint64_t lane = s->acc[((size_t)r * SNOVA_O + t) * SNOVA_L * SNOVA_LW + x * SNOVA_LW + y / 4];
                    snova_row_xor(grow, t * SNOVA_L2 + x * SNOVA_L + y,
                                  gf16_fold((uint32_t)(lane >> (16 * (y % 4))) & 0xffffu));
                }
            }
        }
        snova_row_xor(grow, SNOVA_NU, (uint8_t)(s->y[i * SNOVA_L2 + r] ^ s->vv[i * SNOVA_L2 + r]));
    }
}

/* One vinegar choice: 0 with the signature elements in s->sol, else -1. */
static int sign_attempt(sign_state *s, uint8_t attempt)
{
    unsigned j, r, c, k, t, m;
    uint32_t singular;

    PQSIG_NS(snova_vinegar_bytes)(s->vbytes, s->sk_seed, s->target, s->md, s->salt, attempt);
    for (k = 0; k < SNOVA_V * SNOVA_L2; k++) {
        s->vel[k] = snova_nib(s->vbytes, k);
    }

    PQSIG_NS(snova_whip)(s->vw, s->vel, SNOVA_V, s->spow);
    for (r = 0; r < SNOVA_VL; r++) {
        for (c = 0; c < SNOVA_L2; c++) {
            s->vwb[r * SNOVA_L2 + c] = snova_row_get(&s->vw[r * SNOVA_WW], c);
        }
        PQSIG_NS(snova_k_table)(&s->tabv[(size_t)r * 16 * SNOVA_WW], &s->vw[r * SNOVA_WW], SNOVA_WW);
    }
    memset(s->d, 0, sizeof(s->d));
    memset(s->lt, 0, sizeof(s->lt));
    memset(s->r, 0, sizeof(s->r));
    whipped_parts(s);
    memset(s->ll, 0, sizeof(s->ll));
    memset(s->rl, 0, sizeof(s->rl));
    for (k = 0; k < SNOVA_O * SNOVA_OL; k++) {
        for (c = 0; c < SNOVA_L2; c++) {
            unsigned a = c / SNOVA_L, x = c % SNOVA_L;
            size_t at = ((size_t)k * SNOVA_L + a) * SNOVA_LW + x / 4;
            s->ll[at] |= (uint64_t)snova_row_get(&s->lt[k * SNOVA_WW], c) << (16 * (x % 4));
            s->rl[at] |= (uint64_t)snova_row_get(&s->r[k * SNOVA_WW], c) << (16 * (x % 4));
        }
    }
    PQSIG_NS(snova_finish)(s->vv, s->d, &s->abq);
    for (k = 0; k < SNOVA_O; k++) {
        build_rows(s, k);
    }
    singular = PQSIG_NS(snova_k_solve)(s->g, SNOVA_NU, SNOVA_WG);
    /* Whether this vinegar choice gives a singular system is public: it
     * only makes the signer try the next counter value, which the
     * signature does not reveal beyond what timing shows anyway. */
    PQSIG_CT_DECLASSIFY(&singular, sizeof(singular));
    if (singular != 0) {
        return -1;
    }

    /* U = (V + T12 O, O) */
    for (k = 0; k < SNOVA_NU; k++) {
        s->sol[SNOVA_V * SNOVA_L2 + k] = snova_row_get(&s->g[(size_t)k * SNOVA_WG], SNOVA_NU);
    }
    for (j = 0; j < SNOVA_V; j++) {
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                uint32_t acc = 0;
                for (t = 0; t < SNOVA_O; t++) {
                    const uint8_t *ot = &s->sol[(SNOVA_V + t) * SNOVA_L2];
                    for (m = 0; m < SNOVA_L; m++) {
                        acc ^= (uint32_t)s->t12[(j * SNOVA_L + r) * SNOVA_OL + t * SNOVA_L + m] *
                               gf16_spread(ot[m * SNOVA_L + c]);
                    }
                }
                s->sol[j * SNOVA_L2 + r * SNOVA_L + c] =
                    (uint8_t)(s->vel[j * SNOVA_L2 + r * SNOVA_L + c] ^ gf16_fold(acc));
            }
        }
    }
    return 0;
}

/* What both key forms share: the state holds T12, ABQ, the private seed
 * and the reader of the public matrices; pk_seed is public. */
static int sign_run(sign_state *s, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                    const uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES], const uint8_t *rnd)
{
    unsigned attempt, k;
    int ret = PQSIG_ERR_SIGN_ATTEMPTS;

    memcpy(s->salt, rnd, SNOVA_SALT_BYTES);
    for (k = 0; k < SNOVA_L * SNOVA_L2; k++) {
        s->spsp[k / SNOVA_L2][(k / SNOVA_L) % SNOVA_L][k % SNOVA_L] =
            gf16_spread(s->spow[k / SNOVA_L2].e[(k / SNOVA_L) % SNOVA_L][k % SNOVA_L]);
    }

    PQSIG_NS(snova_msg_target)(s->target, s->md, pk_seed, m, mlen, rnd);
    for (k = 0; k < SNOVA_O * SNOVA_L2; k++) {
        s->y[k] = snova_nib(s->target, k);
    }

    for (attempt = 1; attempt <= SNOVA_MAX_SIGN_ATTEMPTS; attempt++) {
        if (sign_attempt(s, (uint8_t)attempt) == 0) {
            memset(sig, 0, SNOVA_SIGNATURE_BYTES - SNOVA_SALT_BYTES);
            for (k = 0; k < SNOVA_SIG_ELEMS; k++) {
                sig[k >> 1] |= (uint8_t)(s->sol[k] << ((k & 1u) * 4u));
            }
            memcpy(sig + SNOVA_SIGNATURE_BYTES - SNOVA_SALT_BYTES, rnd, SNOVA_SALT_BYTES);
            *siglen = SNOVA_SIGNATURE_BYTES;
            ret = PQSIG_OK;
            break;
        }
    }
    PQSIG_NS(snova_pub_release)(&s->pub);
    pqsig_zeroize(s, sizeof(*s));
    return ret;
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
    sign_state s;
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];

#if SNOVA_ESK
    /* Round-2 expanded key: its matrices (A, B, Q1, Q2, T12, F11, F12, F21)
     * are what the seeds at its end determine (Algorithm 14); like the
     * seed form, this signer streams them from the seeds, which gives the
     * same signatures for every key keypair_derand makes. */
    sk += SNOVA_ESK_ELEMS / 2;
#endif
    memcpy(pk_seed, sk, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is part of the public key. */
    PQSIG_CT_DECLASSIFY(pk_seed, sizeof(pk_seed));
    memcpy(s.sk_seed, sk + SNOVA_SEED_PUBLIC_BYTES, SNOVA_SEED_PRIVATE_BYTES);
    PQSIG_NS(snova_spow)(s.spow);
    PQSIG_NS(snova_gen_t12)(s.t12, s.sk_seed, s.spow);
    PQSIG_NS(snova_pub_init)(&s.pub, pk_seed, NULL, 0);
    PQSIG_NS(snova_gen_abq)(&s.abq, &s.pub, s.spow);
    return sign_run(&s, sig, siglen, m, mlen, pk_seed, rnd);
}

int PQSIG_NS(expand_sk)(uint8_t *esk, const uint8_t *sk)
{
    snova_esk *e = (snova_esk *)esk;
    snova_blk spow[SNOVA_L];
    snova_pub pub;

#if SNOVA_ESK
    sk += SNOVA_ESK_ELEMS / 2; /* the seeds, as in sign_derand */
#endif
    memcpy(e->pk_seed, sk, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is part of the public key. */
    PQSIG_CT_DECLASSIFY(e->pk_seed, sizeof(e->pk_seed));
    memcpy(e->sk_seed, sk + SNOVA_SEED_PUBLIC_BYTES, SNOVA_SEED_PRIVATE_BYTES);
    PQSIG_NS(snova_spow)(spow);
    PQSIG_NS(snova_gen_t12)(e->t12, e->sk_seed, spow);
    PQSIG_NS(snova_pub_init)(&pub, e->pk_seed, NULL, 0);
    PQSIG_NS(snova_pub_read)(&pub, e->p, 0, SNOVA_PUB_P_BYTES);
    PQSIG_NS(snova_gen_abq)(&e->abq, &pub, spow);
    PQSIG_NS(snova_pub_release)(&pub);
    return PQSIG_OK;
}

int PQSIG_NS(sign_expanded_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                   const uint8_t *esk, const uint8_t *rnd)
{
    const snova_esk *e = (const snova_esk *)esk;
    sign_state s;
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];

    memcpy(pk_seed, e->pk_seed, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is part of the public key. */
    PQSIG_CT_DECLASSIFY(pk_seed, sizeof(pk_seed));
    memcpy(s.sk_seed, e->sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    memcpy(s.t12, e->t12, sizeof(s.t12));
    s.abq = e->abq;
    PQSIG_NS(snova_spow)(s.spow);
    PQSIG_NS(snova_pub_init)(&s.pub, pk_seed, e->p, SNOVA_PUB_P_BYTES);
    return sign_run(&s, sig, siglen, m, mlen, pk_seed, rnd);
}
