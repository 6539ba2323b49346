/* SNOVA opt: key generation (Algorithm 13), one equation of the public
 * matrices at a time; the field layer computes and emits P22_i
 * (snova_kg_equation). */
#include <string.h>

#include "common/ct.h"
#include "snova/state.h"
#include "snova/variant.h"

static int keygen(snova_keygen_state *s, uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];
    unsigned i;

    memcpy(pk_seed, seed, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is the first part of the public key. */
    PQSIG_CT_DECLASSIFY(pk_seed, sizeof(pk_seed));

    PQSIG_NS(snova_spow)(s->spow);
    PQSIG_NS(snova_gen_t12)(s->t12, seed + SNOVA_SEED_PUBLIC_BYTES, s->spow, &s->u.t12);
    PQSIG_NS(snova_kg_prepare)(&s->u.w, s->t12);
    PQSIG_NS(snova_pub_init)(&s->pub, pk_seed, NULL, 0);
#if SNOVA_ESK
    PQSIG_NS(snova_kg_esk_begin)(&s->u.w, sk, &s->pub, s->spow, s->t12);
#endif
    PQSIG_NS(snova_packer_init)(&s->packer, pk + SNOVA_SEED_PUBLIC_BYTES);
    for (i = 0; i < SNOVA_O; i++) {
        PQSIG_NS(snova_kg_equation)(&s->u.w, &s->pub, s->t12, i, &s->packer);
    }
    PQSIG_NS(snova_packer_end)(&s->packer);
    PQSIG_NS(snova_pub_release)(&s->pub);

    memcpy(pk, pk_seed, SNOVA_SEED_PUBLIC_BYTES);
    /* the seeds end the secret key (after the round-2 expanded part) */
    memcpy(sk + SNOVA_SECRETKEY_BYTES - SNOVA_SEED_BYTES, seed, SNOVA_SEED_BYTES);
    pqsig_zeroize(s, sizeof(*s));
    return PQSIG_OK;
}

int PQSIG_NS(keypair_derand_temp)(uint8_t *pk, uint8_t *sk, const uint8_t *seed, void *tmp)
{
    return keygen(&((snova_temp *)tmp)->keygen, pk, sk, seed);
}

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    snova_keygen_state s;
    return keygen(&s, pk, sk, seed);
}
