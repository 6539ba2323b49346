/* SNOVA reference: verification (section 1.9.4, Algorithms 19, 20).
 *
 * Accept when P~_i(U) = Y_i for every equation i, where
 * P~_i(U) = sum_alpha A_{i,alpha} (sum_{j,k < n} U_j^t Q1 P_{i',jk} Q2 U_k) B_{i,alpha}
 * and Y is the target hash of the message and salt. */
#include <string.h>

#include "snova/ref/ref.h"
#include "snova/variant.h"

typedef struct {
    blk su[SNOVA_N][SNOVA_L]; /* S^a U_j */
    snova_whip w;
    blk u[SNOVA_N];
    blk p22[SNOVA_O][SNOVA_O][SNOVA_O];
    blk value[SNOVA_O];
    gf elems[SNOVA_PK_ELEMS > SNOVA_SIG_ELEMS ? SNOVA_PK_ELEMS : SNOVA_SIG_ELEMS];
    uint8_t target[SNOVA_HASH_BYTES];
    uint8_t md[SNOVA_DIGEST_BYTES];
} verify_state;

/* Blocks of P11, P12, P21 sit at rows and columns j, k < v (vinegar) and
 * v + t (oil) of [P_i]. */
static void verify_visit(void *ctx, unsigned part, unsigned i, unsigned j, unsigned k,
                         const blk *p)
{
    verify_state *s = (verify_state *)ctx;
    unsigned row = part == SNOVA_P21 ? SNOVA_V + j : j;
    unsigned col = part == SNOVA_P12 ? SNOVA_V + k : k;
    PQSIG_NS(snova_whip_add)(&s->w, i, s->su[row], p, s->su[col]);
}

/* Algorithm 19 (the inverse of the packing in keygen.c). */
static int unpack_p22(verify_state *s, const uint8_t *in)
{
    size_t at = 0;
    unsigned i, j, k;
    if (PQSIG_NS(snova_unpack)(s->elems, in, SNOVA_PK_ELEMS) != 0) {
        return -1;
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_O; j++) {
#if SNOVA_SYMMETRIC
            unsigned r, c;
            for (r = 0; r < SNOVA_L; r++) {
                for (c = r; c < SNOVA_L; c++) {
                    s->p22[i][j][j].e[r][c] = s->elems[at];
                    s->p22[i][j][j].e[c][r] = s->elems[at];
                    at++;
                }
                for (k = j + 1; k < SNOVA_O; k++) {
                    for (c = 0; c < SNOVA_L; c++) {
                        s->p22[i][j][k].e[r][c] = s->elems[at];
                        s->p22[i][k][j].e[c][r] = s->elems[at];
                        at++;
                    }
                }
            }
#else
            for (k = 0; k < SNOVA_O; k++) {
                blk_from_elems(&s->p22[i][j][k], &s->elems[at]);
                at += SNOVA_L2;
            }
#endif
        }
    }
    return 0;
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk)
{
    verify_state s;
    snova_abq abq;
    snova_stream pub;
    blk spow[SNOVA_L];
    const uint8_t *salt = sig + SNOVA_SIGNATURE_BYTES - SNOVA_SALT_BYTES;
    unsigned i, j, k;
    int ok;

    if (siglen != SNOVA_SIGNATURE_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    memset(&s, 0, sizeof(s));
    PQSIG_NS(snova_s_powers)(spow);

    /* The signature blocks, canonically encoded; for odd q none symmetric. */
    if (PQSIG_NS(snova_unpack)(s.elems, sig, SNOVA_SIG_ELEMS) != 0) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    for (j = 0; j < SNOVA_N; j++) {
        blk_from_elems(&s.u[j], &s.elems[j * SNOVA_L2]);
#if SNOVA_REJECT_SYMMETRIC_SIG
        if (blk_is_symmetric(&s.u[j])) {
            return PQSIG_ERR_INVALID_SIGNATURE;
        }
#endif
        PQSIG_NS(snova_whip_point)(s.su[j], &s.u[j], spow);
    }

    if (unpack_p22(&s, pk + SNOVA_SEED_PUBLIC_BYTES) != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }

    /* P~(U): the blocks from the public seed, then P22. */
    PQSIG_NS(snova_stream_public)(&pub, pk);
    PQSIG_NS(snova_walk_public)(&pub, verify_visit, &s);
    PQSIG_NS(snova_abq_generate)(&abq, &pub, spow);
    PQSIG_NS(snova_stream_release)(&pub);
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_O; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                PQSIG_NS(snova_whip_add)(&s.w, i, s.su[SNOVA_V + j], &s.p22[i][j][k], s.su[SNOVA_V + k]);
            }
        }
    }
    PQSIG_NS(snova_whip_finish)(s.value, &s.w, &abq);

    /* The target (Algorithm 6), compared element by element. */
#if SNOVA_RAW_MESSAGE_HASH
    PQSIG_NS(snova_target_bytes)(s.target, pk, m, mlen, salt);
#else
    pqsig_shake256(s.md, SNOVA_DIGEST_BYTES, m, mlen);
    PQSIG_NS(snova_target_bytes)(s.target, pk, s.md, SNOVA_DIGEST_BYTES, salt);
#endif
    (void)PQSIG_NS(snova_unpack)(s.elems, s.target, SNOVA_HASH_ELEMS);
    ok = 1;
    for (i = 0; i < SNOVA_O; i++) {
        blk y;
        blk_from_elems(&y, &s.elems[i * SNOVA_L2]);
        ok &= memcmp(&y, &s.value[i], sizeof(y)) == 0;
    }
    return ok ? PQSIG_OK : PQSIG_ERR_INVALID_SIGNATURE;
}
