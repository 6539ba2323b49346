/* SNOVA, odd prime q field layer: scalar arithmetic shared by the frontend
 * and the portable kernels (SNOVA_Q is a compile-time constant).
 *
 * Elements are integers 0 .. q-1. A product of two is below 1024, so sums
 * of many products fit 16 bits with an occasional partial fold. Reductions
 * are multiply-shift (Barrett) with a masked final subtraction: no
 * division, no table, no secret index. */
#ifndef PQSIG_SNOVA_GFQ_SCALAR_H
#define PQSIG_SNOVA_GFQ_SCALAR_H

#include <stdint.h>

#if !defined(SNOVA_Q) || SNOVA_Q == 16 || SNOVA_Q % 2 == 0
#error "gfq/scalar.h is for odd prime q"
#endif

/* x mod q for x < 2^31: the quotient estimate is at most one short. */
static inline uint32_t gfq_red32(uint32_t x)
{
    uint32_t t = (uint32_t)(((uint64_t)x * (uint64_t)(0xffffffffu / SNOVA_Q)) >> 32);
    uint32_t r = x - t * SNOVA_Q - SNOVA_Q;
    return r + (SNOVA_Q & (0u - (r >> 31)));
}

static inline uint8_t gfq_mul(uint32_t a, uint32_t b)
{
    return (uint8_t)gfq_red32(a * b);
}

/* x / 2 for an element x: x / 2 when x is even, else (x + q) / 2. */
static inline uint8_t gfq_half(uint32_t x)
{
    return (uint8_t)((x + (SNOVA_Q & (0u - (x & 1u)))) >> 1);
}

/* a^(q-2): the inverse of a nonzero a, 0 for 0 (fixed square-and-multiply). */
static inline uint8_t gfq_inv(uint32_t a)
{
    uint32_t r = 1, s = a, e = SNOVA_Q - 2;
    while (e != 0) {
        if (e & 1u) { /* e is public */
            r = gfq_red32(r * s);
        }
        s = gfq_red32(s * s);
        e >>= 1;
    }
    return (uint8_t)r;
}

/* Elements of an l x l block (the shape's SNOVA_L). */
#define GFQ_L2 (SNOVA_L * SNOVA_L)

#define GFQ_R256 (256u % SNOVA_Q)
#define GFQ_FOLD_MAX (255u + 255u * GFQ_R256)
/* Products of two elements that fit above a folded value. */
#define SNOVA_GFQ_CHUNK ((65535u - GFQ_FOLD_MAX) / ((SNOVA_Q - 1u) * (SNOVA_Q - 1u)))

/* Public bytes to elements (the bias of b mod q is part of the scheme):
 * floor(b ceil(2^16 / q) / 2^16) is floor(b / q) for every b < 256 (the
 * excess stays below 1/q), which vectorises better than b % q. */
#define GFQ_BYTE_DIV ((65536u + SNOVA_Q - 1u) / SNOVA_Q)
static inline uint8_t gfq_byte_elem(uint8_t b)
{
    return (uint8_t)(b - ((b * GFQ_BYTE_DIV) >> 16) * SNOVA_Q);
}

/* Partial fold of a 16-bit sum: x = lo + 256 hi == lo + (256 mod q) hi. */
static inline uint16_t gfq_fold16(uint16_t x)
{
    return (uint16_t)((x & 255u) + (x >> 8) * GFQ_R256);
}

/* x mod q for any 16-bit x (multiply-high estimate, masked correction). */
static inline uint16_t gfq_red16(uint16_t x)
{
    uint16_t t = (uint16_t)(((uint32_t)x * (65536u / SNOVA_Q)) >> 16);
    uint16_t r = (uint16_t)(x - t * SNOVA_Q - SNOVA_Q);
    return (uint16_t)(r + (SNOVA_Q & (0u - (uint32_t)(r >> 15))));
}

#endif
