/* SNOVA test backend `decline`: every kernel declines (meta.h) without
 * writing anything. */
#include "snova/native/decline/meta.h"

#if SNOVA_Q == 16
int snova_decline_gf16_table(uint64_t *tab, const uint64_t *x, unsigned nw)
{
    (void)tab;
    (void)x;
    (void)nw;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gf16_lincomb(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                               size_t x_stride, size_t count, unsigned nw)
{
    (void)out;
    (void)s;
    (void)s_stride;
    (void)x;
    (void)x_stride;
    (void)count;
    (void)nw;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gf16_pmat(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l,
                            uint64_t *out, const uint64_t *tabx, uint64_t *outt, const uint64_t *taby,
                            unsigned nw)
{
    (void)buf;
    (void)nib0;
    (void)rb;
    (void)cb;
    (void)l;
    (void)out;
    (void)tabx;
    (void)outt;
    (void)taby;
    (void)nw;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gf16_solve(uint32_t *singular, uint64_t *g, unsigned n, unsigned w)
{
    (void)singular;
    (void)g;
    (void)n;
    (void)w;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gf16_whip(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow, unsigned l)
{
    (void)w;
    (void)x;
    (void)nb;
    (void)spow;
    (void)l;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gf16_finish(uint8_t *out, const uint64_t *d, const uint8_t *abq, unsigned o, unsigned l)
{
    (void)out;
    (void)d;
    (void)abq;
    (void)o;
    (void)l;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gf16_rows(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl,
                            const uint8_t *abq, const uint8_t *spow, const uint8_t *rhs, unsigned i,
                            unsigned o, unsigned l, uint64_t *work)
{
    (void)g;
    (void)gw;
    (void)ll;
    (void)rl;
    (void)abq;
    (void)spow;
    (void)rhs;
    (void)i;
    (void)o;
    (void)l;
    (void)work;
    return PQSIG_NATIVE_FALLBACK;
}

#else
int snova_decline_gfq_mul(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                          unsigned inner, const uint16_t *x, unsigned cols)
{
    (void)out;
    (void)a;
    (void)a_rs;
    (void)a_cs;
    (void)rows;
    (void)inner;
    (void)x;
    (void)cols;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gfq_trows(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len,
                            const uint16_t *ub)
{
    (void)yt;
    (void)ys;
    (void)h;
    (void)hs;
    (void)len;
    (void)ub;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gfq_solve(uint32_t *singular, uint16_t *g, unsigned n, unsigned w)
{
    (void)singular;
    (void)g;
    (void)n;
    (void)w;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gfq_whip(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb, const uint8_t *spow)
{
    (void)w16;
    (void)w8;
    (void)x;
    (void)nb;
    (void)spow;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gfq_finish(uint8_t *out, const uint16_t *d, const uint8_t *abq, unsigned o)
{
    (void)out;
    (void)d;
    (void)abq;
    (void)o;
    return PQSIG_NATIVE_FALLBACK;
}

int snova_decline_gfq_rows(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq,
                           const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, uint16_t *work)
{
    (void)g;
    (void)gw;
    (void)rl;
    (void)abq;
    (void)spow;
    (void)rhs;
    (void)i;
    (void)o;
    (void)work;
    return PQSIG_NATIVE_FALLBACK;
}
#endif
