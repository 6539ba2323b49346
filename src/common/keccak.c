/* Keccak-f[1600] and the FIPS 202 sponge functions.
 *
 * The permutation keeps the 25 lanes in locals (lane index x + 5y, FIPS 202
 * section 3.1.4) and unrolls one round; the compiler keeps most lanes in
 * registers. The sponge absorbs and squeezes any lengths: the state is
 * XORed/read as little-endian lanes (section B.1), bytewise at the edges. */
#include <stddef.h>
#include <stdint.h>

#include "ct.h"
#include "fips202.h"

#define ROTL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

/* Round constants of iota (FIPS 202, algorithm 5 and 6). */
static const uint64_t keccak_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

void pqsig_keccakf1600(uint64_t s[25])
{
    uint64_t a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24;
    uint64_t b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15, b16, b17, b18, b19, b20, b21, b22, b23, b24;
    uint64_t c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
    int round;

    a0 = s[0];
    a1 = s[1];
    a2 = s[2];
    a3 = s[3];
    a4 = s[4];
    a5 = s[5];
    a6 = s[6];
    a7 = s[7];
    a8 = s[8];
    a9 = s[9];
    a10 = s[10];
    a11 = s[11];
    a12 = s[12];
    a13 = s[13];
    a14 = s[14];
    a15 = s[15];
    a16 = s[16];
    a17 = s[17];
    a18 = s[18];
    a19 = s[19];
    a20 = s[20];
    a21 = s[21];
    a22 = s[22];
    a23 = s[23];
    a24 = s[24];
    for (round = 0; round < 24; round++) {
        /* theta: column parities and their mix */
        c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
        c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
        c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
        c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
        c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
        d0 = c4 ^ ROTL64(c1, 1);
        d1 = c0 ^ ROTL64(c2, 1);
        d2 = c1 ^ ROTL64(c3, 1);
        d3 = c2 ^ ROTL64(c4, 1);
        d4 = c3 ^ ROTL64(c0, 1);
        /* rho and pi: lane (x, y) rotated into (y, 2x + 3y) */
        b0 = a0 ^ d0;
        b10 = ROTL64(a1 ^ d1, 1);
        b20 = ROTL64(a2 ^ d2, 62);
        b5 = ROTL64(a3 ^ d3, 28);
        b15 = ROTL64(a4 ^ d4, 27);
        b16 = ROTL64(a5 ^ d0, 36);
        b1 = ROTL64(a6 ^ d1, 44);
        b11 = ROTL64(a7 ^ d2, 6);
        b21 = ROTL64(a8 ^ d3, 55);
        b6 = ROTL64(a9 ^ d4, 20);
        b7 = ROTL64(a10 ^ d0, 3);
        b17 = ROTL64(a11 ^ d1, 10);
        b2 = ROTL64(a12 ^ d2, 43);
        b12 = ROTL64(a13 ^ d3, 25);
        b22 = ROTL64(a14 ^ d4, 39);
        b23 = ROTL64(a15 ^ d0, 41);
        b8 = ROTL64(a16 ^ d1, 45);
        b18 = ROTL64(a17 ^ d2, 15);
        b3 = ROTL64(a18 ^ d3, 21);
        b13 = ROTL64(a19 ^ d4, 8);
        b14 = ROTL64(a20 ^ d0, 18);
        b24 = ROTL64(a21 ^ d1, 2);
        b9 = ROTL64(a22 ^ d2, 61);
        b19 = ROTL64(a23 ^ d3, 56);
        b4 = ROTL64(a24 ^ d4, 14);
        /* chi: nonlinear mix along rows */
        a0 = b0 ^ (~b1 & b2);
        a1 = b1 ^ (~b2 & b3);
        a2 = b2 ^ (~b3 & b4);
        a3 = b3 ^ (~b4 & b0);
        a4 = b4 ^ (~b0 & b1);
        a5 = b5 ^ (~b6 & b7);
        a6 = b6 ^ (~b7 & b8);
        a7 = b7 ^ (~b8 & b9);
        a8 = b8 ^ (~b9 & b5);
        a9 = b9 ^ (~b5 & b6);
        a10 = b10 ^ (~b11 & b12);
        a11 = b11 ^ (~b12 & b13);
        a12 = b12 ^ (~b13 & b14);
        a13 = b13 ^ (~b14 & b10);
        a14 = b14 ^ (~b10 & b11);
        a15 = b15 ^ (~b16 & b17);
        a16 = b16 ^ (~b17 & b18);
        a17 = b17 ^ (~b18 & b19);
        a18 = b18 ^ (~b19 & b15);
        a19 = b19 ^ (~b15 & b16);
        a20 = b20 ^ (~b21 & b22);
        a21 = b21 ^ (~b22 & b23);
        a22 = b22 ^ (~b23 & b24);
        a23 = b23 ^ (~b24 & b20);
        a24 = b24 ^ (~b20 & b21);
        /* iota */
        a0 ^= keccak_rc[round];
    }
    s[0] = a0;
    s[1] = a1;
    s[2] = a2;
    s[3] = a3;
    s[4] = a4;
    s[5] = a5;
    s[6] = a6;
    s[7] = a7;
    s[8] = a8;
    s[9] = a9;
    s[10] = a10;
    s[11] = a11;
    s[12] = a12;
    s[13] = a13;
    s[14] = a14;
    s[15] = a15;
    s[16] = a16;
    s[17] = a17;
    s[18] = a18;
    s[19] = a19;
    s[20] = a20;
    s[21] = a21;
    s[22] = a22;
    s[23] = a23;
    s[24] = a24;
}

static uint64_t load_le64(const uint8_t *p)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < 8; i++) {
        v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

static void store_le64(uint8_t *p, uint64_t v)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

/* XOR one byte into the state at byte offset pos of the rate. */
static void xor_byte(uint64_t s[25], unsigned pos, uint8_t b)
{
    s[pos >> 3] ^= (uint64_t)b << (8 * (pos & 7));
}

static uint8_t get_byte(const uint64_t s[25], unsigned pos)
{
    return (uint8_t)(s[pos >> 3] >> (8 * (pos & 7)));
}

static void keccak_init(pqsig_keccak_ctx *ctx, unsigned rate, uint8_t dsbyte)
{
    unsigned i;
    for (i = 0; i < 25; i++) {
        ctx->s[i] = 0;
    }
    ctx->pos = 0;
    ctx->rate = rate;
    ctx->dsbyte = dsbyte;
    ctx->squeezing = 0;
}

static void keccak_absorb(pqsig_keccak_ctx *ctx, const uint8_t *in, size_t len)
{
    unsigned pos = ctx->pos;
    const unsigned rate = ctx->rate;
    /* Bytes up to the next lane boundary, then whole lanes, then the tail. */
    while (len > 0 && (pos & 7) != 0) {
        xor_byte(ctx->s, pos++, *in++);
        len--;
        if (pos == rate) {
            pqsig_keccakf1600(ctx->s);
            pos = 0;
        }
    }
    while (len >= 8) {
        ctx->s[pos >> 3] ^= load_le64(in);
        in += 8;
        len -= 8;
        pos += 8;
        if (pos == rate) {
            pqsig_keccakf1600(ctx->s);
            pos = 0;
        }
    }
    while (len > 0) {
        xor_byte(ctx->s, pos++, *in++);
        len--;
    }
    ctx->pos = pos;
}

/* Pad (domain bits + pad10*1, FIPS 202 section 5.1 and B.2) and switch to squeezing. */
static void keccak_finalize(pqsig_keccak_ctx *ctx)
{
    xor_byte(ctx->s, ctx->pos, ctx->dsbyte);
    xor_byte(ctx->s, ctx->rate - 1, 0x80);
    ctx->squeezing = 1;
    ctx->pos = ctx->rate; /* no output left in this block */
}

static void keccak_squeeze(pqsig_keccak_ctx *ctx, uint8_t *out, size_t len)
{
    unsigned pos;
    const unsigned rate = ctx->rate;
    if (!ctx->squeezing) {
        keccak_finalize(ctx);
    }
    pos = ctx->pos;
    while (len > 0) {
        if (pos == rate) {
            pqsig_keccakf1600(ctx->s);
            pos = 0;
        }
        if ((pos & 7) == 0 && len >= 8) {
            store_le64(out, ctx->s[pos >> 3]);
            out += 8;
            len -= 8;
            pos += 8;
        } else {
            *out++ = get_byte(ctx->s, pos++);
            len--;
        }
    }
    ctx->pos = pos;
}

/* Domain separation bytes: SHAKE appends 1111, SHA3 appends 01 (FIPS 202 B.2). */
#define DS_SHAKE 0x1f
#define DS_SHA3 0x06

void pqsig_shake128_init(pqsig_shake_ctx *ctx)
{
    keccak_init(ctx, PQSIG_SHAKE128_RATE, DS_SHAKE);
}

void pqsig_shake256_init(pqsig_shake_ctx *ctx)
{
    keccak_init(ctx, PQSIG_SHAKE256_RATE, DS_SHAKE);
}

void pqsig_shake_absorb(pqsig_shake_ctx *ctx, const uint8_t *in, size_t len)
{
    keccak_absorb(ctx, in, len);
}

void pqsig_shake_squeeze(pqsig_shake_ctx *ctx, uint8_t *out, size_t len)
{
    keccak_squeeze(ctx, out, len);
}

void pqsig_shake_release(pqsig_shake_ctx *ctx)
{
    pqsig_zeroize(ctx, sizeof *ctx);
}

void pqsig_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    pqsig_shake_ctx ctx;
    pqsig_shake128_init(&ctx);
    keccak_absorb(&ctx, in, inlen);
    keccak_squeeze(&ctx, out, outlen);
    pqsig_shake_release(&ctx);
}

void pqsig_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    pqsig_shake_ctx ctx;
    pqsig_shake256_init(&ctx);
    keccak_absorb(&ctx, in, inlen);
    keccak_squeeze(&ctx, out, outlen);
    pqsig_shake_release(&ctx);
}

void pqsig_sha3_256_init(pqsig_keccak_ctx *ctx)
{
    keccak_init(ctx, PQSIG_SHA3_256_RATE, DS_SHA3);
}

void pqsig_sha3_512_init(pqsig_keccak_ctx *ctx)
{
    keccak_init(ctx, PQSIG_SHA3_512_RATE, DS_SHA3);
}

void pqsig_sha3_absorb(pqsig_keccak_ctx *ctx, const uint8_t *in, size_t len)
{
    keccak_absorb(ctx, in, len);
}

void pqsig_sha3_256_final(pqsig_keccak_ctx *ctx, uint8_t out[32])
{
    keccak_squeeze(ctx, out, 32);
    pqsig_zeroize(ctx, sizeof *ctx);
}

void pqsig_sha3_512_final(pqsig_keccak_ctx *ctx, uint8_t out[64])
{
    keccak_squeeze(ctx, out, 64);
    pqsig_zeroize(ctx, sizeof *ctx);
}

void pqsig_sha3_256(uint8_t out[32], const uint8_t *in, size_t inlen)
{
    pqsig_keccak_ctx ctx;
    pqsig_sha3_256_init(&ctx);
    keccak_absorb(&ctx, in, inlen);
    pqsig_sha3_256_final(&ctx, out);
}

void pqsig_sha3_512(uint8_t out[64], const uint8_t *in, size_t inlen)
{
    pqsig_keccak_ctx ctx;
    pqsig_sha3_512_init(&ctx);
    keccak_absorb(&ctx, in, inlen);
    pqsig_sha3_512_final(&ctx, out);
}
