/* SNOVA test backend `decline`: opts in to EVERY kernel of native/api.h
 * and declines every call, so a build with it (impl decline) runs each
 * native hook and then the portable fallback: its known answers prove the
 * fallback path. The externals are in decline.c (once per shape), out of
 * the compiler's sight, so the hooks are really taken. */
#ifndef PQSIG_SNOVA_NATIVE_DECLINE_META_H
#define PQSIG_SNOVA_NATIVE_DECLINE_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/native.h"

#if SNOVA_Q == 16
#define PQSIG_SNOVA_NATIVE_GF16_TABLE
#define snova_decline_gf16_table PQSIG_KNS(snova_decline_gf16_table)
int snova_decline_gf16_table(uint64_t *tab, const uint64_t *x, unsigned nw);
static inline int snova_gf16_table_native(uint64_t *tab, const uint64_t *x, unsigned nw)
{
    return snova_decline_gf16_table(tab, x, nw);
}

#define PQSIG_SNOVA_NATIVE_GF16_LINCOMB
#define snova_decline_gf16_lincomb PQSIG_KNS(snova_decline_gf16_lincomb)
int snova_decline_gf16_lincomb(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                               size_t x_stride, size_t count, unsigned nw);
static inline int snova_gf16_lincomb_native(uint64_t *out, const uint8_t *s, size_t s_stride,
                                            const uint64_t *x, size_t x_stride, size_t count, unsigned nw)
{
    return snova_decline_gf16_lincomb(out, s, s_stride, x, x_stride, count, nw);
}

#define PQSIG_SNOVA_NATIVE_GF16_PMAT
#define snova_decline_gf16_pmat PQSIG_KNS(snova_decline_gf16_pmat)
int snova_decline_gf16_pmat(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l,
                            uint64_t *out, const uint64_t *tabx, uint64_t *outt, const uint64_t *taby,
                            unsigned nw);
static inline int snova_gf16_pmat_native(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb,
                                         unsigned l, uint64_t *out, const uint64_t *tabx, uint64_t *outt,
                                         const uint64_t *taby, unsigned nw)
{
    return snova_decline_gf16_pmat(buf, nib0, rb, cb, l, out, tabx, outt, taby, nw);
}

#define PQSIG_SNOVA_NATIVE_GF16_SOLVE
#define snova_decline_gf16_solve PQSIG_KNS(snova_decline_gf16_solve)
int snova_decline_gf16_solve(uint32_t *singular, uint64_t *g, unsigned n, unsigned w);
static inline int snova_gf16_solve_native(uint32_t *singular, uint64_t *g, unsigned n, unsigned w)
{
    return snova_decline_gf16_solve(singular, g, n, w);
}

#define PQSIG_SNOVA_NATIVE_GF16_WHIP
#define snova_decline_gf16_whip PQSIG_KNS(snova_decline_gf16_whip)
int snova_decline_gf16_whip(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow, unsigned l);
static inline int snova_gf16_whip_native(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow,
                                         unsigned l)
{
    return snova_decline_gf16_whip(w, x, nb, spow, l);
}

#define PQSIG_SNOVA_NATIVE_GF16_FINISH
#define snova_decline_gf16_finish PQSIG_KNS(snova_decline_gf16_finish)
int snova_decline_gf16_finish(uint8_t *out, const uint64_t *d, const uint8_t *abq, unsigned o, unsigned l);
static inline int snova_gf16_finish_native(uint8_t *out, const uint64_t *d, const uint8_t *abq, unsigned o,
                                           unsigned l)
{
    return snova_decline_gf16_finish(out, d, abq, o, l);
}

#define PQSIG_SNOVA_NATIVE_GF16_ROWS
#define snova_decline_gf16_rows PQSIG_KNS(snova_decline_gf16_rows)
int snova_decline_gf16_rows(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl,
                            const uint8_t *abq, const uint8_t *spow, const uint8_t *rhs, unsigned i,
                            unsigned o, unsigned l, uint64_t *work);
static inline int snova_gf16_rows_native(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl,
                                         const uint8_t *abq, const uint8_t *spow, const uint8_t *rhs,
                                         unsigned i, unsigned o, unsigned l, uint64_t *work)
{
    return snova_decline_gf16_rows(g, gw, ll, rl, abq, spow, rhs, i, o, l, work);
}

#else
#define PQSIG_SNOVA_NATIVE_GFQ_MUL
#define snova_decline_gfq_mul PQSIG_KNS(snova_decline_gfq_mul)
int snova_decline_gfq_mul(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                          unsigned inner, const uint16_t *x, unsigned cols);
static inline int snova_gfq_mul_native(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs,
                                       unsigned rows, unsigned inner, const uint16_t *x, unsigned cols)
{
    return snova_decline_gfq_mul(out, a, a_rs, a_cs, rows, inner, x, cols);
}

#define PQSIG_SNOVA_NATIVE_GFQ_TROWS
#define snova_decline_gfq_trows PQSIG_KNS(snova_decline_gfq_trows)
int snova_decline_gfq_trows(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len,
                            const uint16_t *ub);
static inline int snova_gfq_trows_native(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len,
                                         const uint16_t *ub)
{
    return snova_decline_gfq_trows(yt, ys, h, hs, len, ub);
}

#define PQSIG_SNOVA_NATIVE_GFQ_SOLVE
#define snova_decline_gfq_solve PQSIG_KNS(snova_decline_gfq_solve)
int snova_decline_gfq_solve(uint32_t *singular, uint16_t *g, unsigned n, unsigned w);
static inline int snova_gfq_solve_native(uint32_t *singular, uint16_t *g, unsigned n, unsigned w)
{
    return snova_decline_gfq_solve(singular, g, n, w);
}

#define PQSIG_SNOVA_NATIVE_GFQ_WHIP
#define snova_decline_gfq_whip PQSIG_KNS(snova_decline_gfq_whip)
int snova_decline_gfq_whip(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb, const uint8_t *spow);
static inline int snova_gfq_whip_native(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb,
                                        const uint8_t *spow)
{
    return snova_decline_gfq_whip(w16, w8, x, nb, spow);
}

#define PQSIG_SNOVA_NATIVE_GFQ_FINISH
#define snova_decline_gfq_finish PQSIG_KNS(snova_decline_gfq_finish)
int snova_decline_gfq_finish(uint8_t *out, const uint16_t *d, const uint8_t *abq, unsigned o);
static inline int snova_gfq_finish_native(uint8_t *out, const uint16_t *d, const uint8_t *abq, unsigned o)
{
    return snova_decline_gfq_finish(out, d, abq, o);
}

#define PQSIG_SNOVA_NATIVE_GFQ_ROWS
#define snova_decline_gfq_rows PQSIG_KNS(snova_decline_gfq_rows)
int snova_decline_gfq_rows(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq,
                           const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, uint16_t *work);
static inline int snova_gfq_rows_native(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq,
                                        const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o,
                                        uint16_t *work)
{
    return snova_decline_gfq_rows(g, gw, rl, abq, spow, rhs, i, o, work);
}
#endif

#endif
