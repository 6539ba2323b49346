/* SNOVA opt, odd prime q: signing (Algorithms 14-18), one equation of the
 * public matrices at a time.
 *
 * With the vinegar blocks V whipped into Vw (row (j, r), column (a, c):
 * (S^a V_j)[r][c]), equation p contributes
 *   D_p = Vw^t P11_p Vw                   (the vinegar value, Eq. 1.1)
 *   R_p = F21_p Vw = T12^t (P11_p Vw) + P12_p^t Vw
 * and, F21 being F12^t for symmetric P, R_p^t = Vw^t F12_p is all the oil
 * terms need: for equation i and term alpha (i' = i + alpha mod o)
 *   M_t = ls_t Q2, ls_t[x][u] = sum_a q1[a] R_i'[(t, u)][(a, x)]
 *   N_t = Q1 rs_t, rs_t[u][y] = sum_b q2[b] R_i'[(t, u)][(b, y)]
 * and the oil block O_t enters as A (M_t O_t + O_t^t N_t) B.
 *
 * What a caller-held expanded key would provide (T12, ABQ, the expansion of
 * the public matrices) is kept apart from the per-signature state: T12 and
 * ABQ in sign_key, the public matrices behind snova_pub (which reads from
 * memory when given it). */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "snova/gfq/gfq.h"
#include "snova/variant.h"

#define GW ((GFQ_NU + 8) & ~7) /* a row of the linear system, padded to whole vectors */
#define TP ((SNOVA_O + 7) & ~7)   /* oil blocks as vector lanes, padded */

typedef struct {
    gfq_blk spow[SNOVA_L];
    gfq_abq abq;
    snova_pub pub;
    uint8_t t12[GFQ_VL * GFQ_OL];
    uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES];
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];
} sign_key;

typedef struct {
    uint8_t md[SNOVA_DIGEST_BYTES];
    uint8_t salt[SNOVA_SALT_BYTES];
    uint8_t target[SNOVA_HASH_BYTES];
    uint8_t y[GFQ_NU];
    /* per attempt */
    uint8_t vbytes[SNOVA_VINEGAR_BYTES];
    uint8_t vel[SNOVA_V * SNOVA_L2];
    uint16_t vw16[GFQ_VL * SNOVA_L2];
    uint8_t vw8[GFQ_VL * SNOVA_L2];
    uint16_t d[SNOVA_O * SNOVA_L2 * SNOVA_L2];
    uint16_t r[SNOVA_O * GFQ_OL * SNOVA_L2];
    uint16_t rl[SNOVA_O][SNOVA_L][SNOVA_L2][TP]; /* R_t[u][a l + x] at lane t */
    uint8_t vv[GFQ_NU];
    uint8_t sol[SNOVA_SIG_ELEMS];
    /* one equation's public matrices, then the linear system: never both */
    union {
        struct {
            uint8_t p11[GFQ_VL * GFQ_VL];
            uint8_t p12[GFQ_VL * GFQ_OL];
            uint16_t pv[GFQ_VL * SNOVA_L2];
        } m;
        struct {
            uint16_t acc[SNOVA_L2][SNOVA_L2][TP];
            uint16_t g[GFQ_NU * GW];
        } sys;
    } u;
} sign_state;

/* D_p and R_p of every equation. */
static void vinegar_parts(sign_key *key, sign_state *s)
{
    const unsigned vl = GFQ_VL, ol = GFQ_OL, l2 = SNOVA_L2;
    unsigned p;
    memset(s->d, 0, sizeof(s->d));
    memset(s->r, 0, sizeof(s->r));
    for (p = 0; p < SNOVA_O; p++) {
        uint16_t *d = s->d + (size_t)p * l2 * l2, *r = s->r + (size_t)p * ol * l2;
        PQSIG_NS(gfq_load_p)(&key->pub, p, s->u.m.p11, s->u.m.p12);
        memset(s->u.m.pv, 0, sizeof(s->u.m.pv));
        PQSIG_NS(gfq_k_mul)(s->u.m.pv, s->u.m.p11, vl, 1, vl, vl, s->vw16, l2);
        PQSIG_NS(gfq_k_mul)(d, s->vw8, 1, l2, l2, vl, s->u.m.pv, l2);
        PQSIG_NS(gfq_k_mul)(r, key->t12, 1, ol, ol, vl, s->u.m.pv, l2);
        PQSIG_NS(gfq_k_mul)(r, s->u.m.p12, 1, ol, ol, vl, s->vw16, l2);
    }
}

/* Q = sum_a q[a] S^a */
static void fqs_matrix(uint32_t out[SNOVA_L][SNOVA_L], const uint8_t *q, const gfq_blk spow[SNOVA_L])
{
    unsigned x, y, a;
    for (x = 0; x < SNOVA_L; x++) {
        for (y = 0; y < SNOVA_L; y++) {
            uint32_t v = 0;
            for (a = 0; a < SNOVA_L; a++) {
                v += (uint32_t)q[a] * spow[a].e[x][y];
            }
            out[x][y] = gfq_red32(v);
        }
    }
}

/* Rows i l^2 .. i l^2 + l^2 - 1 of the system (Algorithm 17). For term
 * alpha and oil block t, the coefficient of O_t[x][y] in entry [r][c] is
 *   (A M_t)[r][x] B[y][c] + A[r][y] (N_t B)[x][c],
 *   M_t = L_t Q2, L_t[x][u] = sum_a q1[a] R_t[u][a l + x],
 *   N_t = Q1 K_t, K_t[u][x] = sum_a q2[a] R_t[u][a l + x].
 * The oil blocks t are the vector lanes (R is kept as rl[p][u][a l + x][t]):
 * every step multiplies a lane vector by a public scalar (A, B, Q1, Q2 and
 * q1, q2 come from the public key), and the coefficients are summed over
 * alpha in 16-bit lanes (alpha terms of at most 2 (q - 1)^2 each stay below
 * 2^16), then moved to the rows of the system. */
#define L2 SNOVA_L2
#if SNOVA_ALPHA * 2 * (SNOVA_Q - 1) * (SNOVA_Q - 1) > 65535
#error "the coefficient sums need wider lanes"
#endif

/* v = red(sum_{k < 4} f[k] x_k) over the oil lanes; f public. */
static inline void lanes_dot(uint16_t v[TP], const uint16_t *x0, size_t stride, const uint32_t *f,
                             size_t fstride)
{
    unsigned k, t;
    uint16_t acc[TP];
#pragma GCC unroll 1
    for (t = 0; t < TP; t++) {
        acc[t] = 0;
    }
    for (k = 0; k < SNOVA_L; k++) {
        const uint16_t fk = (uint16_t)f[k * fstride];
        const uint16_t *xk = x0 + k * stride;
#pragma GCC unroll 1
        for (t = 0; t < TP; t++) {
            acc[t] = (uint16_t)(acc[t] + fk * xk[t]);
        }
    }
#pragma GCC unroll 1
    for (t = 0; t < TP; t++) {
        v[t] = gfq_red16(acc[t]);
    }
}

static void build_rows(const sign_key *key, sign_state *s, unsigned i)
{
    const unsigned l = SNOVA_L;
    uint16_t(*acc)[L2][TP] = s->u.sys.acc;
    unsigned alpha, t, a, x, y, u, r, c;
    memset(s->u.sys.acc, 0, sizeof(s->u.sys.acc));
    for (alpha = 0; alpha < SNOVA_ALPHA; alpha++) {
        const unsigned ip = (i + alpha) % SNOVA_O;
        uint16_t(*rl)[L2][TP] = s->rl[ip];
        const gfq_blk *am = &key->abq.a[i][alpha], *bm = &key->abq.b[i][alpha];
        uint32_t q1[SNOVA_L], q2[SNOVA_L], q1m[SNOVA_L][SNOVA_L], q2m[SNOVA_L][SNOVA_L];
        uint32_t av[SNOVA_L][SNOVA_L], bv[SNOVA_L][SNOVA_L];
        uint16_t lm[SNOVA_L][SNOVA_L][TP], km[SNOVA_L][SNOVA_L][TP];
        uint16_t mm[SNOVA_L][SNOVA_L][TP], nn[SNOVA_L][SNOVA_L][TP];
        uint16_t amv[SNOVA_L][SNOVA_L][TP], nbv[SNOVA_L][SNOVA_L][TP];
        fqs_matrix(q1m, key->abq.q1[i][alpha], key->spow);
        fqs_matrix(q2m, key->abq.q2[i][alpha], key->spow);
        for (a = 0; a < l; a++) {
            q1[a] = key->abq.q1[i][alpha][a];
            q2[a] = key->abq.q2[i][alpha][a];
            for (x = 0; x < l; x++) {
                av[a][x] = am->e[a][x];
                bv[a][x] = bm->e[a][x];
            }
        }
        /* L_t[x][u], K_t[u][x] */
        for (u = 0; u < l; u++) {
            for (x = 0; x < l; x++) {
                lanes_dot(lm[x][u], rl[u][x], (size_t)l * TP, q1, 1);
                lanes_dot(km[u][x], rl[u][x], (size_t)l * TP, q2, 1);
            }
        }
        /* M_t = L_t Q2, N_t = Q1 K_t */
        for (x = 0; x < l; x++) {
            for (y = 0; y < l; y++) {
                lanes_dot(mm[x][y], lm[x][0], TP, &q2m[0][y], l);
                lanes_dot(nn[x][y], km[0][y], (size_t)l * TP, q1m[x], 1);
            }
        }
        /* (A M_t)[r][x], (N_t B)[x][c] */
        for (r = 0; r < l; r++) {
            for (x = 0; x < l; x++) {
                lanes_dot(amv[r][x], mm[0][x], (size_t)l * TP, av[r], 1);
                lanes_dot(nbv[r][x], nn[r][0], TP, &bv[0][x], l);
            }
        }
        /* coefficient of O_t[x][y] in entry [r][c] */
        for (r = 0; r < l; r++) {
            for (c = 0; c < l; c++) {
                for (x = 0; x < l; x++) {
                    for (y = 0; y < l; y++) {
                        uint16_t *o = acc[r * l + c][x * l + y];
                        const uint16_t b = (uint16_t)bv[y][c], ar = (uint16_t)av[r][y];
                        const uint16_t *p1 = amv[r][x], *p2 = nbv[x][c];
#pragma GCC unroll 1
                        for (t = 0; t < TP; t++) {
                            o[t] = (uint16_t)(o[t] + b * p1[t] + ar * p2[t]);
                        }
                    }
                }
            }
        }
    }
    for (r = 0; r < L2; r++) {
        uint16_t *grow = s->u.sys.g + (size_t)(i * L2 + r) * GW;
        for (t = 0; t < SNOVA_O; t++) {
            for (c = 0; c < L2; c++) {
                grow[t * L2 + c] = gfq_red16(acc[r][c][t]);
            }
        }
        grow[GFQ_NU] = (uint16_t)gfq_red32(GFQ_Q + s->y[i * L2 + r] - s->vv[i * L2 + r]);
        for (c = GFQ_NU + 1; c < GW; c++) {
            grow[c] = 0;
        }
    }
}

/* 1 if the block x (l x l elements) is symmetric, else 0; no branch. */
static uint32_t blk_symmetric(const uint8_t *x)
{
    uint32_t diff = 0;
    unsigned r, c;
    for (r = 0; r < SNOVA_L; r++) {
        for (c = r + 1; c < SNOVA_L; c++) {
            diff |= (uint32_t)(x[r * SNOVA_L + c] ^ x[c * SNOVA_L + r]);
        }
    }
    return 1u - (pqsig_ct_nonzero_mask_u32(diff) & 1u);
}

/* One vinegar choice: 0 with the signature elements in s->sol, else -1. */
static int sign_attempt(sign_key *key, sign_state *s, uint8_t attempt)
{
    unsigned j, r, c, t, m, i;
    uint32_t singular, symmetric = 0;

    PQSIG_NS(snova_vinegar_bytes)(s->vbytes, key->sk_seed, s->target, s->md, s->salt, attempt);
    (void)PQSIG_NS(gfq_unpack)(s->vel, s->vbytes, SNOVA_V * SNOVA_L2);

    PQSIG_NS(gfq_whip)(s->vw16, s->vw8, s->vel, SNOVA_V, key->spow);
    vinegar_parts(key, s);
    /* R with the oil blocks as lanes, for build_rows */
    memset(s->rl, 0, sizeof(s->rl));
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_O; t++) {
            for (r = 0; r < SNOVA_L; r++) {
                for (c = 0; c < SNOVA_L2; c++) {
                    s->rl[i][r][c][t] = s->r[((size_t)i * GFQ_OL + t * SNOVA_L + r) * SNOVA_L2 + c];
                }
            }
        }
    }
    PQSIG_NS(gfq_finish)(s->vv, s->d, &key->abq);
    for (i = 0; i < SNOVA_O; i++) {
        build_rows(key, s, i);
    }
    singular = PQSIG_NS(gfq_k_solve)(s->u.sys.g, GFQ_NU, GW);
    /* Whether this vinegar choice gives a singular system is public: it
     * only makes the signer try the next counter value. */
    PQSIG_CT_DECLASSIFY(&singular, sizeof(singular));
    if (singular != 0) {
        return -1;
    }

    /* U = (V + T12 O, O) */
    for (t = 0; t < GFQ_NU; t++) {
        s->sol[SNOVA_V * SNOVA_L2 + t] = (uint8_t)s->u.sys.g[(size_t)t * GW + GFQ_NU];
    }
    for (j = 0; j < SNOVA_V; j++) {
        for (r = 0; r < SNOVA_L; r++) {
            const uint8_t *trow = key->t12 + (j * SNOVA_L + r) * GFQ_OL;
            for (c = 0; c < SNOVA_L; c++) {
                uint32_t acc = s->vel[j * SNOVA_L2 + r * SNOVA_L + c];
                for (t = 0; t < SNOVA_O; t++) {
                    const uint8_t *ot = &s->sol[(SNOVA_V + t) * SNOVA_L2];
                    for (m = 0; m < SNOVA_L; m++) {
                        acc += (uint32_t)trow[t * SNOVA_L + m] * ot[m * SNOVA_L + c];
                    }
                }
                s->sol[j * SNOVA_L2 + r * SNOVA_L + c] = (uint8_t)gfq_red32(acc);
            }
        }
    }
#if SNOVA_REJECT_SYMMETRIC_SIG
    for (j = 0; j < SNOVA_N; j++) {
        symmetric |= blk_symmetric(&s->sol[j * SNOVA_L2]);
    }
    /* Public: a signature with a symmetric block is never released, the
     * signer moves on to the next counter value. */
    PQSIG_CT_DECLASSIFY(&symmetric, sizeof(symmetric));
    if (symmetric != 0) {
        return -1;
    }
#else
    (void)symmetric;
#endif
    return 0;
}

static int sign_run(sign_key *key, sign_state *s, uint8_t *sig, size_t *siglen, const uint8_t *m,
                    size_t mlen, const uint8_t *rnd)
{
    unsigned attempt;
    int ret = PQSIG_ERR_SIGN_ATTEMPTS;

    memcpy(s->salt, rnd, SNOVA_SALT_BYTES);
    PQSIG_NS(snova_msg_target)(s->target, s->md, key->pk_seed, m, mlen, rnd);
    (void)PQSIG_NS(gfq_unpack)(s->y, s->target, GFQ_NU);

    for (attempt = 1; attempt <= SNOVA_MAX_SIGN_ATTEMPTS; attempt++) {
        if (sign_attempt(key, s, (uint8_t)attempt) == 0) {
            PQSIG_NS(gfq_pack)(sig, s->sol, SNOVA_SIG_ELEMS);
            memcpy(sig + SNOVA_SIGNATURE_BYTES - SNOVA_SALT_BYTES, rnd, SNOVA_SALT_BYTES);
            *siglen = SNOVA_SIGNATURE_BYTES;
            ret = PQSIG_OK;
            break;
        }
    }
    return ret;
}

typedef struct {
    sign_key key;
    sign_state st;
} sign_all;

static void key_seeds(sign_key *key, const uint8_t *pk_seed, const uint8_t *sk_seed)
{
    memcpy(key->pk_seed, pk_seed, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is part of the public key. */
    PQSIG_CT_DECLASSIFY(key->pk_seed, sizeof(key->pk_seed));
    memcpy(key->sk_seed, sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    PQSIG_NS(gfq_spow)(key->spow);
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
    sign_all s;
    int ret;

    key_seeds(&s.key, sk, sk + SNOVA_SEED_PUBLIC_BYTES);
    PQSIG_NS(gfq_gen_t12)(s.key.t12, s.key.sk_seed, s.key.spow);
    PQSIG_NS(snova_pub_init)(&s.key.pub, s.key.pk_seed, NULL, 0);
    PQSIG_NS(gfq_gen_abq)(&s.key.abq, &s.key.pub, s.key.spow);
    ret = sign_run(&s.key, &s.st, sig, siglen, m, mlen, rnd);
    PQSIG_NS(snova_pub_release)(&s.key.pub);
    pqsig_zeroize(&s, sizeof(s));
    return ret;
}

int PQSIG_NS(expand_sk)(uint8_t *esk, const uint8_t *sk)
{
    gfq_esk *e = (gfq_esk *)esk;
    sign_key key;

    key_seeds(&key, sk, sk + SNOVA_SEED_PUBLIC_BYTES);
    PQSIG_NS(gfq_gen_t12)(e->t12, key.sk_seed, key.spow);
    PQSIG_NS(snova_pub_init)(&key.pub, key.pk_seed, NULL, 0);
    PQSIG_NS(gfq_read_p)(e->p, &key.pub);
    PQSIG_NS(gfq_gen_abq)(&e->abq, &key.pub, key.spow);
    PQSIG_NS(snova_pub_release)(&key.pub);
    memcpy(e->pk_seed, key.pk_seed, SNOVA_SEED_PUBLIC_BYTES);
    memcpy(e->sk_seed, key.sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    pqsig_zeroize(&key, sizeof(key));
    return PQSIG_OK;
}

int PQSIG_NS(sign_expanded_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                   const uint8_t *esk, const uint8_t *rnd)
{
    const gfq_esk *e = (const gfq_esk *)esk;
    sign_all s;
    int ret;

    key_seeds(&s.key, e->pk_seed, e->sk_seed);
    memcpy(s.key.t12, e->t12, sizeof(s.key.t12));
    s.key.abq = e->abq;
    PQSIG_NS(snova_pub_init)(&s.key.pub, s.key.pk_seed, e->p, GFQ_PUB_P_BYTES);
    ret = sign_run(&s.key, &s.st, sig, siglen, m, mlen, rnd);
    PQSIG_NS(snova_pub_release)(&s.key.pub);
    pqsig_zeroize(&s, sizeof(s));
    return ret;
}
