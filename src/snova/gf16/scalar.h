/* SNOVA, GF(16) field layer: scalar and packed-row arithmetic shared by
 * the frontend and the portable kernels (polynomial basis, x^4 = x + 1).
 *
 * "Spread" form: bit i of b moved to bit 4i. a * spread(b) for a 4-bit a
 * is the carry-less product as four nibbles; such products XOR-accumulate
 * in 16 bits and are folded once (lazy reduction). */
#ifndef PQSIG_SNOVA_GF16_SCALAR_H
#define PQSIG_SNOVA_GF16_SCALAR_H

#include <stddef.h>
#include <stdint.h>

#include "common/endian.h"

static inline uint32_t gf16_spread(uint32_t b)
{
    return (b & 1u) | ((b & 2u) << 3) | ((b & 4u) << 6) | ((b & 8u) << 9);
}

static inline uint8_t gf16_fold(uint32_t acc)
{
    uint32_t p = (acc & 15u) ^ (((acc >> 4) & 15u) << 1) ^ (((acc >> 8) & 15u) << 2) ^
                 (((acc >> 12) & 15u) << 3);
    uint32_t h = p >> 4;
    return (uint8_t)((p ^ h ^ (h << 1)) & 15u);
}

static inline uint8_t gf16_mul(uint8_t a, uint8_t b)
{
    return gf16_fold((uint32_t)a * gf16_spread(b));
}

static inline uint8_t gf16_inv(uint8_t a)
{
    uint8_t a2 = gf16_mul(a, a), a4 = gf16_mul(a2, a2), a8 = gf16_mul(a4, a4);
    return gf16_mul(gf16_mul(a8, a4), a2); /* a^14 */
}

/* Four spread accumulators in the 16-bit lanes of a word, folded at once. */
static inline uint64_t gf16_fold_lanes(uint64_t v)
{
    const uint64_t m4 = 0x000f000f000f000full;
    uint64_t p = (v & m4) ^ (((v >> 4) & m4) << 1) ^ (((v >> 8) & m4) << 2) ^ (((v >> 12) & m4) << 3);
    uint64_t h = (p >> 4) & 0x0007000700070007ull;
    return (p ^ h ^ (h << 1)) & m4;
}

/* Element y of a row of 16-bit lanes (four to a word). */
static inline uint8_t gf16_lane(const uint64_t *v, unsigned y)
{
    return (uint8_t)((v[y / 4] >> (16 * (y % 4))) & 15u);
}

/* x times 16 packed elements: shift, and fold x^4 = x + 1. */
static inline uint64_t gf16_mulx(uint64_t v)
{
    return ((v & 0x7777777777777777ull) << 1) ^ (((v >> 3) & 0x1111111111111111ull) * 3u);
}

/* Nibble k of a byte string (low half first). */
static inline uint8_t gf16_nib(const uint8_t *buf, size_t k)
{
    return (uint8_t)((buf[k >> 1] >> ((k & 1u) * 4u)) & 15u);
}

/* Element k of a packed row. */
static inline uint8_t gf16_row_get(const uint64_t *row, unsigned k)
{
    return (uint8_t)((row[k >> 4] >> ((k & 15u) * 4u)) & 15u);
}

static inline void gf16_row_xor(uint64_t *row, unsigned k, uint8_t x)
{
    row[k >> 4] ^= (uint64_t)x << ((k & 15u) * 4u);
}

#define GF16_WORDS(n) (((n) + 15u) / 16u)

/* The packed row (GF16_WORDS(n) words, unused nibbles zero) of n elements
 * given one per byte (< 16): eight at a time, the low nibbles of a 64-bit
 * load folded together by three shifts and masks. */
static inline void gf16_row_from_bytes(uint64_t *row, const uint8_t *b, unsigned n)
{
    unsigned k = 0, w;
    for (w = 0; w < GF16_WORDS(n); w++) {
        row[w] = 0;
    }
    for (; k + 8 <= n; k += 8) {
        uint64_t x = pqsig_ld64_le(b + k);
        x = (x | (x >> 4)) & 0x00ff00ff00ff00ffull;
        x = (x | (x >> 8)) & 0x0000ffff0000ffffull;
        x = (x | (x >> 16)) & 0x00000000ffffffffull;
        row[k >> 4] |= x << (4 * (k & 15u));
    }
    for (; k < n; k++) {
        gf16_row_xor(row, k, b[k]);
    }
}

/* Words of a row of l elements in 16-bit lanes (l <= 5), at most. */
#define SNOVA_GF16_LWMAX 2u

/* v (a spread product, < 2^16) in the lane of element y. */
static inline uint64_t gf16_lane_put(uint32_t v, unsigned y)
{
    return (uint64_t)v << (16 * (y % 4));
}

#endif
