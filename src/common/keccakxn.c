/* The 4-way and 8-way Keccak-f[1600] (portable twins and dispatchers of
 * native/api.h) and the SHAKE sponge over W = 4 or 8 lane-interleaved
 * states (fips202xn.h). The sponge is keccak.c's, run on W instances in
 * lockstep: bytes go in and out lane by lane, as little-endian words
 * (FIPS 202 B.1), so no byte order or alignment of the host matters. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ct.h"
#include "endian.h"
#include "fips202xn.h"
#include "native/api.h"
#include "profile.h"

/* The scalar permutation (itself dispatched) on each state in turn. */
static void permute_each(uint64_t *s, unsigned w)
{
    uint64_t t[25];
    unsigned i, j;
    for (j = 0; j < w; j++) {
        for (i = 0; i < 25; i++) {
            t[i] = s[w * i + j];
        }
        pqsig_keccakf1600(t);
        for (i = 0; i < 25; i++) {
            s[w * i + j] = t[i];
        }
    }
    pqsig_zeroize(t, sizeof t);
}

void pqsig_keccakf1600x4_c(uint64_t s[4 * 25])
{
    permute_each(s, 4);
}

void pqsig_keccakf1600x8_c(uint64_t s[8 * 25])
{
    permute_each(s, 8);
}

void pqsig_keccakf1600x4(uint64_t s[4 * 25])
{
#if defined(PQSIG_COMMON_NATIVE_KECCAKX4)
    if (keccakf1600x4_native(s) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    pqsig_keccakf1600x4_c(s);
}

int pqsig_shakex4_native(void)
{
#if defined(PQSIG_COMMON_NATIVE_KECCAKX4)
    return keccakf1600x4_available_native();
#else
    return 0;
#endif
}

void pqsig_keccakf1600x8(uint64_t s[8 * 25])
{
#if defined(PQSIG_COMMON_NATIVE_KECCAKX8)
    if (keccakf1600x8_native(s) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    pqsig_keccakf1600x8_c(s);
}

/* ------------------------------------------------------------------ */
/* The sponge on W instances (lanes little-endian: endian.h)           */

/* Instance j: XOR n bytes into the state from byte position pos on:
 * single bytes up to a lane boundary, whole lanes, then the last bytes. */
static void xor_bytes(uint64_t *s, unsigned w, unsigned j, unsigned pos, const uint8_t *in, size_t n)
{
    for (; n > 0 && (pos & 7) != 0; n--, pos++) {
        s[w * (pos >> 3) + j] ^= (uint64_t)*in++ << (8 * (pos & 7));
    }
    for (; n >= 8; n -= 8, pos += 8, in += 8) {
        s[w * (pos >> 3) + j] ^= pqsig_ld64_le(in);
    }
    for (; n > 0; n--, pos++) {
        s[w * (pos >> 3) + j] ^= (uint64_t)*in++ << (8 * (pos & 7));
    }
}

/* Bytes pos .. pos + n - 1 of every instance j into out[j] + off: single
 * bytes up to a lane boundary, whole lanes (lane i of the W instances
 * read together: they are adjacent in the state), then the last bytes.
 * Inlined with a constant w, the lane loop is W loads and W stores; for
 * W = 4 a native kernel may transpose the lanes instead (native/api.h). */
static inline void get_bytes(const uint64_t *s, unsigned w, unsigned pos, uint8_t *const *out, size_t off, size_t n)
{
    size_t k = 0;
    unsigned j;
    for (; k < n && ((pos + k) & 7) != 0; k++) {
        for (j = 0; j < w; j++) {
            out[j][off + k] = (uint8_t)(s[w * ((pos + k) >> 3) + j] >> (8 * ((pos + k) & 7)));
        }
    }
#if defined(PQSIG_COMMON_NATIVE_KECCAKX4_EXTRACT)
    if (w == 4 && n - k >= 32 &&
        keccakx4_extract_native(out, off + k, s + 4 * ((pos + k) >> 3), (n - k) / 8) == PQSIG_NATIVE_OK) {
        k += 8 * ((n - k) / 8);
    }
#endif
    for (; k + 8 <= n; k += 8) {
        const uint64_t *lane = s + w * ((pos + k) >> 3);
        for (j = 0; j < w; j++) {
            pqsig_st64_le(out[j] + off + k, lane[j]);
        }
    }
    for (; k < n; k++) {
        for (j = 0; j < w; j++) {
            out[j][off + k] = (uint8_t)(s[w * ((pos + k) >> 3) + j] >> (8 * ((pos + k) & 7)));
        }
    }
}

static void permute(uint64_t *s, unsigned w)
{
    PQSIG_HASH_BEGIN();
    if (w == 4) {
        pqsig_keccakf1600x4(s);
    } else {
        pqsig_keccakf1600x8(s);
    }
    PQSIG_HASH_END();
}

/* SHAKE's domain bits 1111 and the first padding bit (FIPS 202 B.2). */
#define DS_SHAKE 0x1f

static void sponge_init(uint64_t *s, pqsig_keccakxn_sponge *sp, unsigned w, unsigned rate)
{
    memset(s, 0, 25 * w * sizeof *s);
    sp->pos = 0;
    sp->rate = rate;
    sp->dsbyte = DS_SHAKE;
    sp->squeezing = 0;
}

static void sponge_absorb(uint64_t *s, pqsig_keccakxn_sponge *sp, unsigned w, const uint8_t *const *in,
                          size_t len)
{
    size_t done = 0;
    unsigned j;
    PQSIG_HASH_BEGIN();
    while (done < len) {
        const size_t n = sp->rate - sp->pos < len - done ? sp->rate - sp->pos : len - done;
        for (j = 0; j < w; j++) {
            xor_bytes(s, w, j, sp->pos, in[j] + done, n);
        }
        done += n;
        sp->pos += (unsigned)n;
        if (sp->pos == sp->rate) {
            permute(s, w);
            sp->pos = 0;
        }
    }
    PQSIG_HASH_END();
}

/* Pad (pad10*1 after the domain bits, FIPS 202 section 5.1) and switch
 * to squeezing. */
static void sponge_finalize(uint64_t *s, pqsig_keccakxn_sponge *sp, unsigned w)
{
    const uint8_t last = 0x80;
    unsigned j;
    for (j = 0; j < w; j++) {
        xor_bytes(s, w, j, sp->pos, &sp->dsbyte, 1);
        xor_bytes(s, w, j, sp->rate - 1, &last, 1);
    }
    sp->squeezing = 1;
    sp->pos = sp->rate; /* no output left in this block */
}

static void sponge_squeeze(uint64_t *s, pqsig_keccakxn_sponge *sp, unsigned w, uint8_t *const *out,
                           size_t len)
{
    size_t done = 0;
    PQSIG_HASH_BEGIN();
    if (!sp->squeezing) {
        sponge_finalize(s, sp, w);
    }
    while (done < len) {
        size_t n;
        if (sp->pos == sp->rate) {
            permute(s, w);
            sp->pos = 0;
        }
        n = sp->rate - sp->pos < len - done ? sp->rate - sp->pos : len - done;
        if (w == 4) { /* a constant width (4 or 8) for the inlined copy */
            get_bytes(s, 4, sp->pos, out, done, n);
        } else {
            get_bytes(s, 8, sp->pos, out, done, n);
        }
        done += n;
        sp->pos += (unsigned)n;
    }
    PQSIG_HASH_END();
}

/* One-shot SHAKE on W instances; the x8 context has room for either. */
static void shake_oneshot(unsigned w, unsigned rate, uint8_t *const *out, size_t outlen, const uint8_t *const *in,
                          size_t inlen)
{
    pqsig_shakex8_ctx ctx;
    sponge_init(ctx.s, &ctx.sp, w, rate);
    sponge_absorb(ctx.s, &ctx.sp, w, in, inlen);
    sponge_squeeze(ctx.s, &ctx.sp, w, out, outlen);
    /* only the w states in use (sponge_init cleared no more) */
    pqsig_zeroize(ctx.s, 25 * w * sizeof ctx.s[0]);
}

/* One block of SHAKE128 per instance from PUBLIC inputs shorter than the
 * rate: the padded inputs, one permutation, the rate's 21 lanes out; the
 * states are not wiped (nothing secret is in them). The generic one-shot
 * spends more than the permutation's own count on its sponge bookkeeping
 * at this size (SNOVA's public-key expansion: a call per 4 or 8 units). */
static inline void shake128_one_block(unsigned w, uint8_t *const *out, const uint8_t *const *in, size_t inlen)
{
    uint64_t s[8 * 25];
    const size_t full = inlen / 8;
    unsigned j;
    size_t i;
    memset(s, 0, 25 * w * sizeof s[0]);
    for (j = 0; j < w; j++) {
        for (i = 0; i < full; i++) {
            s[w * i + j] = pqsig_ld64_le(in[j] + 8 * i);
        }
        xor_bytes(s, w, j, (unsigned)(8 * full), in[j] + 8 * full, inlen % 8);
        s[w * full + j] ^= (uint64_t)0x1f << (8 * (inlen % 8));              /* SHAKE's domain bits */
        s[w * (PQSIG_SHAKE128_RATE / 8 - 1) + j] ^= (uint64_t)0x80 << 56; /* pad10*1's last bit */
    }
    permute(s, w);
    get_bytes(s, w, 0, out, 0, PQSIG_SHAKE128_RATE);
}

/* ------------------------------------------------------------------ */
/* x4                                                                  */

void pqsig_shake128x4_init(pqsig_shakex4_ctx *ctx)
{
    sponge_init(ctx->s, &ctx->sp, 4, PQSIG_SHAKE128_RATE);
}

void pqsig_shake256x4_init(pqsig_shakex4_ctx *ctx)
{
    sponge_init(ctx->s, &ctx->sp, 4, PQSIG_SHAKE256_RATE);
}

void pqsig_shakex4_absorb(pqsig_shakex4_ctx *ctx, const uint8_t *const in[4], size_t len)
{
    sponge_absorb(ctx->s, &ctx->sp, 4, in, len);
}

void pqsig_shakex4_squeeze(pqsig_shakex4_ctx *ctx, uint8_t *const out[4], size_t len)
{
    sponge_squeeze(ctx->s, &ctx->sp, 4, out, len);
}

void pqsig_shakex4_release(pqsig_shakex4_ctx *ctx)
{
    pqsig_zeroize(ctx, sizeof *ctx);
}

void pqsig_shake128x4(uint8_t *const out[4], size_t outlen, const uint8_t *const in[4], size_t inlen)
{
    shake_oneshot(4, PQSIG_SHAKE128_RATE, out, outlen, in, inlen);
}

void pqsig_shake256x4(uint8_t *const out[4], size_t outlen, const uint8_t *const in[4], size_t inlen)
{
    shake_oneshot(4, PQSIG_SHAKE256_RATE, out, outlen, in, inlen);
}

void pqsig_shake128x4_block(uint8_t *const out[4], const uint8_t *const in[4], size_t inlen)
{
#if defined(PQSIG_COMMON_NATIVE_SHAKE128X4_BLOCK)
    if (shake128x4_block_native(out, in, inlen) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    shake128_one_block(4, out, in, inlen);
}

/* ------------------------------------------------------------------ */
/* x8                                                                  */

void pqsig_shake128x8_init(pqsig_shakex8_ctx *ctx)
{
    sponge_init(ctx->s, &ctx->sp, 8, PQSIG_SHAKE128_RATE);
}

void pqsig_shake256x8_init(pqsig_shakex8_ctx *ctx)
{
    sponge_init(ctx->s, &ctx->sp, 8, PQSIG_SHAKE256_RATE);
}

void pqsig_shakex8_absorb(pqsig_shakex8_ctx *ctx, const uint8_t *const in[8], size_t len)
{
    sponge_absorb(ctx->s, &ctx->sp, 8, in, len);
}

void pqsig_shakex8_squeeze(pqsig_shakex8_ctx *ctx, uint8_t *const out[8], size_t len)
{
    sponge_squeeze(ctx->s, &ctx->sp, 8, out, len);
}

void pqsig_shakex8_release(pqsig_shakex8_ctx *ctx)
{
    pqsig_zeroize(ctx, sizeof *ctx);
}

void pqsig_shake128x8(uint8_t *const out[8], size_t outlen, const uint8_t *const in[8], size_t inlen)
{
    shake_oneshot(8, PQSIG_SHAKE128_RATE, out, outlen, in, inlen);
}

void pqsig_shake256x8(uint8_t *const out[8], size_t outlen, const uint8_t *const in[8], size_t inlen)
{
    shake_oneshot(8, PQSIG_SHAKE256_RATE, out, outlen, in, inlen);
}

void pqsig_shake128x8_block(uint8_t *const out[8], const uint8_t *const in[8], size_t inlen)
{
#if defined(PQSIG_COMMON_NATIVE_SHAKE128X8_BLOCK)
    if (shake128x8_block_native(out, in, inlen) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    shake128_one_block(8, out, in, inlen);
}
