/* SHA-256, FIPS 180-4 section 6.2. */
#include <stddef.h>
#include <stdint.h>

#include "ct.h"
#include "sha2.h"

#define ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* First 32 bits of the fractional parts of the cube roots of the first 64 primes (4.2.2). */
static const uint32_t sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static void sha256_block(uint32_t h[8], const uint8_t blk[64])
{
    uint32_t w[64], v[8];
    unsigned t;
    for (t = 0; t < 16; t++) {
        w[t] = (uint32_t)blk[4 * t] << 24 | (uint32_t)blk[4 * t + 1] << 16 |
               (uint32_t)blk[4 * t + 2] << 8 | (uint32_t)blk[4 * t + 3];
    }
    for (t = 16; t < 64; t++) {
        uint32_t s0 = ROTR32(w[t - 15], 7) ^ ROTR32(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = ROTR32(w[t - 2], 17) ^ ROTR32(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    for (t = 0; t < 8; t++) {
        v[t] = h[t];
    }
    for (t = 0; t < 64; t++) {
        /* v[0..7] = a..h */
        uint32_t e = v[4], a = v[0];
        uint32_t t1 = v[7] + (ROTR32(e, 6) ^ ROTR32(e, 11) ^ ROTR32(e, 25)) +
                      ((e & v[5]) ^ (~e & v[6])) + sha256_k[t] + w[t];
        uint32_t t2 = (ROTR32(a, 2) ^ ROTR32(a, 13) ^ ROTR32(a, 22)) +
                      ((a & v[1]) ^ (a & v[2]) ^ (v[1] & v[2]));
        v[7] = v[6];
        v[6] = v[5];
        v[5] = v[4];
        v[4] = v[3] + t1;
        v[3] = v[2];
        v[2] = v[1];
        v[1] = v[0];
        v[0] = t1 + t2;
    }
    for (t = 0; t < 8; t++) {
        h[t] += v[t];
    }
}

void pqsig_sha256_init(pqsig_sha256_ctx *ctx)
{
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    unsigned i;
    for (i = 0; i < 8; i++) {
        ctx->h[i] = iv[i];
    }
    ctx->nbytes = 0;
    ctx->fill = 0;
}

void pqsig_sha256_update(pqsig_sha256_ctx *ctx, const uint8_t *in, size_t len)
{
    ctx->nbytes += len;
    while (len > 0) {
        if (ctx->fill == 0 && len >= 64) {
            sha256_block(ctx->h, in);
            in += 64;
            len -= 64;
            continue;
        }
        ctx->buf[ctx->fill++] = *in++;
        len--;
        if (ctx->fill == 64) {
            sha256_block(ctx->h, ctx->buf);
            ctx->fill = 0;
        }
    }
}

void pqsig_sha256_final(pqsig_sha256_ctx *ctx, uint8_t out[32])
{
    uint64_t bits = ctx->nbytes * 8;
    unsigned i;
    /* Padding, 5.1.1: a one bit, zeros, the 64-bit big-endian length. */
    ctx->buf[ctx->fill++] = 0x80;
    if (ctx->fill > 56) {
        while (ctx->fill < 64) {
            ctx->buf[ctx->fill++] = 0;
        }
        sha256_block(ctx->h, ctx->buf);
        ctx->fill = 0;
    }
    while (ctx->fill < 56) {
        ctx->buf[ctx->fill++] = 0;
    }
    for (i = 0; i < 8; i++) {
        ctx->buf[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    }
    sha256_block(ctx->h, ctx->buf);
    for (i = 0; i < 32; i++) {
        out[i] = (uint8_t)(ctx->h[i / 4] >> (24 - 8 * (i % 4)));
    }
    pqsig_zeroize(ctx, sizeof *ctx);
}

void pqsig_sha256(uint8_t out[32], const uint8_t *in, size_t len)
{
    pqsig_sha256_ctx ctx;
    pqsig_sha256_init(&ctx);
    pqsig_sha256_update(&ctx, in, len);
    pqsig_sha256_final(&ctx, out);
}
