/* Entry points of the hardware AES engines (x86-64: aes_aesni.c and
 * native/x86_64/aes_ctr_avx512.c), reached through native/x86_64/meta.h;
 * nothing else should call them. And the counter arithmetic every CTR
 * engine shares. */
#ifndef PQSIG_AES_INTERNAL_H
#define PQSIG_AES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "aes.h"

/* (hi, lo) = iv + counter mod 2^128, iv big-endian (SP 800-38A B.1). The
 * carry is computed without a comparison: the counter may be secret. */
static inline void pqsig_aes_ctr_start(uint64_t *hi, uint64_t *lo, const uint8_t iv[16], uint64_t counter)
{
    uint64_t h = 0, l = 0, sum;
    unsigned k;
    for (k = 0; k < 8; k++) {
        h = (h << 8) | iv[k];
        l = (l << 8) | iv[8 + k];
    }
    sum = l + counter;
    *hi = h + (((l & counter) | ((l | counter) & ~sum)) >> 63);
    *lo = sum;
}

#if defined(__x86_64__)
/* Fill ctx->rk.bytes with the 11 (AES-128) or 15 (AES-256) round keys. */
void pqsig_aesni_expand128(pqsig_aes_ctx *ctx, const uint8_t key[16]);
void pqsig_aesni_expand256(pqsig_aes_ctx *ctx, const uint8_t key[32]);
void pqsig_aesni_ecb(const pqsig_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
/* pqsig_aes_ctr_blocks for the AES-NI and VAES engines. */
void pqsig_aesni_ctr_blocks(const pqsig_aes_ctx *ctx, uint8_t *out, size_t nblocks, const uint8_t iv[16],
                            uint64_t counter);
void pqsig_aes_ctr_blocks_vaes(const pqsig_aes_ctx *ctx, uint8_t *out, size_t nblocks, const uint8_t iv[16],
                               uint64_t counter);
#endif

#endif
