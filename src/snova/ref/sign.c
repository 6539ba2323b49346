/* SNOVA reference: signing (section 1.9.3, Algorithms 14-18).
 *
 * The central map is F~_i(X) = sum_alpha A_{i,alpha} (sum_{(j,k) in Omega}
 * X_j^t Q1_{i,alpha} F_{i',jk} Q2_{i,alpha} X_k) B_{i,alpha}, i' = (i + alpha)
 * mod o, with F22 = 0. With the vinegar blocks V fixed, F~_i(V, O) = Y_i is
 * linear in the oil blocks O:
 *   F~_i(V, 0) + sum_alpha A (sum_t M_t O_t + O_t^t N_t) B = Y_i,
 *   M_t = sum_j (Q1 V_j)^t F12_{i',jt} Q2,  N_t = Q1 sum_k F21_{i',tk} Q2 V_k.
 * Its solution gives X = (V, O) and the signature U = T^-1 X =
 * (V + T12 O, O). */
#include <string.h>

#include "common/ct.h"
#include "snova/ref/ref.h"
#include "snova/variant.h"

#define SNOVA_UNKNOWNS (SNOVA_O * SNOVA_L2)

/* Algorithm 14: what signing needs of the secret key. F11 = P11 is not
 * kept: it is read again from its source for every vinegar choice. */
typedef struct {
    blk spow[SNOVA_L];
    blk t12[SNOVA_V][SNOVA_O];
    blk f12[SNOVA_O][SNOVA_V][SNOVA_O];
    blk f21[SNOVA_O][SNOVA_O][SNOVA_V];
    snova_abq abq;
    uint8_t seeds[SNOVA_SEED_BYTES]; /* public seed || private seed */
#if SNOVA_ESK
    const uint8_t *esk; /* the source of F11 */
#endif
} expanded_sk;

typedef struct {
    blk sv[SNOVA_V][SNOVA_L]; /* S^a V_j */
    snova_whip w;
} vinegar_eval;

typedef struct {
    expanded_sk key;
    vinegar_eval ve;
    blk v[SNOVA_N]; /* vinegar blocks, then the signature */
    blk y[SNOVA_O]; /* target */
    blk vv[SNOVA_O];
    gf g[SNOVA_UNKNOWNS * (SNOVA_UNKNOWNS + 1)];
    gf elems[SNOVA_SIG_ELEMS];
    uint8_t vbytes[SNOVA_VINEGAR_BYTES];
    uint8_t target[SNOVA_HASH_BYTES];
    uint8_t md[SNOVA_DIGEST_BYTES];
    uint8_t salt[SNOVA_SALT_BYTES];
} sign_state;

/* D[i][a][b] of the vinegar part sum_{j,k} V_j^t (...) F11_{i,jk} (...) V_k. */
static void vinegar_visit(void *ctx, unsigned part, unsigned i, unsigned j, unsigned k,
                          const blk *p)
{
    vinegar_eval *ve = (vinegar_eval *)ctx;
    if (part == SNOVA_P11) {
        PQSIG_NS(snova_whip_add)(&ve->w, i, ve->sv[j], p, ve->sv[k]);
    }
}

#if SNOVA_ESK
/* The coefficients c of Q = sum_a c[a] S^a: the first columns of the S^a
 * are independent (S has an irreducible characteristic polynomial), so c
 * solves sum_a c[a] S^a[r][0] = Q[r][0]. */
static void fqs_coefficients(gf c[SNOVA_L], const blk *q, const blk spow[SNOVA_L])
{
    gf g[SNOVA_L * (SNOVA_L + 1)];
    unsigned r, a;
    for (r = 0; r < SNOVA_L; r++) {
        for (a = 0; a < SNOVA_L; a++) {
            g[r * (SNOVA_L + 1) + a] = spow[a].e[r][0];
        }
        g[r * (SNOVA_L + 1) + SNOVA_L] = q->e[r][0];
    }
    (void)PQSIG_NS(snova_solve)(g, SNOVA_L);
    for (a = 0; a < SNOVA_L; a++) {
        c[a] = g[a * (SNOVA_L + 1) + SNOVA_L];
    }
}

static void expand_esk(expanded_sk *key, const uint8_t *esk)
{
    unsigned i, j, k, t;
    blk m;
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            size_t at = (i * SNOVA_ALPHA + t) * SNOVA_L2;
            PQSIG_NS(snova_esk_get)(&key->abq.a[i][t], esk, SNOVA_ESK_A + at);
            PQSIG_NS(snova_esk_get)(&key->abq.b[i][t], esk, SNOVA_ESK_B + at);
            PQSIG_NS(snova_esk_get)(&m, esk, SNOVA_ESK_Q1 + at);
            fqs_coefficients(key->abq.q1[i][t], &m, key->spow);
            PQSIG_NS(snova_esk_get)(&m, esk, SNOVA_ESK_Q2 + at);
            fqs_coefficients(key->abq.q2[i][t], &m, key->spow);
        }
    }
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            PQSIG_NS(snova_esk_get)(&key->t12[j][k], esk, SNOVA_ESK_T12 + (j * SNOVA_O + k) * SNOVA_L2);
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                PQSIG_NS(snova_esk_get)(&key->f12[i][j][k], esk,
                                        SNOVA_ESK_F12 + ((i * SNOVA_V + j) * SNOVA_O + k) * SNOVA_L2);
                PQSIG_NS(snova_esk_get)(&key->f21[i][k][j], esk,
                                        SNOVA_ESK_F21 + ((i * SNOVA_O + k) * SNOVA_V + j) * SNOVA_L2);
            }
        }
    }
    memcpy(key->seeds, esk + SNOVA_ESK_SEEDS, SNOVA_SEED_BYTES);
    key->esk = esk;
}

static void walk_f11(const expanded_sk *key, vinegar_eval *ve)
{
    unsigned i, j, k;
    blk p;
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_V; k++) {
                PQSIG_NS(snova_esk_get)(&p, key->esk, SNOVA_ESK_F11 + ((i * SNOVA_V + j) * SNOVA_V + k) * SNOVA_L2);
                vinegar_visit(ve, SNOVA_P11, i, j, k, &p);
            }
        }
    }
}
#else
/* F12 = P12 + P11 T12, F21 = P21 + T12^t P11. */
static void expand_visit(void *ctx, unsigned part, unsigned i, unsigned j, unsigned k, const blk *p)
{
    expanded_sk *key = (expanded_sk *)ctx;
    unsigned t;
    if (part == SNOVA_P11) {
        for (t = 0; t < SNOVA_O; t++) {
            blk_mul_add(&key->f12[i][j][t], p, &key->t12[k][t]);
            blk_tmul_add(&key->f21[i][t][k], &key->t12[j][t], p);
        }
    } else if (part == SNOVA_P12) {
        blk_add(&key->f12[i][j][k], p);
    } else {
        blk_add(&key->f21[i][j][k], p);
    }
}

static void expand_ssk(expanded_sk *key, const uint8_t *seed)
{
    snova_stream pub;
    PQSIG_NS(snova_t12)(key->t12, seed + SNOVA_SEED_PUBLIC_BYTES, key->spow);
    PQSIG_NS(snova_stream_public)(&pub, seed);
    PQSIG_NS(snova_walk_public)(&pub, expand_visit, key);
    PQSIG_NS(snova_abq_generate)(&key->abq, &pub, key->spow);
    PQSIG_NS(snova_stream_release)(&pub);
    memcpy(key->seeds, seed, SNOVA_SEED_BYTES);
}

static void walk_f11(const expanded_sk *key, vinegar_eval *ve)
{
    snova_stream pub;
    PQSIG_NS(snova_stream_public)(&pub, key->seeds);
    PQSIG_NS(snova_walk_public)(&pub, vinegar_visit, ve);
    PQSIG_NS(snova_stream_release)(&pub);
}
#endif

/* Algorithm 17 for equation i and term alpha: add to g the coefficients of
 * the oil entries O_t[x][y] in the entries [r][c] of
 * A (M_t O_t + O_t^t N_t) B. */
static void add_oil_terms(sign_state *s, unsigned i, unsigned alpha)
{
    const expanded_sk *key = &s->key;
    const blk *a = &key->abq.a[i][alpha], *b = &key->abq.b[i][alpha];
    unsigned ip = (i + alpha) % SNOVA_O;
    blk q1, q2, m[SNOVA_O], n[SNOVA_O], qv, tmp;
    unsigned j, t, r, c, x, y;

    PQSIG_NS(snova_fqs)(&q1, key->abq.q1[i][alpha], key->spow);
    PQSIG_NS(snova_fqs)(&q2, key->abq.q2[i][alpha], key->spow);

    for (t = 0; t < SNOVA_O; t++) {
        blk_zero(&m[t]);
        blk_zero(&n[t]);
    }
    for (j = 0; j < SNOVA_V; j++) {
        blk_mul(&qv, &q1, &s->v[j]); /* Q1 V_j */
        for (t = 0; t < SNOVA_O; t++) {
            blk_tmul_add(&m[t], &qv, &key->f12[ip][j][t]);
        }
        blk_mul(&qv, &q2, &s->v[j]); /* Q2 V_j */
        for (t = 0; t < SNOVA_O; t++) {
            blk_mul_add(&n[t], &key->f21[ip][t][j], &qv);
        }
    }
    for (t = 0; t < SNOVA_O; t++) {
        blk am, nb;
        blk_mul(&tmp, &m[t], &q2); /* M_t */
        blk_mul(&am, a, &tmp);     /* A M_t */
        blk_mul(&tmp, &q1, &n[t]); /* N_t */
        blk_mul(&nb, &tmp, b);     /* N_t B */
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                gf *row = &s->g[(i * SNOVA_L2 + r * SNOVA_L + c) * (SNOVA_UNKNOWNS + 1) + t * SNOVA_L2];
                for (x = 0; x < SNOVA_L; x++) {
                    for (y = 0; y < SNOVA_L; y++) {
                        /* (A M O B)[r][c] and (A O^t N B)[r][c] */
                        gf coef = gf_add(gf_mul(am.e[r][x], b->e[y][c]), gf_mul(a->e[r][y], nb.e[x][c]));
                        row[x * SNOVA_L + y] = gf_add(row[x * SNOVA_L + y], coef);
                    }
                }
            }
        }
    }
}

/* One vinegar choice (Algorithm 18, loop body): returns 0 with the
 * signature blocks in s->v, or -1 to try again. */
static int sign_attempt(sign_state *s, uint8_t attempt)
{
    expanded_sk *key = &s->key;
    unsigned i, j, t, r, c;
    pqsig_shake_ctx ctx;

    /* Algorithm 15: the vinegar blocks. */
    pqsig_shake256_init(&ctx);
    pqsig_shake_absorb(&ctx, key->seeds + SNOVA_SEED_PUBLIC_BYTES, SNOVA_SEED_PRIVATE_BYTES);
#if SNOVA_RAW_MESSAGE_HASH
    pqsig_shake_absorb(&ctx, s->target, SNOVA_HASH_BYTES);
#else
    pqsig_shake_absorb(&ctx, s->md, SNOVA_DIGEST_BYTES);
    pqsig_shake_absorb(&ctx, s->salt, SNOVA_SALT_BYTES);
#endif
    pqsig_shake_absorb(&ctx, &attempt, 1);
    pqsig_shake_squeeze(&ctx, s->vbytes, SNOVA_VINEGAR_BYTES);
    pqsig_shake_release(&ctx);
    (void)PQSIG_NS(snova_unpack)(s->elems, s->vbytes, SNOVA_V * SNOVA_L2);
    for (j = 0; j < SNOVA_V; j++) {
        blk_from_elems(&s->v[j], &s->elems[j * SNOVA_L2]);
        PQSIG_NS(snova_whip_point)(s->ve.sv[j], &s->v[j], key->spow);
    }

    /* Algorithm 16: F~_i(V, 0). */
    memset(&s->ve.w, 0, sizeof(s->ve.w));
    walk_f11(key, &s->ve);
    PQSIG_NS(snova_whip_finish)(s->vv, &s->ve.w, &key->abq);

    /* Algorithm 17 and the right-hand side Y_i - F~_i(V, 0). */
    memset(s->g, 0, sizeof(s->g));
    for (i = 0; i < SNOVA_O; i++) {
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                s->g[(i * SNOVA_L2 + r * SNOVA_L + c) * (SNOVA_UNKNOWNS + 1) + SNOVA_UNKNOWNS] =
                    gf_sub(s->y[i].e[r][c], s->vv[i].e[r][c]);
            }
        }
        for (t = 0; t < SNOVA_ALPHA; t++) {
            add_oil_terms(s, i, t);
        }
    }
    if (PQSIG_NS(snova_solve)(s->g, SNOVA_UNKNOWNS) != 0) {
        return -1;
    }

    /* U = T^-1 X = (V + T12 O, O). */
    for (t = 0; t < SNOVA_O; t++) {
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                s->v[SNOVA_V + t].e[r][c] =
                    s->g[(t * SNOVA_L2 + r * SNOVA_L + c) * (SNOVA_UNKNOWNS + 1) + SNOVA_UNKNOWNS];
            }
        }
    }
    for (j = 0; j < SNOVA_V; j++) {
        for (t = 0; t < SNOVA_O; t++) {
            blk_mul_add(&s->v[j], &key->t12[j][t], &s->v[SNOVA_V + t]);
        }
    }
#if SNOVA_REJECT_SYMMETRIC_SIG
    {
        int sym = 0;
        for (j = 0; j < SNOVA_N; j++) {
            sym |= blk_is_symmetric(&s->v[j]);
        }
        /* Public: a signature is never released with a symmetric block. */
        PQSIG_CT_DECLASSIFY(&sym, sizeof(sym));
        if (sym) {
            return -1;
        }
    }
#endif
    return 0;
}

static PQSIG_NOINLINE int sign_key(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                    const uint8_t *rnd);

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
#if SNOVA_ESK
    int ret = PQSIG_NS(snova_esk_check)(sk);
    if (ret != PQSIG_OK) {
        return ret;
    }
#endif
    return sign_key(sig, siglen, m, mlen, sk, rnd);
}

static PQSIG_NOINLINE int sign_key(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                    const uint8_t *rnd)
{
    sign_state s;
    unsigned attempt, i, j;
    int ret = PQSIG_ERR_SIGN_ATTEMPTS;

    memset(&s, 0, sizeof(s));
    memcpy(s.salt, rnd, SNOVA_SALT_BYTES);
    PQSIG_NS(snova_s_powers)(s.key.spow);
#if SNOVA_ESK
    expand_esk(&s.key, sk);
#else
    expand_ssk(&s.key, sk);
#endif

    /* Algorithm 6: the target Y. */
#if SNOVA_RAW_MESSAGE_HASH
    PQSIG_NS(snova_target_bytes)(s.target, s.key.seeds, m, mlen, rnd);
#else
    pqsig_shake256(s.md, SNOVA_DIGEST_BYTES, m, mlen);
    PQSIG_NS(snova_target_bytes)(s.target, s.key.seeds, s.md, SNOVA_DIGEST_BYTES, rnd);
#endif
    (void)PQSIG_NS(snova_unpack)(s.elems, s.target, SNOVA_HASH_ELEMS);
    for (i = 0; i < SNOVA_O; i++) {
        blk_from_elems(&s.y[i], &s.elems[i * SNOVA_L2]);
    }

    for (attempt = 1; attempt <= SNOVA_MAX_SIGN_ATTEMPTS; attempt++) {
        if (sign_attempt(&s, (uint8_t)attempt) == 0) {
            for (j = 0; j < SNOVA_N; j++) {
                blk_to_elems(&s.elems[j * SNOVA_L2], &s.v[j]);
            }
            PQSIG_NS(snova_pack)(sig, s.elems, SNOVA_SIG_ELEMS);
            memcpy(sig + SNOVA_SIGNATURE_BYTES - SNOVA_SALT_BYTES, rnd, SNOVA_SALT_BYTES);
            *siglen = SNOVA_SIGNATURE_BYTES;
            ret = PQSIG_OK;
            break;
        }
    }
    pqsig_zeroize(&s, sizeof(s));
    return ret;
}
