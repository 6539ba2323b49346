/* Falcon round 3: signing as the specification (v1.2, section 3.9) states
 * it, with an expanded secret key (algorithm 8, ExpandKey) and a Falcon
 * tree built once (algorithm 9, ffLDL*), then Fast Fourier sampling over
 * that tree (algorithm 11, ffSampling) for each attempt of algorithm 10.
 *
 * This is the signer of `ref`: the oracle that sign.c (the LDL tree built
 * on the way down, with unrolled small degrees) is checked against. Both
 * must give the same bits: the tree's nodes are computed by the same
 * sequence of correctly rounded operations, and only the schedule
 * differs. Two points where we follow round 3 rather than the letter of
 * algorithm 10, because they decide the bits:
 *   - the leaves hold sqrt(D_ii) / sigma (round 3's SamplerZ takes the
 *     inverse of the deviation), which is the specification's
 *     sigma / sqrt(D_ii) inverted;
 *   - s is formed as (hm, 0) - z B rather than (t - z) B: z B is an
 *     integer vector, so its floating-point value is within far less than
 *     1/2 of it and rounds without ambiguity.
 *
 * Layout of the tree of degree 2^logn (logn >= 1), in values (fpr):
 *   logn = 1:  l10 (one complex value: 2 slots), leaf of d00, leaf of d11
 *   logn > 1:  l10 (n slots), the tree of d00 (left), the tree of d11
 *              (right), each of degree 2^(logn - 1)
 * so it holds (logn + 1) 2^logn values. */
#include <string.h>

#include "falcon/fft.h"
#include "falcon/fpr.h"
#include "falcon/kernels.h"
#include "falcon/params.h"
#include "falcon/sampler.h"
#include "falcon/sign.h"

static size_t tree_size(unsigned logn)
{
    return (size_t)(logn + 1) << logn;
}

/* ffLDL* of the Gram matrix [[g00, g01], [adj g01, g11]] (FFT, degree
 * 2^logn) into tree; the inputs are left intact. The children's matrices
 * are [[a, b], [adj b, a]] with (a, b) the split of d00 or d11, so below
 * the root g11 is the same array as g00. tmp: 4n values. */
static void ffldl(fpr *tree, const fpr *g00, const fpr *g01, const fpr *g11, unsigned logn, fpr *tmp)
{
    size_t n = (size_t)1 << logn, hn = n >> 1;
    fpr *d11 = tmp, *a = tmp + n, *b = a + hn;

    falcon_poly_LDLmv_fft(d11, tree, g00, g01, g11, logn);
    if (logn == 1) {
        /* D is diagonal with real entries: the leaves. */
        tree[2] = g00[0];
        tree[3] = d11[0];
        return;
    }
    falcon_poly_split_fft(a, b, g00, logn);
    ffldl(tree + n, a, b, a, logn - 1, tmp + 2 * n);
    falcon_poly_split_fft(a, b, d11, logn);
    ffldl(tree + n + tree_size(logn - 1), a, b, a, logn - 1, tmp + 2 * n);
}

/* The leaves become the deviations the sampler takes: sqrt(d) / sigma,
 * with 1/sigma of the whole degree (not of the subtree's). */
static void normalize_leaves(fpr *tree, unsigned logn, fpr isigma)
{
    size_t n = (size_t)1 << logn;
    if (logn == 1) {
        tree[2] = fpr_mul(fpr_sqrt(tree[2]), isigma);
        tree[3] = fpr_mul(fpr_sqrt(tree[3]), isigma);
        return;
    }
    normalize_leaves(tree + n, logn - 1, isigma);
    normalize_leaves(tree + n + tree_size(logn - 1), logn - 1, isigma);
}

typedef struct {
    falcon_sampler_ctx sc;
} tree_sampler;

static fpr draw(tree_sampler *ts, fpr mu, fpr isigma)
{
    return fpr_of(falcon_sampler_z(&ts->sc, mu, isigma));
}

/* ffSampling: z = (z0, z1) close to the target t = (t0, t1) (FFT, degree
 * 2^logn), over tree. The right subtree (d11) is sampled first, then the
 * target of the left one is moved by (t1 - z1) l10. t0, t1 are kept;
 * tmp: 4n values. */
static void ffsampling(tree_sampler *ts, fpr *z0, fpr *z1, const fpr *tree, const fpr *t0, const fpr *t1,
                       unsigned logn, fpr *tmp)
{
    size_t n = (size_t)1 << logn, hn = n >> 1;
    const fpr *left, *right;
    fpr *u = tmp, *v = tmp + n;

    if (logn == 1) {
        /* One complex coordinate each; the split of a degree-2 value is its
         * real and imaginary parts, sampled as two integers. */
        fpr d[2];
        z1[0] = draw(ts, t1[0], tree[3]);
        z1[1] = draw(ts, t1[1], tree[3]);
        d[0] = fpr_sub(t1[0], z1[0]);
        d[1] = fpr_sub(t1[1], z1[1]);
        falcon_poly_mul_fft(d, tree, 1);
        falcon_poly_add(d, t0, 1);
        z0[0] = draw(ts, d[0], tree[2]);
        z0[1] = draw(ts, d[1], tree[2]);
        return;
    }
    left = tree + n;
    right = left + tree_size(logn - 1);

    falcon_poly_split_fft(u, u + hn, t1, logn);
    ffsampling(ts, v, v + hn, right, u, u + hn, logn - 1, tmp + 2 * n);
    falcon_poly_merge_fft(z1, v, v + hn, logn);

    memcpy(u, t1, n * sizeof *u);
    falcon_poly_sub(u, z1, logn);
    falcon_poly_mul_fft(u, tree, logn);
    falcon_poly_add(u, t0, logn);

    falcon_poly_split_fft(v, v + hn, u, logn);
    ffsampling(ts, u, u + hn, left, v, v + hn, logn - 1, tmp + 2 * n);
    falcon_poly_merge_fft(z0, u, u + hn, logn);
}

void falcon_sign_tree(int16_t *s2, pqsig_shake_ctx *rng, const int8_t *f, const int8_t *g, const int8_t *F,
                      const int8_t *G, const uint16_t *hm, unsigned logn, uint8_t *tmp)
{
    size_t n = (size_t)1 << logn, i;
    fpr *b00 = (fpr *)(void *)tmp, *b01 = b00 + n, *b10 = b01 + n, *b11 = b10 + n;
    fpr *tree = b11 + n;
    fpr *w = tree + tree_size(logn);
    fpr *t0, *t1, *z0, *z1;
    tree_sampler ts;

    /* ExpandKey: the basis, its Gram matrix G = B B*, the tree of G. */
    falcon_basis_fft(b00, b01, b10, b11, f, g, F, G, logn);
    {
        fpr *g00 = w, *g01 = w + n, *g11 = w + 2 * n, *x = w + 3 * n;
        memcpy(g00, b00, n * sizeof *g00);
        falcon_poly_mulselfadj_fft(g00, logn);
        memcpy(x, b01, n * sizeof *x);
        falcon_poly_mulselfadj_fft(x, logn);
        falcon_poly_add(g00, x, logn);

        memcpy(g01, b00, n * sizeof *g01);
        falcon_poly_muladj_fft(g01, b10, logn);
        memcpy(x, b01, n * sizeof *x);
        falcon_poly_muladj_fft(x, b11, logn);
        falcon_poly_add(g01, x, logn);

        memcpy(g11, b10, n * sizeof *g11);
        falcon_poly_mulselfadj_fft(g11, logn);
        memcpy(x, b11, n * sizeof *x);
        falcon_poly_mulselfadj_fft(x, logn);
        falcon_poly_add(g11, x, logn);

        ffldl(tree, g00, g01, g11, logn, w + 3 * n);
        normalize_leaves(tree, logn, fpr_inv_sigma[logn]);
    }

    t0 = w;
    t1 = t0 + n;
    z0 = t1 + n;
    z1 = z0 + n;
    ts.sc.sigma_min = fpr_sigma_min[logn];
    for (;;) {
        falcon_prng_init(&ts.sc.p, rng);

        /* t = (c, 0) B^-1 = (c b11 / q, -c b01 / q), c = FFT(hm). */
        for (i = 0; i < n; i++) {
            t0[i] = fpr_of(hm[i]);
        }
        falcon_FFT(t0, logn);
        memcpy(t1, t0, n * sizeof *t1);
        falcon_poly_mul_fft(t1, b01, logn);
        falcon_poly_mulconst(t1, fpr_neg(fpr_inverse_of_q), logn);
        falcon_poly_mul_fft(t0, b11, logn);
        falcon_poly_mulconst(t0, fpr_inverse_of_q, logn);

        ffsampling(&ts, z0, z1, tree, t0, t1, logn, z1 + n);

        /* z B: (z0 b00 + z1 b10, z0 b01 + z1 b11), into (t0, t1). */
        memcpy(t0, z0, n * sizeof *t0);
        falcon_poly_mul_fft(t0, b00, logn);
        memcpy(t1, z1, n * sizeof *t1);
        falcon_poly_mul_fft(t1, b10, logn);
        falcon_poly_add(t0, t1, logn);
        memcpy(t1, z0, n * sizeof *t1);
        falcon_poly_mul_fft(t1, b01, logn);
        falcon_poly_mul_fft(z1, b11, logn);
        falcon_poly_add(t1, z1, logn);
        falcon_iFFT(t0, logn);
        falcon_iFFT(t1, logn);

        /* s = (hm, 0) - z B, checked; the work area over z0, z1. */
        if (falcon_sign_finish(s2, hm, t0, t1, logn, (int32_t *)(void *)z0)) {
            break;
        }
    }
    falcon_prng_wipe(&ts.sc.p);
}
