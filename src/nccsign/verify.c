/* NCC-Sign-T opt: verification (spec Algorithm 10). Everything it handles
 * is public, so it may branch on and index memory by the data, and its
 * state (in the caller's scratch) needs no wiping. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "nccsign/internal.h"
#include "nccsign/variant.h"

/* w is ExpandA's scratch before it holds a z; wide holds c t1 before the
 * reduction modulo X^n - X^(n/2) + 1. */
typedef struct {
    ncc_poly ahat, w, t1;
    ncc_spoly z;
    int32_t wide[2 * NCC_N - 1];
    uint32_t pos[NCC_TAU], neg[NCC_TAU];
    uint8_t h[NCC_N], w1[NCC_N];
    uint8_t zeta[NCC_SEEDBYTES], tr[NCC_SEEDBYTES], mu[NCC_CRHBYTES];
    uint8_t ctilde[NCC_SEEDBYTES], ctilde2[NCC_SEEDBYTES];
} verify_state;

typedef char verify_state_fits_temp[sizeof(verify_state) <= PQSIG_V_TEMP_BYTES ? 1 : -1];

/* wide[0..n) = c t1 (exact integers) from the placements of c: public data
 * only, so positions may be used as addresses. The product of degree
 * < 2n - 1 is folded with X^k = X^(k - n/2) - X^(k - n), k >= n. */
static void sparse_mul_public(int32_t wide[2 * NCC_N - 1], const uint32_t pos[NCC_TAU],
                              const uint32_t neg[NCC_TAU], const ncc_poly *t1)
{
    size_t k, j;
    memset(wide, 0, (2 * NCC_N - 1) * sizeof wide[0]);
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
}

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
    sparse_mul_public(st->wide, st->pos, st->neg, &st->t1);
    for (i = 0; i < NCC_N; i++) {
        /* x = q 2^14 + w - c t1 2^d in (0, 2^38); x mod q with the quotient
         * estimate floor(x V / 2^46), V = floor(2^46 / q), at most 1 short. */
        uint64_t x = ((uint64_t)NCC_Q << 14) + st->w.c[i] - (uint64_t)((int64_t)st->wide[i] * (1 << NCC_D));
        uint64_t r = x - ((x * (((uint64_t)1 << 46) / NCC_Q)) >> 46) * NCC_Q;
        st->w.c[i] = (uint32_t)(r - (NCC_Q & (0u - (uint64_t)(r >= NCC_Q))));
    }
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
