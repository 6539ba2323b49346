/* Keccak-f[1600] and the FIPS 202 functions: incremental SHAKE128/SHAKE256
 * (absorb and squeeze in any lengths, any number of calls) and SHA3-256/512. */
#ifndef PQSIG_FIPS202_H
#define PQSIG_FIPS202_H

#include <stddef.h>
#include <stdint.h>

#define PQSIG_SHAKE128_RATE 168
#define PQSIG_SHAKE256_RATE 136
#define PQSIG_SHA3_256_RATE 136
#define PQSIG_SHA3_512_RATE 72

/* One sponge. `pos` is the byte position inside the current rate block;
 * `squeezing` tells which phase the sponge is in. */
typedef struct {
    uint64_t s[25];
    unsigned pos;
    unsigned rate;
    uint8_t dsbyte;
    uint8_t squeezing;
} pqsig_keccak_ctx;

typedef pqsig_keccak_ctx pqsig_shake_ctx;

void pqsig_keccakf1600(uint64_t s[25]);

void pqsig_shake128_init(pqsig_shake_ctx *ctx);
void pqsig_shake256_init(pqsig_shake_ctx *ctx);
/* Absorb more input; only before the first squeeze. */
void pqsig_shake_absorb(pqsig_shake_ctx *ctx, const uint8_t *in, size_t len);
/* Squeeze output; the first call pads and ends the absorbing phase. */
void pqsig_shake_squeeze(pqsig_shake_ctx *ctx, uint8_t *out, size_t len);
/* Wipe the state (it may hold secrets). */
void pqsig_shake_release(pqsig_shake_ctx *ctx);

void pqsig_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void pqsig_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);

/* SHA3: incremental with the same context, and one-shot. */
void pqsig_sha3_256_init(pqsig_keccak_ctx *ctx);
void pqsig_sha3_512_init(pqsig_keccak_ctx *ctx);
void pqsig_sha3_absorb(pqsig_keccak_ctx *ctx, const uint8_t *in, size_t len);
void pqsig_sha3_256_final(pqsig_keccak_ctx *ctx, uint8_t out[32]);
void pqsig_sha3_512_final(pqsig_keccak_ctx *ctx, uint8_t out[64]);
void pqsig_sha3_256(uint8_t out[32], const uint8_t *in, size_t inlen);
void pqsig_sha3_512(uint8_t out[64], const uint8_t *in, size_t inlen);

#endif
