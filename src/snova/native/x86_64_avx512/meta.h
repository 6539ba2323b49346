/* SNOVA backend x86_64_avx512 (impl avx512): what it provides, for the
 * composite ../meta.h, which uses it only inside the avx512
 * implementation's operations, after their CPU check (src/common/kset.h).
 * Every kernel it does not list is the avx2 one.
 *   The public-seed expansion by SHAKE runs 8 units per call of the shared
 *   8-way SHAKE128 (one AVX-512 permutation of eight states, the one-block
 *   entry's lanes in registers: src/common/native/x86_64/keccakx8_avx512.c)
 *   instead of 4.
 *   GF(16), gf16_avx512.c: the product with the public matrix for l = 4
 *   and l = 2 by VPERMT2Q: rows of one or two words on tables held in
 *   registers, rows of three to five words (key generation, P X and the
 *   round-2 ESK's P^t Y) on tables regrouped into word planes; for odd l
 *   (3, 5) and rows of one or two words, P^t Y by VPERMT2Q and P X by
 *   VPGATHERQQ of each column's own table; the avx2
 *   linear combination and l = 4 block stage compiled with
 *   AVX-512VL, where each `acc ^= x & mask` of their bitsliced products
 *   becomes one vpternlogq. gf16_solve_avx512.c: the solver, eight words
 *   of a row a vector, a scalar's bits as mask registers. gf16_lincomb_avx512.c: the linear combination
 *   of a block's rows, eight rows a 512-bit vector. gf16_rows2_avx512.c:
 *   the l = 2 block stage by GFNI affine maps of byte planes, and the
 *   entry of the block stage. gf16_rows_odd_avx512.c: the block stage for
 *   odd l, the portable body's words as vectors of eight oil blocks.
 * Odd q: the block stage on pairs of oil blocks (gfq_rows_avx512.c), the
 *   products by VPDPBUSD where the CPU has AVX-512 VNNI
 *   (gfq_mul_vnni_avx512.c), verification's pair rows and their products
 *   32 columns a vector (gfq_verify_avx512.c).
 * The other kernels stay avx2's: src/snova/README.md ("avx512") gives the
 * measurements. On a CPU with the ZMM_HALVES trait (common/cpu.h: AMD Zen
 * 4) the odd-l P X by gathers and the l = 5 block stage decline (to the
 * portable product and to avx2's block stage): they lost there. */
#ifndef PQSIG_SNOVA_NATIVE_X86_64_AVX512_META_H
#define PQSIG_SNOVA_NATIVE_X86_64_AVX512_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"

#define SNOVA_AVX512_SHAKE_X8

#if SNOVA_Q == 16
#define SNOVA_AVX512_GF16
#define snova_avx512_gf16_lincomb PQSIG_KNS(snova_avx512_gf16_lincomb)
#define snova_avx512_gf16_lincomb_rows PQSIG_KNS(snova_avx512_gf16_lincomb_rows)
#define snova_avx512_gf16_solve PQSIG_KNS(snova_avx512_gf16_solve)
#define snova_avx512_gf16_pmat PQSIG_KNS(snova_avx512_gf16_pmat)
#define snova_avx512_gf16_rows PQSIG_KNS(snova_avx512_gf16_rows)
#define snova_avx512_gf16_rows4 PQSIG_KNS(snova_avx512_gf16_rows4)
void snova_avx512_gf16_lincomb(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                               size_t x_stride, size_t count, unsigned nw);
void snova_avx512_gf16_lincomb_rows(uint64_t *out, unsigned nrows, const uint8_t *s, size_t s_stride,
                                    const uint64_t *x, size_t x_stride, size_t count, unsigned nw);
uint32_t snova_avx512_gf16_solve(uint64_t *g, unsigned n, unsigned w);
int snova_avx512_gf16_pmat(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l, uint64_t *out,
                           const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, unsigned nw);
int snova_avx512_gf16_rows(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                           const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, unsigned l,
                           uint64_t *work);
/* odd l (3, 5): eight blocks t a vector (gf16_rows_odd_avx512.c) */
#define snova_avx512_gf16_rows_odd PQSIG_KNS(snova_avx512_gf16_rows_odd)
int snova_avx512_gf16_rows_odd(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                               const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, unsigned l,
                               uint64_t *work);
/* l = 4: avx2's block stage compiled with AVX-512VL (gf16_avx512.c) */
int snova_avx512_gf16_rows4(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                            const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, unsigned l,
                            uint64_t *work);
#else
/* Odd q: the two products by VPDPBUSD (gfq_mul_vnni_avx512.c; avx2's where the CPU lacks AVX-512 VNNI) */
#define SNOVA_AVX512_GFQ
#define snova_avx512_gfq_mul PQSIG_KNS(snova_avx512_gfq_mul)
#define snova_avx512_gfq_mul_pairs PQSIG_KNS(snova_avx512_gfq_mul_pairs)
void snova_avx512_gfq_mul(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                          unsigned inner, const uint8_t *x, size_t xs, unsigned cols);
void snova_avx512_gfq_mul_pairs(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, unsigned rows,
                                unsigned inner, const uint16_t *xq, size_t xps, unsigned cols);
/* the block stage, two oil blocks a vector (gfq_rows_avx512.c) */
#define snova_avx512_gfq_rows PQSIG_KNS(snova_avx512_gfq_rows)
void snova_avx512_gfq_rows(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq, const uint8_t *spow,
                           const uint8_t *rhs, unsigned i, unsigned o, uint16_t *work);
/* verification's pair rows and their products, 32 columns a vector
 * (gfq_verify_avx512.c) */
#define snova_avx512_gfq_trows PQSIG_KNS(snova_avx512_gfq_trows)
#define snova_avx512_gfq_hrows PQSIG_KNS(snova_avx512_gfq_hrows)
void snova_avx512_gfq_trows(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len,
                            const uint16_t *ub);
void snova_avx512_gfq_hrows(uint16_t *h, size_t hs, const uint8_t *b, unsigned nb);
#endif

#endif
