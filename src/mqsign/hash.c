/* MQ-Sign: hashing of messages and PRNG seeding. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "frontend.h"

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
