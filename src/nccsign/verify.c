/* NCC-Sign-T opt: verification (spec Algorithm 10). Everything it handles
 * is public, so it may branch on and index memory by the data, and its
 * state (in the caller's scratch) needs no wiping. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "nccsign/internal.h"
#include "nccsign/variant.h"

/* w is ExpandA's scratch before it holds a z; wide is ncc_sub_ct1's. */
typedef struct {
    ncc_poly ahat, w, t1;
    ncc_spoly z;
    int32_t wide[2 * NCC_N];
    uint32_t pos[NCC_TAU], neg[NCC_TAU];
    uint8_t h[NCC_N], w1[NCC_N];
    uint8_t zeta[NCC_SEEDBYTES], tr[NCC_SEEDBYTES], mu[NCC_CRHBYTES];
    uint8_t ctilde[NCC_SEEDBYTES], ctilde2[NCC_SEEDBYTES];
} verify_state;

typedef char verify_state_fits_temp[sizeof(verify_state) <= PQSIG_V_TEMP_BYTES ? 1 : -1];

int PQSIG_NS(verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *pk, void *tmp)
{
    verify_state *st = (verify_state *)tmp;
    uint32_t weight = 0;
    size_t i;

    if (siglen != NCC_SIG_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    if (ncc_unpack_pk(st->zeta, &st->t1, pk) != 0) {
        return PQSIG_ERR_MALFORMED_KEY;
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

    pqsig_shake256(st->tr, NCC_SEEDBYTES, pk, NCC_PK_BYTES);
    ncc_hash_mu(st->mu, st->tr, m, mlen);
    ncc_challenge_list(st->pos, st->neg, st->ctilde);
    ncc_expand_a(&st->ahat, &st->w, st->zeta);

    /* w' = a z - c t1 2^d; w1' = UseHint(h, w'); accept iff H(mu || w1') = c~.
     * c t1 is a sparse product, |c t1| < 2^17. */
    ncc_lift(&st->w, &st->z);
    ncc_ntt(st->w.c);
    ncc_pointwise(st->w.c, st->w.c, st->ahat.c);
    ncc_invntt(st->w.c);
    ncc_sub_ct1(st->w.c, st->pos, st->neg, st->t1.c, st->wide);
    ncc_use_hint(st->w1, st->w.c, st->h);
    ncc_hash_challenge(st->ctilde2, st->mu, st->w1);
    return pqsig_ct_memcmp(st->ctilde, st->ctilde2, NCC_SEEDBYTES) == 0 ? PQSIG_OK
                                                                          : PQSIG_ERR_INVALID_SIGNATURE;
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk)
{
    verify_state st;
    return PQSIG_NS(verify_temp)(sig, siglen, m, mlen, pk, &st);
}
