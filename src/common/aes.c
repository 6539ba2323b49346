/* AES-128/AES-256 (FIPS-197): engine dispatch and the portable engine.
 *
 * The portable engine encrypts four blocks at a time in bitsliced form:
 * word s[i] (i = 0..7) holds bit i of each of the 64 bytes in flight, and
 * byte j of block b (j = r + 4c, the FIPS-197 3.4 order) sits at bit
 * 4*j + b. A column is then a 16-bit field of each word and a row a 4-bit
 * field inside it, so ShiftRows is a masked word rotation and MixColumns a
 * rotation inside the 16-bit fields. SubBytes is evaluated as a boolean
 * circuit, so no address and no branch ever depends on key or data. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aes.h"
#include "profile.h"
#include "aes_internal.h"
#include "ct.h"
#include "native/api.h"

/* ------------------------------------------------------------------ */
/* Byte order                                                          */

static uint64_t ld64_le(const uint8_t *p)
{
    uint64_t v = 0;
    unsigned k;
    for (k = 8; k-- > 0;) {
        v = (v << 8) | p[k];
    }
    return v;
}

static void st64_le(uint8_t *p, uint64_t v)
{
    unsigned k;
    for (k = 0; k < 8; k++) {
        p[k] = (uint8_t)(v >> (8 * k));
    }
}

static void st64_be(uint8_t *p, uint64_t v)
{
    unsigned k;
    for (k = 0; k < 8; k++) {
        p[7 - k] = (uint8_t)(v >> (8 * k));
    }
}

/* ------------------------------------------------------------------ */
/* Conversion between four plain blocks and the bitsliced state        */

/* Loading block b as s[b] = bytes 0..7 and s[4 + b] = bytes 8..15 gives a
 * 8x64 bit matrix whose row index is (j3, b1, b0) and whose column index is
 * (j2, j1, j0, i2, i1, i0), for bit i of byte j. Each pass below swaps one
 * row-index bit with one column-index bit; the six passes reach rows
 * (i2, i1, i0) and columns (j3, j2, j1, j0, b1, b0), i.e. the layout above. */
struct slice_pass {
    unsigned pair;  /* distance between the two words exchanged */
    unsigned shift; /* distance between the two bit groups exchanged */
    uint64_t low;   /* bit group of the upper word that takes part */
};

static const struct slice_pass slice_passes[6] = {
    {4, 32, 0x00000000ffffffffu}, {4, 16, 0x0000ffff0000ffffu},
    {4, 8, 0x00ff00ff00ff00ffu},  {4, 4, 0x0f0f0f0f0f0f0f0fu},
    {2, 2, 0x3333333333333333u},  {1, 1, 0x5555555555555555u},
};

static void run_pass(uint64_t s[8], const struct slice_pass *ps)
{
    unsigned x;
    for (x = 0; x < 8; x++) {
        if ((x & ps->pair) == 0) {
            uint64_t *lo = &s[x], *up = &s[x + ps->pair];
            uint64_t diff = ((*lo >> ps->shift) ^ *up) & ps->low;
            *up ^= diff;
            *lo ^= diff << ps->shift;
        }
    }
}

static void slice4(uint64_t s[8], const uint8_t in[64])
{
    unsigned b, n;
    for (b = 0; b < 4; b++) {
        s[b] = ld64_le(in + 16 * b);
        s[4 + b] = ld64_le(in + 16 * b + 8);
    }
    for (n = 0; n < 6; n++) {
        run_pass(s, &slice_passes[n]);
    }
}

/* Every pass is its own inverse: undo them in reverse order. */
static void unslice4(uint8_t out[64], uint64_t s[8])
{
    unsigned b, n;
    for (n = 6; n-- > 0;) {
        run_pass(s, &slice_passes[n]);
    }
    for (b = 0; b < 4; b++) {
        st64_le(out + 16 * b, s[b]);
        st64_le(out + 16 * b + 8, s[4 + b]);
    }
}

/* ------------------------------------------------------------------ */
/* Round functions                                                     */

/* SubBytes (FIPS-197 5.1.1) on all 64 bytes: Boyar and Peralta's 113-gate
 * circuit (32 AND, 81 XOR/XNOR). A linear layer maps the byte into the
 * tower field GF((2^4)^2), the inverse is taken there with shared
 * products, and a second linear layer maps back and applies the affine
 * transform, whose constant 0x63 shows up as the four complemented outputs.
 * x7 is the most significant bit of the byte. */
static void sub_bytes(uint64_t s[8])
{
    const uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3];
    const uint64_t x4 = s[4], x5 = s[5], x6 = s[6], x7 = s[7];

    /* Into the tower field: 23 XOR. */
    const uint64_t h0 = x6 ^ x5;
    const uint64_t v8 = x7 ^ x2, v9 = x7 ^ x4;
    const uint64_t v13 = x7 ^ x1, v14 = x4 ^ x2;
    const uint64_t v12 = v13 ^ v14;
    const uint64_t v1 = h0 ^ x0;
    const uint64_t v2 = v1 ^ x7, v4 = v1 ^ x4, v5 = v1 ^ x1;
    const uint64_t v3 = v5 ^ v8;
    const uint64_t h1 = x3 ^ v12;
    const uint64_t v15 = h1 ^ x2, v20 = h1 ^ x6;
    const uint64_t v6 = v15 ^ x0, v10 = v15 ^ h0;
    const uint64_t v11 = v20 ^ v9;
    const uint64_t v7 = x0 ^ v11, v16 = h0 ^ v11;
    const uint64_t v17 = v10 ^ v11, v19 = v10 ^ v8;
    const uint64_t v18 = x7 ^ v16, v21 = v13 ^ v16;

    /* Shared products, reduced to the four GF(2^4) coordinates g0..g3. */
    const uint64_t a0 = v12 & v15, a1 = v3 & v6, a2 = v4 & x0;
    const uint64_t a3 = v13 & v16, a4 = v5 & v1, a5 = v2 & v7;
    const uint64_t a6 = v9 & v11, a7 = v14 & v17, a8 = v8 & v10;
    const uint64_t c0 = (a1 ^ a0) ^ (a7 ^ a6);
    const uint64_t c1 = (a2 ^ a0) ^ (a8 ^ a6);
    const uint64_t c2 = (a4 ^ a3) ^ (a7 ^ a6);
    const uint64_t c3 = (a5 ^ a3) ^ (a8 ^ a6);
    const uint64_t g0 = c0 ^ v20, g1 = c1 ^ v19;
    const uint64_t g2 = c2 ^ v21, g3 = c3 ^ v18;

    /* Inversion in GF(2^4). */
    const uint64_t e0 = g0 ^ g1;
    const uint64_t e1 = g0 & g2;
    const uint64_t e2 = g3 ^ e1;
    const uint64_t e3 = (e0 & e2) ^ g1;
    const uint64_t e4 = ((g1 ^ e1) & (g2 ^ g3)) ^ g3;
    const uint64_t e5 = e2 ^ e4;
    const uint64_t e6 = g3 & e5;
    const uint64_t e7 = e6 ^ (g2 ^ e4);
    const uint64_t e8 = e0 ^ (e3 & (e2 ^ e6));
    const uint64_t d0 = e3 ^ e4, d1 = e8 ^ e7;
    const uint64_t d2 = e3 ^ e8, d3 = e4 ^ e7;
    const uint64_t d4 = d0 ^ d1;

    /* Back to GF(2^8): each inverse coordinate times two linear forms. */
    const uint64_t m0 = d3 & v15, m9 = d3 & v12;
    const uint64_t m1 = e7 & v6, m10 = e7 & v3;
    const uint64_t m2 = e4 & x0, m11 = e4 & v4;
    const uint64_t m3 = d2 & v16, m12 = d2 & v13;
    const uint64_t m4 = e8 & v1, m13 = e8 & v5;
    const uint64_t m5 = e3 & v7, m14 = e3 & v2;
    const uint64_t m6 = d0 & v11, m15 = d0 & v9;
    const uint64_t m7 = d4 & v17, m16 = d4 & v14;
    const uint64_t m8 = d1 & v10, m17 = d1 & v8;

    /* Out of the tower field, with the affine map: 30 XOR/XNOR. */
    const uint64_t k0 = m15 ^ m16, k1 = m5 ^ m13;
    const uint64_t k2 = m2 ^ m12, k3 = m0 ^ m3;
    const uint64_t k4 = k2 ^ k3;
    const uint64_t k5 = m4 ^ k0;
    const uint64_t k6 = m3 ^ (m6 ^ m7);
    const uint64_t k7 = (m9 ^ m10) ^ k5;
    const uint64_t k8 = (m7 ^ m8) ^ k5;
    const uint64_t k9 = (m14 ^ k4) ^ k8;
    const uint64_t k10 = m1 ^ k7;
    const uint64_t k11 = m4 ^ k6;
    const uint64_t y3 = k3 ^ k10;
    s[7] = k6 ^ k7;
    s[4] = y3;
    s[3] = (m2 ^ m5) ^ k10;
    s[2] = (m10 ^ m11) ^ k9;
    s[1] = ~((m12 ^ k1) ^ k8);
    s[0] = ~(k1 ^ (k0 ^ k4));
    s[6] = ~(k11 ^ y3);
    s[5] = ~((m16 ^ m17) ^ (k11 ^ k9));
}

static uint64_t rotr64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}

/* FIPS-197 5.1.2: row r takes the bytes r columns to its right, and one
 * column is 16 bit positions, so row r is the word rotated by 16r bits. */
static void shift_rows(uint64_t s[8])
{
    const uint64_t row0 = 0x000f000f000f000fu;
    unsigned i;
    for (i = 0; i < 8; i++) {
        const uint64_t w = s[i];
        s[i] = (w & row0) | (rotr64(w, 16) & (row0 << 4)) | (rotr64(w, 32) & (row0 << 8)) |
               (rotr64(w, 48) & (row0 << 12));
    }
}

/* Row r+1 (mod 4) of each column moved into row r. */
static uint64_t rows_up1(uint64_t w)
{
    return ((w >> 4) & 0x0fff0fff0fff0fffu) | ((w << 12) & 0xf000f000f000f000u);
}

/* Row r+2 (mod 4) of each column moved into row r. */
static uint64_t rows_up2(uint64_t w)
{
    return ((w >> 8) & 0x00ff00ff00ff00ffu) | ((w << 8) & 0xff00ff00ff00ff00u);
}

/* FIPS-197 5.1.3: out_r = 2*a_r + 3*a_{r+1} + a_{r+2} + a_{r+3}
 *                      = 2*(a_r + a_{r+1}) + a_{r+1} + (a_{r+2} + a_{r+3}).
 * With p = a + a_{+1}, that is 2*p + a_{+1} + p_{+2}. Doubling (4.2.1)
 * moves bit i to i+1 and folds bit 7 back in as 0x1b (bits 0, 1, 3, 4). */
static void mix_columns(uint64_t s[8])
{
    uint64_t nxt[8], p[8];
    unsigned i;
    for (i = 0; i < 8; i++) {
        nxt[i] = rows_up1(s[i]);
        p[i] = s[i] ^ nxt[i];
    }
    s[0] = p[7] ^ nxt[0] ^ rows_up2(p[0]);
    s[1] = p[0] ^ p[7] ^ nxt[1] ^ rows_up2(p[1]);
    s[2] = p[1] ^ nxt[2] ^ rows_up2(p[2]);
    s[3] = p[2] ^ p[7] ^ nxt[3] ^ rows_up2(p[3]);
    s[4] = p[3] ^ p[7] ^ nxt[4] ^ rows_up2(p[4]);
    s[5] = p[4] ^ nxt[5] ^ rows_up2(p[5]);
    s[6] = p[5] ^ nxt[6] ^ rows_up2(p[6]);
    s[7] = p[6] ^ nxt[7] ^ rows_up2(p[7]);
}

static void add_round_key(uint64_t s[8], const uint64_t *rk)
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        s[i] ^= rk[i];
    }
}

/* The cipher of FIPS-197 5.1 on four bitsliced blocks. */
static void encrypt4(const pqsig_aes_ctx *ctx, uint64_t s[8])
{
    const uint64_t *rk = ctx->rk.sliced;
    unsigned r;
    add_round_key(s, rk);
    for (r = 1; r < ctx->rounds; r++) {
        sub_bytes(s);
        shift_rows(s);
        mix_columns(s);
        add_round_key(s, rk + 8 * r);
    }
    sub_bytes(s);
    shift_rows(s);
    add_round_key(s, rk + 8 * ctx->rounds);
}

/* Four plain blocks in, four out (out may equal in). */
static void portable_blocks4(const pqsig_aes_ctx *ctx, uint8_t out[64], const uint8_t in[64])
{
    uint64_t s[8];
    slice4(s, in);
    encrypt4(ctx, s);
    unslice4(out, s);
    pqsig_zeroize(s, sizeof s);
}

/* ------------------------------------------------------------------ */
/* Portable key schedule (FIPS-197 5.2)                                */

/* SubWord: the four bytes of w go through the same circuit, one per bit
 * position of the sliced words (the other lanes are don't-cares). */
static uint32_t sub_word(uint32_t w)
{
    uint64_t s[8];
    uint32_t r = 0;
    unsigned i, k;
    for (i = 0; i < 8; i++) {
        s[i] = 0;
        for (k = 0; k < 4; k++) {
            s[i] |= (uint64_t)((w >> (8 * k + i)) & 1u) << k;
        }
    }
    sub_bytes(s);
    for (i = 0; i < 8; i++) {
        for (k = 0; k < 4; k++) {
            r |= (uint32_t)((s[i] >> k) & 1u) << (8 * k + i);
        }
    }
    pqsig_zeroize(s, sizeof s);
    return r;
}

/* Words hold their first byte in the low 8 bits, so RotWord (which moves
 * byte 0 to the end) is a right rotation by 8. */
static void portable_expand(pqsig_aes_ctx *ctx, const uint8_t *key, unsigned nk)
{
    uint32_t w[60];
    uint8_t rk16[64];
    uint32_t rcon = 1;
    unsigned i, nw = 4 * (ctx->rounds + 1), r, b;

    for (i = 0; i < nk; i++) {
        w[i] = (uint32_t)key[4 * i] | (uint32_t)key[4 * i + 1] << 8 |
               (uint32_t)key[4 * i + 2] << 16 | (uint32_t)key[4 * i + 3] << 24;
    }
    for (i = nk; i < nw; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            /* Rcon is x^(i/nk - 1) in GF(2^8) (4.2.1 xtime). */
            rcon = (rcon << 1) ^ (0x11bu & (0u - (rcon >> 7)));
        } else if (nk == 8 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    /* Each round key goes into all four block lanes of the sliced words. */
    for (r = 0; r <= ctx->rounds; r++) {
        for (b = 0; b < 4; b++) {
            for (i = 0; i < 16; i++) {
                rk16[16 * b + i] = (uint8_t)(w[4 * r + i / 4] >> (8 * (i % 4)));
            }
        }
        slice4(ctx->rk.sliced + 8 * r, rk16);
    }
    pqsig_zeroize(w, sizeof w);
    pqsig_zeroize(rk16, sizeof rk16);
}

/* The engine the CPU runs for a request, then its key schedule. */
static void aes_init(pqsig_aes_ctx *ctx, const uint8_t *key, unsigned nk, unsigned engine)
{
    ctx->rounds = nk + 6;
#if defined(PQSIG_COMMON_NATIVE_AES)
    ctx->engine = aes_engine_native(engine);
    if (aes_expand_native(ctx, key, nk) == PQSIG_NATIVE_OK) {
        return;
    }
#else
    (void)engine;
    ctx->engine = PQSIG_AES_ENGINE_PORTABLE;
#endif
    portable_expand(ctx, key, nk);
}

/* ------------------------------------------------------------------ */
/* Portable modes                                                      */

static void portable_ecb(const pqsig_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint8_t tmp[64];
    while (nblocks >= 4) {
        portable_blocks4(ctx, out, in);
        in += 64;
        out += 64;
        nblocks -= 4;
    }
    if (nblocks > 0) {
        memset(tmp, 0, sizeof tmp);
        memcpy(tmp, in, 16 * nblocks);
        portable_blocks4(ctx, tmp, tmp);
        memcpy(out, tmp, 16 * nblocks);
        pqsig_zeroize(tmp, sizeof tmp);
    }
}

/* (hi, lo) += add modulo 2^128, without a branch on the counter value
 * (the counter can be secret, e.g. the V of a CTR_DRBG). */
static void ctr128_add(uint64_t *hi, uint64_t *lo, uint64_t add)
{
    uint64_t sum = *lo + add;
    uint64_t carry = ((*lo & add) | ((*lo | add) & ~sum)) >> 63;
    *lo = sum;
    *hi += carry;
}

static void portable_ctr_blocks(const pqsig_aes_ctx *ctx, uint8_t *out, size_t nblocks, const uint8_t iv[16],
                                uint64_t counter)
{
    uint8_t blk[64];
    uint64_t hi, lo;
    unsigned k;

    pqsig_aes_ctr_start(&hi, &lo, iv, counter);
    while (nblocks > 0) {
        for (k = 0; k < 4; k++) {
            uint64_t chi = hi, clo = lo;
            ctr128_add(&chi, &clo, k);
            st64_be(blk + 16 * k, chi);
            st64_be(blk + 16 * k + 8, clo);
        }
        if (nblocks >= 4) {
            portable_blocks4(ctx, out, blk);
            out += 64;
            nblocks -= 4;
        } else {
            portable_blocks4(ctx, blk, blk);
            memcpy(out, blk, 16 * nblocks);
            nblocks = 0;
        }
        ctr128_add(&hi, &lo, 4);
    }
    pqsig_zeroize(blk, sizeof blk);
    pqsig_zeroize(&hi, sizeof hi);
    pqsig_zeroize(&lo, sizeof lo);
}

/* ------------------------------------------------------------------ */
/* Public interface: the native slot (native/api.h), else portable     */

void pqsig_aes128_init(pqsig_aes_ctx *ctx, const uint8_t key[16], unsigned engine)
{
    aes_init(ctx, key, 4, engine);
}

void pqsig_aes256_init(pqsig_aes_ctx *ctx, const uint8_t key[32], unsigned engine)
{
    aes_init(ctx, key, 8, engine);
}

void pqsig_aes_ecb(const pqsig_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    PQSIG_HASH_BEGIN();
#if defined(PQSIG_COMMON_NATIVE_AES)
    if (aes_ecb_native(ctx, out, in, nblocks) == PQSIG_NATIVE_OK) {
        PQSIG_HASH_END();
        return;
    }
#endif
    portable_ecb(ctx, out, in, nblocks);
    PQSIG_HASH_END();
}

void pqsig_aes_ctr_blocks(const pqsig_aes_ctx *ctx, uint8_t *out, size_t nblocks, const uint8_t iv[16],
                          uint64_t counter)
{
    if (nblocks == 0) {
        return;
    }
    PQSIG_HASH_BEGIN();
#if defined(PQSIG_COMMON_NATIVE_AES)
    if (aes_ctr_blocks_native(ctx, out, nblocks, iv, counter) == PQSIG_NATIVE_OK) {
        PQSIG_HASH_END();
        return;
    }
#endif
    portable_ctr_blocks(ctx, out, nblocks, iv, counter);
    PQSIG_HASH_END();
}

/* Whole groups of four blocks go straight to out (every engine's batch
 * size divides or is a multiple of four); the rest, partial block
 * included, is made in one call into a buffer. */
void pqsig_aes_ctr(const pqsig_aes_ctx *ctx, uint8_t *out, size_t len, const uint8_t iv[16])
{
    uint8_t tail[64];
    const size_t direct = len / 64 * 4, rest = len - 16 * direct;
    pqsig_aes_ctr_blocks(ctx, out, direct, iv, 0);
    if (rest > 0) {
        pqsig_aes_ctr_blocks(ctx, tail, (rest + 15) / 16, iv, (uint64_t)direct);
        memcpy(out + 16 * direct, tail, rest);
        pqsig_zeroize(tail, sizeof tail);
    }
}

void pqsig_aes_release(pqsig_aes_ctx *ctx)
{
    pqsig_zeroize(ctx, sizeof *ctx);
}

/* ------------------------------------------------------------------ */
/* Keystream in pieces                                                 */

/* keylen is 16 (AES-128) or 32 (AES-256). */
void pqsig_aes_ctr_stream_init(pqsig_aes_ctr_stream *st, const uint8_t *key, size_t keylen,
                               const uint8_t iv[16])
{
    if (keylen == 32) {
        pqsig_aes256_init(&st->aes, key, PQSIG_AES_ENGINE_AUTO);
    } else {
        pqsig_aes128_init(&st->aes, key, PQSIG_AES_ENGINE_AUTO);
    }
    memcpy(st->iv, iv, 16);
    st->next = 0;
    st->avail = 0;
}

/* At a block boundary (nothing buffered), whole blocks go straight to the
 * caller; the buffer only serves the bytes of a partial block. */
void pqsig_aes_ctr_stream_read(pqsig_aes_ctr_stream *st, uint8_t *out, size_t len)
{
    const size_t cap = sizeof st->buf;
    while (len > 0) {
        size_t take;
        if (st->avail == 0) {
            if (len >= 16) {
                const size_t n = len / 16;
                pqsig_aes_ctr_blocks(&st->aes, out, n, st->iv, st->next);
                st->next += n;
                out += 16 * n;
                len -= 16 * n;
                continue;
            }
            pqsig_aes_ctr_blocks(&st->aes, st->buf, cap / 16, st->iv, st->next);
            st->next += cap / 16;
            st->avail = (unsigned)cap;
        }
        take = len < st->avail ? len : st->avail;
        memcpy(out, st->buf + (cap - st->avail), take);
        st->avail -= (unsigned)take;
        out += take;
        len -= take;
    }
}

void pqsig_aes_ctr_stream_release(pqsig_aes_ctr_stream *st)
{
    pqsig_zeroize(st, sizeof *st);
}
