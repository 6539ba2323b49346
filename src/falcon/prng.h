/* Falcon round 3: the sampler's pseudorandom generator.
 *
 * Eight ChaCha20 blocks at a time, keyed from 56 bytes of a SHAKE256
 * output: 48 bytes of key and nonce (ChaCha state words 4..15) and a
 * 64-bit block counter (little-endian). Round 3 XORs the counter into the
 * last two state words (14 and 15) of each block, both as the input of the
 * rounds and in the final feed-forward. The 512 bytes of one refill are the
 * eight blocks' words interleaved the way an 8-lane SIMD implementation
 * stores them: word v of block j sits at byte offset 32*v + 4*j, little
 * endian. Read as 32-bit words the buffer is a 16 x 8 matrix (word, block).
 *
 * Consumption rules (they are part of the signature's definition):
 *   - 64-bit reads take the next 8 bytes, little-endian; when fewer than 9
 *     bytes are left (position > 503) the rest of the buffer is dropped and
 *     the read comes from a fresh refill;
 *   - byte reads take the next byte and refill as soon as the buffer is
 *     used up. */
#ifndef PQSIG_FALCON_PRNG_H
#define PQSIG_FALCON_PRNG_H

#include <stddef.h>
#include <stdint.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "falcon/ns.h"

#define FALCON_PRNG_BUF_BYTES 512u

typedef struct {
    union {
        uint8_t b[FALCON_PRNG_BUF_BYTES];
        uint32_t w[FALCON_PRNG_BUF_BYTES / 4];
        uint64_t align;
    } buf;
    size_t pos;        /* next unread byte of buf */
    uint32_t key[12];  /* ChaCha20 state words 4..15 (before the counter) */
    uint64_t ctr;      /* counter of the next block */
} falcon_prng;

#define falcon_prng_init FALCON_NS(falcon_prng_init)
#define falcon_prng_refill FALCON_NS(falcon_prng_refill)

/* Key the generator with the next 56 bytes of src (a SHAKE256 context in
 * its squeezing phase, or one that pqsig_shake_squeeze will finalise) and
 * fill the buffer. */
void falcon_prng_init(falcon_prng *p, pqsig_shake_ctx *src);

/* Compute the next eight blocks into the buffer; pos = 0. */
void falcon_prng_refill(falcon_prng *p);

/* Wipe the key and the buffered output. */
#define falcon_prng_wipe(p) pqsig_zeroize((p), sizeof(falcon_prng))

static inline uint64_t falcon_prng_u64(falcon_prng *p)
{
    const uint8_t *s;
    size_t at = p->pos;
    if (at > FALCON_PRNG_BUF_BYTES - 9) {
        falcon_prng_refill(p);
        at = 0;
    }
    p->pos = at + 8;
    s = p->buf.b + at;
    return (uint64_t)s[0] | ((uint64_t)s[1] << 8) | ((uint64_t)s[2] << 16) | ((uint64_t)s[3] << 24)
           | ((uint64_t)s[4] << 32) | ((uint64_t)s[5] << 40) | ((uint64_t)s[6] << 48)
           | ((uint64_t)s[7] << 56);
}

static inline unsigned falcon_prng_u8(falcon_prng *p)
{
    unsigned v = p->buf.b[p->pos];
    p->pos++;
    if (p->pos == FALCON_PRNG_BUF_BYTES) {
        falcon_prng_refill(p);
    }
    return v;
}

#endif
