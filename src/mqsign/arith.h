/* MQ-Sign: GF(256) arithmetic and the kernels of the frontend.
 *
 * This header is THE kernel interface: keygen.c, sign.c and verify.c do
 * all their field arithmetic through it, so a native backend (AVX2, GFNI,
 * NEON, ...) replaces the functions declared here and nothing else. The
 * portable implementation is arith.c.
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
#include "common/ns.h"
#include "mqsign/params.h"

/* Words per o-element vector (one equation-indexed coefficient vector, or
 * one row of the signing solver, which is at most o wide). */
#define MQS_OW ((MQS_O + 7) / 8)

#define MQS_LANES_1 0x0101010101010101ull
#define MQS_LANES_PAIRLO 0x5555555555555555ull /* low bit of each bit pair */
#define MQS_LANES_NIBLO 0x3333333333333333ull  /* low pair of each nibble */
#define MQS_LANES_BYTELO 0x0F0F0F0F0F0F0F0Full /* low nibble of each byte */

/* Times x (0x02) in every lane: on each bit pair h*x + l -> (h+l)*x + h. */
static inline uint64_t mqs_mul_x(uint64_t a)
{
    uint64_t l = a & MQS_LANES_PAIRLO, h = (a >> 1) & MQS_LANES_PAIRLO;
    return ((h ^ l) << 1) | h;
}

/* Times y (0x04): on each nibble H*y + L -> (H+L)*y + x*H. */
static inline uint64_t mqs_mul_y(uint64_t a)
{
    uint64_t l = a & MQS_LANES_NIBLO, h = (a >> 2) & MQS_LANES_NIBLO;
    return ((h ^ l) << 2) | mqs_mul_x(h);
}

/* Times X (0x10): H*X + L -> (H+L)*X + xy*H, where on a nibble
 * xy*(h*y + l) = x(h+l)*y + (x+1)*h. */
static inline uint64_t mqs_mul_bigx(uint64_t a)
{
    uint64_t l = a & MQS_LANES_BYTELO, h = (a >> 4) & MQS_LANES_BYTELO;
    uint64_t hl = h & MQS_LANES_NIBLO, hh = (h >> 2) & MQS_LANES_NIBLO;
    uint64_t xyh = (mqs_mul_x(hl ^ hh) << 2) | (mqs_mul_x(hh) ^ hh);
    return ((h ^ l) << 4) | xyh;
}

/* out[t] = a * 2^t (t = 0..7), each from one or two of the maps above. */
static inline void mqs_expand_word(uint64_t out[8], uint64_t a)
{
    uint64_t a4 = mqs_mul_bigx(a);
    out[0] = a;
    out[1] = mqs_mul_x(a);
    out[2] = mqs_mul_y(a);
    out[3] = mqs_mul_x(out[2]);
    out[4] = a4;
    out[5] = mqs_mul_x(a4);
    out[6] = mqs_mul_y(a4);
    out[7] = mqs_mul_x(out[6]);
}

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

/* Words per row of the signing solver: o + 1 bytes ([A | B | r1] is
 * 2h + 1 wide), rounded up to whole 16-byte blocks. */
#define MQS_RW (2 * ((MQS_O + 16) / 16))

/* Words per column of the signing system: o bytes (one per equation)
 * rounded up to whole 16-byte blocks. */
#define MQS_CW (2 * ((MQS_O + 15) / 16))

/* Kernels (arith.c). Constant time in all data unless said otherwise. */
#define mqs_k_masks PQSIG_NS(mqs_k_masks)
#define mqs_k_matvec PQSIG_NS(mqs_k_matvec)
#define mqs_k_matvec_o PQSIG_NS(mqs_k_matvec_o)
#define mqs_k_matvec_h1 PQSIG_NS(mqs_k_matvec_h1)
#define mqs_k_gauss PQSIG_NS(mqs_k_gauss)
#define mqs_k_elim_cols PQSIG_NS(mqs_k_elim_cols)
#define mqs_k_pubmap PQSIG_NS(mqs_k_pubmap)

/* The selection masks of scalars: mk[i][t][0..1] = all-ones when bit t
 * of s[i] is set (two copies: one 16-byte block). */
void mqs_k_masks(uint64_t (*mk)[8][2], const uint8_t *s, size_t count);

/* Matrix-vector product as a linear combination:
 *   out[0..len) = sum_{i < count} s[i] * (the len bytes at vecs + off_i),
 *   off_0 = 0, off_{i+1} = off_i + stride + i * dstride
 * (dstride 0: evenly spaced vectors; dstride -o: the column of a
 * row-by-row upper-triangular array of o-byte vectors), s given by its
 * masks (mqs_k_masks). Reads exactly len bytes of each vector; vectors may
 * overlap (stride 1: the sliding windows of the LR evaluation). Bit-plane
 * accumulation, 16 bytes at a time, all vectors.
 * mqs_k_matvec_o is the same for len = o, mqs_k_matvec_h1 for len = h + 1. */
void mqs_k_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, const uint64_t (*mk)[8][2],
                  size_t count, size_t len);
void mqs_k_matvec_o(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                    const uint64_t (*mk)[8][2], size_t count);
void mqs_k_matvec_h1(uint8_t *out, const uint8_t *vecs, size_t stride, const uint64_t (*mk)[8][2],
                     size_t count);

/* Forward Gaussian elimination, in constant time, of rows of MQS_RW
 * words (only the first nw words, nw even, are read or changed): pivot i
 * (i < npiv) sits in row i, column col0 + i. It is made nonzero by adding
 * rows i+1, ..., i+window-1 (those below npiv) to row i, each only while
 * the pivot is still zero; then row i is scaled to a unit pivot and the
 * column cleared in rows i+1, ..., nrows-1. Rows must be zero left of
 * column col0 + i when pivot i is reached. Returns all-ones when every
 * pivot was nonzero, else 0. */
uint64_t mqs_k_gauss(uint64_t (*rows)[MQS_RW], unsigned npiv, unsigned nrows, unsigned col0,
                     unsigned window, unsigned nw);

/* Forward elimination of the first npiv columns of a system stored by
 * columns (ncols columns of MQS_CW words; column ncols-1 may be the right
 * hand side), in constant time. Pivot i sits in row i, column i; when it is
 * zero, columns i+1, ..., npiv-1 are added to column i in turn, each only
 * while the pivot is still zero (zadd[i*npiv + j] records 0xff for an
 * addition made, else 0: the caller maps its solution back through them).
 * Then the column is cleared in the rows below i (row i and the rows above
 * are kept; the pivots are not scaled, their inverses go to ipiv[i]). The
 * entries of column i below row i are left as they are (not read again).
 * Returns all-ones when every pivot was nonzero (the leading npiv x npiv
 * block was invertible), else 0. */
uint64_t mqs_k_elim_cols(uint64_t (*cols)[MQS_CW], unsigned npiv, unsigned ncols, uint8_t *zadd,
                         uint8_t *ipiv);

/* The public map: z = P(w), P as in the public key (o-byte vectors per
 * monomial x_i x_j, i <= j < n, row by row). NOT constant time: for
 * public inputs only (verification). */
void mqs_k_pubmap(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N]);

#endif
