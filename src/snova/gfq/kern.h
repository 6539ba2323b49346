/* SNOVA opt, odd prime q: the kernel interface.
 *
 * The hot loops of the gfq frontend go through these functions so that an
 * architecture backend (AVX2, AVX-512, NEON) can replace them by providing
 * the same symbols; the portable versions are in src/snova/gfq/arith.c.
 *
 * Data: an element is an integer 0..q-1; matrices are row-major, either one
 * element per byte (uint8_t) or one per 16-bit lane (uint16_t). Every
 * kernel takes reduced inputs, returns reduced outputs and runs in time
 * independent of the element values (any operand may be secret). */
#ifndef PQSIG_SNOVA_GFQ_KERN_H
#define PQSIG_SNOVA_GFQ_KERN_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "snova/params.h"

/* Partial fold of a 16-bit sum: x = lo + 256 hi == lo + (256 mod q) hi. */
#define GFQ_R256 (256u % SNOVA_Q)
#define GFQ_FOLD_MAX (255u + 255u * GFQ_R256)
/* Products of two elements that fit above a folded value. */
#define GFQ_K_CHUNK ((65535u - GFQ_FOLD_MAX) / ((SNOVA_Q - 1u) * (SNOVA_Q - 1u)))

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

/* out[r cols + c] = out[r cols + c] + sum_{m < inner} a[r a_rs + m a_cs] x[m cols + c]
 * (mod q) for r < rows, c < cols. cols <= GFQ_K_MAXC. */
#define GFQ_K_MAXC 64u
void PQSIG_NS(gfq_k_mul)(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                         unsigned inner, const uint16_t *x, unsigned cols);

/* Lanes of a broadcast scalar (a row of ub). */
#define GFQ_BC 8u

/* The half products of verification (P symmetric: Uw^t P Uw = Z + Z^t with
 * Z = Uw^t H Uw, H the upper triangle of P with its diagonal halved), l
 * rows of H at a time:
 * yt[k ys + c] += sum_{r < l} h[r hs + c] ub[(r l^2 + k) GFQ_BC + i] for
 * k < l^2, c < len (len a multiple of GFQ_BC, i = c mod GFQ_BC; every row
 * of ub is one element of the whipped signature broadcast over GFQ_BC
 * lanes). No reduction: the caller folds yt in time. yt, h and ub do not
 * overlap. */
void PQSIG_NS(gfq_k_trows)(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len,
                           const uint16_t *ub);

/* Gaussian elimination, then back substitution, of the n x (n + 1) system
 * g (row r at g + r w, w >= n + 1 a multiple of 8, the right-hand side in
 * column n, columns n + 1 .. w - 1 scratch). Returns 0 with the solution
 * in column n (reduced; the other entries are left partially reduced), or
 * nonzero when the system is singular; the return value is left secret (the
 * caller decides what to declassify). */
uint32_t PQSIG_NS(gfq_k_solve)(uint16_t *g, unsigned n, unsigned w);

#endif
