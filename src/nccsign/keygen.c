/* NCC-Sign-T opt: key generation (spec Algorithm 8), constant time in the
 * secrets. Declassified: zeta (it is in pk); in sample.c, the rejected
 * draws of ExpandS. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "nccsign/internal.h"
#include "nccsign/variant.h"

/* Secrets live in s (s1, then s2, then t0), t (a s1) and seedbuf, wiped at
 * the end; t is ExpandA's scratch before it holds s1, a-hat's buffer takes
 * t1 once the product is done. */
typedef struct {
    ncc_poly ahat, t;
    ncc_spoly s;
    uint8_t seedbuf[3 * NCC_SEEDBYTES], zeta[NCC_SEEDBYTES], tr[NCC_SEEDBYTES];
} keygen_state;

typedef char keygen_state_fits_temp[sizeof(keygen_state) <= PQSIG_V_TEMP_BYTES ? 1 : -1];

int PQSIG_NS(keypair_derand_temp)(uint8_t *pk, uint8_t *sk, const uint8_t *seed, void *tmp)
{
    keygen_state *st = (keygen_state *)tmp;

    memcpy(st->zeta, seed, NCC_SEEDBYTES);
    /* zeta is the public seed of a: it is the first field of pk. */
    PQSIG_CT_DECLASSIFY(st->zeta, sizeof st->zeta);
    /* (xi1, xi2, K) = SHAKE256(seed, 96); s1 = ExpandS(xi1 || xi2) and
     * s2 = ExpandS(xi2 || K), as the official code reads 64 bytes from each. */
    pqsig_shake256(st->seedbuf, sizeof st->seedbuf, seed + NCC_SEEDBYTES, NCC_SEEDBYTES);
    ncc_expand_a(&st->ahat, &st->t, st->zeta);
    ncc_expand_s(&st->s, st->seedbuf);
    ncc_pack_sk_s(sk, 0, &st->s);
    ncc_lift(&st->t, &st->s);
    ncc_expand_s(&st->s, st->seedbuf + NCC_SEEDBYTES);
    ncc_pack_sk_s(sk, 1, &st->s);

    /* t = a s1 + s2 (see ncc_keygen_round and ref/sign.c for t = q). */
    ncc_ntt(st->t.c);
    ncc_pointwise(st->t.c, st->t.c, st->ahat.c);
    ncc_invntt(st->t.c);
    ncc_keygen_round(&st->ahat, &st->s, &st->t);
    ncc_pack_sk_t0(sk, &st->s);
    ncc_pack_pk(pk, st->zeta, &st->ahat);
    pqsig_shake256(st->tr, NCC_SEEDBYTES, pk, NCC_PK_BYTES);
    ncc_pack_sk_seeds(sk, st->zeta, st->seedbuf + 2 * NCC_SEEDBYTES, st->tr);

    pqsig_zeroize(st, sizeof *st);
    return PQSIG_OK;
}

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    keygen_state st;
    return PQSIG_NS(keypair_derand_temp)(pk, sk, seed, &st);
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
