/* SHA-256 (FIPS 180-4): streaming, for the KAT harness and schemes that need it. */
#ifndef PQSIG_SHA2_H
#define PQSIG_SHA2_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t h[8];
    uint64_t nbytes;
    uint8_t buf[64];
    unsigned fill;
} pqsig_sha256_ctx;

void pqsig_sha256_init(pqsig_sha256_ctx *ctx);
void pqsig_sha256_update(pqsig_sha256_ctx *ctx, const uint8_t *in, size_t len);
void pqsig_sha256_final(pqsig_sha256_ctx *ctx, uint8_t out[32]);
void pqsig_sha256(uint8_t out[32], const uint8_t *in, size_t len);

#endif
