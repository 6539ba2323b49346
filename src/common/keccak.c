/* Keccak-f[1600] and the FIPS 202 sponge functions.
 *
 * The permutation is in keccak_perm.h, with a native slot (native/api.h). The sponge absorbs and squeezes any
 * lengths: the state is XORed/read as little-endian lanes (FIPS 202 B.1);
 * on little-endian hosts the lanes are the byte string itself, so bytes
 * move with memcpy/XOR directly, elsewhere lane by lane. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ct.h"
#include "fips202.h"
#include "native/api.h"
#include "profile.h"

#if defined(PQSIG_PROFILE_HASHING)
void (*volatile pqsig_profile_hash_hook)(int entering);
#endif

#define KECCAK_FN keccak_permute
#include "keccak_perm.h"

void pqsig_keccakf1600_c(uint64_t s[25])
{
    keccak_permute(s);
}

void pqsig_keccakf1600(uint64_t s[25])
{
    PQSIG_HASH_BEGIN();
#if defined(PQSIG_COMMON_NATIVE_KECCAKX1)
    if (keccakf1600_native(s) == PQSIG_NATIVE_OK) {
        PQSIG_HASH_END();
        return;
    }
#endif
    pqsig_keccakf1600_c(s);
    PQSIG_HASH_END();
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The lanes in memory are the little-endian byte string of the state. */
static void xor_bytes(uint64_t s[25], unsigned pos, const uint8_t *in, size_t n)
{
    uint8_t *b = (uint8_t *)s + pos;
    size_t i;
    for (i = 0; i < n; i++) {
        b[i] ^= in[i];
    }
}

static void get_bytes(const uint64_t s[25], unsigned pos, uint8_t *out, size_t n)
{
    memcpy(out, (const uint8_t *)s + pos, n);
}
#else
static void xor_bytes(uint64_t s[25], unsigned pos, const uint8_t *in, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++, pos++) {
        s[pos >> 3] ^= (uint64_t)in[i] << (8 * (pos & 7));
    }
}

static void get_bytes(const uint64_t s[25], unsigned pos, uint8_t *out, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++, pos++) {
        out[i] = (uint8_t)(s[pos >> 3] >> (8 * (pos & 7)));
    }
}
#endif

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
    PQSIG_HASH_BEGIN();
    while (len > 0) {
        size_t n = rate - pos < len ? rate - pos : len;
        xor_bytes(ctx->s, pos, in, n);
        in += n;
        len -= n;
        pos += (unsigned)n;
        if (pos == rate) {
            pqsig_keccakf1600(ctx->s);
            pos = 0;
        }
    }
    ctx->pos = pos;
    PQSIG_HASH_END();
}

/* Pad (domain bits + pad10*1, FIPS 202 section 5.1 and B.2) and switch to squeezing. */
static void keccak_finalize(pqsig_keccak_ctx *ctx)
{
    const uint8_t last = 0x80;
    xor_bytes(ctx->s, ctx->pos, &ctx->dsbyte, 1);
    xor_bytes(ctx->s, ctx->rate - 1, &last, 1);
    ctx->squeezing = 1;
    ctx->pos = ctx->rate; /* no output left in this block */
}

static void keccak_squeeze(pqsig_keccak_ctx *ctx, uint8_t *out, size_t len)
{
    unsigned pos;
    const unsigned rate = ctx->rate;
    PQSIG_HASH_BEGIN();
    if (!ctx->squeezing) {
        keccak_finalize(ctx);
    }
    pos = ctx->pos;
    while (len > 0) {
        size_t n;
        if (pos == rate) {
            pqsig_keccakf1600(ctx->s);
            pos = 0;
        }
        n = rate - pos < len ? rate - pos : len;
        get_bytes(ctx->s, pos, out, n);
        out += n;
        len -= n;
        pos += (unsigned)n;
    }
    ctx->pos = pos;
    PQSIG_HASH_END();
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
