/* SNOVA, odd prime q: the portable kernels of native/api.h, compiled once
 * per (q, l).
 *
 * Products of elements are below (q - 1)^2 < 1024; they are summed in
 * 16-bit lanes, SNOVA_GFQ_CHUNK at a time, with a partial fold between chunks
 * and one reduction per output. Written as plain loops over a compile-time
 * number of columns so that the compiler vectorises them (16-bit lanes:
 * SSE2 pmullw / paddw, NEON mla). */
#include <string.h>

#include "common/ct.h"
#include "snova/gfq/scalar.h"
#include "snova/native/api.h"

#define FLATTEN PQSIG_FLATTEN /* common/native.h */

/* A backend with its own product kernels compiles the others from this
 * file with SNOVA_GFQ_OWN_PRODUCTS defined (x86_64_avx2/gfq_avx2.c). */
#if !defined(SNOVA_GFQ_OWN_PRODUCTS)
/* NR output rows (NR = 4, or 1 for the last ones), columns c0 .. c0 +
 * width - 1 (width <= 8): every x vector loaded serves NR rows. The lane
 * loop is the innermost loop and is not unrolled before vectorisation, so
 * the compiler maps it onto one vector of 16-bit lanes (instead of
 * vectorising the reduction over m with gathers, which is far slower). */
#define KW 16u
#define KR 4u

static inline void mul_strip(uint16_t *o, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned inner,
                             const void *x, size_t xs, const unsigned nr, const unsigned width, const int pairs)
{
    uint16_t acc[KR][KW];
    unsigned m = 0, k, r;
    for (r = 0; r < nr; r++) {
        for (k = 0; k < width; k++) {
            acc[r][k] = o[r * os + k];
        }
    }
    while (m < inner) {
        /* pairs: inner and the chunk even, so m stays even */
        const unsigned chunk = pairs ? SNOVA_GFQ_CHUNK & ~1u : SNOVA_GFQ_CHUNK;
        const unsigned end = inner - m > chunk ? m + chunk : inner;
        for (; pairs && m < end; m += 2) {
            const uint8_t *am = a + m * a_cs;
            const uint16_t *xq = (const uint16_t *)x + (size_t)(m / 2) * xs;
            uint16_t x0[KW], x1[KW]; /* rows m and m + 1 of x */
#pragma GCC unroll 1
            for (k = 0; k < width; k++) {
                x0[k] = (uint16_t)(xq[k] & 255u);
                x1[k] = (uint16_t)(xq[k] >> 8);
            }
            for (r = 0; r < nr; r++) {
                const uint16_t s0 = am[r * a_rs], s1 = am[r * a_rs + a_cs];
#pragma GCC unroll 1
                for (k = 0; k < width; k++) {
                    acc[r][k] = (uint16_t)(acc[r][k] + s0 * x0[k] + s1 * x1[k]);
                }
            }
        }
        for (; !pairs && m < end; m++) {
            const uint8_t *am = a + m * a_cs, *xm = (const uint8_t *)x + (size_t)m * xs;
            uint16_t xw[KW]; /* row m of x widened once for the nr rows */
#pragma GCC unroll 1
            for (k = 0; k < width; k++) {
                xw[k] = xm[k];
            }
            for (r = 0; r < nr; r++) {
                const uint16_t s = am[r * a_rs];
#pragma GCC unroll 1
                for (k = 0; k < width; k++) {
                    acc[r][k] = (uint16_t)(acc[r][k] + s * xw[k]);
                }
            }
        }
        if (m < inner) {
            for (r = 0; r < nr; r++) {
                for (k = 0; k < width; k++) {
                    acc[r][k] = gfq_fold16(acc[r][k]);
                }
            }
        }
    }
    for (r = 0; r < nr; r++) {
        for (k = 0; k < width; k++) {
            o[r * os + k] = gfq_red16(acc[r][k]);
        }
    }
}

/* x from column c0: bytes, or pair rows of 16-bit words. */
static inline const void *x_from(const void *x, unsigned c0, const int pairs)
{
    return pairs ? (const void *)((const uint16_t *)x + c0) : (const void *)((const uint8_t *)x + c0);
}

static inline void mul_rows(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned r0,
                            const unsigned nr, unsigned inner, const void *x, size_t xs, const unsigned cols,
                            const unsigned tail, const int pairs)
{
    const uint8_t *a0 = a + (size_t)r0 * a_rs;
    uint16_t *o0 = out + (size_t)r0 * os;
    unsigned c0;
    for (c0 = 0; c0 + KW <= cols; c0 += KW) {
        mul_strip(o0 + c0, os, a0, a_rs, a_cs, inner, x_from(x, c0, pairs), xs, nr, KW, pairs);
    }
    if (tail != 0) {
        mul_strip(o0 + c0, os, a0, a_rs, a_cs, inner, x_from(x, c0, pairs), xs, nr, tail, pairs);
    }
}

/* tail = cols mod KW, a constant in each instance */
static inline void mul_body(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                            unsigned inner, const void *x, size_t xs, const unsigned cols, const unsigned tail,
                            const int pairs)
{
    unsigned r;
    for (r = 0; r + KR <= rows; r += KR) {
        mul_rows(out, os, a, a_rs, a_cs, r, KR, inner, x, xs, cols, tail, pairs);
    }
    for (; r < rows; r++) {
        mul_rows(out, os, a, a_rs, a_cs, r, 1, inner, x, xs, cols, tail, pairs);
    }
}

static inline void mul_any(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                           unsigned inner, const void *x, size_t xs, unsigned cols, const int pairs)
{
    switch (cols % KW) {
    case 0:
        mul_body(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols, 0, pairs);
        break;
    case 4:
        mul_body(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols, 4, pairs);
        break;
    case 8:
        mul_body(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols, 8, pairs);
        break;
    case 12:
        mul_body(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols, 12, pairs);
        break;
    default:
        mul_body(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols, cols % KW, pairs);
        break;
    }
}

FLATTEN void snova_gfq_mul_c(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                             unsigned inner, const uint8_t *x, size_t xs, unsigned cols)
{
    if (cols == GFQ_L2 && os == GFQ_L2 && xs == GFQ_L2) { /* signing's products by Vw: constant strides */
        mul_body(out, GFQ_L2, a, a_rs, a_cs, rows, inner, x, GFQ_L2, GFQ_L2, GFQ_L2 % KW, 0);
        return;
    }
    mul_any(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols, 0);
}

FLATTEN void snova_gfq_mul_pairs_c(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, unsigned rows,
                                   unsigned inner, const uint16_t *xp, size_t xps, unsigned cols)
{
    if (cols == GFQ_L2 && os == GFQ_L2 && xps == GFQ_L2) { /* verification's product by Uw */
        mul_body(out, GFQ_L2, a, a_rs, 1, rows, inner, xp, GFQ_L2, GFQ_L2, GFQ_L2 % KW, 1);
        return;
    }
    mul_any(out, os, a, a_rs, 1, rows, inner, xp, xps, cols, 1);
}

void snova_gfq_prow_c(uint8_t *p11, uint8_t *p12, uint8_t *b, unsigned j, unsigned v, unsigned o, unsigned mode)
{
    const unsigned l = SNOVA_L, vl = v * SNOVA_L, ol = o * SNOVA_L;
    const size_t len = SNOVA_L * (SNOVA_L + 1) / 2 + (size_t)(v - 1 - j + o) * GFQ_L2;
    size_t k;
    unsigned r, c;
    if (mode & SNOVA_GFQ_PROW_RAW) { /* one pass over the row first: it vectorises */
        for (k = 0; k < len; k++) {
            b[k] = gfq_byte_elem(b[k]);
        }
    }
    /* the diagonal block: its upper triangle, mirrored */
    for (r = 0; r < l; r++) {
        for (c = r; c < l; c++, b++) {
            p11[(j * l + r) * vl + j * l + c] = *b;
            p11[(j * l + c) * vl + j * l + r] = *b;
        }
    }
    /* P11_jk for k > j (rows copied), and P11_kj = P11_jk^t */
    for (k = j + 1; k < v; k++, b += GFQ_L2) {
        for (r = 0; r < l; r++) {
            memcpy(&p11[(j * l + r) * vl + k * l], b + r * l, l);
            for (c = 0; c < l; c++) {
                p11[(k * l + c) * vl + j * l + r] = b[r * l + c];
            }
        }
    }
    for (k = 0; k < o; k++, b += GFQ_L2) {
        for (r = 0; r < l; r++) {
            memcpy(&p12[(j * l + r) * ol + k * l], b + r * l, l);
        }
    }
}

/* An element of the diagonal block of L from its upper triangle t (row by
 * row from the diagonal): L[row][col] = t(col, row) for row >= col, the
 * diagonal halved, zero above it. */
static inline uint8_t ldiag_elem(const uint8_t *t, unsigned row, unsigned col)
{
    if (row < col) {
        return 0;
    }
    t += col * SNOVA_L - col * (col - 1) / 2 + (row - col);
    return row == col ? gfq_half(*t) : *t;
}

void snova_gfq_lrow_c(uint16_t *lp, size_t lps, uint16_t *p12t, uint8_t *b, unsigned j, unsigned v, unsigned o,
                      int raw)
{
    const unsigned l = SNOVA_L, vl = v * SNOVA_L;
    const size_t len = SNOVA_L * (SNOVA_L + 1) / 2 + (size_t)(v - 1 - j + o) * GFQ_L2;
    size_t k;
    unsigned p, r, c;
    if (raw) { /* one pass over the row first: it vectorises */
        for (k = 0; k < len; k++) {
            b[k] = gfq_byte_elem(b[k]);
        }
    }
    for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
        for (r = 0; r < l; r++) {
            lp[(j * SNOVA_GFQ_PAIRS + p) * lps + j * l + r] =
                (uint16_t)(ldiag_elem(b, 2 * p, r) | ldiag_elem(b, 2 * p + 1, r) << 8);
        }
    }
    b += SNOVA_L * (SNOVA_L + 1) / 2;
    /* L[k l + c][j l + r] = P11_jk[r][c] for k > j */
    for (k = j + 1; k < v; k++, b += GFQ_L2) {
        for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
            for (r = 0; r < l; r++) {
                lp[(k * SNOVA_GFQ_PAIRS + p) * lps + j * l + r] =
                    (uint16_t)(b[r * l + 2 * p] | b[r * l + 2 * p + 1] << 8);
            }
        }
    }
    for (k = 0; k < o; k++, b += GFQ_L2) {
        for (r = 0; r < l; r++) {
            for (c = 0; c < l; c++) {
                p12t[(k * l + c) * vl + j * l + r] = b[r * l + c];
            }
        }
    }
}

void snova_gfq_hrows_c(uint16_t *restrict h, size_t hs, const uint8_t *restrict b, unsigned nb)
{
    unsigned k, p, c;
    for (k = 0; k < nb; k++) {
        const uint8_t *bk = b + (size_t)k * GFQ_L2;
        for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
            for (c = 0; c < SNOVA_L; c++) {
                h[p * hs + k * SNOVA_L + c] = (uint16_t)(gfq_red16(bk[2 * p * SNOVA_L + c]) |
                                                         gfq_red16(bk[(2 * p + 1) * SNOVA_L + c]) << 8);
            }
        }
    }
}

void snova_gfq_red8_c(uint8_t *restrict dst, size_t ds, const uint16_t *restrict src, size_t ss, unsigned rows,
                      unsigned cols)
{
    unsigned r, c;
    for (r = 0; r < rows; r++) {
        for (c = 0; c < cols; c++) {
            dst[(size_t)r * ds + c] = (uint8_t)gfq_red16(src[(size_t)r * ss + c]);
        }
    }
}

/* Verification, transposed: every pair of elements of the whipped
 * signature is kept broadcast over SNOVA_GFQ_BC lanes (ub), so a lane
 * vector of a pair row of H (SNOVA_GFQ_BC columns) is multiplied without
 * any broadcast in the loop. */
void snova_gfq_trows_c(uint16_t *restrict yt, size_t ys, const uint16_t *restrict h, size_t hs, unsigned len,
                       const uint16_t *restrict ub)
{
    unsigned c, k, p, i;
    for (c = 0; c < len; c += SNOVA_GFQ_BC) {
        for (k = 0; k < GFQ_L2; k++) {
            uint16_t *y = yt + (size_t)k * ys + c;
            uint16_t acc[SNOVA_GFQ_BC];
            for (i = 0; i < SNOVA_GFQ_BC; i++) {
                acc[i] = y[i];
            }
            for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
                const uint16_t *hp = h + p * hs + c, *b = ub + ((size_t)p * GFQ_L2 + k) * SNOVA_GFQ_BC;
                for (i = 0; i < SNOVA_GFQ_BC; i++) {
                    acc[i] = (uint16_t)(acc[i] + (hp[i] & 255u) * (b[i] & 255u) + (hp[i] >> 8) * (b[i] >> 8));
                }
            }
            for (i = 0; i < SNOVA_GFQ_BC; i++) {
                y[i] = acc[i];
            }
        }
    }
}

#endif

/* Forward elimination to a unit upper triangle, then back substitution.
 * Entries stay partially reduced: each elimination step adds at most
 * q (q - 1) to an entry, and a pivot row may receive one other row, so the
 * rows below the pivot are folded every SOLVE_CHUNK columns (half the
 * 16-bit headroom); only pivots, multipliers and the pivot row are fully
 * reduced (a pivot row is never touched again, so the triangle ends up
 * reduced). A zero pivot is replaced by masked additions of the rows below
 * (only the first row with a nonzero entry is added): the solution of a
 * regular system does not change. That fix of the next pivot row rides on
 * the pass that clears the current column: each row below is read once. */
#define SOLVE_CHUNK ((65535u - 2u * GFQ_FOLD_MAX) / (2u * SNOVA_Q * (SNOVA_Q - 1u)))

/* 0xffff when the pivot p is zero and the entry v is not, else 0 (both
 * reduced). */
static inline uint16_t take_mask(uint16_t p, uint16_t v)
{
    return (uint16_t)(((((uint32_t)p - 1u) >> 31) & ((0u - (uint32_t)v) >> 31)) * 0xffffu);
}

/* Row helpers on distinct rows (restrict lets the loops vectorise; the
 * row width is a multiple of 8, so no scalar tail runs). */
static inline void row_cadd(uint16_t *restrict a, const uint16_t *restrict b, unsigned from, unsigned to,
                            uint16_t take)
{
    unsigned c;
    for (c = from; c < to; c++) {
        a[c] = (uint16_t)(a[c] + (b[c] & take));
    }
}

static inline void row_axpy(uint16_t *restrict r, const uint16_t *restrict p, unsigned from, unsigned to,
                            uint16_t f)
{
    unsigned c;
    for (c = from; c < to; c++) {
        r[c] = (uint16_t)(r[c] + f * p[c]);
    }
}

/* The factors of a column pass: for rows col + 2 .. n - 1 of g (the rows
 * below the next pivot row), f[r] = q - g[r][col] clears column col by
 * f times the pivot row, and take[r] is 0xffff for the row then added to
 * the next pivot row (the first whose entry in column col + 1, once cleared,
 * is nonzero, while that row's own entry npiv is zero), else 0. */
PQSIG_MAYBE_UNUSED
static inline void col_factors(const uint16_t *g, unsigned n, unsigned w, unsigned col, uint16_t npiv,
                               uint16_t *f, uint16_t *take)
{
    const uint16_t p1 = g[(size_t)col * w + col + 1];
    unsigned r;
    for (r = col + 2; r < n; r++) {
        const uint16_t *rr = g + (size_t)r * w;
        const uint16_t fr = (uint16_t)(SNOVA_Q - gfq_red16(rr[col]));
        const uint16_t rv = gfq_red16((uint16_t)(rr[col + 1] + fr * p1));
        const uint16_t t = take_mask(npiv, rv);
        f[r] = fr;
        take[r] = t;
        npiv = (uint16_t)(npiv ^ ((npiv ^ rv) & t));
    }
}

/* r += f p, then a += r & take (distinct rows). */
PQSIG_MAYBE_UNUSED
static inline void row_axpy_cadd(uint16_t *restrict r, const uint16_t *restrict p, uint16_t *restrict a,
                                 unsigned from, unsigned to, uint16_t f, uint16_t take)
{
    unsigned c;
    for (c = from; c < to; c++) {
        const uint16_t t = (uint16_t)(r[c] + f * p[c]);
        r[c] = t;
        a[c] = (uint16_t)(a[c] + (t & take));
    }
}

/* Rows col + 2 .. n - 1 of g, columns from .. w - 1: r += f[r] p, then
 * a += r & take[r] (p the pivot row, a the next one). */
PQSIG_MAYBE_UNUSED
static inline void rows_axpy_cadd(uint16_t *g, unsigned n, unsigned w, unsigned col, const uint16_t *p,
                                  uint16_t *a, unsigned from, const uint16_t *f, const uint16_t *take)
{
    unsigned r;
    for (r = col + 2; r < n; r++) {
        row_axpy_cadd(g + (size_t)r * w, p, a, from, w, f[r], take[r]);
    }
}

/* x_r = b_r - sum_{j > r} g[r][j] x_j for r = n - 1 .. 0, the x_j stored
 * over b_j (column n) and, negated, in a row of their own for the inner
 * products; every term is below q^2, so a row's sum fits 32 bits. */
PQSIG_MAYBE_UNUSED
static inline void back_substitute(uint16_t *g, unsigned n, unsigned w)
{
    uint16_t xn[SNOVA_GFQ_MAXN];
    unsigned r, c;
    for (r = n; r-- > 0;) {
        const uint16_t *rr = g + (size_t)r * w;
        uint32_t acc = rr[n], x;
        for (c = r + 1; c < n; c++) {
            acc += (uint32_t)rr[c] * xn[c];
        }
        x = gfq_red32(acc);
        g[(size_t)r * w + n] = (uint16_t)x;
        xn[r] = (uint16_t)(SNOVA_Q - x);
    }
    pqsig_zeroize(xn, sizeof xn);
}

/* The solver's replaceable units: a backend compile may define its own
 * before including this file, with the same results. */
#ifndef COL_FACTORS
#define COL_FACTORS col_factors
#endif
#ifndef ROWS_AXPY_CADD
#define ROWS_AXPY_CADD rows_axpy_cadd
#endif
#ifndef BACK_SUBSTITUTE
#define BACK_SUBSTITUTE back_substitute
#endif

/* Columns before the pivot column are zero mod q in every row below and in
 * the pivot row, so the loops start at the pivot column rounded down to a
 * multiple of 8. The loops run to the row width w: columns n + 1 .. w - 1
 * are scratch. */
uint32_t snova_gfq_solve_c(uint16_t *g, unsigned n, unsigned w)
{
    /* room for whole groups of 8 rows past n (COL_FACTORS may write them) */
    uint16_t f[SNOVA_GFQ_MAXN + 8], take[SNOVA_GFQ_MAXN + 8];
    uint32_t singular = 0;
    unsigned col, r, c, since_fold = 0;
    uint16_t piv = gfq_red16(g[0]);

    /* the fix of the first pivot row */
    for (r = 1; r < n; r++) {
        uint16_t *rr = g + (size_t)r * w;
        uint16_t rv = gfq_red16(rr[0]), t = take_mask(piv, rv);
        row_cadd(g, rr, 0, w, t);
        piv = (uint16_t)(piv ^ ((piv ^ rv) & t));
    }
    for (col = 0; col < n; col++) {
        uint16_t *pr = g + (size_t)col * w, *nx = pr + w;
        const unsigned c0 = col & ~7u;
        uint16_t inv;
        piv = gfq_red16(pr[col]);
        singular |= ((uint32_t)piv - 1u) >> 31;
        inv = gfq_inv(piv);
        for (c = c0; c < w; c++) {
            pr[c] = gfq_red16((uint16_t)(gfq_red16(pr[c]) * inv));
        }
        if (col + 1 == n) {
            break;
        }
        /* Clear the column below (row + (q - f) pivot row), the next pivot
         * row first; every later row, once cleared, is added to the next
         * pivot row when that one's pivot is still zero and its entry is
         * not. */
        row_axpy(nx, pr, c0, w, (uint16_t)(SNOVA_Q - gfq_red16(nx[col])));
        COL_FACTORS(g, n, w, col, gfq_red16(nx[col + 1]), f, take);
        ROWS_AXPY_CADD(g, n, w, col, pr, nx, c0, f, take);
        if (++since_fold == SOLVE_CHUNK) {
            since_fold = 0;
            for (r = col + 1; r < n; r++) {
                uint16_t *rr = g + (size_t)r * w;
                for (c = c0; c < w; c++) {
                    rr[c] = gfq_fold16(rr[c]);
                }
            }
        }
    }
    BACK_SUBSTITUTE(g, n, w);
    pqsig_zeroize(f, sizeof f);
    pqsig_zeroize(take, sizeof take);
    return singular;
}

/* ---- Whipping ----
 * On l^2 lanes (a, c): row r of the whipped block is
 * sum_m sc[r][m][(a, c)] xr[m][(a, c)] with sc[r][m][(a, c)] = (S^a)[r][m]
 * and xr[m][(a, c)] = X[m][c]. */
void snova_gfq_whip_c(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb, const uint8_t *spow)
{
    const unsigned l = SNOVA_L;
    uint16_t sc[SNOVA_L][SNOVA_L][GFQ_L2], xr[SNOVA_L][GFQ_L2];
    unsigned j, a, r, c, m, k;
    for (r = 0; r < l; r++) {
        for (m = 0; m < l; m++) {
            for (a = 0; a < l; a++) {
                for (c = 0; c < l; c++) {
                    sc[r][m][a * l + c] = spow[(a * l + r) * l + m];
                }
            }
        }
    }
    for (j = 0; j < nb; j++) {
        const uint8_t *xj = x + (size_t)j * GFQ_L2;
        for (m = 0; m < l; m++) {
            for (a = 0; a < l; a++) {
                for (c = 0; c < l; c++) {
                    xr[m][a * l + c] = xj[m * l + c];
                }
            }
        }
        for (r = 0; r < l; r++) {
            const size_t row = ((size_t)j * l + r) * GFQ_L2;
            uint16_t acc[GFQ_L2];
#pragma GCC unroll 1
            for (k = 0; k < GFQ_L2; k++) {
                acc[k] = 0;
            }
            for (m = 0; m < l; m++) {
#pragma GCC unroll 1
                for (k = 0; k < GFQ_L2; k++) {
                    acc[k] = (uint16_t)(acc[k] + sc[r][m][k] * xr[m][k]);
                }
            }
#pragma GCC unroll 1
            for (k = 0; k < GFQ_L2; k++) {
                const uint16_t e = gfq_red16(acc[k]);
                w16[row + k] = e;
                w8[row + k] = (uint8_t)e;
            }
        }
    }
}

/* ---- The final combination ----
 * The sums over (a, b) run on l^2 lanes: each D_p is first laid out as
 * dt[a l + b][x l + y] and serves the alpha terms (i, alpha) with
 * i + alpha = p (mod o). l^2 products of two elements fit 16 bits, and so
 * do the l alpha products summed into each entry of a result. */
#define ALPHA (GFQ_L2 + SNOVA_L)
#if GFQ_L2 * (SNOVA_Q - 1) * (SNOVA_Q - 1) > 65535 || SNOVA_L * ALPHA * (SNOVA_Q - 1) * (SNOVA_Q - 1) > 65535
#error "snova_gfq_finish_c needs wider lanes"
#endif

/* A backend with its own kernels on l x l blocks (finish, rows) compiles
 * the others from this file with SNOVA_GFQ_OWN_BLOCKS defined
 * (x86_64_avx2/gfq_avx2.c). */
#if !defined(SNOVA_GFQ_OWN_BLOCKS)
void snova_gfq_finish_c(uint8_t *out, const uint16_t *d, const uint8_t *abq, unsigned o)
{
    const unsigned l = SNOVA_L;
    const uint8_t *am = abq, *bm = abq + (size_t)o * ALPHA * GFQ_L2;
    const uint8_t *q1 = bm + (size_t)o * ALPHA * GFQ_L2, *q2 = q1 + (size_t)o * ALPHA * SNOVA_L;
    uint16_t dt[GFQ_L2][GFQ_L2];
    uint16_t acc[SNOVA_MAXO][SNOVA_L][SNOVA_L];
    unsigned i, t, a, b, x, y, k, p;
    memset(acc, 0, sizeof(acc));
    for (p = 0; p < o; p++) {
        const uint16_t *dp = d + (size_t)p * GFQ_L2 * GFQ_L2;
        for (a = 0; a < l; a++) {
            for (x = 0; x < l; x++) {
                for (b = 0; b < l; b++) {
                    for (y = 0; y < l; y++) {
                        dt[a * l + b][x * l + y] = dp[(a * l + x) * GFQ_L2 + b * l + y];
                    }
                }
            }
        }
        for (t = 0; t < ALPHA; t++) {
            const unsigned ii = (p + o - t % o) % o;
            const size_t it = (size_t)ii * ALPHA + t;
            const uint8_t *at = am + it * GFQ_L2, *bt = bm + it * GFQ_L2;
            uint16_t midv[GFQ_L2], mid[SNOVA_L][SNOVA_L], left[SNOVA_L][SNOVA_L];
            memset(midv, 0, sizeof(midv));
            for (a = 0; a < l; a++) {
                for (b = 0; b < l; b++) {
                    const uint16_t f = gfq_mul(q1[it * l + a], q2[it * l + b]);
#pragma GCC unroll 1
                    for (k = 0; k < GFQ_L2; k++) {
                        midv[k] = (uint16_t)(midv[k] + f * dt[a * l + b][k]);
                    }
                }
            }
            for (x = 0; x < l; x++) {
                for (y = 0; y < l; y++) {
                    mid[x][y] = gfq_red16(midv[x * l + y]);
                }
            }
            /* left = A mid (reduced), acc += left B (reduced at the end) */
            for (x = 0; x < l; x++) {
                uint16_t s[SNOVA_L] = {0};
                for (k = 0; k < l; k++) {
                    const uint16_t ax = at[x * l + k];
                    for (y = 0; y < l; y++) {
                        s[y] = (uint16_t)(s[y] + ax * mid[k][y]);
                    }
                }
                for (y = 0; y < l; y++) {
                    left[x][y] = gfq_red16(s[y]);
                }
            }
            for (x = 0; x < l; x++) {
                for (k = 0; k < l; k++) {
                    const uint16_t lx = left[x][k];
                    for (y = 0; y < l; y++) {
                        acc[ii][x][y] = (uint16_t)(acc[ii][x][y] + lx * bt[k * l + y]);
                    }
                }
            }
        }
    }
    for (i = 0; i < o; i++) {
        for (x = 0; x < l; x++) {
            for (y = 0; y < l; y++) {
                out[i * GFQ_L2 + x * l + y] = (uint8_t)gfq_red16(acc[i][x][y]);
            }
        }
    }
}

/* ---- The block stage of the linear system (Algorithm 17) ----
 * The oil blocks t are the vector lanes: every step multiplies a lane
 * vector by a public scalar (A, B, Q1, Q2 and q1, q2 come from the public
 * key), and the coefficients are summed over alpha in 16-bit lanes (alpha
 * terms of at most 2 (q - 1)^2 each stay below 2^16), then moved to the
 * rows of the system. tp is a constant in each instance. */
#if ALPHA * 2 * (SNOVA_Q - 1) * (SNOVA_Q - 1) > 65535
#error "the coefficient sums need wider lanes"
#endif
#define TPMAX ((SNOVA_MAXO + 7u) & ~7u)

/* v = red(sum_{k < l} f[k fstride] x_k) over tp lanes, x_k = x0 + k stride. */
static inline void lanes_dot(uint16_t *v, const uint16_t *x0, size_t stride, const uint32_t *f, size_t fstride,
                             const unsigned tp)
{
    unsigned k, t;
    uint16_t acc[TPMAX];
#pragma GCC unroll 1
    for (t = 0; t < tp; t++) {
        acc[t] = 0;
    }
    for (k = 0; k < SNOVA_L; k++) {
        const uint16_t fk = (uint16_t)f[k * fstride];
        const uint16_t *xk = x0 + k * stride;
#pragma GCC unroll 1
        for (t = 0; t < tp; t++) {
            acc[t] = (uint16_t)(acc[t] + fk * xk[t]);
        }
    }
#pragma GCC unroll 1
    for (t = 0; t < tp; t++) {
        v[t] = gfq_red16(acc[t]);
    }
}

/* lanes_dot for two sums with the same coefficients, from x1 into v1 and
 * from x2 into v2. */
static inline void lanes_dot2(uint16_t *v1, const uint16_t *x1, uint16_t *v2, const uint16_t *x2, size_t stride,
                                const uint32_t *f, size_t fstride, const unsigned tp)
{
    lanes_dot(v1, x1, stride, f, fstride, tp);
    lanes_dot(v2, x2, stride, f, fstride, tp);
}

/* Q = sum_a q[a] S^a */
static void fqs_matrix(uint32_t out[SNOVA_L][SNOVA_L], const uint8_t *q, const uint8_t *spow)
{
    unsigned x, y, a;
    for (x = 0; x < SNOVA_L; x++) {
        for (y = 0; y < SNOVA_L; y++) {
            uint32_t v = 0;
            for (a = 0; a < SNOVA_L; a++) {
                v += (uint32_t)q[a] * spow[(a * SNOVA_L + x) * SNOVA_L + y];
            }
            out[x][y] = gfq_red32(v);
        }
    }
}

/* The coefficient of O_t[x][y] in entry [r][c], added over tp lanes t:
 * acc[((r l + c) l^2 + x l + y) tp + t] += B[y][c] (A M_t)[r][x] +
 * A[r][y] (N_t B)[x][c]. */
static inline void rows_acc(uint16_t *acc, const uint16_t *amv, const uint16_t *nbv,
                              uint32_t av[SNOVA_L][SNOVA_L], uint32_t bv[SNOVA_L][SNOVA_L],
                              const unsigned tp)
{
    const unsigned l = SNOVA_L;
    unsigned r, c, x, y, t;
    for (r = 0; r < l; r++) {
        for (c = 0; c < l; c++) {
            for (x = 0; x < l; x++) {
                for (y = 0; y < l; y++) {
                    uint16_t *o16 = acc + ((size_t)(r * l + c) * GFQ_L2 + x * l + y) * tp;
                    const uint16_t b = (uint16_t)bv[y][c], ar = (uint16_t)av[r][y];
                    const uint16_t *p1 = amv + (r * l + x) * tp, *p2 = nbv + (x * l + c) * tp;
#pragma GCC unroll 1
                    for (t = 0; t < tp; t++) {
                        o16[t] = (uint16_t)(o16[t] + b * p1[t] + ar * p2[t]);
                    }
                }
            }
        }
    }
}

static inline void rows_body(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq, const uint8_t *spow,
                             const uint8_t *rhs, unsigned i, unsigned o, const unsigned tp, uint16_t *acc)
{
    const unsigned l = SNOVA_L, nu = o * GFQ_L2;
    const size_t ls = (size_t)SNOVA_L * tp; /* stride of the first index of lm .. nbv */
    const uint8_t *am = abq, *bm = abq + (size_t)o * ALPHA * GFQ_L2;
    const uint8_t *q1v = bm + (size_t)o * ALPHA * GFQ_L2, *q2v = q1v + (size_t)o * ALPHA * SNOVA_L;
    unsigned alpha, t, a, x, y, u, r, c;
    memset(acc, 0, (size_t)GFQ_L2 * GFQ_L2 * tp * sizeof(uint16_t));
    for (alpha = 0; alpha < ALPHA; alpha++) {
        const unsigned ip = (i + alpha) % o;
        const size_t it = (size_t)i * ALPHA + alpha;
        const uint16_t *rp = rl + (size_t)ip * l * GFQ_L2 * tp; /* [u][k][t] */
        uint32_t q1[SNOVA_L], q2[SNOVA_L], q1m[SNOVA_L][SNOVA_L], q2m[SNOVA_L][SNOVA_L];
        uint32_t av[SNOVA_L][SNOVA_L], bv[SNOVA_L][SNOVA_L];
        /* six l x l matrices of tp lanes: lm[x][u] at lm + (x l + u) tp, and so on */
        uint16_t lanes[6 * GFQ_L2 * TPMAX];
        uint16_t *lm = lanes, *km = lm + GFQ_L2 * tp, *mm = km + GFQ_L2 * tp, *nn = mm + GFQ_L2 * tp;
        uint16_t *amv = nn + GFQ_L2 * tp, *nbv = amv + GFQ_L2 * tp;
        fqs_matrix(q1m, q1v + it * l, spow);
        fqs_matrix(q2m, q2v + it * l, spow);
        for (a = 0; a < l; a++) {
            q1[a] = q1v[it * l + a];
            q2[a] = q2v[it * l + a];
            for (x = 0; x < l; x++) {
                av[a][x] = am[it * GFQ_L2 + a * l + x];
                bv[a][x] = bm[it * GFQ_L2 + a * l + x];
            }
        }
        /* Every sum in pairs that share their coefficients (l is even). */
        /* L_t[x][u], K_t[u][x], for x and x + 1 */
        for (u = 0; u < l; u++) {
            for (x = 0; x < l; x += 2) {
                const uint16_t *src = rp + ((size_t)u * GFQ_L2 + x) * tp;
                lanes_dot2(lm + (x * l + u) * tp, src, lm + ((x + 1) * l + u) * tp, src + tp, ls, q1, 1, tp);
                lanes_dot2(km + (u * l + x) * tp, src, km + (u * l + x + 1) * tp, src + tp, ls, q2, 1, tp);
            }
        }
        /* M_t = L_t Q2 (rows x and x + 1), N_t = Q1 K_t (columns y and y + 1) */
        for (x = 0; x < l; x += 2) {
            for (y = 0; y < l; y++) {
                lanes_dot2(mm + (x * l + y) * tp, lm + x * l * tp, mm + ((x + 1) * l + y) * tp, lm + (x + 1) * l * tp,
                           tp, &q2m[0][y], l, tp);
                lanes_dot2(nn + (y * l + x) * tp, km + x * tp, nn + (y * l + x + 1) * tp, km + (x + 1) * tp, ls,
                           q1m[y], 1, tp);
            }
        }
        /* (A M_t)[r][x] (x and x + 1), (N_t B)[x][c] (x and x + 1: rows of nbv r, r + 1 below) */
        for (r = 0; r < l; r += 2) {
            for (x = 0; x < l; x++) {
                lanes_dot2(amv + (x * l + r) * tp, mm + r * tp, amv + (x * l + r + 1) * tp, mm + (r + 1) * tp, ls,
                           av[x], 1, tp);
                lanes_dot2(nbv + (r * l + x) * tp, nn + r * l * tp, nbv + ((r + 1) * l + x) * tp,
                           nn + (r + 1) * l * tp, tp, &bv[0][x], l, tp);
            }
        }
        rows_acc(acc, amv, nbv, av, bv, tp);
    }
    for (r = 0; r < GFQ_L2; r++) {
        uint16_t *grow = g + (size_t)(i * GFQ_L2 + r) * gw;
        for (t = 0; t < o; t++) {
            for (c = 0; c < GFQ_L2; c++) {
                grow[t * GFQ_L2 + c] = gfq_red16(acc[((size_t)r * GFQ_L2 + c) * tp + t]);
            }
        }
        grow[nu] = rhs[r];
        for (c = nu + 1; c < gw; c++) {
            grow[c] = 0;
        }
    }
}

FLATTEN void snova_gfq_rows_c(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq, const uint8_t *spow,
                      const uint8_t *rhs, unsigned i, unsigned o, uint16_t *work)
{
    const unsigned tp = (o + 7u) & ~7u;
    switch (tp) {
    case 8:
        rows_body(g, gw, rl, abq, spow, rhs, i, o, 8, work);
        break;
    case 16:
        rows_body(g, gw, rl, abq, spow, rhs, i, o, 16, work);
        break;
    default:
        rows_body(g, gw, rl, abq, spow, rhs, i, o, tp, work);
        break;
    }
}
#endif
