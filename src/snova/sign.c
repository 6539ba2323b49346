/* SNOVA opt: signing (Algorithms 14-18). Each attempt whips the vinegar,
 * lets the field layer evaluate the vinegar part of every equation and
 * build the linear system in the oil (snova_sg_*), solves it in constant
 * time and forms U = (V + T12 O, O). */
#include <string.h>

#include "common/ct.h"
#include "snova/state.h"
#include "snova/variant.h"

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
static int sign_attempt(snova_sign_state *s, uint8_t attempt)
{
    const snova_sign_key *key = &s->key;
    snova_sign_work *w = &s->u.w;
    unsigned i, r;
    uint32_t singular, symmetric = 0;

    PQSIG_NS(snova_vinegar_bytes)(s->vbytes, key->sk_seed, s->target, s->md, s->salt, attempt);
    (void)PQSIG_NS(snova_unpack)(s->vel, s->vbytes, SNOVA_V * SNOVA_L2);

    PQSIG_NS(snova_sg_parts)(w, &s->key.pub, key->t12, key->spow, s->vel);
    PQSIG_NS(snova_sg_finish)(s->vv, w, &key->abq);
    for (i = 0; i < SNOVA_O; i++) {
        uint8_t rhs[SNOVA_L2];
        for (r = 0; r < SNOVA_L2; r++) {
            rhs[r] = fe_sub(s->y[i * SNOVA_L2 + r], s->vv[i * SNOVA_L2 + r]);
        }
        PQSIG_NS(snova_sg_rows)(w, &key->abq, key->spow, rhs, i);
    }
    singular = PQSIG_NS(snova_sg_solve)(w);
    /* Whether this vinegar choice gives a singular system is public: it
     * only makes the signer try the next counter value, which the
     * signature does not reveal beyond what timing shows anyway. */
    PQSIG_CT_DECLASSIFY(&singular, sizeof(singular));
    if (singular != 0) {
        return -1;
    }

    PQSIG_NS(snova_sg_signature)(w, s->sol, key->t12, s->vel); /* U = (V + T12 O, O) */
#if SNOVA_REJECT_SYMMETRIC_SIG
    for (i = 0; i < SNOVA_N; i++) {
        symmetric |= blk_symmetric(&s->sol[i * SNOVA_L2]);
    }
    /* Public: a signature with a symmetric block is never released, the
     * signer moves on to the next counter value. */
    PQSIG_CT_DECLASSIFY(&symmetric, sizeof(symmetric));
    if (symmetric != 0) {
        return -1;
    }
#else
    (void)symmetric;
    (void)blk_symmetric;
#endif
    return 0;
}

/* What both key forms share: s->key is ready; pk_seed is public. */
static int sign_run(snova_sign_state *s, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                    const uint8_t *rnd)
{
    unsigned attempt;
    int ret = PQSIG_ERR_SIGN_ATTEMPTS;

    memcpy(s->salt, rnd, SNOVA_SALT_BYTES);
    PQSIG_NS(snova_msg_target)(s->target, s->md, s->key.pk_seed, m, mlen, rnd);
    (void)PQSIG_NS(snova_unpack)(s->y, s->target, SNOVA_NU);

    for (attempt = 1; attempt <= SNOVA_MAX_SIGN_ATTEMPTS; attempt++) {
        if (sign_attempt(s, (uint8_t)attempt) == 0) {
            PQSIG_NS(snova_pack)(sig, s->sol, SNOVA_SIG_ELEMS);
            memcpy(sig + SNOVA_SIGNATURE_BYTES - SNOVA_SALT_BYTES, rnd, SNOVA_SALT_BYTES);
            *siglen = SNOVA_SIGNATURE_BYTES;
            ret = PQSIG_OK;
            break;
        }
    }
    PQSIG_NS(snova_pub_release)(&s->key.pub);
    pqsig_zeroize(s, sizeof(*s));
    return ret;
}

/* The seeds of a secret key (after the round-2 expanded part: its
 * matrices are what the seeds determine, Algorithm 14, so every form
 * signs from the seeds, with the same signatures for every key
 * keypair_derand makes). */
static void key_seeds(snova_sign_key *key, const uint8_t *pk_seed, const uint8_t *sk_seed)
{
    memcpy(key->pk_seed, pk_seed, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is part of the public key. */
    PQSIG_CT_DECLASSIFY(key->pk_seed, sizeof(key->pk_seed));
    memcpy(key->sk_seed, sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    PQSIG_NS(snova_spow)(key->spow);
}

static int sign_seed(snova_sign_state *s, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *sk, const uint8_t *rnd)
{
    const uint8_t *seeds = sk + SNOVA_SECRETKEY_BYTES - SNOVA_SEED_BYTES;

    key_seeds(&s->key, seeds, seeds + SNOVA_SEED_PUBLIC_BYTES);
    PQSIG_NS(snova_gen_t12)(s->key.t12, s->key.sk_seed, s->key.spow, &s->u.t12);
    PQSIG_NS(snova_pub_init)(&s->key.pub, s->key.pk_seed, NULL, 0);
    PQSIG_NS(snova_gen_abq)(&s->key.abq, &s->key.pub, s->key.spow);
    return sign_run(s, sig, siglen, m, mlen, rnd);
}

int PQSIG_NS(sign_derand_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                               const uint8_t *rnd, void *tmp)
{
#if SNOVA_ESK
    int ret = PQSIG_NS(snova_esk_check_temp)(sk, &((snova_temp *)tmp)->keygen);
    if (ret != PQSIG_OK) {
        return ret;
    }
#endif
    return sign_seed(&((snova_temp *)tmp)->sign, sig, siglen, m, mlen, sk, rnd);
}

#if SNOVA_ESK
/* Its own frame, after the check's. */
static PQSIG_NOINLINE int sign_checked(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                       const uint8_t *sk, const uint8_t *rnd)
{
    snova_sign_state s;
    return sign_seed(&s, sig, siglen, m, mlen, sk, rnd);
}
#endif

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                          const uint8_t *rnd)
{
#if SNOVA_ESK
    int ret = PQSIG_NS(snova_esk_check)(sk);
    return ret != PQSIG_OK ? ret : sign_checked(sig, siglen, m, mlen, sk, rnd);
#else
    snova_sign_state s;
    return sign_seed(&s, sig, siglen, m, mlen, sk, rnd);
#endif
}

int PQSIG_NS(expand_sk)(uint8_t *esk, const uint8_t *sk)
{
    snova_esk *e = (snova_esk *)esk;
    snova_blk spow[SNOVA_L];
    snova_pub pub;
    snova_t12_scratch scratch;
    const uint8_t *seeds = sk + SNOVA_SECRETKEY_BYTES - SNOVA_SEED_BYTES;

#if SNOVA_ESK
    int ret = PQSIG_NS(snova_esk_check)(sk);
    if (ret != PQSIG_OK) {
        return ret;
    }
#endif
    memcpy(e->pk_seed, seeds, SNOVA_SEED_PUBLIC_BYTES);
    /* The public seed is part of the public key. */
    PQSIG_CT_DECLASSIFY(e->pk_seed, sizeof(e->pk_seed));
    memcpy(e->sk_seed, seeds + SNOVA_SEED_PUBLIC_BYTES, SNOVA_SEED_PRIVATE_BYTES);
    PQSIG_NS(snova_spow)(spow);
    PQSIG_NS(snova_gen_t12)(e->t12, e->sk_seed, spow, &scratch);
    PQSIG_NS(snova_pub_init)(&pub, e->pk_seed, NULL, 0);
    PQSIG_NS(snova_read_p)(e->p, &pub);
    PQSIG_NS(snova_gen_abq)(&e->abq, &pub, spow);
    PQSIG_NS(snova_pub_release)(&pub);
    return PQSIG_OK;
}

int PQSIG_NS(sign_expanded_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                   const uint8_t *esk, const uint8_t *rnd)
{
    const snova_esk *e = (const snova_esk *)esk;
    snova_sign_state s;

    key_seeds(&s.key, e->pk_seed, e->sk_seed);
    memcpy(s.key.t12, e->t12, sizeof(s.key.t12));
    s.key.abq = e->abq;
    PQSIG_NS(snova_pub_init)(&s.key.pub, s.key.pk_seed, e->p, SNOVA_PUB_P_BYTES);
    return sign_run(&s, sig, siglen, m, mlen, rnd);
}
