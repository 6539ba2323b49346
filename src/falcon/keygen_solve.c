/* Falcon key generation: solving the NTRU equation f G - g F = q
 * (specification section 3.8.2, NTRUSolve), with round 3's choices, which
 * decide the (F, G) it returns:
 *
 *  - f and g are brought down the tower of fields by the field norm, f_{d+1}(x^2)
 *    = f_d(x) f_d(-x), down to the integers f_L = Res(f, x^n + 1); these
 *    are computed modulo the primes of keygen_primes.c and rebuilt with
 *    the CRT at sizes (in 31-bit limbs) that depend on the depth only;
 *  - at the bottom an extended GCD gives F_L, G_L with f_L G_L - g_L F_L = q;
 *  - going up, F_d = F_{d+1}(x^2) g_d(-x) and G_d = G_{d+1}(x^2) f_d(-x)
 *    solve the equation at depth d, and are then made short by Babai's
 *    round-off, (F, G) -= k (f, g) with k the rounding of (F adj f + G adj
 *    g) / (f adj f + g adj g). For large integers k is computed in
 *    floating point from the top limbs in several passes of decreasing
 *    scale; the limb windows, the scalings, the number of passes and the
 *    order of the floating-point operations are those of round 3, so that
 *    every rounding, hence every key, is the same. Depths 1 and 0 use
 *    single-pass variants (values fit in 53 bits, then in one prime).
 *
 * Work area (uint32_t words): the f_d, g_d of all depths are computed once
 * and kept at the top of the area, the shallowest highest; a depth no longer
 * needed is overwritten by the work of the shallower ones.
 *
 * Constant time: the sizes and loop counts depend on the degree and depth
 * only. A failure (no solution, a value out of its expected range) makes
 * the caller discard (f, g); each such test is declassified where it is
 * taken. */
#include <string.h>

#include "common/ct.h"
#include "falcon/fft.h"
#include "falcon/keygen.h"
#include "falcon/keygen_int.h"
#include "falcon/params.h"

/* Limbs of f_d and g_d, and of the reduced F_d and G_d, by depth. */
static const uint16_t fg_limbs[11] = {1, 1, 2, 2, 4, 7, 14, 27, 53, 106, 209};
/* Limbs of the unreduced F_d and G_d, by depth. */
static const uint16_t FG_limbs[10] = {2, 2, 5, 7, 12, 21, 40, 78, 157, 308};
/* Bit length of the largest coefficient of f_d and g_d: mean and
 * standard deviation, as measured for round 3; the reduction assumes
 * mean +- 6 deviations. */
static const struct {
    int16_t mean, dev;
} fg_bits[11] = {{4, 0},    {11, 1},   {24, 1},   {50, 1},    {102, 1},  {202, 2},
                 {401, 4},  {794, 5},  {1577, 8}, {3138, 13}, {6308, 25}};

/* Up to this depth the products k f and k g go through the NTT (with one
 * prime more than f has limbs); deeper, where the degree is small, they are
 * computed directly. */
#define NTT_PRODUCT_DEPTH 4

/* Words the cache of f_e, g_e for e <= d takes. Depth 0 (f and g as
 * one-limb integers) is kept only for the tiny degrees, which run the
 * general step there. */
static size_t cache_words(unsigned logn, unsigned d)
{
    size_t s = 0;
    unsigned e;
    for (e = logn <= 2 ? 0 : 1; e <= d; e++) {
        s += (size_t)2 * fg_limbs[e] << (logn - e);
    }
    return s;
}

/* f_d (g_d right after it) in the cache below `top`. */
static uint32_t *cached_fg(uint32_t *top, unsigned logn, unsigned d)
{
    return top - cache_words(logn, d);
}

static inline int32_t sext31(uint32_t w)
{
    return (int32_t)((w ^ 0x40000000u) & 0x7FFFFFFFu) - 0x40000000;
}

/* 1 when x is not strictly between lo and hi. */
static inline uint32_t out_of(fpr x, fpr lo, fpr hi)
{
    return (uint32_t)(1 - (fpr_lt(lo, x) & fpr_lt(x, hi)));
}

/* bad ? 0 : x, without a branch (the barrier keeps clang -O3 from making
 * one). */
static inline fpr zero_if(uint32_t bad, fpr x)
{
    uint64_t keep = pqsig_ct_barrier_u64((uint64_t)bad) - 1u;
    return fpr_from_bits(fpr_to_bits(x) & keep);
}

/* A pointer to fpr values at an even word offset (tmp is 8-aligned). */
static inline fpr *fpr_at(uint32_t *base, uint32_t *p)
{
    size_t off = (size_t)(p - base);
    return (fpr *)(void *)(base + off + (off & 1u));
}

/* ---- f_d and g_d for every depth ---- */

static void build_fg(unsigned logn, const int8_t *f, const int8_t *g, uint32_t *tmp, uint32_t *top)
{
    /* Step e -> e + 1: modulo each prime j, f_{e+1} at the root w^2 is
     * f_e(w) f_e(-w), a product of two adjacent NTT entries. For the
     * primes f_e was itself computed with, its NTT values are still there
     * from the previous step; for the others f_e is reduced from its
     * rebuilt value. */
    unsigned e;
    if (logn <= 2) {
        size_t n = (size_t)1 << logn, i;
        uint32_t *c0 = cached_fg(top, logn, 0);
        for (i = 0; i < n; i++) {
            c0[i] = (uint32_t)f[i] & 0x7FFFFFFFu;
            c0[n + i] = (uint32_t)g[i] & 0x7FFFFFFFu;
        }
    }
    for (e = 0; e < logn; e++) {
        unsigned lg = logn - e;
        size_t ne = (size_t)1 << lg, hn = ne >> 1, sl = fg_limbs[e], tl = fg_limbs[e + 1], j, i;
        uint32_t *prev = tmp;                                   /* NTT of f_e, g_e: 2 sl planes */
        uint32_t *next = prev + (e == 0 ? 0 : 2 * sl * ne);     /* NTT of f_{e+1}, g_{e+1} */
        uint32_t *fw = next + 2 * tl * hn, *iv = fw + ne, *t = iv + ne, *crt_tmp = t + ne;
        uint32_t *src = e == 0 ? NULL : cached_fg(top, logn, e);
        uint32_t *dst = cached_fg(top, logn, e + 1);

        for (j = 0; j < tl; j++) {
            kg_mod m;
            uint32_t wtop;
            int which;
            kg_mod_init(&m, falcon_kg_primes[j].p);
            falcon_kg_ntt_tables(fw, iv, lg, &falcon_kg_primes[j], &m);
            wtop = falcon_kg_pow2mod(&m, (uint32_t)(31 * sl));
            for (which = 0; which < 2; which++) {
                const uint32_t *ev;
                uint32_t *out = next + ((size_t)which * tl + j) * hn;
                uint32_t *bin = dst + (size_t)which * tl * hn + j * hn;
                if (e == 0) {
                    const int8_t *s = which == 0 ? f : g;
                    for (i = 0; i < ne; i++) {
                        t[i] = kg_mset(&m, s[i]);
                    }
                    falcon_kg_ntt(t, fw, lg, &m);
                    ev = t;
                } else if (j < sl) {
                    ev = prev + ((size_t)which * sl + j) * ne;
                } else {
                    const uint32_t *s = src + (size_t)which * sl * ne;
                    for (i = 0; i < ne; i++) {
                        t[i] = falcon_kg_zmod(s + i, sl, ne, &m, wtop);
                    }
                    falcon_kg_ntt(t, fw, lg, &m);
                    ev = t;
                }
                for (i = 0; i < hn; i++) {
                    out[i] = kg_mmul(&m, kg_mmul(&m, ev[2 * i], ev[2 * i + 1]), m.r2);
                }
                memcpy(bin, out, hn * sizeof *bin);
                falcon_kg_intt(bin, iv, lg - 1, &m);
            }
        }
        /* The resultants (depth logn) are positive: rebuilt unsigned. */
        falcon_kg_crt(dst, hn, hn, tl, e + 1 < logn, crt_tmp);
        falcon_kg_crt(dst + tl * hn, hn, hn, tl, e + 1 < logn, crt_tmp);
        if (e > 0) {
            memmove(prev, next, 2 * tl * hn * sizeof *prev);
        }
    }
}

/* ---- the bottom: the resultants ---- */

static int solve_deepest(unsigned logn, uint32_t *tmp, uint32_t *top)
{
    size_t len = fg_limbs[logn];
    const uint32_t *rf = cached_fg(top, logn, logn), *rg = rf + len;
    uint32_t *Fo = tmp, *Go = Fo + len;
    uint32_t ok, carry;

    /* Res(f) G - Res(g) F = 1, then times q; both must fit in len limbs. */
    ok = (uint32_t)falcon_kg_bezout(Go, Fo, rf, rg, len, Go + len);
    carry = falcon_kg_zmul_small(Fo, len, FALCON_Q) | falcon_kg_zmul_small(Go, len, FALCON_Q);
    ok &= ((carry | (0u - carry)) >> 31) ^ 1u;
    /* A failure discards (f, g): declassified. */
    PQSIG_CT_DECLASSIFY(&ok, sizeof ok);
    return (int)ok;
}

/* ---- going up: the unreduced F_d, G_d ---- */

/* From F_{d+1}, G_{d+1} (hn coefficients, dl limbs, at Fd and Gd) and f_d,
 * g_d (n coefficients, sl limbs), the unreduced F_d, G_d modulo the first
 * ll primes, rebuilt (centred) into Ft and Gt (ll planes each). w: scratch
 * of 5n + ll words. */
static void lift_FG(uint32_t *Ft, uint32_t *Gt, size_t ll, const uint32_t *Fd, const uint32_t *Gd, size_t dl,
                    const uint32_t *fd, const uint32_t *gd, size_t sl, unsigned lg, uint32_t *w)
{
    size_t n = (size_t)1 << lg, hn = n >> 1, j, i;
    uint32_t *fw = w, *iv = fw + n, *tf = iv + n, *tg = tf + n, *tF = tg + n, *tG = tF + hn;

    for (j = 0; j < ll; j++) {
        kg_mod m;
        uint32_t ws, wd;
        uint32_t *Fj = Ft + j * n, *Gj = Gt + j * n;
        kg_mod_init(&m, falcon_kg_primes[j].p);
        falcon_kg_ntt_tables(fw, iv, lg, &falcon_kg_primes[j], &m);
        ws = falcon_kg_pow2mod(&m, (uint32_t)(31 * sl));
        wd = falcon_kg_pow2mod(&m, (uint32_t)(31 * dl));
        for (i = 0; i < n; i++) {
            tf[i] = falcon_kg_zmod(fd + i, sl, n, &m, ws);
            tg[i] = falcon_kg_zmod(gd + i, sl, n, &m, ws);
        }
        for (i = 0; i < hn; i++) {
            tF[i] = falcon_kg_zmod(Fd + i, dl, hn, &m, wd);
            tG[i] = falcon_kg_zmod(Gd + i, dl, hn, &m, wd);
        }
        falcon_kg_ntt(tf, fw, lg, &m);
        falcon_kg_ntt(tg, fw, lg, &m);
        falcon_kg_ntt(tF, fw, lg - 1, &m);
        falcon_kg_ntt(tG, fw, lg - 1, &m);
        /* At the pair of roots (w, -w): F(w) = F'(w^2) g(-w) and
         * F(-w) = F'(w^2) g(w); the same for G with f. */
        for (i = 0; i < hn; i++) {
            uint32_t a = kg_mont(&m, tF[i]), b = kg_mont(&m, tG[i]);
            Fj[2 * i] = kg_mmul(&m, tg[2 * i + 1], a);
            Fj[2 * i + 1] = kg_mmul(&m, tg[2 * i], a);
            Gj[2 * i] = kg_mmul(&m, tf[2 * i + 1], b);
            Gj[2 * i + 1] = kg_mmul(&m, tf[2 * i], b);
        }
        falcon_kg_intt(Fj, iv, lg, &m);
        falcon_kg_intt(Gj, iv, lg, &m);
    }
    falcon_kg_crt(Ft, n, n, ll, 1, w);
    falcon_kg_crt(Gt, n, n, ll, 1, w);
}

/* ---- Babai reduction at an intermediate depth ---- */

/* F -= (k f) 2^(31 sch + scl) and G -= (k g) 2^(...), modulo 2^(31 FGlen)
 * per coefficient, with k f and k g computed modulo tl primes and rebuilt
 * in their centred range (fh, gh: the NTTs of f and g modulo those primes,
 * tl planes each). w: scratch of (2 tl + 3) n + tl words. */
static void ntt_mulsub(uint32_t *Ft, uint32_t *Gt, size_t FGlen, const uint32_t *fh, const uint32_t *gh, size_t tl,
                       const int32_t *k, size_t sch, unsigned scl, unsigned lg, uint32_t *w)
{
    size_t n = (size_t)1 << lg, j, i;
    uint32_t *pf = w, *pg = pf + tl * n, *fw = pg + tl * n, *iv = fw + n, *tk = iv + n, *crt_tmp = tk + n;

    for (j = 0; j < tl; j++) {
        kg_mod m;
        const uint32_t *fj = fh + j * n, *gj = gh + j * n;
        uint32_t *pfj = pf + j * n, *pgj = pg + j * n;
        kg_mod_init(&m, falcon_kg_primes[j].p);
        falcon_kg_ntt_tables(fw, iv, lg, &falcon_kg_primes[j], &m);
        for (i = 0; i < n; i++) {
            tk[i] = kg_mset_i32(&m, k[i]);
        }
        falcon_kg_ntt(tk, fw, lg, &m);
        for (i = 0; i < n; i++) {
            uint32_t km = kg_mont(&m, tk[i]);
            pfj[i] = kg_mmul(&m, fj[i], km);
            pgj[i] = kg_mmul(&m, gj[i], km);
        }
        falcon_kg_intt(pfj, iv, lg, &m);
        falcon_kg_intt(pgj, iv, lg, &m);
    }
    falcon_kg_crt(pf, n, n, tl, 1, crt_tmp);
    falcon_kg_crt(pg, n, n, tl, 1, crt_tmp);
    for (i = 0; i < n; i++) {
        falcon_kg_zsub_shifted(Ft + i, FGlen, n, pf + i, tl, n, sch, scl);
        falcon_kg_zsub_shifted(Gt + i, FGlen, n, pg + i, tl, n, sch, scl);
    }
}

static int solve_intermediate(unsigned logn, unsigned d, uint32_t *tmp, uint32_t *top)
{
    unsigned lg = logn - d;
    size_t n = (size_t)1 << lg, sl = fg_limbs[d], dl = fg_limbs[d + 1], ll = FG_limbs[d];
    size_t FGlen, rlen, i, j;
    uint32_t *fd = cached_fg(top, logn, d), *gd = fd + sl * n;
    uint32_t *Fd = tmp, *Gd = Fd + (n >> 1) * dl;
    uint32_t *Ft = tmp + n * dl, *Gt = Ft + n * ll, *w = Gt + n * ll;
    fpr *rt3, *rt4, *rt5, *rt1, *rt2;
    int32_t *k;
    uint32_t *fh = NULL, *gh = NULL, *scratch;
    size_t tl = sl + 1;
    int scale_fg, min_fg, max_fg, max_FG, scale_k;

    lift_FG(Ft, Gt, ll, Fd, Gd, dl, fd, gd, sl, lg, w);

    /* Floating-point images: f and g from their top (at most) 10 limbs,
     * then adj(f), adj(g) and 1/(f adj f + g adj g) in FFT form. */
    rt3 = fpr_at(tmp, w);
    rt4 = rt3 + n;
    rt5 = rt4 + n;
    rt1 = rt5 + (n >> 1);
    rt2 = rt1 + n;
    k = (int32_t *)(void *)(rt2 + n);
    scratch = (uint32_t *)(k + n);

    rlen = sl > 10 ? 10 : sl;
    falcon_kg_poly_to_fpr(rt3, fd + (sl - rlen) * n, rlen, n, lg);
    falcon_kg_poly_to_fpr(rt4, gd + (sl - rlen) * n, rlen, n, lg);
    scale_fg = 31 * (int)(sl - rlen);
    min_fg = fg_bits[d].mean - 6 * fg_bits[d].dev;
    max_fg = fg_bits[d].mean + 6 * fg_bits[d].dev;
    falcon_FFT(rt3, lg);
    falcon_FFT(rt4, lg);
    falcon_poly_invnorm2_fft(rt5, rt3, rt4, lg);
    falcon_poly_adj_fft(rt3, lg);
    falcon_poly_adj_fft(rt4, lg);

    if (d <= NTT_PRODUCT_DEPTH) {
        /* f and g modulo the tl primes, in NTT form, for all passes. */
        uint32_t *fw, *iv;
        fh = scratch;
        gh = fh + tl * n;
        scratch = gh + tl * n;
        fw = scratch;
        iv = fw + n;
        for (j = 0; j < tl; j++) {
            kg_mod m;
            uint32_t ws;
            kg_mod_init(&m, falcon_kg_primes[j].p);
            falcon_kg_ntt_tables(fw, iv, lg, &falcon_kg_primes[j], &m);
            ws = falcon_kg_pow2mod(&m, (uint32_t)(31 * sl));
            for (i = 0; i < n; i++) {
                fh[j * n + i] = falcon_kg_zmod(fd + i, sl, n, &m, ws);
                gh[j * n + i] = falcon_kg_zmod(gd + i, sl, n, &m, ws);
            }
            falcon_kg_ntt(fh + j * n, fw, lg, &m);
            falcon_kg_ntt(gh + j * n, fw, lg, &m);
        }
    }

    /* Passes of decreasing scale. (F, G) is assumed to have at most
     * max_FG bits and is read through its limbs up to FGlen; k is computed
     * scaled down by 2^scale_k, starting from the largest size k can have
     * (max_FG - min_fg) and going down by 25 bits a pass (a pass takes at
     * least that much off), the last pass unscaled. */
    FGlen = ll;
    max_FG = 31 * (int)ll;
    scale_k = max_FG - min_fg;
    for (;;) {
        int scale_FG, dc, new_max;
        uint32_t bad = 0;
        fpr pdc;

        rlen = FGlen > 10 ? 10 : FGlen;
        scale_FG = 31 * (int)(FGlen - rlen);
        falcon_kg_poly_to_fpr(rt1, Ft + (FGlen - rlen) * n, rlen, n, lg);
        falcon_kg_poly_to_fpr(rt2, Gt + (FGlen - rlen) * n, rlen, n, lg);

        /* (F adj f + G adj g) / (f adj f + g adj g) */
        falcon_FFT(rt1, lg);
        falcon_FFT(rt2, lg);
        falcon_poly_mul_fft(rt1, rt3, lg);
        falcon_poly_mul_fft(rt2, rt4, lg);
        falcon_poly_add(rt2, rt1, lg);
        falcon_poly_mul_autoadj_fft(rt2, rt5, lg);
        falcon_iFFT(rt2, lg);

        /* The images carry 2^scale_FG and 2^-scale_fg; bring the quotient
         * to the scale 2^-scale_k. dc follows a fixed schedule (it depends
         * on the depth and the pass only) and stays within a few hundred,
         * where 2^-dc is exact. */
        dc = scale_k - scale_FG + scale_fg;
        pdc = fpr_scaled(1, -dc);
        for (i = 0; i < n; i++) {
            fpr xv = fpr_mul(rt2[i], pdc);
            uint32_t b = out_of(xv, fpr_mtwo31m1, fpr_ptwo31m1);
            bad |= b;
            k[i] = (int32_t)fpr_rint(zero_if(b, xv));
        }
        /* A k out of range means the reduction failed; (f, g) is then
         * discarded, so this may be public. */
        PQSIG_CT_DECLASSIFY(&bad, sizeof bad);
        if (bad) {
            return 0;
        }

        if (d <= NTT_PRODUCT_DEPTH) {
            ntt_mulsub(Ft, Gt, FGlen, fh, gh, tl, k, (size_t)scale_k / 31, (unsigned)scale_k % 31, lg, scratch);
        } else {
            falcon_kg_poly_mulsub_small(Ft, FGlen, n, fd, sl, k, (size_t)scale_k / 31, (unsigned)scale_k % 31,
                                        lg, scratch);
            falcon_kg_poly_mulsub_small(Gt, FGlen, n, gd, sl, k, (size_t)scale_k / 31, (unsigned)scale_k % 31,
                                        lg, scratch);
        }

        /* New size bound of (F, G), counting f and g at their largest, and
         * a limb less to read when that frees one. */
        new_max = scale_k + max_fg + 10;
        if (new_max < max_FG) {
            max_FG = new_max;
            if ((int)FGlen * 31 >= max_FG + 31) {
                FGlen--;
            }
        }
        if (scale_k <= 0) {
            break;
        }
        scale_k -= 25;
        if (scale_k < 0) {
            scale_k = 0;
        }
    }

    /* Limbs dropped below sl: sign-extend them back. */
    for (j = FGlen; j < sl; j++) {
        for (i = 0; i < n; i++) {
            uint32_t sf = Ft[(FGlen - 1) * n + i], sg = Gt[(FGlen - 1) * n + i];
            Ft[j * n + i] = (uint32_t)-(int32_t)((sf >> 30) & 1u) & 0x7FFFFFFFu;
            Gt[j * n + i] = (uint32_t)-(int32_t)((sg >> 30) & 1u) & 0x7FFFFFFFu;
        }
    }
    /* The result, sl limbs each, to the start. */
    memmove(tmp, Ft, sl * n * sizeof *tmp);
    memmove(tmp + sl * n, Gt, sl * n * sizeof *tmp);
    return 1;
}

/* ---- depth 1: one pass in floating point ---- */

static int solve_depth1(unsigned logn, uint32_t *tmp, uint32_t *top)
{
    unsigned lg = logn - 1;
    size_t n = (size_t)1 << lg, sl = fg_limbs[1], dl = fg_limbs[2], ll = FG_limbs[1], i;
    uint32_t *fd = cached_fg(top, logn, 1), *gd = fd + sl * n;
    uint32_t *Fd = tmp, *Gd = Fd + (n >> 1) * dl;
    uint32_t *Ft = tmp + n * dl, *Gt = Ft + n * ll, *w = Gt + n * ll;
    fpr *rt1, *rt2, *rt3, *rt4, *rt5, *rt6;
    uint32_t bad = 0;

    lift_FG(Ft, Gt, ll, Fd, Gd, dl, fd, gd, sl, lg, w);

    /* F and G fit in 62 bits, f and g in one limb: no scaling. */
    rt1 = fpr_at(tmp, w);
    rt2 = rt1 + n;
    rt3 = rt2 + n;
    rt4 = rt3 + n;
    rt5 = rt4 + n;
    rt6 = rt5 + n;
    falcon_kg_poly_to_fpr(rt1, Ft, ll, n, lg);
    falcon_kg_poly_to_fpr(rt2, Gt, ll, n, lg);
    falcon_kg_poly_to_fpr(rt3, fd, sl, n, lg);
    falcon_kg_poly_to_fpr(rt4, gd, sl, n, lg);
    falcon_FFT(rt1, lg);
    falcon_FFT(rt2, lg);
    falcon_FFT(rt3, lg);
    falcon_FFT(rt4, lg);
    falcon_poly_add_muladj_fft(rt5, rt1, rt2, rt3, rt4, lg);
    falcon_poly_invnorm2_fft(rt6, rt3, rt4, lg);
    falcon_poly_mul_autoadj_fft(rt5, rt6, lg);
    falcon_iFFT(rt5, lg);
    for (i = 0; i < n; i++) {
        fpr z = rt5[i];
        uint32_t b = out_of(z, fpr_mtwo63m1, fpr_ptwo63m1);
        bad |= b;
        rt5[i] = fpr_of(fpr_rint(zero_if(b, z)));
    }
    /* Failure discards (f, g): declassified. */
    PQSIG_CT_DECLASSIFY(&bad, sizeof bad);
    if (bad) {
        return 0;
    }
    falcon_FFT(rt5, lg);
    falcon_poly_mul_fft(rt3, rt5, lg);
    falcon_poly_mul_fft(rt4, rt5, lg);
    falcon_poly_sub(rt1, rt3, lg);
    falcon_poly_sub(rt2, rt4, lg);
    falcon_iFFT(rt1, lg);
    falcon_iFFT(rt2, lg);
    /* Low 32 bits of the rounded values (round 3 keeps a 31-bit word and
     * sign-extends it at depth 0). A value beyond 2^63, which only a
     * failed solution makes, gives 0 rather than an undefined cast. */
    for (i = 0; i < n; i++) {
        fpr a = rt1[i], b = rt2[i];
        tmp[i] = (uint32_t)fpr_rint(zero_if(out_of(a, fpr_mtwo63m1, fpr_ptwo63m1), a));
        tmp[n + i] = (uint32_t)fpr_rint(zero_if(out_of(b, fpr_mtwo63m1, fpr_ptwo63m1), b));
    }
    return 1;
}

/* ---- depth 0: modulo one prime, then one pass in floating point ---- */

static int solve_depth0(unsigned logn, const int8_t *f, const int8_t *g, uint32_t *tmp)
{
    size_t n = (size_t)1 << logn, hn = n >> 1, i;
    kg_mod m;
    uint32_t *Fp = tmp, *Gp = tmp + hn;
    uint32_t *fw = tmp + n, *iv = fw + n, *fh = iv + n, *gh = fh + n, *FH = gh + n, *GH = FH + n;
    uint32_t *num = tmp, *den = GH + n, *kk = tmp;
    fpr *rden, *rnum;

    /* Everything fits in one 31-bit prime. */
    kg_mod_init(&m, falcon_kg_primes[0].p);
    falcon_kg_ntt_tables(fw, iv, logn, &falcon_kg_primes[0], &m);
    for (i = 0; i < hn; i++) {
        Fp[i] = kg_mset(&m, sext31(Fp[i]));
        Gp[i] = kg_mset(&m, sext31(Gp[i]));
    }
    falcon_kg_ntt(Fp, fw, logn - 1, &m);
    falcon_kg_ntt(Gp, fw, logn - 1, &m);
    for (i = 0; i < n; i++) {
        fh[i] = kg_mset(&m, f[i]);
        gh[i] = kg_mset(&m, g[i]);
    }
    falcon_kg_ntt(fh, fw, logn, &m);
    falcon_kg_ntt(gh, fw, logn, &m);

    /* The unreduced F and G in NTT form (see lift_FG). */
    for (i = 0; i < hn; i++) {
        uint32_t a = kg_mont(&m, Fp[i]), b = kg_mont(&m, Gp[i]);
        FH[2 * i] = kg_mmul(&m, gh[2 * i + 1], a);
        FH[2 * i + 1] = kg_mmul(&m, gh[2 * i], a);
        GH[2 * i] = kg_mmul(&m, fh[2 * i + 1], b);
        GH[2 * i + 1] = kg_mmul(&m, fh[2 * i], b);
    }

    /* num = F adj f + G adj g, den = f adj f + g adj g. adj(f)(x) =
     * f(1/x): at the root of entry i it is f at the root of entry
     * n - 1 - i (the inverse root). */
    for (i = 0; i < n; i++) {
        uint32_t af = kg_mont(&m, fh[n - 1 - i]), ag = kg_mont(&m, gh[n - 1 - i]);
        num[i] = kg_madd(&m, kg_mmul(&m, FH[i], af), kg_mmul(&m, GH[i], ag));
        den[i] = kg_madd(&m, kg_mmul(&m, fh[i], af), kg_mmul(&m, gh[i], ag));
    }
    falcon_kg_intt(num, iv, logn, &m);
    falcon_kg_intt(den, iv, logn, &m);

    /* k = round(num / den) through the FFT; den is auto-adjoint, its FFT
     * is real (first n/2 entries). */
    rden = fpr_at(tmp, den + n);
    rnum = rden + hn;
    for (i = 0; i < n; i++) {
        rden[i] = fpr_of(kg_mcentre(&m, den[i]));
    }
    falcon_FFT(rden, logn);
    for (i = 0; i < n; i++) {
        rnum[i] = fpr_of(kg_mcentre(&m, num[i]));
    }
    falcon_FFT(rnum, logn);
    falcon_poly_div_autoadj_fft(rnum, rden, logn);
    falcon_iFFT(rnum, logn);
    for (i = 0; i < n; i++) {
        fpr z = rnum[i];
        kk[i] = kg_mset_i32(&m, (int32_t)fpr_rint(zero_if(out_of(z, fpr_mtwo63m1, fpr_ptwo63m1), z)));
    }

    /* F -= k f, G -= k g. */
    falcon_kg_ntt(kk, fw, logn, &m);
    for (i = 0; i < n; i++) {
        uint32_t km = kg_mont(&m, kk[i]);
        FH[i] = kg_msub(&m, FH[i], kg_mmul(&m, fh[i], km));
        GH[i] = kg_msub(&m, GH[i], kg_mmul(&m, gh[i], km));
    }
    falcon_kg_intt(FH, iv, logn, &m);
    falcon_kg_intt(GH, iv, logn, &m);
    for (i = 0; i < n; i++) {
        tmp[i] = (uint32_t)kg_mcentre(&m, FH[i]);
        tmp[n + i] = (uint32_t)kg_mcentre(&m, GH[i]);
    }
    return 1;
}

/* ---- the whole solver ---- */

size_t falcon_kg_solve_words(unsigned logn)
{
    /* Computed for the layouts above (checked by the keygen test). */
    size_t n = (size_t)1 << logn, need = 0, c;
    unsigned d, e;

    /* build_fg: scratch below the full cache. */
    for (e = 0; e < logn; e++) {
        size_t ne = n >> e, hn = ne >> 1;
        c = (e == 0 ? 0 : 2 * (size_t)fg_limbs[e] * ne) + 2 * (size_t)fg_limbs[e + 1] * hn + 3 * ne +
            fg_limbs[e + 1];
        c += cache_words(logn, logn);
        need = c > need ? c : need;
    }
    /* deepest: F, G and the GCD's 4 values. */
    c = 6 * (size_t)fg_limbs[logn] + cache_words(logn, logn);
    need = c > need ? c : need;
    /* intermediate depths. */
    for (d = logn - 1; d + 1 > 0; d--) {
        size_t nd = n >> d, sl = fg_limbs[d], dl = fg_limbs[d + 1], ll = FG_limbs[d], tl = sl + 1;
        if (logn > 2 && d < 2) {
            break;
        }
        /* Fd, Gd, Ft, Gt, then the larger of lift_FG's scratch and the
         * reduction's: 4.5 n fpr (9 n words, +1 for alignment), k (n
         * words) and the products' scratch. */
        c = nd * dl + 2 * nd * ll;
        {
            size_t lift = 5 * nd + ll;
            size_t red = 10 * nd + 1;
            if (d <= NTT_PRODUCT_DEPTH) {
                red += 2 * tl * nd + (2 * tl + 3) * nd + tl;
            } else {
                red += (5 * sl + 2) * nd;
            }
            c += lift > red ? lift : red;
        }
        c += cache_words(logn, d);
        need = c > need ? c : need;
    }
    if (logn > 2) {
        /* depth 1: F2, G2, Ft, Gt, 5.5 n' fpr (n' = n / 2). */
        size_t nd = n >> 1;
        c = nd * fg_limbs[2] + 2 * nd * FG_limbs[1];
        {
            size_t lift = 5 * nd + FG_limbs[1], red = 11 * nd + 1;
            c += lift > red ? lift : red;
        }
        c += cache_words(logn, 1);
        need = c > need ? c : need;
        /* depth 0: 8 n words then 1.5 n fpr (+1 alignment). */
        c = 8 * n + 3 * n + 1;
        need = c > need ? c : need;
    }
    /* The final check: 6 n words and G (n bytes). */
    c = 6 * n + (n + 3) / 4;
    need = c > need ? c : need;
    return need;
}

uint32_t falcon_kg_ntru_mismatch(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G,
                                 unsigned logn, uint32_t *tmp)
{
    size_t n = (size_t)1 << logn, i;
    const falcon_kg_prime *pr = &falcon_kg_primes[0];
    uint32_t *fh = tmp, *gh = fh + n, *Fh = gh + n, *Gh = Fh + n, *fw = Gh + n, *iv = fw + n;
    uint32_t want, bad = 0;
    kg_mod m;
    kg_mod_init(&m, pr->p);
    falcon_kg_ntt_tables(fw, iv, logn, pr, &m);
    for (i = 0; i < n; i++) {
        fh[i] = kg_mset(&m, f[i]);
        gh[i] = kg_mset(&m, g[i]);
        Fh[i] = kg_mset(&m, F[i]);
        Gh[i] = kg_mset(&m, G[i]);
    }
    falcon_kg_ntt(fh, fw, logn, &m);
    falcon_kg_ntt(gh, fw, logn, &m);
    falcon_kg_ntt(Fh, fw, logn, &m);
    falcon_kg_ntt(Gh, fw, logn, &m);
    /* Products in Montgomery form (x y / 2^32) on both sides; the constant
     * q is q at every point of the NTT domain. */
    want = kg_mmul(&m, FALCON_Q, 1);
    for (i = 0; i < n; i++) {
        bad |= kg_msub(&m, kg_mmul(&m, fh[i], Gh[i]), kg_mmul(&m, gh[i], Fh[i])) ^ want;
    }
    return bad;
}

int falcon_kg_solve(unsigned logn, int8_t *F, int8_t *G, const int8_t *f, const int8_t *g, uint32_t *tmp)
{
    size_t n = (size_t)1 << logn, i;
    uint32_t *top = tmp + falcon_kg_solve_words(logn);
    uint32_t bad = 0;
    int8_t *Gout;
    unsigned d;

    build_fg(logn, f, g, tmp, top);
    if (!solve_deepest(logn, tmp, top)) {
        return 0;
    }
    if (logn <= 2) {
        /* Tiny degrees: the general step all the way up. */
        for (d = logn; d-- > 0;) {
            if (!solve_intermediate(logn, d, tmp, top)) {
                return 0;
            }
        }
    } else {
        for (d = logn - 1; d >= 2; d--) {
            if (!solve_intermediate(logn, d, tmp, top)) {
                return 0;
            }
        }
        if (!solve_depth1(logn, tmp, top) || !solve_depth0(logn, f, g, tmp)) {
            return 0;
        }
    }

    /* F and G must be small (one signed byte, |x| <= 127). */
    Gout = G != NULL ? G : (int8_t *)(void *)(tmp + 6 * n);
    for (i = 0; i < n; i++) {
        int32_t a = sext31(tmp[i]), b = sext31(tmp[n + i]);
        bad |= ((uint32_t)(a + 127) | (uint32_t)(127 - a) | (uint32_t)(b + 127) | (uint32_t)(127 - b)) >> 31;
        F[i] = (int8_t)a;
        Gout[i] = (int8_t)b;
    }
    /* And f G - g F = q, checked modulo one prime (all values are small). */
    bad |= falcon_kg_ntru_mismatch(f, g, F, Gout, logn, tmp);
    /* A failure discards (f, g): declassified. */
    bad = (uint32_t)(bad != 0);
    PQSIG_CT_DECLASSIFY(&bad, sizeof bad);
    return bad == 0;
}
