/* Entry points of the AES-NI engine (aes_aesni.c, built on x86-64 only).
 * aes.c reaches them through its dispatch; nothing else should call them. */
#ifndef PQSIG_AES_INTERNAL_H
#define PQSIG_AES_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "aes.h"

#if defined(__x86_64__)
/* Fill ctx->rk.bytes with the 11 (AES-128) or 15 (AES-256) round keys. */
void pqsig_aesni_expand128(pqsig_aes_ctx *ctx, const uint8_t key[16]);
void pqsig_aesni_expand256(pqsig_aes_ctx *ctx, const uint8_t key[32]);
void pqsig_aesni_ecb(const pqsig_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
void pqsig_aesni_ctr(const pqsig_aes_ctx *ctx, uint8_t *out, size_t len, const uint8_t iv[16]);
#endif

#endif
