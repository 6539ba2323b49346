/* Falcon, AVX2: the FFT and the inverse FFT of fft.c on four binary64
 * lanes (see meta.h). The walk over layers, groups and slots is the
 * twins', and so is each butterfly's formula: a complex product is
 * (ar*br - ai*bi) + i*(ar*bi + ai*br), each operation rounded on its own
 * (no fused multiply-add: these files are built without -mfma and with
 * -ffp-contract=off). Only the order in which independent butterflies
 * run differs, which changes no result.
 *
 * Layers whose span is 4 slots or more work on four consecutive slots of
 * one group (one twiddle factor, broadcast). The layers of span 2 and 1
 * take two and four groups per step: the slots are regrouped into x and y
 * vectors with 128-bit lane permutes (span 2) or in-lane unpacks (span 1),
 * with the twiddle factors gathered in the matching order, and put back
 * the same way. The layout of f is fft.h's: real parts in f[0..n/2),
 * imaginary parts in f[n/2..n). Nothing depends on the values: constant
 * time. */
#include <immintrin.h>
#include <stddef.h>

#include "falcon/fpr.h"
#include "falcon/native/x86_64_avx2/meta.h"

typedef __m256d v4;

#define LD(p) _mm256_loadu_pd(p)
#define ST(p, v) _mm256_storeu_pd((p), (v))

/* (ar + i ai) * (br + i bi) */
static inline void cmul(v4 *re, v4 *im, v4 ar, v4 ai, v4 br, v4 bi)
{
    *re = _mm256_sub_pd(_mm256_mul_pd(ar, br), _mm256_mul_pd(ai, bi));
    *im = _mm256_add_pd(_mm256_mul_pd(ar, bi), _mm256_mul_pd(ai, br));
}

/* Twiddle factor k (fpr_gm_tab: real part at 2k, imaginary at 2k + 1). */
static inline const double *gm(size_t k)
{
    return (const double *)(const void *)(fpr_gm_tab + 2 * k);
}

/* The twiddle factors of groups g and g + 1, each twice:
 * (re_g, re_g, re_g+1, re_g+1) and the same for the imaginary parts. */
static inline void tw_pairs(v4 *wr, v4 *wi, size_t k)
{
    v4 t = LD(gm(k));
    *wr = _mm256_movedup_pd(t);
    *wi = _mm256_permute_pd(t, 0xF);
}

/* The twiddle factors of groups g .. g + 3 in the order the span-1 layers
 * hold their slots: g, g + 2, g + 1, g + 3. */
static inline void tw_quads(v4 *wr, v4 *wi, size_t k)
{
    v4 t0 = LD(gm(k)), t1 = LD(gm(k + 2));
    *wr = _mm256_unpacklo_pd(t0, t1);
    *wi = _mm256_unpackhi_pd(t0, t1);
}

/* FFT butterfly: (x, y) -> (x + w y, x - w y). */
static inline void fly_fwd(v4 *xr, v4 *xi, v4 *yr, v4 *yi, v4 wr, v4 wi)
{
    v4 tr, ti;
    cmul(&tr, &ti, *yr, *yi, wr, wi);
    *yr = _mm256_sub_pd(*xr, tr);
    *yi = _mm256_sub_pd(*xi, ti);
    *xr = _mm256_add_pd(*xr, tr);
    *xi = _mm256_add_pd(*xi, ti);
}

/* Inverse FFT butterfly: (x, y) -> (x + y, (x - y) conj(w)). */
static inline void fly_inv(v4 *xr, v4 *xi, v4 *yr, v4 *yi, v4 wr, v4 wi)
{
    /* conj(w): the sign of the imaginary part flipped, exactly */
    v4 cwi = _mm256_xor_pd(wi, _mm256_set1_pd(-0.0));
    v4 dr = _mm256_sub_pd(*xr, *yr), di = _mm256_sub_pd(*xi, *yi);
    *xr = _mm256_add_pd(*xr, *yr);
    *xi = _mm256_add_pd(*xi, *yi);
    cmul(yr, yi, dr, di, wr, cwi);
}

static inline void fly(int inv, v4 *xr, v4 *xi, v4 *yr, v4 *yi, v4 wr, v4 wi)
{
    if (inv) {
        fly_inv(xr, xi, yr, yi, wr, wi);
    } else {
        fly_fwd(xr, xi, yr, yi, wr, wi);
    }
}

/* A layer of span >= 4 slots: `groups` groups of 2 span slots. inv (a
 * constant of the caller, not data) picks the butterfly. */
static inline void layer_wide(int inv, double *re, double *im, size_t groups, size_t span)
{
    size_t g, j, base;
    for (g = 0, base = 0; g < groups; g++, base += 2 * span) {
        v4 wr = _mm256_set1_pd(gm(2 * groups + g)[0]);
        v4 wi = _mm256_set1_pd(gm(2 * groups + g)[1]);
        for (j = base; j < base + span; j += 4) {
            v4 xr = LD(re + j), xi = LD(im + j), yr = LD(re + j + span), yi = LD(im + j + span);
            fly(inv, &xr, &xi, &yr, &yi, wr, wi);
            ST(re + j, xr);
            ST(im + j, xi);
            ST(re + j + span, yr);
            ST(im + j + span, yi);
        }
    }
}

/* The layer of span 2: groups of 4 slots, two groups per step. */
static inline void layer_span2(int inv, double *re, double *im, size_t hn)
{
    size_t groups = hn >> 2, g;
    for (g = 0; g < groups; g += 2) {
        size_t b = 4 * g;
        v4 wr, wi, ar = LD(re + b), br = LD(re + b + 4), ai = LD(im + b), bi = LD(im + b + 4);
        v4 xr = _mm256_permute2f128_pd(ar, br, 0x20), yr = _mm256_permute2f128_pd(ar, br, 0x31);
        v4 xi = _mm256_permute2f128_pd(ai, bi, 0x20), yi = _mm256_permute2f128_pd(ai, bi, 0x31);
        tw_pairs(&wr, &wi, 2 * groups + g);
        fly(inv, &xr, &xi, &yr, &yi, wr, wi);
        ST(re + b, _mm256_permute2f128_pd(xr, yr, 0x20));
        ST(re + b + 4, _mm256_permute2f128_pd(xr, yr, 0x31));
        ST(im + b, _mm256_permute2f128_pd(xi, yi, 0x20));
        ST(im + b + 4, _mm256_permute2f128_pd(xi, yi, 0x31));
    }
}

/* The layer of span 1: groups of 2 slots, four groups per step. */
static inline void layer_span1(int inv, double *re, double *im, size_t hn)
{
    size_t groups = hn >> 1, g;
    for (g = 0; g < groups; g += 4) {
        size_t b = 2 * g;
        v4 wr, wi, ar = LD(re + b), br = LD(re + b + 4), ai = LD(im + b), bi = LD(im + b + 4);
        v4 xr = _mm256_unpacklo_pd(ar, br), yr = _mm256_unpackhi_pd(ar, br);
        v4 xi = _mm256_unpacklo_pd(ai, bi), yi = _mm256_unpackhi_pd(ai, bi);
        tw_quads(&wr, &wi, 2 * groups + g);
        fly(inv, &xr, &xi, &yr, &yi, wr, wi);
        ST(re + b, _mm256_unpacklo_pd(xr, yr));
        ST(re + b + 4, _mm256_unpackhi_pd(xr, yr));
        ST(im + b, _mm256_unpacklo_pd(xi, yi));
        ST(im + b + 4, _mm256_unpackhi_pd(xi, yi));
    }
}

void falcon_fft_avx2(fpr *fp, unsigned logn)
{
    double *re = (double *)(void *)fp;
    size_t hn = (size_t)1 << (logn - 1), groups, span;
    for (groups = 1, span = hn >> 1; span >= 4; groups <<= 1, span >>= 1) {
        layer_wide(0, re, re + hn, groups, span);
    }
    layer_span2(0, re, re + hn, hn);
    layer_span1(0, re, re + hn, hn);
}

void falcon_ifft_avx2(fpr *fp, unsigned logn)
{
    double *re = (double *)(void *)fp;
    size_t hn = (size_t)1 << (logn - 1), n = hn << 1, groups, span, j;
    v4 scale;
    layer_span1(1, re, re + hn, hn);
    layer_span2(1, re, re + hn, hn);
    for (groups = hn >> 3, span = 4; groups != 0; groups >>= 1, span <<= 1) {
        layer_wide(1, re, re + hn, groups, span);
    }
    /* the folded last layer and the division by n: times 2/n */
    scale = _mm256_set1_pd(fpr_p2_tab[logn].v);
    for (j = 0; j < n; j += 4) {
        ST(re + j, _mm256_mul_pd(LD(re + j), scale));
    }
}

/* ---- split and merge, four complex slots per step ---- */

/* Eight consecutive values (a0 b0 a1 b1 a2 b2 a3 b3) to (a0..a3) and
 * (b0..b3). */
static inline void deal(v4 *a, v4 *b, const double *p)
{
    v4 v0 = LD(p), v1 = LD(p + 4);
    *a = _mm256_permute4x64_pd(_mm256_unpacklo_pd(v0, v1), 0xD8);
    *b = _mm256_permute4x64_pd(_mm256_unpackhi_pd(v0, v1), 0xD8);
}

/* The inverse: (a0..a3), (b0..b3) to a0 b0 a1 b1 a2 b2 a3 b3. */
static inline void weave(double *p, v4 a, v4 b)
{
    v4 x = _mm256_permute4x64_pd(a, 0xD8), y = _mm256_permute4x64_pd(b, 0xD8);
    ST(p, _mm256_unpacklo_pd(x, y));
    ST(p + 4, _mm256_unpackhi_pd(x, y));
}

void falcon_split_avx2(fpr *f0p, fpr *f1p, const fpr *fp, unsigned logn)
{
    const double *fr = (const double *)(const void *)fp;
    double *f0 = (double *)(void *)f0p, *f1 = (double *)(void *)f1p;
    size_t hn = (size_t)1 << (logn - 1), qn = hn >> 1, k;
    const double *fi = fr + hn;
    v4 half = _mm256_set1_pd(0.5);
    for (k = 0; k < qn; k += 4) {
        v4 ar, br, ai, bi, wr, wi, dr, di, tr, ti;
        deal(&ar, &br, fr + 2 * k);
        deal(&ai, &bi, fi + 2 * k);
        deal(&wr, &wi, gm(hn + k));
        /* f0 = (a + b) / 2; f1 = (a - b) conj(w) / 2 */
        ST(f0 + k, _mm256_mul_pd(_mm256_add_pd(ar, br), half));
        ST(f0 + qn + k, _mm256_mul_pd(_mm256_add_pd(ai, bi), half));
        dr = _mm256_sub_pd(ar, br);
        di = _mm256_sub_pd(ai, bi);
        cmul(&tr, &ti, dr, di, wr, _mm256_xor_pd(wi, _mm256_set1_pd(-0.0)));
        ST(f1 + k, _mm256_mul_pd(tr, half));
        ST(f1 + qn + k, _mm256_mul_pd(ti, half));
    }
}

void falcon_merge_avx2(fpr *fp, const fpr *f0p, const fpr *f1p, unsigned logn)
{
    double *fr = (double *)(void *)fp;
    const double *f0 = (const double *)(const void *)f0p, *f1 = (const double *)(const void *)f1p;
    size_t hn = (size_t)1 << (logn - 1), qn = hn >> 1, k;
    double *fi = fr + hn;
    for (k = 0; k < qn; k += 4) {
        v4 wr, wi, br, bi;
        v4 ar = LD(f0 + k), ai = LD(f0 + qn + k);
        deal(&wr, &wi, gm(hn + k));
        /* b = f1 w; f = (a + b, a - b) woven */
        cmul(&br, &bi, LD(f1 + k), LD(f1 + qn + k), wr, wi);
        weave(fr + 2 * k, _mm256_add_pd(ar, br), _mm256_sub_pd(ar, br));
        weave(fi + 2 * k, _mm256_add_pd(ai, bi), _mm256_sub_pd(ai, bi));
    }
}
