/* SNOVA: the composite hooks over the kernel sets of this build
 * (src/common/kset.h). The frontend of a set is compiled once, with this
 * file as its PQSIG_BACKEND_META, and serves opt and every backend
 * implementation: each hook below runs a backend's kernel only while that
 * backend's implementation is the calling thread's kernel set, and
 * otherwise declines, so `opt` runs the portable twins. A backend's own
 * meta.h (x86_64_avx2/meta.h, ...) lists what it provides
 * (SNOVA_<DIR>_<KERNEL>); a kernel no backend provides has no hook. */
#ifndef PQSIG_SNOVA_NATIVE_META_H
#define PQSIG_SNOVA_NATIVE_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/kset.h"
#include "common/native.h"

#if defined(PQSIG_KSET_HAVE_AVX2)
#include "snova/native/x86_64_avx2/meta.h"
#endif
#if defined(PQSIG_KSET_HAVE_AVX512)
#include "snova/native/x86_64_avx512/meta.h"
#endif

#if defined(SNOVA_AVX512_SHAKE_X8)
#define PQSIG_SNOVA_NATIVE_SHAKE_X8
static inline int snova_shake_x8_native(void)
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX512, (void)0);
}
#endif

/* On x86-64 the avx2 kernels serve the avx2 set and every larger one. */
#define SNOVA_KSET_AVX2_OK() (pqsig_kset() >= PQSIG_KSET_AVX2)

/* avx512's kernel where the set is avx512, else the avx2 one below: RUN
 * for a kernel that gives nothing back (the hook returns after it), TRY
 * for one that returns PQSIG_NATIVE_OK or _FALLBACK itself (a shape it
 * declines goes on to avx2's). */
#if defined(SNOVA_AVX512_GF16) || defined(SNOVA_AVX512_GFQ)
#define SNOVA_AVX512_RUN(call)                                                                     \
    if (pqsig_kset() >= PQSIG_KSET_AVX512) {                                                       \
        call;                                                                                      \
        return PQSIG_NATIVE_OK;                                                                    \
    }
#define SNOVA_AVX512_TRY(call)                                                                     \
    if (pqsig_kset() >= PQSIG_KSET_AVX512 && (call) == PQSIG_NATIVE_OK) {                          \
        return PQSIG_NATIVE_OK;                                                                    \
    }
#else
#define SNOVA_AVX512_RUN(call)
#define SNOVA_AVX512_TRY(call)
#endif

#if SNOVA_Q == 16

#if defined(SNOVA_AVX2_GF16_TABLE)
#define PQSIG_SNOVA_NATIVE_GF16_TABLE
static inline int snova_gf16_table_native(uint64_t *tab, const uint64_t *x, unsigned nw)
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, snova_avx2_gf16_table(tab, x, nw));
}
#endif

#if defined(SNOVA_AVX2_GF16_LINCOMB)
#define PQSIG_SNOVA_NATIVE_GF16_LINCOMB
static inline int snova_gf16_lincomb_native(uint64_t *out, const uint8_t *s, size_t s_stride,
                                            const uint64_t *x, size_t x_stride, size_t count, unsigned nw)
{
    SNOVA_AVX512_RUN(snova_avx512_gf16_lincomb(out, s, s_stride, x, x_stride, count, nw));
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, snova_avx2_gf16_lincomb(out, s, s_stride, x, x_stride, count, nw));
}
#endif

#if defined(SNOVA_AVX2_GF16_LINCOMB_ROWS)
#define PQSIG_SNOVA_NATIVE_GF16_LINCOMB_ROWS
static inline int snova_gf16_lincomb_rows_native(uint64_t *out, unsigned nrows, const uint8_t *s, size_t s_stride,
                                                 const uint64_t *x, size_t x_stride, size_t count, unsigned nw)
{
    SNOVA_AVX512_RUN(snova_avx512_gf16_lincomb_rows(out, nrows, s, s_stride, x, x_stride, count, nw));
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, snova_avx2_gf16_lincomb_rows(out, nrows, s, s_stride, x, x_stride, count, nw));
}
#endif

#if defined(SNOVA_AVX2_GF16_SOLVE)
#define PQSIG_SNOVA_NATIVE_GF16_SOLVE
static inline int snova_gf16_solve_native(uint32_t *singular, uint64_t *g, unsigned n, unsigned w)
{
    SNOVA_AVX512_RUN(*singular = snova_avx512_gf16_solve(g, n, w));
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, *singular = snova_avx2_gf16_solve(g, n, w));
}
#endif

#if defined(SNOVA_AVX2_GF16_PMAT)
#define PQSIG_SNOVA_NATIVE_GF16_PMAT
static inline int snova_gf16_pmat_native(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l,
                                         uint64_t *out, const uint64_t *tabx, uint64_t *outt,
                                         const uint64_t *taby, unsigned nw)
{
    /* a shape avx512 declines (rows of three words and more) may still be avx2's */
    SNOVA_AVX512_TRY(snova_avx512_gf16_pmat(buf, nib0, rb, cb, l, out, tabx, outt, taby, nw));
    if (SNOVA_KSET_AVX2_OK()) {
        return snova_avx2_gf16_pmat(buf, nib0, rb, cb, l, out, tabx, outt, taby, nw);
    }
    return PQSIG_NATIVE_FALLBACK;
}
#endif

#if defined(SNOVA_AVX2_GF16_FINISH)
#define PQSIG_SNOVA_NATIVE_GF16_FINISH
static inline int snova_gf16_finish_native(uint8_t *out, const uint64_t *d, const uint8_t *abq, unsigned o,
                                           unsigned l)
{
    if (SNOVA_KSET_AVX2_OK()) {
        return snova_avx2_gf16_finish(out, d, abq, o, l);
    }
    return PQSIG_NATIVE_FALLBACK;
}
#endif

#if defined(SNOVA_AVX2_GF16_WHIP)
#define PQSIG_SNOVA_NATIVE_GF16_WHIP
static inline int snova_gf16_whip_native(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow, unsigned l)
{
    if (SNOVA_KSET_AVX2_OK()) {
        return snova_avx2_gf16_whip(w, x, nb, spow, l);
    }
    return PQSIG_NATIVE_FALLBACK;
}
#endif

#if defined(SNOVA_AVX2_GF16_ROWS)
#define PQSIG_SNOVA_NATIVE_GF16_ROWS
static inline int snova_gf16_rows_native(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl,
                                         const uint8_t *abq, const uint8_t *spow, const uint8_t *rhs,
                                         unsigned i, unsigned o, unsigned l, uint64_t *work)
{
    SNOVA_AVX512_TRY(snova_avx512_gf16_rows(g, gw, ll, rl, abq, spow, rhs, i, o, l, work));
    if (SNOVA_KSET_AVX2_OK()) {
        return snova_avx2_gf16_rows(g, gw, ll, rl, abq, spow, rhs, i, o, l, work);
    }
    return PQSIG_NATIVE_FALLBACK;
}
#endif

#else
#if defined(SNOVA_AVX2_GFQ)
/* One hook per kernel: the AVX2 compile of the twin where the set runs avx2. */
#define SNOVA_GFQ_HOOK(call) PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, call)

/* avx2's snova_gfq_mul fills its vectors along the rows of x: signing
 * runs its products transposed for it (api.h). */
#define PQSIG_SNOVA_NATIVE_GFQ_WIDE
static inline int snova_gfq_wide_native(void)
{
    SNOVA_GFQ_HOOK((void)0);
}

#define PQSIG_SNOVA_NATIVE_GFQ_MUL
static inline int snova_gfq_mul_native(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs,
                                       unsigned rows, unsigned inner, const uint8_t *x, size_t xs, unsigned cols)
{
    SNOVA_AVX512_RUN(snova_avx512_gfq_mul(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols));
    SNOVA_GFQ_HOOK(snova_avx2_gfq_mul(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols));
}

#define PQSIG_SNOVA_NATIVE_GFQ_MUL_PAIRS
static inline int snova_gfq_mul_pairs_native(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, unsigned rows,
                                             unsigned inner, const uint16_t *xp, size_t xps, unsigned cols)
{
    SNOVA_AVX512_RUN(snova_avx512_gfq_mul_pairs(out, os, a, a_rs, rows, inner, xp, xps, cols));
    SNOVA_GFQ_HOOK(snova_avx2_gfq_mul_pairs(out, os, a, a_rs, rows, inner, xp, xps, cols));
}

#define PQSIG_SNOVA_NATIVE_GFQ_PROW
static inline int snova_gfq_prow_native(uint8_t *p11, uint8_t *p12, uint8_t *b, unsigned j, unsigned v, unsigned o,
                                        unsigned mode)
{
    SNOVA_GFQ_HOOK(snova_avx2_gfq_prow(p11, p12, b, j, v, o, mode));
}

#define PQSIG_SNOVA_NATIVE_GFQ_LROW
static inline int snova_gfq_lrow_native(uint16_t *lp, size_t lps, uint16_t *p12t, uint8_t *b, unsigned j,
                                        unsigned v, unsigned o, int raw)
{
    SNOVA_GFQ_HOOK(snova_avx2_gfq_lrow(lp, lps, p12t, b, j, v, o, raw));
}

#define PQSIG_SNOVA_NATIVE_GFQ_HROWS
static inline int snova_gfq_hrows_native(uint16_t *h, size_t hs, const uint8_t *b, unsigned nb)
{
    SNOVA_AVX512_RUN(snova_avx512_gfq_hrows(h, hs, b, nb));
    SNOVA_GFQ_HOOK(snova_avx2_gfq_hrows(h, hs, b, nb));
}

#define PQSIG_SNOVA_NATIVE_GFQ_RED8
static inline int snova_gfq_red8_native(uint8_t *dst, size_t ds, const uint16_t *src, size_t ss, unsigned rows,
                                        unsigned cols)
{
    SNOVA_GFQ_HOOK(snova_avx2_gfq_red8(dst, ds, src, ss, rows, cols));
}

#define PQSIG_SNOVA_NATIVE_GFQ_TROWS
static inline int snova_gfq_trows_native(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len,
                                         const uint16_t *ub)
{
    SNOVA_AVX512_RUN(snova_avx512_gfq_trows(yt, ys, h, hs, len, ub));
    SNOVA_GFQ_HOOK(snova_avx2_gfq_trows(yt, ys, h, hs, len, ub));
}

#define PQSIG_SNOVA_NATIVE_GFQ_SOLVE
static inline int snova_gfq_solve_native(uint32_t *singular, uint16_t *g, unsigned n, unsigned w)
{
    SNOVA_GFQ_HOOK(*singular = snova_avx2_gfq_solve(g, n, w));
}

#define PQSIG_SNOVA_NATIVE_GFQ_WHIP
static inline int snova_gfq_whip_native(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb,
                                        const uint8_t *spow)
{
    SNOVA_GFQ_HOOK(snova_avx2_gfq_whip(w16, w8, x, nb, spow));
}

#define PQSIG_SNOVA_NATIVE_GFQ_FINISH
static inline int snova_gfq_finish_native(uint8_t *out, const uint16_t *d, const uint8_t *abq, unsigned o)
{
    SNOVA_GFQ_HOOK(snova_avx2_gfq_finish(out, d, abq, o));
}

#define PQSIG_SNOVA_NATIVE_GFQ_ROWS
static inline int snova_gfq_rows_native(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq,
                                        const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o,
                                        uint16_t *work)
{
    SNOVA_AVX512_RUN(snova_avx512_gfq_rows(g, gw, rl, abq, spow, rhs, i, o, work));
    SNOVA_GFQ_HOOK(snova_avx2_gfq_rows(g, gw, rl, abq, spow, rhs, i, o, work));
}
#endif
#endif

#endif
