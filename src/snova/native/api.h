/* SNOVA opt: the kernel interface (q = 16).
 *
 * The hot loops of the portable frontend go through these functions so that
 * an architecture backend (AVX2, AVX-512, NEON) can replace them later by
 * providing the same symbols. The portable versions live in
 * src/snova/arith.c.
 *
 * Data layout: a "packed row" is an array of nw 64-bit words holding 16
 * elements of GF(16) each, element k in bits 4(k mod 16) .. 4(k mod 16) + 3
 * of word k / 16 (polynomial basis, x^4 = x + 1). Unused high nibbles of the
 * last word stay zero. A "multiplication table" of a packed row X is 16
 * consecutive packed rows, entry e being e * X.
 *
 * Constant time: every kernel runs in time independent of the VALUES of its
 * arguments, except where a parameter is documented as public (it may then
 * be used as a memory index). */
#ifndef PQSIG_SNOVA_NATIVE_API_H
#define PQSIG_SNOVA_NATIVE_API_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"

/* tab[16 * nw]: tab[e] = e * x for e = 0..15. x may be secret. */
void PQSIG_NS(snova_k_table)(uint64_t *tab, const uint64_t *x, unsigned nw);

/* out ^= sum_{m < count} s[m * s_stride] * x[m * x_stride .. + nw). The
 * scalars s (one element per byte) and the rows x may be secret: bitsliced
 * masks, lazy reduction once at the end. nw <= SNOVA_K_MAXW. */
#define SNOVA_K_MAXW 16u
void PQSIG_NS(snova_k_lincomb)(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                               size_t x_stride, size_t count, unsigned nw);

/* A public block matrix P of rb x cb blocks of l x l elements, stored as a
 * nibble string (block by block in row-major order of blocks, each block
 * row by row) starting at nibble nib0 of buf (nibble k: low half of byte
 * k / 2 when k is even); l must be SNOVA_L of the build. Accumulates
 *   out  (rb * l packed rows) ^= P   X   given tabx = tables of the cb * l rows of X,
 *   outt (cb * l packed rows) ^= P^t Y   given taby = tables of the rb * l rows of Y;
 * either output may be NULL. The elements of P are public (table indices);
 * X and Y may be secret. */
void PQSIG_NS(snova_k_pmat)(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l,
                            uint64_t *out, const uint64_t *tabx, uint64_t *outt,
                            const uint64_t *taby, unsigned nw);

/* Gauss-Jordan elimination of the n x (n + 1) system g (n packed rows of
 * w words each, the right-hand side in column n). Returns 0 with the
 * solution in column n, or a nonzero value when the system is singular.
 * Constant time in the entries; the return value is left secret (the caller
 * decides what to declassify). */
uint32_t PQSIG_NS(snova_k_solve)(uint64_t *g, unsigned n, unsigned w);

#endif
