/* SNOVA opt: key generation (Algorithm 13), one equation of the public
 * matrices at a time; the field layer computes and emits P22_i
 * (snova_kg_equation). */
#include <string.h>

#include "common/ct.h"
#include "snova/state.h"
#include "snova/variant.h"

/* With cmp (round-2 ESK only) nothing is written: the expanded part of the
 * stored secret key cmp is compared with what its seeds give. */
static int keygen(snova_keygen_state *s, uint8_t *pk, uint8_t *sk, const uint8_t *seed, const uint8_t *cmp)
{
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];
    unsigned i;
    int ret = PQSIG_OK;

    memcpy(pk_seed, seed, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is the first part of the public key. */
    PQSIG_CT_DECLASSIFY(pk_seed, sizeof(pk_seed));

    PQSIG_NS(snova_spow)(s->spow);
    PQSIG_NS(snova_gen_t12)(s->t12, seed + SNOVA_SEED_PUBLIC_BYTES, s->spow, &s->u.t12);
    PQSIG_NS(snova_kg_prepare)(&s->u.w, s->t12);
    PQSIG_NS(snova_pub_init)(&s->pub, pk_seed, NULL, 0);
#if SNOVA_ESK
    PQSIG_NS(snova_kg_esk_begin)(&s->u.w, sk, cmp, &s->pub, s->spow, s->t12);
#else
    (void)cmp;
#endif
    PQSIG_NS(snova_packer_init)(&s->packer, pk != NULL ? pk + SNOVA_SEED_PUBLIC_BYTES : NULL);
    for (i = 0; i < SNOVA_O; i++) {
        PQSIG_NS(snova_kg_equation)(&s->u.w, &s->pub, s->t12, i, &s->packer);
    }
    PQSIG_NS(snova_packer_end)(&s->packer);
    PQSIG_NS(snova_pub_release)(&s->pub);

    if (cmp == NULL) {
        memcpy(pk, pk_seed, SNOVA_SEED_PUBLIC_BYTES);
        /* the seeds end the secret key (after the round-2 expanded part) */
        memcpy(sk + SNOVA_SECRETKEY_BYTES - SNOVA_SEED_BYTES, seed, SNOVA_SEED_BYTES);
    }
#if SNOVA_ESK
    else {
        uint8_t bad = s->u.w.diff;
        /* Public: whether the key is well formed; the caller learns it
         * from the return code. */
        PQSIG_CT_DECLASSIFY(&bad, sizeof(bad));
        ret = bad != 0 ? PQSIG_ERR_MALFORMED_KEY : PQSIG_OK;
    }
#endif
    pqsig_zeroize(s, sizeof(*s));
    return ret;
}

int PQSIG_NS(keypair_derand_temp)(uint8_t *pk, uint8_t *sk, const uint8_t *seed, void *tmp)
{
    return keygen(&((snova_temp *)tmp)->keygen, pk, sk, seed, NULL);
}

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    snova_keygen_state s;
    return keygen(&s, pk, sk, seed, NULL);
}

#if SNOVA_ESK
/* A round-2 expanded secret key is used only if its stored matrices are
 * the ones its seeds give (Algorithm 14): the official code signs with the
 * stored matrices and this implementation from the seeds, so a key whose
 * two parts disagree would sign differently in each. Both refuse it. */
int PQSIG_NS(snova_esk_check_temp)(const uint8_t *sk, snova_keygen_state *s)
{
    return keygen(s, NULL, NULL, sk + SNOVA_SECRETKEY_BYTES - SNOVA_SEED_BYTES, sk);
}

/* Its own frame: the keygen state is gone before signing's is made. */
PQSIG_NOINLINE int PQSIG_NS(snova_esk_check)(const uint8_t *sk)
{
    snova_keygen_state s;
    return PQSIG_NS(snova_esk_check_temp)(sk, &s);
}
#endif
