/* NCC-Sign-T opt: signing (spec Algorithm 9), constant time in the
 * secrets. Values made public (PQSIG_CT_DECLASSIFY, each with its reason):
 * zeta (it is in pk), whether a secret key decodes, and the outcomes of the
 * four rejection tests of an attempt; in expand.c, the rejected draws of
 * SampleInBall. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "nccsign/internal.h"
#include "nccsign/variant.h"

/* What signing derives from the secret key alone: the NTTs of a, of
 * s1 + 2^8 s2 and of t0 (reduced as ncc_pointwise's second operands), K
 * and tr. It is the body of an expanded secret key (pqsig_expand_sk), or
 * part of the state of a plain signature. */
typedef struct {
    ncc_poly ahat, s12hat, t0hat;
    uint8_t k[NCC_SEEDBYTES], tr[NCC_SEEDBYTES];
} sign_key;

typedef char sign_key_size[sizeof(sign_key) == NCC_ESK_BYTES ? 1 : -1];

/* The state of signing: the key (its own, or an expanded key's) and the
 * scratch of the attempts. The secret key is decoded into y (s1), z (s2)
 * and r0 (t0) before its NTTs are taken; cct holds c, then c t0; tmp is
 * ExpandA's scratch. */
typedef struct {
    sign_key own;
    const sign_key *key;
    ncc_poly chat, tmp;
    ncc_spoly y, z, r0, cct;
    uint8_t w1[NCC_N], h[NCC_N];
    uint8_t masks[NCC_MASK_BATCH][NCC_POLYZ_BYTES]; /* packed masks of the batch (internal.h) */
    uint8_t mu[NCC_CRHBYTES], rho[NCC_CRHBYTES], krho[NCC_SEEDBYTES + NCC_CRHBYTES];
    uint8_t zeta[NCC_SEEDBYTES];
} sign_state;

typedef char sign_state_fits_temp[sizeof(sign_state) <= PQSIG_V_TEMP_BYTES ? 1 : -1];

/* One attempt with the mask in st->y: 1 and the signature in sig if it
 * passes every test, else 0. */
static int attempt(sign_state *st, uint8_t *sig)
{
    uint8_t ctilde[NCC_SEEDBYTES];
    uint32_t reject;

    /* w = a y; (w1, w0) = Decompose(w); c~ = H(mu || w1); c = SampleInBall(c~). */
    ncc_lift(&st->tmp, &st->y);
    ncc_ntt(st->tmp.c);
    ncc_pointwise(st->tmp.c, st->tmp.c, st->key->ahat.c);
    ncc_invntt(st->tmp.c);
    ncc_decompose(st->w1, st->r0.c, st->tmp.c);
    ncc_hash_challenge(ctilde, st->mu, st->w1);
    ncc_sample_in_ball(&st->cct, ctilde);
    ncc_lift(&st->chat, &st->cct);
    ncc_ntt(st->chat.c);

    /* c s1 and c s2 (see NCC_S12_SHIFT): r0 = w0 - c s2, z = y + c s1. */
    ncc_pointwise(st->tmp.c, st->chat.c, st->key->s12hat.c);
    ncc_invntt(st->tmp.c);
    ncc_center(&st->z, &st->tmp);
    ncc_split_cs12(&st->z, &st->r0, &st->y);
    /* Reject if ||w0 - c s2|| >= gamma2 - beta or ||z|| >= gamma1 - beta. */
    reject = ncc_exceeds(&st->r0, NCC_GAMMA2 - NCC_BETA) |
             ncc_exceeds(&st->z, NCC_GAMMA1 - NCC_BETA);
    /* Rejection outcome: made public by the retry (as in Dilithium). */
    PQSIG_CT_DECLASSIFY(&reject, sizeof reject);
    if (reject) {
        return 0;
    }

    /* c t0; reject if ||c t0|| >= gamma2. */
    ncc_pointwise(st->tmp.c, st->chat.c, st->key->t0hat.c);
    ncc_invntt(st->tmp.c);
    ncc_center(&st->cct, &st->tmp);
    reject = ncc_exceeds(&st->cct, NCC_GAMMA2);
    /* Rejection outcome: made public by the retry. */
    PQSIG_CT_DECLASSIFY(&reject, sizeof reject);
    if (reject) {
        return 0;
    }

    /* h = MakeHint(-c t0, w - c s2 + c t0); reject if more than omega bits. */
    ncc_add(&st->r0, &st->cct);
    reject = ncc_make_hint(st->h, st->r0.c, st->w1);
    reject = (NCC_OMEGA - reject) >> 31;
    /* Rejection outcome: made public by the retry; the weight of an
     * accepted hint is public anyway (it is in the signature). */
    PQSIG_CT_DECLASSIFY(&reject, sizeof reject);
    if (reject) {
        return 0;
    }
    ncc_pack_sig(sig, ctilde, &st->z, st->h);
    return 1;
}

/* st->own from the secret key sk: PQSIG_OK, or PQSIG_ERR_MALFORMED_KEY. */
static int sign_prepare(sign_state *st, const uint8_t *sk)
{
    sign_key *key = &st->own;
    uint32_t malformed;
    malformed = ncc_unpack_sk(st->zeta, st->krho, key->tr, &st->y, &st->z, &st->r0, sk);
    /* Whether the key decodes at all: refusing a malformed key reveals only
     * that it is malformed. */
    PQSIG_CT_DECLASSIFY(&malformed, sizeof malformed);
    if (malformed) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    memcpy(key->k, st->krho, NCC_SEEDBYTES);
    /* zeta is the public seed of a: it is the first field of pk. */
    PQSIG_CT_DECLASSIFY(st->zeta, sizeof st->zeta);
    ncc_expand_a(&key->ahat, &st->tmp, st->zeta);
    ncc_join_s12(&st->y, &st->z);
    ncc_lift(&key->s12hat, &st->y);
    ncc_ntt(key->s12hat.c);
    ncc_reduce2q(key->s12hat.c); /* second operands of the products (ncc_pointwise) */
    ncc_lift(&key->t0hat, &st->r0);
    ncc_ntt(key->t0hat.c);
    ncc_reduce2q(key->t0hat.c);
    return PQSIG_OK;
}

/* The signature of m under st->key. */
static int sign_with(sign_state *st, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen)
{
    const unsigned batch = ncc_mask_batch();
    uint32_t nonce;
    unsigned slot = 0;

    /* mu = H(tr || M, 64); rho' = H(K || mu, 64) (deterministic signing). */
    ncc_hash_mu(st->mu, st->key->tr, m, mlen);
    memcpy(st->krho, st->key->k, NCC_SEEDBYTES);
    memcpy(st->krho + NCC_SEEDBYTES, st->mu, NCC_CRHBYTES);
    pqsig_shake256(st->rho, NCC_CRHBYTES, st->krho, sizeof st->krho);

    /* The official nonce is 16 bits; 2^16 attempts never happen (about 2-5
     * are expected) but bound the loop. A batch of masks (nonces nonce ..
     * nonce + batch - 1; 0x10000 is a multiple of the batch) is drawn when
     * the previous one is used up. */
    for (nonce = 0; nonce < 0x10000; nonce++) {
        if (slot == 0) {
            ncc_expand_masks(st->masks, st->rho, (uint16_t)nonce, batch);
        }
        ncc_unpack_z(st->y.c, st->masks[slot]);
        slot = slot + 1 == batch ? 0 : slot + 1;
        if (attempt(st, sig)) {
            *siglen = NCC_SIG_BYTES;
            return PQSIG_OK;
        }
    }
    return PQSIG_ERR_SIGN_ATTEMPTS;
}

int PQSIG_NS(sign_derand_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                               const uint8_t *sk, const uint8_t *rnd, void *tmp)
{
    sign_state *st = (sign_state *)tmp;
    int ret;
    (void)rnd;
    st->key = &st->own;
    ret = sign_prepare(st, sk);
    if (ret == PQSIG_OK) {
        ret = sign_with(st, sig, siglen, m, mlen);
    }
    pqsig_zeroize(st, sizeof *st);
    return ret;
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
    sign_state st;
    return PQSIG_NS(sign_derand_temp)(sig, siglen, m, mlen, sk, rnd, &st);
}

/* The expanded secret key: the sign_key of sk (secret: the caller wipes
 * it, pqsig_wipe). */
int PQSIG_NS(expand_sk)(uint8_t *esk, const uint8_t *sk)
{
    sign_state st;
    int ret = sign_prepare(&st, sk);
    if (ret == PQSIG_OK) {
        memcpy(esk, &st.own, sizeof st.own);
    }
    pqsig_zeroize(&st, sizeof st);
    return ret;
}

int PQSIG_NS(sign_expanded_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                   const uint8_t *esk, const uint8_t *rnd)
{
    sign_state st;
    int ret;
    (void)rnd;
    st.key = (const sign_key *)(const void *)esk;
    ret = sign_with(&st, sig, siglen, m, mlen);
    pqsig_zeroize(&st, sizeof st);
    return ret;
}
