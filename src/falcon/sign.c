/* Falcon round 3: signing (see sign.h).
 *
 * Polynomials in FFT form follow fft.h: n/2 complex values, the real parts
 * first, then the imaginary parts. Every floating-point operation below is
 * the one round 3 performs on the same values, in the same order, so that
 * the sampler sees bit-identical centres and deviations. */
#include <string.h>

#include "common/ct.h"
#include "falcon/kernels.h"
#include "falcon/fft.h"
#include "falcon/fpr.h"
#include "falcon/params.h"
#include "falcon/sampler.h"
#include "falcon/sign.h"

typedef struct {
    falcon_samplerz_fn fn;
    void *ctx;
    fpr isig; /* 1 / sigma of the degree: fpr_inv_sigma[logn] */
} sampler_ref;

static void ints_to_fpr(fpr *d, const int8_t *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        d[i] = fpr_of(s[i]);
    }
}

void falcon_basis_fft(fpr *b00, fpr *b01, fpr *b10, fpr *b11, const int8_t *f, const int8_t *g, const int8_t *F,
                      const int8_t *G, unsigned logn)
{
    size_t n = (size_t)1 << logn;
    ints_to_fpr(b00, g, n);
    ints_to_fpr(b01, f, n);
    ints_to_fpr(b10, G, n);
    ints_to_fpr(b11, F, n);
    falcon_FFT(b00, logn);
    falcon_FFT(b01, logn);
    falcon_FFT(b10, logn);
    falcon_FFT(b11, logn);
    falcon_poly_neg(b01, logn);
    falcon_poly_neg(b11, logn);
}

/* One complex slot u of the LDL decomposition of [[g00, g01], [adj g01,
 * g11]]: l10 = adj(mu) with mu = g01 / g00 (as g01 * conj(g00) / |g00|^2)
 * over g01, and d11 = g11 - mu * adj(g01) into d. */
static inline void ldl_slot(fpr *d, fpr *g01, const fpr *g00, const fpr *g11, size_t u, size_t hn)
{
    fpr a_re = g00[u], a_im = g00[u + hn];
    fpr b_re = g01[u], b_im = g01[u + hn];
    fpr m, inv_re, inv_im, mu_re, mu_im;
    m = fpr_inv(fpr_add(fpr_sqr(a_re), fpr_sqr(a_im)));
    inv_re = fpr_mul(a_re, m);
    inv_im = fpr_mul(fpr_neg(a_im), m);
    mu_re = fpr_sub(fpr_mul(b_re, inv_re), fpr_mul(b_im, inv_im));
    mu_im = fpr_add(fpr_mul(b_re, inv_im), fpr_mul(b_im, inv_re));
    d[u] = fpr_sub(g11[u], fpr_sub(fpr_mul(mu_re, b_re), fpr_mul(mu_im, fpr_neg(b_im))));
    d[u + hn] = fpr_sub(g11[u + hn], fpr_add(fpr_mul(mu_re, fpr_neg(b_im)), fpr_mul(mu_im, b_re)));
    g01[u] = mu_re;
    g01[u + hn] = fpr_neg(mu_im);
}

/* One complex slot u of: t0 += (t1 - z1) * l10, then t1 = z1. */
static inline void update_slot(fpr *t0, fpr *t1, const fpr *z1, const fpr *l10, size_t u, size_t hn)
{
    fpr d_re = fpr_sub(t1[u], z1[u]);
    fpr d_im = fpr_sub(t1[u + hn], z1[u + hn]);
    fpr l_re = l10[u], l_im = l10[u + hn];
    t1[u] = z1[u];
    t1[u + hn] = z1[u + hn];
    t0[u] = fpr_add(t0[u], fpr_sub(fpr_mul(l_re, d_re), fpr_mul(l_im, d_im)));
    t0[u + hn] = fpr_add(t0[u + hn], fpr_add(fpr_mul(l_re, d_im), fpr_mul(l_im, d_re)));
}

/* ffSampling at logn = 1: one complex value per polynomial. The split of
 * a degree-2 polynomial is its real and imaginary parts, and a degree-1
 * leaf samples both coordinates with sigma = sqrt(d00) / sigma_target. */
static void ffsamp_deg2(const sampler_ref *sr, fpr *t0, fpr *t1, const fpr *g00, fpr *g01, const fpr *g11)
{
    fpr d11[2], z1[2], leaf;

    ldl_slot(d11, g01, g00, g11, 0, 1);
    /* Right leaf (its matrix: d11's real part). */
    leaf = fpr_mul(fpr_sqrt(d11[0]), sr->isig);
    z1[0] = fpr_of(sr->fn(sr->ctx, t1[0], leaf));
    z1[1] = fpr_of(sr->fn(sr->ctx, t1[1], leaf));
    update_slot(t0, t1, z1, g01, 0, 1);
    /* Left leaf (d00 = g00). */
    leaf = fpr_mul(fpr_sqrt(g00[0]), sr->isig);
    t0[0] = fpr_of(sr->fn(sr->ctx, t0[0], leaf));
    t0[1] = fpr_of(sr->fn(sr->ctx, t0[1], leaf));
}

/* split and merge at logn = 2, where the only root involved is
 * w = (1 + i) / sqrt(2): f = (a, b) in FFT order gives f0 = (a + b) / 2,
 * f1 = (a - b) * conj(w) / 2, and back a = f0 + f1 w, b = f0 - f1 w. */
static inline void split_deg4(fpr *f0, fpr *f1, const fpr *f)
{
    fpr w = fpr_invsqrt2;
    fpr d_re = fpr_sub(f[0], f[1]), d_im = fpr_sub(f[2], f[3]);
    f0[0] = fpr_half(fpr_add(f[0], f[1]));
    f0[1] = fpr_half(fpr_add(f[2], f[3]));
    f1[0] = fpr_half(fpr_sub(fpr_mul(d_re, w), fpr_mul(d_im, fpr_neg(w))));
    f1[1] = fpr_half(fpr_add(fpr_mul(d_re, fpr_neg(w)), fpr_mul(d_im, w)));
}

static inline void merge_deg4(fpr *f, const fpr *f0, const fpr *f1)
{
    fpr w = fpr_invsqrt2;
    fpr b_re = fpr_sub(fpr_mul(f1[0], w), fpr_mul(f1[1], w));
    fpr b_im = fpr_add(fpr_mul(f1[0], w), fpr_mul(f1[1], w));
    fpr a_re = f0[0], a_im = f0[1];
    f[0] = fpr_add(a_re, b_re);
    f[2] = fpr_add(a_im, b_im);
    f[1] = fpr_sub(a_re, b_re);
    f[3] = fpr_sub(a_im, b_im);
}

/* ffSampling at logn = 2, with everything in local arrays. */
static void ffsamp_deg4(const sampler_ref *sr, fpr *t0, fpr *t1, const fpr *g00, fpr *g01, const fpr *g11)
{
    fpr d11[4], z1[4], ga[2], gb[2], za[2], zb[2];

    ldl_slot(d11, g01, g00, g11, 0, 2);
    ldl_slot(d11, g01, g00, g11, 1, 2);
    split_deg4(ga, gb, d11);
    split_deg4(za, zb, t1);
    ffsamp_deg2(sr, za, zb, ga, gb, ga);
    merge_deg4(z1, za, zb);
    update_slot(t0, t1, z1, g01, 0, 2);
    update_slot(t0, t1, z1, g01, 1, 2);
    split_deg4(ga, gb, g00);
    split_deg4(za, zb, t0);
    ffsamp_deg2(sr, za, zb, ga, gb, ga);
    merge_deg4(t0, za, zb);
}

/* ffSampling (algorithm 11) with the LDL tree computed on the way down.
 * In: target (t0, t1) and the Gram matrix [[g00, g01], [adj g01, g11]]
 * (self-adjoint g00, g11; g11 may be the same array as g00, as in the
 * children's matrices [[d0, d1], [adj d1, d0]]). Out: the sample over
 * (t0, t1); g01 is overwritten with l10, g00 and g11 are kept.
 * w: scratch of 4n values (2n for this level, the rest for the levels
 * below). */
static void ffsamp(const sampler_ref *sr, fpr *t0, fpr *t1, const fpr *g00, fpr *g01, const fpr *g11,
                   unsigned logn, fpr *w)
{
    size_t n, hn, u;
    fpr *ga, *gb, *za, *zb;

    if (logn == 2) {
        ffsamp_deg4(sr, t0, t1, g00, g01, g11);
        return;
    }
    n = (size_t)1 << logn;
    hn = n >> 1;
    /* The child's Gram matrix (ga, gb, ga) and its target (za, zb). */
    ga = w;
    gb = w + hn;
    za = w + n;
    zb = za + hn;

    /* LDL; d11 goes to (za, zb) for the moment. */
    for (u = 0; u < hn; u++) {
        ldl_slot(za, g01, g00, g11, u, hn);
    }

    /* Right half: d11 split into the child's Gram matrix, t1 split into
     * its target, sampled, merged back (into ga..gb). */
    falcon_poly_split_fft(ga, gb, za, logn);
    falcon_poly_split_fft(za, zb, t1, logn);
    ffsamp(sr, za, zb, ga, gb, ga, logn - 1, w + 2 * n);
    falcon_poly_merge_fft(ga, za, zb, logn);
    for (u = 0; u < hn; u++) {
        update_slot(t0, t1, ga, g01, u, hn);
    }

    /* Left half: d00 = g00. */
    falcon_poly_split_fft(ga, gb, g00, logn);
    falcon_poly_split_fft(za, zb, t0, logn);
    ffsamp(sr, za, zb, ga, gb, ga, logn - 1, w + 2 * n);
    falcon_poly_merge_fft(t0, za, zb, logn);
}

/* Sum of squares of the n values of s (int32), saturated at 2^62 (a
 * square is at most 2^62, so the sum never wraps): a broken key may make
 * the rounded values huge, and the check must still refuse them. */
static uint64_t add_sq(uint64_t acc, const int32_t *s, size_t n)
{
    const uint64_t cap = (uint64_t)1 << 62;
    size_t i;
    for (i = 0; i < n; i++) {
        int64_t v = s[i];
        uint64_t over;
        acc += (uint64_t)(v * v);
        over = -(acc >> 62);
        acc = (acc & ~over) | (cap & over);
    }
    return acc;
}

int falcon_sign_finish(int16_t *s2, const uint16_t *hm, const fpr *t0, const fpr *t1, unsigned logn,
                       int32_t *work)
{
    size_t n = (size_t)1 << logn, u;
    int32_t *v1 = work, *v2 = work + n;
    int ok;

    for (u = 0; u < n; u++) {
        v1[u] = (int32_t)hm[u] - (int32_t)fpr_rint(t0[u]);
        v2[u] = -(int32_t)fpr_rint(t1[u]);
    }
    ok = add_sq(add_sq(0, v1, n), v2, n) <= FALCON_L2_BOUND(logn);
    /* Whether the attempt is short enough is public: round 3 (and every
     * Falcon signer) retries on failure, which shows in the time taken, and
     * a rejected sample is thrown away; a fresh one is drawn for the next
     * attempt. */
    PQSIG_CT_DECLASSIFY(&ok, sizeof ok);
    if (ok) {
        for (u = 0; u < n; u++) {
            s2[u] = (int16_t)v2[u];
        }
    }
    return ok;
}

int falcon_sign_attempt(int16_t *s2, falcon_samplerz_fn samp, void *samp_ctx, const int8_t *f, const int8_t *g,
                        const int8_t *F, const int8_t *G, const uint16_t *hm, unsigned logn, uint8_t *tmp)
{
    size_t n = (size_t)1 << logn, hn = n >> 1, u;
    fpr *base = (fpr *)(void *)tmp;
    fpr *b00, *b01, *b10, *b11, *g00, *g01, *g11, *t0, *t1, *w;
    sampler_ref sr;

    sr.fn = samp;
    sr.ctx = samp_ctx;
    sr.isig = fpr_inv_sigma[logn];

    /* Layout while sampling: g00 g01 g11 t0 t1 | scratch (4n). The basis
     * is first built in slots 3..6 (b00 b01 b10 b11). */
    g00 = base;
    g01 = g00 + n;
    g11 = g01 + n;
    b00 = g11 + n;
    b01 = b00 + n;
    b10 = b01 + n;
    b11 = b10 + n;
    falcon_basis_fft(b00, b01, b10, b11, f, g, F, G, logn);

    /* Gram matrix B * adj(B):
     *   g00 = b00 adj(b00) + b01 adj(b01)
     *   g01 = b00 adj(b10) + b01 adj(b11)
     *   g11 = b10 adj(b10) + b11 adj(b11) */
    for (u = 0; u < hn; u++) {
        fpr p_re = b00[u], p_im = b00[u + hn];
        fpr q_re = b01[u], q_im = b01[u + hn];
        fpr r_re = b10[u], r_im = b10[u + hn];
        fpr s_re = b11[u], s_im = b11[u + hn];
        fpr x_re, x_im, y_re, y_im;
        g00[u] = fpr_add(fpr_add(fpr_sqr(p_re), fpr_sqr(p_im)), fpr_add(fpr_sqr(q_re), fpr_sqr(q_im)));
        g00[u + hn] = fpr_zero;
        x_re = fpr_sub(fpr_mul(p_re, r_re), fpr_mul(p_im, fpr_neg(r_im)));
        x_im = fpr_add(fpr_mul(p_re, fpr_neg(r_im)), fpr_mul(p_im, r_re));
        y_re = fpr_sub(fpr_mul(q_re, s_re), fpr_mul(q_im, fpr_neg(s_im)));
        y_im = fpr_add(fpr_mul(q_re, fpr_neg(s_im)), fpr_mul(q_im, s_re));
        g01[u] = fpr_add(y_re, x_re);
        g01[u + hn] = fpr_add(y_im, x_im);
        g11[u] = fpr_add(fpr_add(fpr_sqr(r_re), fpr_sqr(r_im)), fpr_add(fpr_sqr(s_re), fpr_sqr(s_im)));
        g11[u + hn] = fpr_zero;
    }

    /* Target: (hm, 0) * B^-1 = (hm * b11 / q, -hm * b01 / q), with the
     * vectors b01, b11 still in place; t0 over b00, t1 over b10. */
    t0 = b00;
    t1 = b10;
    for (u = 0; u < n; u++) {
        t0[u] = fpr_of(hm[u]);
    }
    falcon_FFT(t0, logn);
    for (u = 0; u < hn; u++) {
        fpr h_re = t0[u], h_im = t0[u + hn];
        fpr c_re = b01[u], c_im = b01[u + hn];
        fpr e_re = b11[u], e_im = b11[u + hn];
        fpr ni = fpr_inverse_of_q, mni = fpr_neg(fpr_inverse_of_q);
        t1[u] = fpr_mul(fpr_sub(fpr_mul(h_re, c_re), fpr_mul(h_im, c_im)), mni);
        t1[u + hn] = fpr_mul(fpr_add(fpr_mul(h_re, c_im), fpr_mul(h_im, c_re)), mni);
        t0[u] = fpr_mul(fpr_sub(fpr_mul(h_re, e_re), fpr_mul(h_im, e_im)), ni);
        t0[u + hn] = fpr_mul(fpr_add(fpr_mul(h_re, e_im), fpr_mul(h_im, e_re)), ni);
    }
    /* (t0, t1) to slots 3, 4; scratch from slot 5. */
    memmove(b01, t1, n * sizeof *t1);
    t1 = b01;
    w = t1 + n;

    ffsamp(&sr, t0, t1, g00, g01, g11, logn, w);

    /* The lattice point: (z0, z1) * B, with the basis rebuilt in slots
     * 0..3 (the Gram matrix is no longer needed); s = (hm, 0) - that. */
    b00 = base;
    b01 = b00 + n;
    b10 = b01 + n;
    b11 = b10 + n;
    memmove(b11 + n, t0, 2 * n * sizeof *t0);
    t0 = b11 + n;
    t1 = t0 + n;
    falcon_basis_fft(b00, b01, b10, b11, f, g, F, G, logn);
    for (u = 0; u < hn; u++) {
        fpr z_re = t0[u], z_im = t0[u + hn];
        fpr y_re = t1[u], y_im = t1[u + hn];
        fpr p_re, p_im, q_re, q_im;
        /* first coordinate: z0 b00 + z1 b10 */
        p_re = fpr_sub(fpr_mul(z_re, b00[u]), fpr_mul(z_im, b00[u + hn]));
        p_im = fpr_add(fpr_mul(z_re, b00[u + hn]), fpr_mul(z_im, b00[u]));
        q_re = fpr_sub(fpr_mul(y_re, b10[u]), fpr_mul(y_im, b10[u + hn]));
        q_im = fpr_add(fpr_mul(y_re, b10[u + hn]), fpr_mul(y_im, b10[u]));
        t0[u] = fpr_add(p_re, q_re);
        t0[u + hn] = fpr_add(p_im, q_im);
        /* second coordinate: z0 b01 + z1 b11 */
        p_re = fpr_sub(fpr_mul(z_re, b01[u]), fpr_mul(z_im, b01[u + hn]));
        p_im = fpr_add(fpr_mul(z_re, b01[u + hn]), fpr_mul(z_im, b01[u]));
        q_re = fpr_sub(fpr_mul(y_re, b11[u]), fpr_mul(y_im, b11[u + hn]));
        q_im = fpr_add(fpr_mul(y_re, b11[u + hn]), fpr_mul(y_im, b11[u]));
        t1[u] = fpr_add(q_re, p_re);
        t1[u + hn] = fpr_add(q_im, p_im);
    }
    falcon_iFFT(t0, logn);
    falcon_iFFT(t1, logn);

    /* s1 = hm - round(t0), s2 = -round(t1), as int32 in slots 0..1. */
    return falcon_sign_finish(s2, hm, t0, t1, logn, (int32_t *)(void *)base);
}

static int sampler_z_cb(void *ctx, fpr mu, fpr isigma)
{
    return falcon_sampler_z((falcon_sampler_ctx *)ctx, mu, isigma);
}

void falcon_sign_dyn(int16_t *s2, pqsig_shake_ctx *rng, const int8_t *f, const int8_t *g, const int8_t *F,
                     const int8_t *G, const uint16_t *hm, unsigned logn, uint8_t *tmp)
{
    falcon_sampler_ctx sc;
    sc.sigma_min = fpr_sigma_min[logn];
    for (;;) {
        falcon_prng_init(&sc.p, rng);
        if (falcon_sign_attempt(s2, sampler_z_cb, &sc, f, g, F, G, hm, logn, tmp)) {
            break;
        }
    }
    falcon_prng_wipe(&sc.p);
}
