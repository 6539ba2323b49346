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

/* c s1 and c s2 come out of one inverse NTT: s12 = s1 + 2^8 s2, and
 * c s12 = c s1 + 2^8 c s2 with |c s1|, |c s2| <= tau < 2^7, far below q/2. */
#define S12_SHIFT 8

/* The state of signing: NTTs of the secret key and of a, and the scratch of
 * one attempt. The secret key is decoded into y (s1), z (s2) and r0 (t0)
 * before the attempts; cct holds c, then c t0; tmp is ExpandA's scratch. */
typedef struct {
    ncc_poly ahat, s12hat, t0hat, chat, tmp;
    ncc_spoly y, z, r0, cct;
    uint8_t w1[NCC_N], h[NCC_N];
    uint8_t masks[NCC_MASK_BATCH][NCC_POLYZ_BYTES]; /* packed masks of the batch (internal.h) */
    uint8_t mu[NCC_CRHBYTES], rho[NCC_CRHBYTES], krho[NCC_SEEDBYTES + NCC_CRHBYTES];
    uint8_t zeta[NCC_SEEDBYTES], tr[NCC_SEEDBYTES];
} sign_state;

typedef char sign_state_fits_temp[sizeof(sign_state) <= PQSIG_V_TEMP_BYTES ? 1 : -1];

/* One attempt with the mask in st->y: 1 and the signature in sig if it
 * passes every test, else 0. */
static int attempt(sign_state *st, uint8_t *sig)
{
    uint8_t ctilde[NCC_SEEDBYTES];
    uint32_t reject;
    size_t i;

    /* w = a y; (w1, w0) = Decompose(w); c~ = H(mu || w1); c = SampleInBall(c~). */
    ncc_lift(&st->tmp, &st->y);
    ncc_ntt(st->tmp.c);
    ncc_pointwise(st->tmp.c, st->tmp.c, st->ahat.c);
    ncc_invntt(st->tmp.c);
    ncc_decompose(st->w1, st->r0.c, st->tmp.c);
    ncc_hash_challenge(ctilde, st->mu, st->w1);
    ncc_sample_in_ball(&st->cct, ctilde);
    ncc_lift(&st->chat, &st->cct);
    ncc_ntt(st->chat.c);

    /* c s1 and c s2 (see S12_SHIFT): r0 = w0 - c s2, z = y + c s1. */
    ncc_pointwise(st->tmp.c, st->chat.c, st->s12hat.c);
    ncc_invntt(st->tmp.c);
    ncc_center(&st->z, &st->tmp);
    for (i = 0; i < NCC_N; i++) {
        int32_t v = st->z.c[i];
        int32_t cs1 = (int32_t)(((uint32_t)v + 128) & 255) - 128;
        st->r0.c[i] -= (v - cs1) / (1 << S12_SHIFT);
        st->z.c[i] = st->y.c[i] + cs1;
    }
    /* Reject if ||w0 - c s2|| >= gamma2 - beta or ||z|| >= gamma1 - beta. */
    reject = ncc_exceeds(&st->r0, NCC_GAMMA2 - NCC_BETA) |
             ncc_exceeds(&st->z, NCC_GAMMA1 - NCC_BETA);
    /* Rejection outcome: made public by the retry (as in Dilithium). */
    PQSIG_CT_DECLASSIFY(&reject, sizeof reject);
    if (reject) {
        return 0;
    }

    /* c t0; reject if ||c t0|| >= gamma2. */
    ncc_pointwise(st->tmp.c, st->chat.c, st->t0hat.c);
    ncc_invntt(st->tmp.c);
    ncc_center(&st->cct, &st->tmp);
    reject = ncc_exceeds(&st->cct, NCC_GAMMA2);
    /* Rejection outcome: made public by the retry. */
    PQSIG_CT_DECLASSIFY(&reject, sizeof reject);
    if (reject) {
        return 0;
    }

    /* h = MakeHint(-c t0, w - c s2 + c t0); reject if more than omega bits. */
    for (i = 0; i < NCC_N; i++) {
        st->r0.c[i] += st->cct.c[i];
    }
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

int PQSIG_NS(sign_derand_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                               const uint8_t *sk, const uint8_t *rnd, void *tmp)
{
    sign_state *st = (sign_state *)tmp;
    const unsigned batch = ncc_mask_batch();
    uint32_t malformed, nonce;
    unsigned slot = 0;
    int ret = PQSIG_ERR_SIGN_ATTEMPTS;
    size_t i;
    (void)rnd;

    malformed = ncc_unpack_sk(st->zeta, st->krho, st->tr, &st->y, &st->z, &st->r0, sk);
    /* Whether the key decodes at all: refusing a malformed key reveals only
     * that it is malformed. */
    PQSIG_CT_DECLASSIFY(&malformed, sizeof malformed);
    if (malformed) {
        ret = PQSIG_ERR_MALFORMED_KEY;
        goto done;
    }
    /* zeta is the public seed of a: it is the first field of pk. */
    PQSIG_CT_DECLASSIFY(st->zeta, sizeof st->zeta);

    /* mu = H(tr || M, 64); rho' = H(K || mu, 64) (deterministic signing). */
    ncc_hash_mu(st->mu, st->tr, m, mlen);
    memcpy(st->krho + NCC_SEEDBYTES, st->mu, NCC_CRHBYTES);
    pqsig_shake256(st->rho, NCC_CRHBYTES, st->krho, sizeof st->krho);
    ncc_expand_a(&st->ahat, &st->tmp, st->zeta);
    for (i = 0; i < NCC_N; i++) {
        st->y.c[i] += st->z.c[i] * (1 << S12_SHIFT);
    }
    ncc_lift(&st->s12hat, &st->y);
    ncc_ntt(st->s12hat.c);
    ncc_reduce2q(st->s12hat.c); /* second operands of the products (ncc_pointwise) */
    ncc_lift(&st->t0hat, &st->r0);
    ncc_ntt(st->t0hat.c);
    ncc_reduce2q(st->t0hat.c);

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
            ret = PQSIG_OK;
            break;
        }
    }
done:
    pqsig_zeroize(st, sizeof *st);
    return ret;
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
    sign_state st;
    return PQSIG_NS(sign_derand_temp)(sig, siglen, m, mlen, sk, rnd, &st);
}
