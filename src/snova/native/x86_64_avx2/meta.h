/* SNOVA backend x86_64_avx2 (impl avx2): the kernels it provides, for the
 * composite ../meta.h, which calls them only inside the avx2 (or avx512)
 * implementation's operations, after their CPU check (src/common/kset.h).
 *   GF(16): multiplication tables, the linear combination of packed rows
 *   and the Gauss-Jordan solver, four 64-bit words (64 elements) per
 *   vector, bitsliced as the portable twins are; for l = 4, the block
 *   stage of the signing system and the products of the public matrix
 *   with tables (gf16_avx2.c), and the final combination of the map
 *   (gf16_finish_avx2.c).
 * Odd q: the two products by hand (gfq_mul_avx2.c: pairs of the inner
 *   dimension per vpmaddubsw; the broadcast elements of verification in
 *   registers), the other kernels the portable ones compiled with AVX2
 *   for the vectoriser (gfq_avx2.c). */
#ifndef PQSIG_SNOVA_NATIVE_X86_64_AVX2_META_H
#define PQSIG_SNOVA_NATIVE_X86_64_AVX2_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"

#if SNOVA_Q == 16
#define SNOVA_AVX2_GF16_TABLE
#define snova_avx2_gf16_table PQSIG_KNS(snova_avx2_gf16_table)
void snova_avx2_gf16_table(uint64_t *tab, const uint64_t *x, unsigned nw);

#define SNOVA_AVX2_GF16_LINCOMB
#define snova_avx2_gf16_lincomb PQSIG_KNS(snova_avx2_gf16_lincomb)
void snova_avx2_gf16_lincomb(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                             size_t x_stride, size_t count, unsigned nw);

#define SNOVA_AVX2_GF16_LINCOMB_ROWS
#define snova_avx2_gf16_lincomb_rows PQSIG_KNS(snova_avx2_gf16_lincomb_rows)
void snova_avx2_gf16_lincomb_rows(uint64_t *out, unsigned nrows, const uint8_t *s, size_t s_stride,
                                  const uint64_t *x, size_t x_stride, size_t count, unsigned nw);

#define SNOVA_AVX2_GF16_SOLVE
#define snova_avx2_gf16_solve PQSIG_KNS(snova_avx2_gf16_solve)
uint32_t snova_avx2_gf16_solve(uint64_t *g, unsigned n, unsigned w);

/* From a byte boundary only: l = 4 with rows of one or two words
 * (gf16_avx2.c), l = 2 with rows of any width (gf16_pmat2_avx2.c; P X
 * of rows of one word and at least two block columns there, the others
 * by the portable twin); PQSIG_NATIVE_FALLBACK before writing anything
 * otherwise. */
#define SNOVA_AVX2_GF16_PMAT
#define snova_avx2_gf16_pmat PQSIG_KNS(snova_avx2_gf16_pmat)
int snova_avx2_gf16_pmat(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l, uint64_t *out,
                         const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, unsigned nw);
/* l = 2 from byte p (the first block), the shape checked by the caller */
#define snova_avx2_gf16_pmat2 PQSIG_KNS(snova_avx2_gf16_pmat2)
void snova_avx2_gf16_pmat2(const uint8_t *p, unsigned rb, unsigned cb, uint64_t *out, const uint64_t *tabx,
                           uint64_t *outt, const uint64_t *taby, unsigned nw);

/* gf16_finish_avx2.c: the final combination for l = 3, 4, 5 and the
 * whipping for l = 3, 4, 5 (PQSIG_NATIVE_FALLBACK for l = 2). */
#define SNOVA_AVX2_GF16_FINISH
#define snova_avx2_gf16_finish PQSIG_KNS(snova_avx2_gf16_finish)
int snova_avx2_gf16_finish(uint8_t *out, const uint64_t *d, const uint8_t *abq, unsigned o, unsigned l);
#define SNOVA_AVX2_GF16_WHIP
#define snova_avx2_gf16_whip PQSIG_KNS(snova_avx2_gf16_whip)
int snova_avx2_gf16_whip(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow, unsigned l);

/* l = 4 only (PQSIG_NATIVE_FALLBACK before writing anything otherwise). */
#define SNOVA_AVX2_GF16_ROWS
#define snova_avx2_gf16_rows PQSIG_KNS(snova_avx2_gf16_rows)
int snova_avx2_gf16_rows(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                         const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, unsigned l,
                         uint64_t *work);
#else
/* Odd q: gfq_mul_avx2.c (mul, mul_pairs, prow, lrow, hrows, red8, trows) and gfq_avx2.c (the others). */
#define SNOVA_AVX2_GFQ
#define snova_avx2_gfq_mul PQSIG_KNS(snova_avx2_gfq_mul)
#define snova_avx2_gfq_mul_pairs PQSIG_KNS(snova_avx2_gfq_mul_pairs)
#define snova_avx2_gfq_prow PQSIG_KNS(snova_avx2_gfq_prow)
#define snova_avx2_gfq_lrow PQSIG_KNS(snova_avx2_gfq_lrow)
#define snova_avx2_gfq_hrows PQSIG_KNS(snova_avx2_gfq_hrows)
#define snova_avx2_gfq_red8 PQSIG_KNS(snova_avx2_gfq_red8)
#define snova_avx2_gfq_trows PQSIG_KNS(snova_avx2_gfq_trows)
#define snova_avx2_gfq_solve PQSIG_KNS(snova_avx2_gfq_solve)
#define snova_avx2_gfq_whip PQSIG_KNS(snova_avx2_gfq_whip)
#define snova_avx2_gfq_finish PQSIG_KNS(snova_avx2_gfq_finish)
#define snova_avx2_gfq_rows PQSIG_KNS(snova_avx2_gfq_rows)
void snova_avx2_gfq_mul(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                        unsigned inner, const uint8_t *x, size_t xs, unsigned cols);
void snova_avx2_gfq_mul_pairs(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, unsigned rows, unsigned inner,
                              const uint16_t *xq, size_t xps, unsigned cols);
void snova_avx2_gfq_prow(uint8_t *p11, uint8_t *p12, uint8_t *b, unsigned j, unsigned v, unsigned o, unsigned mode);
void snova_avx2_gfq_lrow(uint16_t *lp, size_t lps, uint16_t *p12t, uint8_t *b, unsigned j, unsigned v,
                         unsigned o, int raw);
void snova_avx2_gfq_hrows(uint16_t *h, size_t hs, const uint8_t *b, unsigned nb);
void snova_avx2_gfq_red8(uint8_t *dst, size_t ds, const uint16_t *src, size_t ss, unsigned rows, unsigned cols);
void snova_avx2_gfq_trows(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len,
                          const uint16_t *ub);
uint32_t snova_avx2_gfq_solve(uint16_t *g, unsigned n, unsigned w);
void snova_avx2_gfq_whip(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb, const uint8_t *spow);
void snova_avx2_gfq_finish(uint8_t *out, const uint16_t *d, const uint8_t *abq, unsigned o);
void snova_avx2_gfq_rows(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq, const uint8_t *spow,
                         const uint8_t *rhs, unsigned i, unsigned o, uint16_t *work);
#endif

#endif
