/* MQ-Sign: the field layer, GF(256) arithmetic as inline SWAR helpers
 * for the portable kernels (native/api.h is the kernel contract; nothing
 * here is a kernel).
 *
 * Field: the tower GF(((2^2)^2)^2) of the specification (and of the
 * official code), NOT the AES polynomial:
 *   GF(4) = GF(2)[x]/(x^2+x+1), GF(16) = GF(4)[y]/(y^2+y+x),
 *   GF(256) = GF(16)[X]/(X^2+X+xy);
 * byte = hi_nibble*X + lo_nibble, nibble = hi_pair*y + lo_pair,
 * pair = hi_bit*x + lo_bit. The basis bytes 1, 2, 4, ..., 128 are
 * 1, x, y, xy, X, xX, yX, xyX.
 *
 * Representation: vectors of field elements are bytes in memory, and
 * 64-bit words of 8 elements ("lanes") in registers; every operation on
 * words is lane-wise (SWAR), so lane order never matters. No table is
 * indexed by data: everything taking secret inputs runs in time that
 * depends only on the lengths (constant time). */
#ifndef PQSIG_MQSIGN_ARITH_H
#define PQSIG_MQSIGN_ARITH_H

#include <stddef.h>
#include <stdint.h>

#include "common/ct.h"

#define MQS_LANES_1 0x0101010101010101ull
#define MQS_LANES_PAIRLO 0x5555555555555555ull /* low bit of each bit pair */
#define MQS_LANES_NIBLO 0x3333333333333333ull  /* low pair of each nibble */
#define MQS_LANES_BYTELO 0x0F0F0F0F0F0F0F0Full /* low nibble of each byte */

/* The multiplications by the basis elements x, y, X and the 8 multiples
 * a * 2^t of a word: mqs_mul_x, mqs_mul_y, mqs_mul_bigx, mqs_expand_word
 * (field_maps.h, written once for any type of 64-bit lanes). */
#define MQS_MAP_WORD uint64_t
#define MQS_MAP(name) mqs_##name
#include "mqsign/field_maps.h"

/* sum_t 2^t * p[t], lane-wise: the inverse step of bit-plane accumulation
 * (grouped as (p0 + x p1 + y(p2 + x p3)) + X (same for p4..p7)). */
static inline uint64_t mqs_fold_word(const uint64_t p[8])
{
    uint64_t lo = p[0] ^ mqs_mul_x(p[1]) ^ mqs_mul_y(p[2] ^ mqs_mul_x(p[3]));
    uint64_t hi = p[4] ^ mqs_mul_x(p[5]) ^ mqs_mul_y(p[6] ^ mqs_mul_x(p[7]));
    return lo ^ mqs_mul_bigx(hi);
}

/* All-ones in every lane whose bit t is set. */
static inline uint64_t mqs_lane_mask(uint64_t a, unsigned t)
{
    uint64_t m = (a >> t) & MQS_LANES_1;
    return (m << 8) - m;
}

/* m[t] = all-ones when bit t of the scalar s is set (one value barrier
 * keeps the compiler from turning the selection into branches). */
static inline void mqs_bit_masks(uint64_t m[8], uint8_t s)
{
    uint64_t b = pqsig_ct_barrier_u64(s);
    unsigned t;
    for (t = 0; t < 8; t++) {
        m[t] = 0 - ((b >> t) & 1u);
    }
}

static inline uint64_t mqs_bcast(uint8_t s)
{
    return (uint64_t)s * MQS_LANES_1;
}

/* Lane-wise product a*b. */
static inline uint64_t mqs_mul_lanes(uint64_t a, uint64_t b)
{
    uint64_t e[8], r = 0;
    unsigned t;
    mqs_expand_word(e, a);
    for (t = 0; t < 8; t++) {
        r ^= mqs_lane_mask(b, t) & e[t];
    }
    return r;
}

/* The 8 words b*2^t broadcast to every lane: with them, s*b for a word s
 * is sum_t lanemask(s, t) & be[t] (mqs_mul_expanded). */
static inline void mqs_scalar_expand(uint64_t be[8], uint8_t b)
{
    mqs_expand_word(be, mqs_bcast(b));
}

static inline uint64_t mqs_mul_expanded(uint64_t a, const uint64_t be[8])
{
    uint64_t r = 0;
    unsigned t;
    for (t = 0; t < 8; t++) {
        r ^= mqs_lane_mask(a, t) & be[t];
    }
    return r;
}

static inline uint8_t mqs_gf_mul(uint8_t a, uint8_t b)
{
    return (uint8_t)(mqs_mul_lanes(a, b) & 0xff);
}

/* a^2: squaring is GF(2)-linear, the sum of the squares of the basis
 * elements 2^t present in a (masked, no table lookup). */
static inline uint8_t mqs_gf_sq(uint8_t a)
{
    static const uint8_t sq[8] = {0x01, 0x03, 0x06, 0x0d, 0x18, 0x34, 0x67, 0xde};
    unsigned t, r = 0;
    for (t = 0; t < 8; t++) {
        r ^= (0u - ((a >> t) & 1u)) & sq[t];
    }
    return (uint8_t)r;
}

/* a^254 (= a^-1, and 0 for 0): a^3, a^7, a^63, a^127, then a square. */
static inline uint8_t mqs_gf_inv(uint8_t a)
{
    uint8_t a3 = mqs_gf_mul(mqs_gf_sq(a), a);
    uint8_t a7 = mqs_gf_mul(mqs_gf_sq(a3), a);
    uint8_t a63 = mqs_gf_mul(mqs_gf_sq(mqs_gf_sq(mqs_gf_sq(a7))), a7);
    return mqs_gf_sq(mqs_gf_mul(mqs_gf_sq(a63), a));
}

/* XOR of the 8 lanes (for dot products). */
static inline uint8_t mqs_lane_sum(uint64_t a)
{
    a ^= a >> 32;
    a ^= a >> 16;
    a ^= a >> 8;
    return (uint8_t)a;
}

#endif
