/* MQ-Sign frontend: what keygen.c, sign.c and verify.c share. */
#ifndef PQSIG_MQSIGN_FRONTEND_H
#define PQSIG_MQSIGN_FRONTEND_H

#include <stddef.h>
#include <stdint.h>

#include "common/drbg.h"
#include "common/ns.h"
#include "mqsign/params.h"

#define mqs_digest PQSIG_NS(mqs_digest)
#define mqs_prng_init PQSIG_NS(mqs_prng_init)

/* y = H(M || salt || ph) in GF(256)^o: SHAKE256 streamed over the message
 * (any length), 64-byte blocks chained by H for o > 64 (spec 4.2). ph is
 * read only when the variant binds the key (MQS_BIND). */
void mqs_digest(uint8_t y[MQS_O], const uint8_t *m, size_t mlen, const uint8_t salt[MQS_SALT_BYTES],
                const uint8_t *ph);

/* The secret PRNG: the NIST AES-256 CTR DRBG instantiated with 48 bytes,
 * which are the first 48 of src when srclen >= 48, else src followed by
 * SHAKE256(src) (the official prng_set). */
void mqs_prng_init(pqsig_drbg *prng, const uint8_t *src, size_t srclen);

/* Offset (in monomials) of x_i x_j, i <= j < dim, row by row. */
static inline size_t mqs_mono(unsigned i, unsigned j, unsigned dim)
{
    return (size_t)i * (2 * dim + 1 - i) / 2 + (j - i);
}

/* The plain forms run the _temp forms on a state of their own stack,
 * 64-byte aligned as the _temp contract has it: buf has 63 spare bytes. */
static inline void *mqs_align64(uint8_t *buf)
{
    return buf + (64 - (uintptr_t)buf % 64) % 64;
}

#endif
