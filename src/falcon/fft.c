/* Falcon: FFT over R[X]/(X^n + 1) and arithmetic in FFT representation.
 *
 * Layout (see fft.h): with hn = n/2, slot k < hn holds the real part of the
 * value at root number k (bit-reversed order) and slot k + hn its
 * imaginary part. Bit-exactness with round 3 rests on doing the same
 * correctly rounded operations in the same grouping; the complex helpers
 * below therefore fix the exact formula of each operation. (Swapping the
 * operands of a single + or * never changes an IEEE result, but regrouping
 * does.) */
#include "falcon/fft.h"

/* ---- complex helpers ---- */

typedef struct {
    fpr re, im;
} cpx;

static inline cpx cpx_make(fpr re, fpr im)
{
    cpx z;
    z.re = re;
    z.im = im;
    return z;
}

/* the complex number stored at slot k of an array with hn complex slots */
static inline cpx cpx_at(const fpr *p, size_t k, size_t hn)
{
    return cpx_make(p[k], p[k + hn]);
}

static inline void cpx_put(fpr *p, size_t k, size_t hn, cpx z)
{
    p[k] = z.re;
    p[k + hn] = z.im;
}

static inline cpx cpx_add(cpx a, cpx b)
{
    return cpx_make(fpr_add(a.re, b.re), fpr_add(a.im, b.im));
}

static inline cpx cpx_sub(cpx a, cpx b)
{
    return cpx_make(fpr_sub(a.re, b.re), fpr_sub(a.im, b.im));
}

static inline cpx cpx_conj(cpx a)
{
    return cpx_make(a.re, fpr_neg(a.im));
}

/* (ar*br - ai*bi) + i*(ar*bi + ai*br): four products, no FMA */
static inline cpx cpx_mul(cpx a, cpx b)
{
    fpr re = fpr_sub(fpr_mul(a.re, b.re), fpr_mul(a.im, b.im));
    fpr im = fpr_add(fpr_mul(a.re, b.im), fpr_mul(a.im, b.re));
    return cpx_make(re, im);
}

/* |a|^2 = ar^2 + ai^2 */
static inline fpr cpx_norm(cpx a)
{
    return fpr_add(fpr_sqr(a.re), fpr_sqr(a.im));
}

/* a / b, as a times conj(b) scaled by the reciprocal of |b|^2; the scaling
 * is applied to conj(b) before the product. */
static inline cpx cpx_div(cpx a, cpx b)
{
    fpr s = fpr_inv(cpx_norm(b));
    cpx r = cpx_make(fpr_mul(b.re, s), fpr_mul(fpr_neg(b.im), s));
    return cpx_mul(a, r);
}

static inline cpx cpx_half(cpx a)
{
    return cpx_make(fpr_half(a.re), fpr_half(a.im));
}

/* twiddle factor number k: exp(i*pi*rev10(k)/1024) */
static inline cpx root(size_t k)
{
    return cpx_make(fpr_gm_tab[2 * k], fpr_gm_tab[2 * k + 1]);
}

/* ---- FFT ---- */

/* Decimation in frequency with bit-reversed output. Working on complex
 * slots, a layer with G groups of 2*S slots applies, inside group g, the
 * butterfly (x, y) -> (x + w*y, x - w*y) to the slot pairs (j, j + S),
 * with w = root(2G + g). The very first layer (G = 1/2, pairing each value
 * with its conjugate through w = i) is what the real/imaginary layout
 * already is, so the loop starts at G = 1 with S = n/4. */
void falcon_fft_c(fpr *f, unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1;
    size_t groups, span;

    for (groups = 1, span = hn >> 1; span != 0; groups <<= 1, span >>= 1) {
        size_t g, base;

        for (g = 0, base = 0; g < groups; g++, base += 2 * span) {
            cpx w = root(2 * groups + g);
            size_t j;

            for (j = base; j < base + span; j++) {
                cpx x = cpx_at(f, j, hn);
                cpx y = cpx_mul(cpx_at(f, j + span, hn), w);
                cpx_put(f, j, hn, cpx_add(x, y));
                cpx_put(f, j + span, hn, cpx_sub(x, y));
            }
        }
    }
}

/* The exact reverse walk: layers from the smallest span up, butterfly
 * (x, y) -> (x + y, (x - y) * conj(w)). The last layer would recombine
 * each value with its conjugate and only double every slot; it is folded,
 * with the division by n, into one final scaling by 2/n. */
void falcon_ifft_c(fpr *f, unsigned logn)
{
    size_t n = (size_t)1 << logn;
    size_t hn = n >> 1;
    size_t groups, span, j;
    fpr scale;

    for (groups = hn >> 1, span = 1; groups != 0; groups >>= 1, span <<= 1) {
        size_t g, base;

        for (g = 0, base = 0; g < groups; g++, base += 2 * span) {
            cpx w = cpx_conj(root(2 * groups + g));

            for (j = base; j < base + span; j++) {
                cpx x = cpx_at(f, j, hn);
                cpx y = cpx_at(f, j + span, hn);
                cpx_put(f, j, hn, cpx_add(x, y));
                cpx_put(f, j + span, hn, cpx_mul(cpx_sub(x, y), w));
            }
        }
    }

    if (logn == 0) {
        return;
    }
    scale = fpr_p2_tab[logn];
    for (j = 0; j < n; j++) {
        f[j] = fpr_mul(f[j], scale);
    }
}

/* ---- coefficient-wise operations (either representation) ---- */

void falcon_poly_add(fpr *restrict a, const fpr *restrict b, unsigned logn)
{
    size_t n = (size_t)1 << logn, k;

    for (k = 0; k < n; k++) {
        a[k] = fpr_add(a[k], b[k]);
    }
}

void falcon_poly_sub(fpr *restrict a, const fpr *restrict b, unsigned logn)
{
    size_t n = (size_t)1 << logn, k;

    for (k = 0; k < n; k++) {
        a[k] = fpr_sub(a[k], b[k]);
    }
}

void falcon_poly_neg(fpr *a, unsigned logn)
{
    size_t n = (size_t)1 << logn, k;

    for (k = 0; k < n; k++) {
        a[k] = fpr_neg(a[k]);
    }
}

void falcon_poly_mulconst(fpr *a, fpr x, unsigned logn)
{
    size_t n = (size_t)1 << logn, k;

    for (k = 0; k < n; k++) {
        a[k] = fpr_mul(a[k], x);
    }
}

/* ---- FFT-domain operations ---- */

void falcon_poly_adj_fft(fpr *a, unsigned logn)
{
    size_t n = (size_t)1 << logn, k;

    /* conjugation: flip the sign of the imaginary half */
    for (k = n >> 1; k < n; k++) {
        a[k] = fpr_neg(a[k]);
    }
}

void falcon_poly_mul_fft(fpr *restrict a, const fpr *restrict b, unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        cpx_put(a, k, hn, cpx_mul(cpx_at(a, k, hn), cpx_at(b, k, hn)));
    }
}

void falcon_poly_muladj_fft(fpr *restrict a, const fpr *restrict b,
                            unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        cpx_put(a, k, hn,
                cpx_mul(cpx_at(a, k, hn), cpx_conj(cpx_at(b, k, hn))));
    }
}

void falcon_poly_mulselfadj_fft(fpr *a, unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        a[k] = cpx_norm(cpx_at(a, k, hn));
        a[k + hn] = fpr_zero;
    }
}

void falcon_poly_div_fft(fpr *restrict a, const fpr *restrict b, unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        cpx_put(a, k, hn, cpx_div(cpx_at(a, k, hn), cpx_at(b, k, hn)));
    }
}

void falcon_poly_invnorm2_fft(fpr *restrict d, const fpr *restrict a,
                              const fpr *restrict b, unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        fpr na = cpx_norm(cpx_at(a, k, hn));
        fpr nb = cpx_norm(cpx_at(b, k, hn));
        d[k] = fpr_inv(fpr_add(na, nb));
    }
}

void falcon_poly_add_muladj_fft(fpr *restrict d, const fpr *restrict F,
                                const fpr *restrict G, const fpr *restrict f,
                                const fpr *restrict g, unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        cpx u = cpx_mul(cpx_at(F, k, hn), cpx_conj(cpx_at(f, k, hn)));
        cpx v = cpx_mul(cpx_at(G, k, hn), cpx_conj(cpx_at(g, k, hn)));
        cpx_put(d, k, hn, cpx_add(u, v));
    }
}

void falcon_poly_mul_autoadj_fft(fpr *restrict a, const fpr *restrict b,
                                 unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        a[k] = fpr_mul(a[k], b[k]);
        a[k + hn] = fpr_mul(a[k + hn], b[k]);
    }
}

void falcon_poly_div_autoadj_fft(fpr *restrict a, const fpr *restrict b,
                                 unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        fpr r = fpr_inv(b[k]);
        a[k] = fpr_mul(a[k], r);
        a[k + hn] = fpr_mul(a[k + hn], r);
    }
}

/* One slot of the LDL* step: returns l10 = conj(mu) with mu = g01/g00 and
 * stores d11 = g11 - mu*conj(g01). */
static inline cpx ldl_slot(cpx g00, cpx g01, cpx g11, cpx *d11)
{
    cpx mu = cpx_div(g01, g00);
    *d11 = cpx_sub(g11, cpx_mul(mu, cpx_conj(g01)));
    return cpx_conj(mu);
}

void falcon_poly_LDL_fft(const fpr *restrict g00, fpr *restrict g01,
                         fpr *restrict g11, unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        cpx d11, l10;

        l10 = ldl_slot(cpx_at(g00, k, hn), cpx_at(g01, k, hn),
                       cpx_at(g11, k, hn), &d11);
        cpx_put(g11, k, hn, d11);
        cpx_put(g01, k, hn, l10);
    }
}

void falcon_poly_LDLmv_fft(fpr *restrict d11, fpr *restrict l10,
                           const fpr *g00, const fpr *g01, const fpr *g11,
                           unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1, k;

    for (k = 0; k < hn; k++) {
        cpx d, l;

        l = ldl_slot(cpx_at(g00, k, hn), cpx_at(g01, k, hn),
                     cpx_at(g11, k, hn), &d);
        cpx_put(d11, k, hn, d);
        cpx_put(l10, k, hn, l);
    }
}

/* ---- split / merge (Falcon spec: splitfft, mergefft) ----
 *
 * Input slots 2k and 2k+1 hold f at r and -r, the two square roots of the
 * half-degree ring's root number k, where r = root(hn + k) (the table is
 * shared by all degrees). Then, with x^2 = s:
 *   f0(s) = (f(r) + f(-r)) / 2,   f1(s) = (f(r) - f(-r)) / (2r),
 * and 1/r = conj(r) on the unit circle. For logn = 1 each half is a single
 * real value and both operations are copies. */

void falcon_split_c(fpr *restrict f0, fpr *restrict f1, const fpr *restrict f, unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1;
    size_t qn = hn >> 1, k;

    if (qn == 0) {
        f0[0] = f[0];
        f1[0] = f[hn];
        return;
    }
    for (k = 0; k < qn; k++) {
        cpx a = cpx_at(f, 2 * k, hn);
        cpx b = cpx_at(f, 2 * k + 1, hn);
        cpx_put(f0, k, qn, cpx_half(cpx_add(a, b)));
        cpx_put(f1, k, qn,
                cpx_half(cpx_mul(cpx_sub(a, b), cpx_conj(root(hn + k)))));
    }
}

void falcon_merge_c(fpr *restrict f, const fpr *restrict f0, const fpr *restrict f1, unsigned logn)
{
    size_t hn = ((size_t)1 << logn) >> 1;
    size_t qn = hn >> 1, k;

    if (qn == 0) {
        f[0] = f0[0];
        f[hn] = f1[0];
        return;
    }
    for (k = 0; k < qn; k++) {
        cpx a = cpx_at(f0, k, qn);
        cpx b = cpx_mul(cpx_at(f1, k, qn), root(hn + k));
        cpx_put(f, 2 * k, hn, cpx_add(a, b));
        cpx_put(f, 2 * k + 1, hn, cpx_sub(a, b));
    }
}
