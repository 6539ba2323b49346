/* NCC-Sign-T opt: verification (spec Algorithm 10). Everything it handles
 * is public, so it may branch on and index memory by the data, and its
 * state (in the caller's scratch) needs no wiping. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "nccsign/internal.h"
#include "nccsign/variant.h"

/* What verification derives from the public key alone: the NTT of a, t1
 * and tr = H(pk). It is the body of an expanded public key
 * (pqsig_expand_pk), or part of the state of a plain verification. */
typedef struct {
    ncc_poly ahat, t1;
    uint8_t tr[NCC_SEEDBYTES];
} verify_key;

typedef char verify_key_size[sizeof(verify_key) == NCC_EPK_BYTES ? 1 : -1];

/* w is ExpandA's scratch before it holds a z; wide is ncc_sub_ct1's. */
typedef struct {
    verify_key own;
    ncc_poly w;
    ncc_spoly z;
    int32_t wide[2 * NCC_N];
    uint32_t pos[NCC_TAU], neg[NCC_TAU];
    uint8_t h[NCC_N], w1[NCC_N];
    uint8_t zeta[NCC_SEEDBYTES], mu[NCC_CRHBYTES];
    uint8_t ctilde[NCC_SEEDBYTES], ctilde2[NCC_SEEDBYTES];
} verify_state;

typedef char verify_state_fits_temp[sizeof(verify_state) <= PQSIG_V_TEMP_BYTES ? 1 : -1];

/* st->zeta and st->own.t1 from pk: PQSIG_OK, or PQSIG_ERR_MALFORMED_KEY. */
static int verify_unpack(verify_state *st, const uint8_t *pk)
{
    return ncc_unpack_pk(st->zeta, &st->own.t1, pk) == 0 ? PQSIG_OK : PQSIG_ERR_MALFORMED_KEY;
}

/* The rest of st->own (after verify_unpack): tr = H(pk) and ExpandA. */
static void verify_derive(verify_state *st, const uint8_t *pk)
{
    pqsig_shake256(st->own.tr, NCC_SEEDBYTES, pk, NCC_PK_BYTES);
    ncc_expand_a(&st->own.ahat, &st->w, st->zeta);
}

/* sig into st->ctilde, st->z and st->h, and the checks that need no key:
 * PQSIG_OK, or PQSIG_ERR_INVALID_SIGNATURE. */
static int verify_screen(verify_state *st, const uint8_t *sig, size_t siglen)
{
    uint32_t weight = 0;
    size_t i;

    if (siglen != NCC_SIG_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    ncc_unpack_sig(st->ctilde, &st->z, st->h, sig);
    /* Algorithm 10: ||z|| < gamma1 - beta and at most omega hint bits (the
     * official verifier does not count the hint bits). */
    for (i = 0; i < NCC_N; i++) {
        weight += st->h[i];
    }
    if (ncc_exceeds(&st->z, NCC_GAMMA1 - NCC_BETA) != 0 || weight > NCC_OMEGA) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    return PQSIG_OK;
}

/* The verdict on a screened signature (st->ctilde, z, h) and m under key. */
static int verify_with(verify_state *st, const verify_key *key, const uint8_t *m, size_t mlen)
{
    ncc_hash_mu(st->mu, key->tr, m, mlen);
    ncc_challenge_list(st->pos, st->neg, st->ctilde);

    /* w' = a z - c t1 2^d; w1' = UseHint(h, w'); accept iff H(mu || w1') = c~.
     * c t1 is a sparse product, |c t1| < 2^17. */
    ncc_lift(&st->w, &st->z);
    ncc_ntt(st->w.c);
    ncc_pointwise(st->w.c, st->w.c, key->ahat.c);
    ncc_invntt(st->w.c);
    ncc_sub_ct1(st->w.c, st->pos, st->neg, key->t1.c, st->wide);
    ncc_use_hint(st->w1, st->w.c, st->h);
    ncc_hash_challenge(st->ctilde2, st->mu, st->w1);
    return pqsig_ct_memcmp(st->ctilde, st->ctilde2, NCC_SEEDBYTES) == 0 ? PQSIG_OK
                                                                          : PQSIG_ERR_INVALID_SIGNATURE;
}

int PQSIG_NS(verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *pk, void *tmp)
{
    verify_state *st = (verify_state *)tmp;
    int ret;
    /* A wrong length, then a malformed key, then a signature out of bounds
     * are refused before the costly part of the key (H(pk), ExpandA). */
    if (siglen != NCC_SIG_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    ret = verify_unpack(st, pk);
    if (ret == PQSIG_OK) {
        ret = verify_screen(st, sig, siglen);
    }
    if (ret != PQSIG_OK) {
        return ret;
    }
    verify_derive(st, pk);
    return verify_with(st, &st->own, m, mlen);
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk)
{
    verify_state st;
    return PQSIG_NS(verify_temp)(sig, siglen, m, mlen, pk, &st);
}

/* The expanded public key: the verify_key of pk. */
int PQSIG_NS(expand_pk)(uint8_t *epk, const uint8_t *pk)
{
    verify_state st;
    int ret = verify_unpack(&st, pk);
    if (ret == PQSIG_OK) {
        verify_derive(&st, pk);
        memcpy(epk, &st.own, sizeof st.own);
    }
    return ret;
}

int PQSIG_NS(verify_expanded)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                              const uint8_t *epk)
{
    verify_state st;
    int ret = verify_screen(&st, sig, siglen);
    return ret != PQSIG_OK ? ret : verify_with(&st, (const verify_key *)(const void *)epk, m, mlen);
}
