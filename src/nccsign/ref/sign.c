/* NCC-Sign-T reference: key generation, signing and verification
 * (spec Algorithms 8-10), written as plainly as the specification. */
#include <string.h>

#include "common/fips202.h"
#include "nccsign/ref/ref.h"
#include "nccsign/variant.h"

static int32_t popcount(const ncc_ref_poly *h)
{
    int32_t n = 0;
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        n += h->c[i];
    }
    return n;
}

/* a = NTT^-1(ExpandA(zeta)). */
static void matrix(ncc_ref_poly *a, const uint8_t zeta[NCC_SEEDBYTES])
{
    ncc_ref_poly ahat;
    PQSIG_NS(ref_expand_a)(&ahat, zeta);
    PQSIG_NS(ref_ntt_inverse)(a, &ahat);
}

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    ncc_ref_poly a, s1, s2, t, t1, t0;
    uint8_t seedbuf[3 * NCC_SEEDBYTES], tr[NCC_SEEDBYTES];
    const uint8_t *zeta = seed;
    size_t i;

    /* (xi1, xi2, K) = SHAKE256(seed, 96). The official code expands s1 and
     * s2 from the 64 bytes at xi1 and at xi2: ExpandS(xi1 || xi2) and
     * ExpandS(xi2 || K). */
    pqsig_shake256(seedbuf, sizeof seedbuf, seed + NCC_SEEDBYTES, NCC_SEEDBYTES);
    matrix(&a, zeta);
    PQSIG_NS(ref_expand_s)(&s1, seedbuf);
    PQSIG_NS(ref_expand_s)(&s2, seedbuf + NCC_SEEDBYTES);

    /* t = a s1 + s2. The official code adds s2 to a s1 in [0, q) and then
     * only lifts negatives, so t = q (instead of 0) when a s1 = q - 1 and
     * s2 = 1; Power2Round then gives t1 = NCC_T1_MAX. Kept for identical keys. */
    PQSIG_NS(ref_mul)(&t, &a, &s1);
    for (i = 0; i < NCC_N; i++) {
        t.c[i] += s2.c[i];
        if (t.c[i] < 0) {
            t.c[i] += NCC_Q;
        }
        t1.c[i] = PQSIG_NS(ref_power2round)(&t0.c[i], t.c[i]);
    }
    PQSIG_NS(ref_pack_pk)(pk, zeta, &t1);
    pqsig_shake256(tr, NCC_SEEDBYTES, pk, NCC_PK_BYTES);
    PQSIG_NS(ref_pack_sk)(sk, zeta, seedbuf + 2 * NCC_SEEDBYTES, tr, &s1, &s2, &t0);
    return PQSIG_OK;
}

int PQSIG_NS(keypair_rng)(uint8_t *pk, uint8_t *sk, const pqsig_rng *rng)
{
    uint8_t seed[NCC_KEYPAIR_SEED_BYTES];
    int ret = PQSIG_ERR_RNG;
    if (rng->fill(rng->state, seed, NCC_SEEDBYTES) == 0 &&
        rng->fill(rng->state, seed + NCC_SEEDBYTES, NCC_SEEDBYTES) == 0) {
        ret = PQSIG_NS(keypair_derand)(pk, sk, seed);
    }
    memset(seed, 0, sizeof seed);
    return ret;
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd)
{
    ncc_ref_poly a, s1, s2, t0, y, w, c, cs1, cs2, ct0, z, h, w1;
    uint8_t zeta[NCC_SEEDBYTES], key[NCC_SEEDBYTES], tr[NCC_SEEDBYTES];
    uint8_t mu[NCC_CRHBYTES], rho[NCC_CRHBYTES], krho[NCC_SEEDBYTES + NCC_CRHBYTES];
    uint8_t ctilde[NCC_SEEDBYTES];
    uint32_t attempt;
    size_t i;
    (void)rnd;

    if (PQSIG_NS(ref_unpack_sk)(zeta, key, tr, &s1, &s2, &t0, sk) != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    /* mu = H(tr || M, 64); deterministic rho' = H(K || mu, 64). */
    PQSIG_NS(ref_hash_mu)(mu, tr, m, mlen);
    memcpy(krho, key, NCC_SEEDBYTES);
    memcpy(krho + NCC_SEEDBYTES, mu, NCC_CRHBYTES);
    pqsig_shake256(rho, NCC_CRHBYTES, krho, sizeof krho);
    matrix(&a, zeta);

    /* The official nonce is 16 bits: after 2^16 attempts it would repeat. */
    for (attempt = 0; attempt < 0x10000; attempt++) {
        PQSIG_NS(ref_expand_mask)(&y, rho, (uint16_t)attempt);
        PQSIG_NS(ref_mul)(&w, &a, &y);
        for (i = 0; i < NCC_N; i++) {
            w1.c[i] = PQSIG_NS(ref_highbits)(w.c[i]);
        }
        PQSIG_NS(ref_hash_challenge)(ctilde, mu, &w1);
        PQSIG_NS(ref_sample_in_ball)(&c, ctilde);

        /* ||LowBits(w - c s2)|| < gamma2 - beta: with |c s2| <= tau < beta
         * this is the same as ||w0 - c s2||, which the official code tests. */
        PQSIG_NS(ref_mul)(&cs2, &c, &s2);
        PQSIG_NS(ref_mul)(&cs1, &c, &s1);
        PQSIG_NS(ref_mul)(&ct0, &c, &t0);
        for (i = 0; i < NCC_N; i++) {
            int32_t w0;
            PQSIG_NS(ref_decompose)(&w0, w.c[i]);
            cs2.c[i] = PQSIG_NS(ref_centered)(cs2.c[i]);
            ct0.c[i] = PQSIG_NS(ref_centered)(ct0.c[i]);
            z.c[i] = y.c[i] + PQSIG_NS(ref_centered)(cs1.c[i]);
            cs1.c[i] = w0 - cs2.c[i]; /* reused: w0 - c s2 */
        }
        if (PQSIG_NS(ref_norm)(&cs1) >= NCC_GAMMA2 - NCC_BETA ||
            PQSIG_NS(ref_norm)(&z) >= NCC_GAMMA1 - NCC_BETA ||
            PQSIG_NS(ref_norm)(&ct0) >= NCC_GAMMA2) {
            continue;
        }
        /* h = MakeHint(-c t0, w - c s2 + c t0). */
        for (i = 0; i < NCC_N; i++) {
            h.c[i] = PQSIG_NS(ref_make_hint)(-ct0.c[i], w.c[i] - cs2.c[i] + ct0.c[i]);
        }
        if (popcount(&h) > NCC_OMEGA) {
            continue;
        }
        PQSIG_NS(ref_pack_sig)(sig, ctilde, &z, &h);
        *siglen = NCC_SIG_BYTES;
        return PQSIG_OK;
    }
    return PQSIG_ERR_SIGN_ATTEMPTS;
}

int PQSIG_NS(ref_verify_internal)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                                  const uint8_t *pk, int check_omega)
{
    ncc_ref_poly a, t1, z, h, c, az, ct1, w1;
    uint8_t zeta[NCC_SEEDBYTES], tr[NCC_SEEDBYTES], mu[NCC_CRHBYTES];
    uint8_t ctilde[NCC_SEEDBYTES], ctilde2[NCC_SEEDBYTES];
    size_t i;

    if (siglen != NCC_SIG_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    if (PQSIG_NS(ref_unpack_pk)(zeta, &t1, pk) != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    PQSIG_NS(ref_unpack_sig)(ctilde, &z, &h, sig);
    if (PQSIG_NS(ref_norm)(&z) >= NCC_GAMMA1 - NCC_BETA) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    if (check_omega && popcount(&h) > NCC_OMEGA) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    pqsig_shake256(tr, NCC_SEEDBYTES, pk, NCC_PK_BYTES);
    PQSIG_NS(ref_hash_mu)(mu, tr, m, mlen);
    PQSIG_NS(ref_sample_in_ball)(&c, ctilde);
    matrix(&a, zeta);

    /* w1' = UseHint(h, a z - c t1 2^d). */
    for (i = 0; i < NCC_N; i++) {
        t1.c[i] *= 1 << NCC_D;
    }
    PQSIG_NS(ref_mul)(&az, &a, &z);
    PQSIG_NS(ref_mul)(&ct1, &c, &t1);
    for (i = 0; i < NCC_N; i++) {
        w1.c[i] = PQSIG_NS(ref_use_hint)(h.c[i], az.c[i] - ct1.c[i]);
    }
    PQSIG_NS(ref_hash_challenge)(ctilde2, mu, &w1);
    return memcmp(ctilde, ctilde2, NCC_SEEDBYTES) == 0 ? PQSIG_OK : PQSIG_ERR_INVALID_SIGNATURE;
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk)
{
    return PQSIG_NS(ref_verify_internal)(sig, siglen, m, mlen, pk, 1);
}
