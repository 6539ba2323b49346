/* SNOVA opt: the public-seed expansion (Algorithm 8), read at any byte
 * position, for both frontends (q = 16 and odd q): the public matrices are
 * streamed one equation at a time instead of being held. Internal. */
#ifndef PQSIG_SNOVA_PUB_H
#define PQSIG_SNOVA_PUB_H

#include <stddef.h>
#include <stdint.h>

#include "common/aes.h"
#include "common/ns.h"
#include "snova/params.h"

#if SNOVA_AES
#define SNOVA_PUB_UNIT 16u /* one AES-128-CTR block */
#define SNOVA_PUB_CACHE_UNITS 16u
#else
#define SNOVA_PUB_UNIT 168u /* one SNOVA-SHAKE block */
#define SNOVA_PUB_CACHE_UNITS 8u /* one batch: 4 or 8 units (pub.c) */
#endif

typedef struct {
#if SNOVA_AES
    pqsig_aes_ctx aes;
#endif
    uint8_t seed[SNOVA_SEED_PUBLIC_BYTES];
    /* Units cache_idx .. cache_idx + cache_n - 1, the last produced:
     * consecutive regions share a boundary unit, and a region that starts
     * or ends inside a unit fills the cache with the units after it in one
     * batch (one 4- or 8-way SHAKE128, or 16 AES blocks). */
    uint8_t cache[SNOVA_PUB_CACHE_UNITS * SNOVA_PUB_UNIT];
    size_t cache_idx;
    size_t cache_n;
    /* Non-NULL: bytes [0, mem_bytes) of the expansion are already in memory
     * (an expanded key) and reads within them come from there. */
    const uint8_t *mem;
    size_t mem_bytes;
} snova_pub;

void PQSIG_NS(snova_pub_init)(snova_pub *p, const uint8_t seed[SNOVA_SEED_PUBLIC_BYTES], const uint8_t *mem,
                              size_t mem_bytes);
void PQSIG_NS(snova_pub_release)(snova_pub *p);
/* Bytes [off, off + len) of the expansion. */
void PQSIG_NS(snova_pub_read)(snova_pub *p, uint8_t *out, size_t off, size_t len);

/* Algorithm 6: the target bytes SHAKE256(pk_seed || input || salt) of
 * message m, where input is SHAKE256(m), left in md, or, when
 * SNOVA_RAW_MESSAGE_HASH (2.1, odd q), m itself (md untouched). */
void PQSIG_NS(snova_msg_target)(uint8_t target[SNOVA_HASH_BYTES], uint8_t md[SNOVA_DIGEST_BYTES],
                                const uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES], const uint8_t *m, size_t mlen,
                                const uint8_t salt[SNOVA_SALT_BYTES]);
/* Algorithm 15: the vinegar bytes of signing attempt `attempt`, from the
 * private seed and what Algorithm 6 hashed (the target when
 * SNOVA_RAW_MESSAGE_HASH, else md and the salt). */
void PQSIG_NS(snova_vinegar_bytes)(uint8_t out[SNOVA_VINEGAR_BYTES],
                                   const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                                   const uint8_t target[SNOVA_HASH_BYTES], const uint8_t md[SNOVA_DIGEST_BYTES],
                                   const uint8_t salt[SNOVA_SALT_BYTES], uint8_t attempt);

#endif
