/* MQ-Sign: ref and opt agree. For every set, keys from random seeds and
 * signatures of messages of random lengths (and randomness) must be equal
 * byte for byte, and each implementation must accept the other's
 * signatures. Seeds, lengths and messages come from SHAKE256 of a fixed
 * string, so a failure is reproducible. */
#include <stdlib.h>

#include "check.h"
#include "common/fips202.h"
#include "pqsig.h"
#include "registry.h"

#define MAX_MSG 5000

int main(void)
{
    pqsig_shake_ctx rng;
    size_t k, sets = 0;
    pqsig_shake256_init(&rng);
    pqsig_shake_absorb(&rng, (const uint8_t *)"mqsign ref/opt agreement", 24);
    for (k = 0; k < pqsig_count(); k++) {
        const pqsig_alg *opt = pqsig_at(k), *ref;
        const pqsig_details *d = &opt->d;
        uint8_t *pk1, *sk1, *pk2, *sk2, *msg, sig1[512], sig2[512], seed[32], rnd[32], b[4];
        unsigned s, nseeds, t;
        if (strcmp(d->scheme, "mqsign") != 0 || strcmp(d->impl, "opt") != 0) {
            continue;
        }
        ref = pqsig_find_impl(d->name, "ref");
        if (ref == NULL) {
            continue;
        }
        sets++;
        pk1 = malloc(d->public_key_bytes);
        pk2 = malloc(d->public_key_bytes);
        sk1 = malloc(d->secret_key_bytes);
        sk2 = malloc(d->secret_key_bytes);
        msg = malloc(MAX_MSG);
        /* ref key generation is slow at level 5: one key there. */
        nseeds = d->level == 5 ? 1 : 2;
        for (s = 0; s < nseeds; s++) {
            pqsig_shake_squeeze(&rng, seed, sizeof seed);
            CHECK(pqsig_keypair_derand(opt, pk1, sk1, seed) == PQSIG_OK, "%s opt: keypair", d->name);
            CHECK(pqsig_keypair_derand(ref, pk2, sk2, seed) == PQSIG_OK, "%s ref: keypair", d->name);
            CHECK_MEM(pk1, pk2, d->public_key_bytes, "%s: pk ref = opt (seed %u)", d->name, s);
            CHECK_MEM(sk1, sk2, d->secret_key_bytes, "%s: sk ref = opt (seed %u)", d->name, s);
            for (t = 0; t < 6; t++) {
                size_t mlen, l1 = sizeof sig1, l2 = sizeof sig2;
                pqsig_shake_squeeze(&rng, b, sizeof b);
                mlen = t == 0 ? 0 : ((size_t)b[0] << 8 | b[1]) % MAX_MSG;
                pqsig_shake_squeeze(&rng, msg, mlen);
                pqsig_shake_squeeze(&rng, rnd, sizeof rnd);
                CHECK(pqsig_sign_derand(opt, sig1, &l1, msg, mlen, sk1, rnd) == PQSIG_OK, "%s opt: sign", d->name);
                CHECK(pqsig_sign_derand(ref, sig2, &l2, msg, mlen, sk2, rnd) == PQSIG_OK, "%s ref: sign", d->name);
                CHECK(l1 == l2 && memcmp(sig1, sig2, l1) == 0, "%s: sig ref = opt (mlen %zu)", d->name, mlen);
                CHECK(pqsig_verify(ref, sig1, l1, msg, mlen, pk1) == PQSIG_OK, "%s: ref verifies opt", d->name);
                CHECK(pqsig_verify(opt, sig2, l2, msg, mlen, pk2) == PQSIG_OK, "%s: opt verifies ref", d->name);
                if (mlen > 0) {
                    msg[b[2] % mlen] ^= (uint8_t)(1u << (b[3] & 7));
                    CHECK(pqsig_verify(ref, sig1, l1, msg, mlen, pk1) != PQSIG_OK &&
                              pqsig_verify(opt, sig1, l1, msg, mlen, pk1) != PQSIG_OK,
                          "%s: changed message rejected by both", d->name);
                }
            }
        }
        free(pk1);
        free(pk2);
        free(sk1);
        free(sk2);
        free(msg);
    }
    printf("test_mqsign_agree: %zu sets\n", sets);
    CHECK(sets > 0, "some MQ-Sign set has both ref and opt");
    pqsig_shake_release(&rng);
    return check_done("test_mqsign_agree");
}
