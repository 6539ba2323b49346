/* MQ-Sign: hashing of messages, PRNG seeding and the hedged signing
 * randomness. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "frontend.h"
#include "mqsign/variant.h"

void mqs_digest(uint8_t y[MQS_O], const uint8_t *m, size_t mlen, const uint8_t salt[MQS_SALT_BYTES],
                const uint8_t *ph)
{
    pqsig_shake_ctx h;
    uint8_t blk[MQS_HASH_BYTES];
    size_t at;
    pqsig_shake256_init(&h);
    /* Streamed: no copy of the message, no limit on its length. */
    pqsig_shake_absorb(&h, m, mlen);
    pqsig_shake_absorb(&h, salt, MQS_SALT_BYTES);
#if MQS_BIND
    pqsig_shake_absorb(&h, ph, MQS_HASH_BYTES);
#else
    (void)ph;
#endif
    pqsig_shake_squeeze(&h, blk, MQS_HASH_BYTES);
    pqsig_shake_release(&h);
    for (at = 0;; at += MQS_HASH_BYTES) {
        size_t n = MQS_O - at > MQS_HASH_BYTES ? MQS_HASH_BYTES : MQS_O - at;
        memcpy(y + at, blk, n);
        if (at + n == MQS_O) {
            break;
        }
        /* The next block is H of the previous one. */
        pqsig_shake256(blk, MQS_HASH_BYTES, y + at, MQS_HASH_BYTES);
    }
}

void mqs_prng_init(pqsig_drbg *prng, const uint8_t *src, size_t srclen)
{
    uint8_t seed[48];
    if (srclen >= sizeof seed) {
        memcpy(seed, src, sizeof seed);
    } else {
        memcpy(seed, src, srclen);
        pqsig_shake256(seed + srclen, sizeof seed - srclen, src, srclen);
    }
    pqsig_drbg_init(prng, seed, NULL, 256);
    pqsig_zeroize(seed, sizeof seed);
}

/* Hedged signing randomness (PQSIG_V_HEDGE, src/common/variant_api.h),
 * used where the library draws rnd from the operating system itself:
 *   rnd = SHAKE256("pqsig MQ-Sign hedge" || 0 || name || 0 || seed || fresh || SHAKE256(M))[0..32)
 * with seed the secret key's first 32 bytes (the key generation seed,
 * which determines the whole secret key) and fresh the 32 bytes drawn.
 * The official signing takes rnd straight from the RNG, and the salt, so
 * the vinegar (SHAKE256(seed || salt) seeds its PRNG), depends on rnd
 * alone: two messages signed with one rnd share the vinegar, and their
 * signatures w1, w2 give P(w1 - w2) = 0 with w1 - w2 in the oil space;
 * about o such pairs give the oil space, hence the key.
 * Why this form (as FIPS 204 hedges ML-DSA's rnd with K and mu):
 *  - A working RNG: fresh is 256 uniform bits nobody else knows, so rnd is
 *    uniform and independent of everything else (SHAKE256 as a random
 *    oracle), and signatures are distributed as the official code's are;
 *    a verifier cannot tell.
 *  - A failing or repeating RNG (fresh constant, or the same twice): rnd
 *    is still a pseudorandom function of the secret seed and the message,
 *    so two different messages get unrelated vinegar; the same message
 *    and fresh give the same signature again, which reveals nothing new.
 *  - A known seed (stolen key) with a working RNG changes nothing: fresh
 *    still makes rnd uniform.
 * The set's name separates the sets (one seed may make keys of several).
 * Constant time: SHAKE256 runs the same for every secret input of a given
 * length, and no length depends on a secret. MQ-Sign has no expanded
 * secret keys: the generic layer's expanded body is a copy of the secret
 * key, so its first 32 bytes are the seed too and `expanded` changes
 * nothing. */
void PQSIG_NS(hedge)(uint8_t *rnd, const uint8_t *key, int expanded, const uint8_t *fresh,
                     const uint8_t *m, size_t mlen)
{
    static const char dom[] = "pqsig MQ-Sign hedge";
    static const char name[] = PQSIG_V_NAME;
    pqsig_shake_ctx h;
    uint8_t mu[MQS_HASH_BYTES];
    (void)expanded;
    pqsig_shake256(mu, sizeof mu, m, mlen);
    pqsig_shake256_init(&h);
    pqsig_shake_absorb(&h, (const uint8_t *)dom, sizeof dom); /* with its 0 */
    pqsig_shake_absorb(&h, (const uint8_t *)name, sizeof name);
    pqsig_shake_absorb(&h, key, MQS_SEED_BYTES);
    pqsig_shake_absorb(&h, fresh, PQSIG_V_RND_BYTES);
    pqsig_shake_absorb(&h, mu, sizeof mu);
    pqsig_shake_squeeze(&h, rnd, PQSIG_V_RND_BYTES);
    pqsig_shake_release(&h);
    pqsig_zeroize(mu, sizeof mu);
}
