/* NCC-Sign-T opt: key generation, signing and verification (spec
 * Algorithms 8-10) over the kernels of native/api.h, constant time in the
 * secrets. Values made public (PQSIG_CT_DECLASSIFY, each with its reason):
 * zeta (it is in pk), whether a secret key decodes, and the outcomes of the
 * rejection tests: here the four tests of a signing attempt, in expand.c
 * and arith.c the rejected draws of SampleInBall and ExpandS. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "nccsign/internal.h"
#include "nccsign/variant.h"

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    /* Secrets live in s (s1, then s2, then t0) and t (a s1), wiped at the end;
     * a-hat's buffer takes t1 once the product is done. */
    ncc_poly ahat, t;
    ncc_spoly s;
    uint8_t zeta[NCC_SEEDBYTES], seedbuf[3 * NCC_SEEDBYTES], tr[NCC_SEEDBYTES];

    memcpy(zeta, seed, NCC_SEEDBYTES);
    /* zeta is the public seed of a: it is the first field of pk. */
    PQSIG_CT_DECLASSIFY(zeta, sizeof zeta);
    /* (xi1, xi2, K) = SHAKE256(seed, 96); s1 = ExpandS(xi1 || xi2) and
     * s2 = ExpandS(xi2 || K), as the official code reads 64 bytes from each. */
    pqsig_shake256(seedbuf, sizeof seedbuf, seed + NCC_SEEDBYTES, NCC_SEEDBYTES);
    PQSIG_NS(ncc_expand_a)(&ahat, zeta);
    PQSIG_NS(ncc_expand_s)(&s, seedbuf);
    PQSIG_NS(ncc_pack_sk_s)(sk, 0, &s);
    PQSIG_NS(ncc_lift)(&t, &s);
    PQSIG_NS(ncc_expand_s)(&s, seedbuf + NCC_SEEDBYTES);
    PQSIG_NS(ncc_pack_sk_s)(sk, 1, &s);

    /* t = a s1 + s2 (see ncc_keygen_round and ref/sign.c for t = q). */
    PQSIG_NS(ncc_ntt)(t.c);
    PQSIG_NS(ncc_pointwise)(t.c, t.c, ahat.c);
    PQSIG_NS(ncc_invntt)(t.c);
    PQSIG_NS(ncc_keygen_round)(&ahat, &s, &t);
    PQSIG_NS(ncc_pack_sk_t0)(sk, &s);
    PQSIG_NS(ncc_pack_pk)(pk, zeta, &ahat);
    pqsig_shake256(tr, NCC_SEEDBYTES, pk, NCC_PK_BYTES);
    PQSIG_NS(ncc_pack_sk_seeds)(sk, zeta, seedbuf + 2 * NCC_SEEDBYTES, tr);

    pqsig_zeroize(seedbuf, sizeof seedbuf);
    pqsig_zeroize(&s, sizeof s);
    pqsig_zeroize(&t, sizeof t);
    return PQSIG_OK;
}

int PQSIG_NS(keypair_rng)(uint8_t *pk, uint8_t *sk, const pqsig_rng *rng)
{
    uint8_t seed[NCC_KEYPAIR_SEED_BYTES];
    int ret = PQSIG_ERR_RNG;
    /* Two draws, zeta then the secret seed, as the official keypair does. */
    if (rng->fill(rng->state, seed, NCC_SEEDBYTES) == 0 &&
        rng->fill(rng->state, seed + NCC_SEEDBYTES, NCC_SEEDBYTES) == 0) {
        ret = PQSIG_NS(keypair_derand)(pk, sk, seed);
    }
    pqsig_zeroize(seed, sizeof seed);
    return ret;
}

/* c s1 and c s2 come out of one inverse NTT: s12 = s1 + 2^8 s2, and
 * c s12 = c s1 + 2^8 c s2 with |c s1|, |c s2| <= tau < 2^7, far below q/2. */
#define S12_SHIFT 8

/* The state of signing: NTTs of the secret key and of a, and the scratch of
 * one attempt. */
typedef struct {
    ncc_poly ahat, s12hat, t0hat, chat, tmp;
    ncc_spoly y, z, r0, ct0, c;
    uint8_t w1[NCC_N], h[NCC_N];
    uint8_t mu[NCC_CRHBYTES], rho[NCC_CRHBYTES];
} sign_state;

/* One attempt with mask nonce `nonce`: 1 and the signature in sig if it
 * passes every test, else 0. */
static int attempt(sign_state *st, uint8_t *sig, uint16_t nonce)
{
    uint8_t ctilde[NCC_SEEDBYTES];
    uint32_t reject;
    size_t i;

    /* w = a y; (w1, w0) = Decompose(w); c~ = H(mu || w1); c = SampleInBall(c~). */
    PQSIG_NS(ncc_expand_mask)(&st->y, st->rho, nonce);
    PQSIG_NS(ncc_lift)(&st->tmp, &st->y);
    PQSIG_NS(ncc_ntt)(st->tmp.c);
    PQSIG_NS(ncc_pointwise)(st->tmp.c, st->tmp.c, st->ahat.c);
    PQSIG_NS(ncc_invntt)(st->tmp.c);
    PQSIG_NS(ncc_decompose)(st->w1, &st->r0, &st->tmp);
    PQSIG_NS(ncc_hash_challenge)(ctilde, st->mu, st->w1);
    PQSIG_NS(ncc_sample_in_ball)(&st->c, ctilde);
    PQSIG_NS(ncc_lift)(&st->chat, &st->c);
    PQSIG_NS(ncc_ntt)(st->chat.c);

    /* c s1 and c s2 (see S12_SHIFT): r0 = w0 - c s2, z = y + c s1. */
    PQSIG_NS(ncc_pointwise)(st->tmp.c, st->chat.c, st->s12hat.c);
    PQSIG_NS(ncc_invntt)(st->tmp.c);
    PQSIG_NS(ncc_center)(&st->z, &st->tmp);
    for (i = 0; i < NCC_N; i++) {
        int32_t v = st->z.c[i];
        int32_t cs1 = (int32_t)(((uint32_t)v + 128) & 255) - 128;
        st->r0.c[i] -= (v - cs1) / (1 << S12_SHIFT);
        st->z.c[i] = st->y.c[i] + cs1;
    }
    /* Reject if ||w0 - c s2|| >= gamma2 - beta or ||z|| >= gamma1 - beta. */
    reject = PQSIG_NS(ncc_exceeds)(&st->r0, NCC_GAMMA2 - NCC_BETA) |
             PQSIG_NS(ncc_exceeds)(&st->z, NCC_GAMMA1 - NCC_BETA);
    /* Rejection outcome: made public by the retry (as in Dilithium). */
    PQSIG_CT_DECLASSIFY(&reject, sizeof reject);
    if (reject) {
        return 0;
    }

    /* c t0; reject if ||c t0|| >= gamma2. */
    PQSIG_NS(ncc_pointwise)(st->tmp.c, st->chat.c, st->t0hat.c);
    PQSIG_NS(ncc_invntt)(st->tmp.c);
    PQSIG_NS(ncc_center)(&st->ct0, &st->tmp);
    reject = PQSIG_NS(ncc_exceeds)(&st->ct0, NCC_GAMMA2);
    /* Rejection outcome: made public by the retry. */
    PQSIG_CT_DECLASSIFY(&reject, sizeof reject);
    if (reject) {
        return 0;
    }

    /* h = MakeHint(-c t0, w - c s2 + c t0); reject if more than omega bits. */
    for (i = 0; i < NCC_N; i++) {
        st->r0.c[i] += st->ct0.c[i];
    }
    reject = PQSIG_NS(ncc_make_hint)(st->h, &st->r0, st->w1);
    reject = (NCC_OMEGA - reject) >> 31;
    /* Rejection outcome: made public by the retry; the weight of an
     * accepted hint is public anyway (it is in the signature). */
    PQSIG_CT_DECLASSIFY(&reject, sizeof reject);
    if (reject) {
        return 0;
    }
    PQSIG_NS(ncc_pack_sig)(sig, ctilde, &st->z, st->h);
    return 1;
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
    sign_state st;
    ncc_spoly s1, s2, t0;
    uint8_t zeta[NCC_SEEDBYTES], krho[NCC_SEEDBYTES + NCC_CRHBYTES], tr[NCC_SEEDBYTES];
    uint32_t malformed, nonce;
    int ret = PQSIG_ERR_SIGN_ATTEMPTS;
    size_t i;
    (void)rnd;

    malformed = PQSIG_NS(ncc_unpack_sk)(zeta, krho, tr, &s1, &s2, &t0, sk);
    /* Whether the key decodes at all: refusing a malformed key reveals only
     * that it is malformed. */
    PQSIG_CT_DECLASSIFY(&malformed, sizeof malformed);
    if (malformed) {
        ret = PQSIG_ERR_MALFORMED_KEY;
        goto done;
    }
    /* zeta is the public seed of a: it is the first field of pk. */
    PQSIG_CT_DECLASSIFY(zeta, sizeof zeta);

    /* mu = H(tr || M, 64); rho' = H(K || mu, 64) (deterministic signing). */
    PQSIG_NS(ncc_hash_mu)(st.mu, tr, m, mlen);
    memcpy(krho + NCC_SEEDBYTES, st.mu, NCC_CRHBYTES);
    pqsig_shake256(st.rho, NCC_CRHBYTES, krho, sizeof krho);
    PQSIG_NS(ncc_expand_a)(&st.ahat, zeta);
    for (i = 0; i < NCC_N; i++) {
        s1.c[i] += s2.c[i] * (1 << S12_SHIFT);
    }
    PQSIG_NS(ncc_lift)(&st.s12hat, &s1);
    PQSIG_NS(ncc_ntt)(st.s12hat.c);
    PQSIG_NS(ncc_reduce2q)(st.s12hat.c); /* second operands of the products (ncc_pointwise) */
    PQSIG_NS(ncc_lift)(&st.t0hat, &t0);
    PQSIG_NS(ncc_ntt)(st.t0hat.c);
    PQSIG_NS(ncc_reduce2q)(st.t0hat.c);

    /* The official nonce is 16 bits; 2^16 attempts never happen (about 2-5
     * are expected) but bound the loop. */
    for (nonce = 0; nonce < 0x10000; nonce++) {
        if (attempt(&st, sig, (uint16_t)nonce)) {
            *siglen = NCC_SIG_BYTES;
            ret = PQSIG_OK;
            break;
        }
    }
done:
    pqsig_zeroize(&st, sizeof st);
    pqsig_zeroize(&s1, sizeof s1);
    pqsig_zeroize(&s2, sizeof s2);
    pqsig_zeroize(&t0, sizeof t0);
    pqsig_zeroize(krho, sizeof krho);
    return ret;
}

/* r = c t1 (exact integers) from the placements of c: public data only
 * (verification), so positions may be used as addresses. The product of
 * degree < 2n - 1 is folded with X^k = X^(k - n/2) - X^(k - n), k >= n. */
static void sparse_mul_public(int32_t r[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU],
                              const ncc_poly *t1)
{
    int32_t wide[2 * NCC_N - 1];
    size_t k, j;
    memset(wide, 0, sizeof wide);
    for (k = 0; k < NCC_TAU; k++) {
        int32_t *dst = wide + pos[k];
        if (neg[k]) {
            for (j = 0; j < NCC_N; j++) {
                dst[j] -= (int32_t)t1->c[j];
            }
        } else {
            for (j = 0; j < NCC_N; j++) {
                dst[j] += (int32_t)t1->c[j];
            }
        }
    }
    for (k = 2 * NCC_N - 2; k >= NCC_N; k--) {
        wide[k - NCC_N / 2] += wide[k];
        wide[k - NCC_N] -= wide[k];
    }
    memcpy(r, wide, NCC_N * sizeof r[0]);
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk)
{
    ncc_poly ahat, w, t1;
    ncc_spoly z;
    int32_t ct1[NCC_N];
    uint32_t pos[NCC_TAU], neg[NCC_TAU];
    uint8_t h[NCC_N], w1[NCC_N];
    uint8_t zeta[NCC_SEEDBYTES], tr[NCC_SEEDBYTES], mu[NCC_CRHBYTES];
    uint8_t ctilde[NCC_SEEDBYTES], ctilde2[NCC_SEEDBYTES];
    uint32_t weight = 0;
    size_t i;

    if (siglen != NCC_SIG_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    if (PQSIG_NS(ncc_unpack_pk)(zeta, &t1, pk) != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    PQSIG_NS(ncc_unpack_sig)(ctilde, &z, h, sig);
    /* Algorithm 10: ||z|| < gamma1 - beta and at most omega hint bits (the
     * official verifier does not count the hint bits). */
    for (i = 0; i < NCC_N; i++) {
        weight += h[i];
    }
    if (PQSIG_NS(ncc_exceeds)(&z, NCC_GAMMA1 - NCC_BETA) != 0 || weight > NCC_OMEGA) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }

    pqsig_shake256(tr, NCC_SEEDBYTES, pk, NCC_PK_BYTES);
    PQSIG_NS(ncc_hash_mu)(mu, tr, m, mlen);
    PQSIG_NS(ncc_challenge_list)(pos, neg, ctilde);
    PQSIG_NS(ncc_expand_a)(&ahat, zeta);

    /* w' = a z - c t1 2^d; w1' = UseHint(h, w'); accept iff H(mu || w1') = c~.
     * Everything here is public: c t1 is a sparse product, |c t1| < 2^17. */
    PQSIG_NS(ncc_lift)(&w, &z);
    PQSIG_NS(ncc_ntt)(w.c);
    PQSIG_NS(ncc_pointwise)(w.c, w.c, ahat.c);
    PQSIG_NS(ncc_invntt)(w.c);
    sparse_mul_public(ct1, pos, neg, &t1);
    for (i = 0; i < NCC_N; i++) {
        /* x = q 2^14 + w - c t1 2^d in (0, 2^38); x mod q with the quotient
         * estimate floor(x V / 2^46), V = floor(2^46 / q), at most 1 short. */
        uint64_t x = ((uint64_t)NCC_Q << 14) + w.c[i] - (uint64_t)((int64_t)ct1[i] * (1 << NCC_D));
        uint64_t r = x - ((x * (((uint64_t)1 << 46) / NCC_Q)) >> 46) * NCC_Q;
        w.c[i] = (uint32_t)(r - (NCC_Q & (0u - (uint64_t)(r >= NCC_Q))));
    }
    PQSIG_NS(ncc_use_hint)(w1, &w, h);
    PQSIG_NS(ncc_hash_challenge)(ctilde2, mu, w1);
    return pqsig_ct_memcmp(ctilde, ctilde2, NCC_SEEDBYTES) == 0 ? PQSIG_OK : PQSIG_ERR_INVALID_SIGNATURE;
}
