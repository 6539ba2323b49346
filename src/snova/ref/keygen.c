/* SNOVA reference: key generation (section 1.6.2, Algorithm 13).
 *
 *   F12_i = P12_i + P11_i T12
 *   P22_i = -(T12^t F12_i + P21_i T12)
 *
 * The public key is the public seed and P22 (Algorithm 12); the secret key
 * the 48-byte seed, or in round 2's ESK form the expanded key. */
#include <string.h>

#include "common/ct.h"
#include "snova/ref/ref.h"
#include "snova/variant.h"

typedef struct {
    blk t12[SNOVA_V][SNOVA_O];
    blk f12[SNOVA_O][SNOVA_V][SNOVA_O];
    blk p22[SNOVA_O][SNOVA_O][SNOVA_O]; /* - P22 until the end */
    gf packed[SNOVA_PK_ELEMS];
#if SNOVA_ESK
    blk f21[SNOVA_O][SNOVA_O][SNOVA_V];
    uint8_t *esk;       /* the expanded key being written, or NULL when checking */
    const uint8_t *cmp; /* checking: the stored expanded key */
    unsigned diff;      /* checking: OR of stored ^ derived */
#endif
} keygen_state;

#if SNOVA_ESK
/* Block b at element index of the expanded key: written, or when checking
 * a stored key compared with it. */
static void esk_out(keygen_state *s, size_t index, const blk *b)
{
    if (s->cmp != NULL) {
        blk stored;
        unsigned r, c;
        PQSIG_NS(snova_esk_get)(&stored, s->cmp, index);
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                s->diff |= (unsigned)(stored.e[r][c] ^ b->e[r][c]);
            }
        }
    } else {
        PQSIG_NS(snova_esk_put)(s->esk, index, b);
    }
}
#endif

static void keygen_visit(void *ctx, unsigned part, unsigned i, unsigned j, unsigned k,
                         const blk *p)
{
    keygen_state *s = (keygen_state *)ctx;
    unsigned t;
    if (part == SNOVA_P11) {
        for (t = 0; t < SNOVA_O; t++) {
            blk_mul_add(&s->f12[i][j][t], p, &s->t12[k][t]);
        }
#if SNOVA_ESK
        /* F11 = P11; F21 = P21 + T12^t P11 (its P11 part here). */
        esk_out(s, SNOVA_ESK_F11 + ((i * SNOVA_V + j) * SNOVA_V + k) * SNOVA_L2, p);
        for (t = 0; t < SNOVA_O; t++) {
            blk_tmul_add(&s->f21[i][t][k], &s->t12[j][t], p);
        }
#endif
    } else if (part == SNOVA_P12) {
        blk_add(&s->f12[i][j][k], p);
    } else {
        for (t = 0; t < SNOVA_O; t++) {
            blk_mul_add(&s->p22[i][j][t], p, &s->t12[k][t]);
        }
#if SNOVA_ESK
        blk_add(&s->f21[i][j][k], p);
#endif
    }
}

/* Algorithm 12: q = 16 stores every block; odd q, where P22_kj = P22_jk^t,
 * stores for each block row j and matrix row r the upper part of the
 * diagonal block's row and then row r of every block to its right. */
static void pack_p22(uint8_t *out, keygen_state *s)
{
    size_t at = 0;
    unsigned i, j, k;
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_O; j++) {
#if SNOVA_SYMMETRIC
            unsigned r, c;
            for (r = 0; r < SNOVA_L; r++) {
                for (c = r; c < SNOVA_L; c++) {
                    s->packed[at++] = s->p22[i][j][j].e[r][c];
                }
                for (k = j + 1; k < SNOVA_O; k++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        s->packed[at++] = s->p22[i][j][k].e[r][c];
                    }
                }
            }
#else
            for (k = 0; k < SNOVA_O; k++) {
                blk_to_elems(&s->packed[at], &s->p22[i][j][k]);
                at += SNOVA_L2;
            }
#endif
        }
    }
    PQSIG_NS(snova_pack)(out, s->packed, SNOVA_PK_ELEMS);
}

/* With cmp (ESK only) nothing is written: the stored expanded key cmp is
 * compared with what the seeds give, and the result returned. */
static PQSIG_NOINLINE int keygen(uint8_t *pk, uint8_t *sk, const uint8_t *seed, const uint8_t *cmp)
{
    keygen_state s;
    snova_stream pub;
    blk spow[SNOVA_L];
    unsigned i, j, k, t, r, c;
    int ret = PQSIG_OK;

    memset(&s, 0, sizeof(s));
    PQSIG_NS(snova_s_powers)(spow);
    PQSIG_NS(snova_t12)(s.t12, seed + SNOVA_SEED_PUBLIC_BYTES, spow);
#if SNOVA_ESK
    if (cmp == NULL) {
        memset(sk, 0, SNOVA_SECRETKEY_BYTES);
    }
    s.esk = sk;
    s.cmp = cmp;
#else
    (void)cmp;
#endif

    PQSIG_NS(snova_stream_public)(&pub, seed);
    PQSIG_NS(snova_walk_public)(&pub, keygen_visit, &s);

    /* P22_i,jk = -(sum_t T12_tj^t F12_i,tk + (P21_i T12)_jk) */
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_O; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                for (t = 0; t < SNOVA_V; t++) {
                    blk_tmul_add(&s.p22[i][j][k], &s.t12[t][j], &s.f12[i][t][k]);
                }
                for (r = 0; r < SNOVA_L; r++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        s.p22[i][j][k].e[r][c] = gf_neg(s.p22[i][j][k].e[r][c]);
                    }
                }
            }
        }
    }

    if (pk != NULL) {
        memcpy(pk, seed, SNOVA_SEED_PUBLIC_BYTES);
        pack_p22(pk + SNOVA_SEED_PUBLIC_BYTES, &s);
    }

#if SNOVA_ESK
    {
        /* A, B, Q1, Q2 as matrices, T12, F12 (F11 and F21 are in place). */
        snova_abq abq;
        blk m;
        PQSIG_NS(snova_abq_generate)(&abq, &pub, spow);
        for (i = 0; i < SNOVA_O; i++) {
            for (t = 0; t < SNOVA_ALPHA; t++) {
                size_t at = (i * SNOVA_ALPHA + t) * SNOVA_L2;
                esk_out(&s, SNOVA_ESK_A + at, &abq.a[i][t]);
                esk_out(&s, SNOVA_ESK_B + at, &abq.b[i][t]);
                PQSIG_NS(snova_fqs)(&m, abq.q1[i][t], spow);
                esk_out(&s, SNOVA_ESK_Q1 + at, &m);
                PQSIG_NS(snova_fqs)(&m, abq.q2[i][t], spow);
                esk_out(&s, SNOVA_ESK_Q2 + at, &m);
            }
        }
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                esk_out(&s, SNOVA_ESK_T12 + (j * SNOVA_O + k) * SNOVA_L2, &s.t12[j][k]);
            }
        }
        for (i = 0; i < SNOVA_O; i++) {
            for (j = 0; j < SNOVA_V; j++) {
                for (k = 0; k < SNOVA_O; k++) {
                    esk_out(&s, SNOVA_ESK_F12 + ((i * SNOVA_V + j) * SNOVA_O + k) * SNOVA_L2, &s.f12[i][j][k]);
                    esk_out(&s, SNOVA_ESK_F21 + ((i * SNOVA_O + k) * SNOVA_V + j) * SNOVA_L2, &s.f21[i][k][j]);
                }
            }
        }
        if (cmp == NULL) {
            memcpy(sk + SNOVA_ESK_SEEDS, seed, SNOVA_SEED_BYTES);
        } else {
            /* Public: whether the key is well formed (the return code). */
            PQSIG_CT_DECLASSIFY(&s.diff, sizeof(s.diff));
            ret = s.diff != 0 ? PQSIG_ERR_MALFORMED_KEY : PQSIG_OK;
        }
    }
#else
    memcpy(sk, seed, SNOVA_SEED_BYTES);
#endif

    PQSIG_NS(snova_stream_release)(&pub);
    pqsig_zeroize(&s, sizeof(s));
    return ret;
}

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    return keygen(pk, sk, seed, NULL);
}

#if SNOVA_ESK
/* A round-2 expanded secret key whose stored matrices are not the ones its
 * seeds give is refused (the official code would sign with the stored
 * ones; the optimised implementation signs from the seeds). */
int PQSIG_NS(snova_esk_check)(const uint8_t *sk)
{
    return keygen(NULL, NULL, sk + SNOVA_ESK_SEEDS, sk);
}
#endif
