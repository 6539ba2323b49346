/* SNOVA opt: verification (Algorithms 19, 20), one equation at a time;
 * everything here is public. The field layer evaluates the public map on
 * the whipped signature (snova_vf_*). Only canonical encodings are
 * accepted, and for odd q no symmetric signature block. */
#include <string.h>

#include "snova/state.h"
#include "snova/variant.h"

/* pub reads the public matrices (from the seed or from an expanded key);
 * abq is the expanded key's ABQ, or NULL to derive it from pub. */
static int verify_core(snova_verify_state *s, const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                       const uint8_t *pk, const snova_abq *abq)
{
    const uint8_t *salt = sig + SNOVA_SIGNATURE_BYTES - SNOVA_SALT_BYTES;
    unsigned i, k;
    uint8_t diff = 0;

    if (siglen != SNOVA_SIGNATURE_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    if (PQSIG_NS(snova_unpack_pub)(s->u, sig, SNOVA_SIG_ELEMS) != 0) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
#if SNOVA_REJECT_SYMMETRIC_SIG
    for (i = 0; i < SNOVA_N; i++) {
        const uint8_t *x = &s->u[i * SNOVA_L2];
        unsigned r, c, symmetric = 1;
        for (r = 0; r < SNOVA_L; r++) {
            for (c = r + 1; c < SNOVA_L; c++) {
                symmetric &= x[r * SNOVA_L + c] == x[c * SNOVA_L + r];
            }
        }
        if (symmetric) {
            return PQSIG_ERR_INVALID_SIGNATURE;
        }
    }
#endif
    if (PQSIG_NS(snova_vf_load_pk)(&s->w, pk) != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }

    PQSIG_NS(snova_spow)(s->spow);
    PQSIG_NS(snova_vf_whip)(&s->w, s->u, s->spow);
    for (i = 0; i < SNOVA_O; i++) {
        PQSIG_NS(snova_vf_equation)(&s->w, &s->pub, pk, i);
    }
    if (abq == NULL) {
        PQSIG_NS(snova_gen_abq)(&s->abq, &s->pub, s->spow);
        abq = &s->abq;
    }
    PQSIG_NS(snova_vf_finish)(s->value, &s->w, abq);

    PQSIG_NS(snova_msg_target)(s->target, s->md, pk, m, mlen, salt);
    (void)PQSIG_NS(snova_unpack_pub)(s->y, s->target, SNOVA_NU);
    for (k = 0; k < SNOVA_NU; k++) {
        diff |= (uint8_t)(s->y[k] ^ s->value[k]);
    }
    return diff == 0 ? PQSIG_OK : PQSIG_ERR_INVALID_SIGNATURE;
}

static int verify_seed(snova_verify_state *s, const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                       const uint8_t *pk)
{
    int ret;
    PQSIG_NS(snova_pub_init)(&s->pub, pk, NULL, 0);
    ret = verify_core(s, sig, siglen, m, mlen, pk, NULL);
    PQSIG_NS(snova_pub_release)(&s->pub);
    return ret;
}

int PQSIG_NS(verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk,
                          void *tmp)
{
    return verify_seed(&((snova_temp *)tmp)->verify, sig, siglen, m, mlen, pk);
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk)
{
    snova_verify_state s;
    return verify_seed(&s, sig, siglen, m, mlen, pk);
}

int PQSIG_NS(expand_pk)(uint8_t *epk, const uint8_t *pk)
{
    snova_epk *e = (snova_epk *)epk;
    snova_blk spow[SNOVA_L];
    snova_pub pub;
    PQSIG_NS(snova_spow)(spow);
    PQSIG_NS(snova_pub_init)(&pub, pk, NULL, 0);
    PQSIG_NS(snova_read_p)(e->p, &pub);
    PQSIG_NS(snova_gen_abq)(&e->abq, &pub, spow);
    PQSIG_NS(snova_pub_release)(&pub);
    memcpy(e->pk, pk, SNOVA_PUBLICKEY_BYTES);
    return PQSIG_OK;
}

int PQSIG_NS(verify_expanded)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                              const uint8_t *epk)
{
    const snova_epk *e = (const snova_epk *)epk;
    snova_verify_state s;
    int ret;
    PQSIG_NS(snova_pub_init)(&s.pub, e->pk, e->p, SNOVA_PUB_P_BYTES);
    ret = verify_core(&s, sig, siglen, m, mlen, e->pk, &e->abq);
    PQSIG_NS(snova_pub_release)(&s.pub);
    return ret;
}
