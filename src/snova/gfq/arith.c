/* SNOVA opt, odd prime q: portable kernels (see kern.h).
 *
 * Products of elements are below (q - 1)^2 < 1024; they are summed in
 * 16-bit lanes, GFQ_K_CHUNK at a time, with a partial fold between chunks
 * and one reduction per output. Written as plain loops over a compile-time
 * number of columns so that the compiler vectorises them (16-bit lanes:
 * SSE2 pmullw / paddw, NEON mla). */
#include <string.h>

#include "snova/gfq/gfq.h"

/* NR output rows (NR = 4, or 1 for the last ones), columns c0 .. c0 +
 * width - 1 (width <= 8): every x vector loaded serves NR rows. The lane
 * loop is the innermost loop and is not unrolled before vectorisation, so
 * the compiler maps it onto one vector of 16-bit lanes (instead of
 * vectorising the reduction over m with gathers, which is far slower). */
#define KW 16u
#define KR 4u

static inline void mul_strip(uint16_t *o, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned inner,
                             const uint16_t *x, const unsigned cols, const unsigned nr,
                             const unsigned width)
{
    uint16_t acc[KR][KW];
    unsigned m = 0, k, r;
    for (r = 0; r < nr; r++) {
        for (k = 0; k < width; k++) {
            acc[r][k] = o[r * cols + k];
        }
    }
    while (m < inner) {
        unsigned end = inner - m > GFQ_K_CHUNK ? m + GFQ_K_CHUNK : inner;
        for (; m < end; m++) {
            const uint16_t *xm = x + (size_t)m * cols;
            const uint8_t *am = a + m * a_cs;
            for (r = 0; r < nr; r++) {
                const uint16_t s = am[r * a_rs];
#pragma GCC unroll 1
                for (k = 0; k < width; k++) {
                    acc[r][k] = (uint16_t)(acc[r][k] + s * xm[k]);
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
            o[r * cols + k] = gfq_red16(acc[r][k]);
        }
    }
}

static inline void mul_rows(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned r0,
                            const unsigned nr, unsigned inner, const uint16_t *x, const unsigned cols)
{
    const uint8_t *a0 = a + (size_t)r0 * a_rs;
    uint16_t *o0 = out + (size_t)r0 * cols;
    unsigned c0;
    for (c0 = 0; c0 + KW <= cols; c0 += KW) {
        mul_strip(o0 + c0, a0, a_rs, a_cs, inner, x + c0, cols, nr, KW);
    }
    if (cols % KW != 0) {
        mul_strip(o0 + c0, a0, a_rs, a_cs, inner, x + c0, cols, nr, cols % KW);
    }
}

static inline void mul_body(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                            unsigned inner, const uint16_t *x, const unsigned cols)
{
    unsigned r;
    for (r = 0; r + KR <= rows; r += KR) {
        mul_rows(out, a, a_rs, a_cs, r, KR, inner, x, cols);
    }
    for (; r < rows; r++) {
        mul_rows(out, a, a_rs, a_cs, r, 1, inner, x, cols);
    }
}

void PQSIG_NS(gfq_k_mul)(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                         unsigned inner, const uint16_t *x, unsigned cols)
{
    switch (cols) {
    case SNOVA_L2:
        mul_body(out, a, a_rs, a_cs, rows, inner, x, SNOVA_L2);
        break;
#if GFQ_OL != SNOVA_L2
    case GFQ_OL:
        mul_body(out, a, a_rs, a_cs, rows, inner, x, GFQ_OL);
        break;
#endif
    default:
        mul_body(out, a, a_rs, a_cs, rows, inner, x, cols);
        break;
    }
}

/* Verification, transposed: every element of the whipped signature is
 * kept broadcast over GFQ_BC lanes (ub), so a lane vector of H (a row of
 * it, GFQ_BC columns) is multiplied without any broadcast in the loop. */
void PQSIG_NS(gfq_k_trows)(uint16_t *restrict yt, size_t ys, const uint16_t *restrict h, size_t hs,
                           unsigned len, const uint16_t *restrict ub)
{
    unsigned c, k, r, i;
    for (c = 0; c < len; c += GFQ_BC) {
        for (k = 0; k < SNOVA_L2; k++) {
            uint16_t *y = yt + (size_t)k * ys + c;
            uint16_t acc[GFQ_BC];
            for (i = 0; i < GFQ_BC; i++) {
                acc[i] = y[i];
            }
            for (r = 0; r < SNOVA_L; r++) {
                const uint16_t *hr = h + r * hs + c, *b = ub + ((size_t)r * SNOVA_L2 + k) * GFQ_BC;
                for (i = 0; i < GFQ_BC; i++) {
                    acc[i] = (uint16_t)(acc[i] + hr[i] * b[i]);
                }
            }
            for (i = 0; i < GFQ_BC; i++) {
                y[i] = acc[i];
            }
        }
    }
}

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

/* r += f p, then a += r & take. */
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

/* Columns before the pivot column are zero mod q in every row below and in
 * the pivot row, so the loops start at the pivot column rounded down to a
 * multiple of 8. The loops run to the row width w: columns n + 1 .. w - 1
 * are scratch. */
uint32_t PQSIG_NS(gfq_k_solve)(uint16_t *g, unsigned n, unsigned w)
{
    uint32_t singular = 0;
    unsigned col, r, c, since_fold = 0;
    uint16_t piv = gfq_red16(g[0]);

    /* the fix of the first pivot row */
    for (r = 1; r < n; r++) {
        uint16_t *rr = g + (size_t)r * w;
        uint16_t rv = gfq_red16(rr[0]), take = take_mask(piv, rv);
        row_cadd(g, rr, 0, w, take);
        piv = (uint16_t)(piv ^ ((piv ^ rv) & take));
    }
    for (col = 0; col < n; col++) {
        uint16_t *pr = g + (size_t)col * w, *nx = pr + w;
        const unsigned c0 = col & ~7u;
        uint16_t inv, npiv;
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
        npiv = gfq_red16(nx[col + 1]);
        for (r = col + 2; r < n; r++) {
            uint16_t *rr = g + (size_t)r * w;
            const uint16_t f = (uint16_t)(SNOVA_Q - gfq_red16(rr[col]));
            const uint16_t rv = gfq_red16((uint16_t)(rr[col + 1] + f * pr[col + 1]));
            const uint16_t take = take_mask(npiv, rv);
            row_axpy_cadd(rr, pr, nx, c0, w, f, take);
            npiv = (uint16_t)(npiv ^ ((npiv ^ rv) & take));
        }
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
    /* x_r = b_r - sum_{j > r} g[r][j] x_j, the x_j stored over b_j; every
     * term is below q^2, so a row's sum fits 32 bits. */
    for (r = n; r-- > 0;) {
        const uint16_t *rr = g + (size_t)r * w;
        uint32_t acc = rr[n];
        for (c = r + 1; c < n; c++) {
            acc += (uint32_t)rr[c] * (uint32_t)(SNOVA_Q - g[(size_t)c * w + n]);
        }
        g[(size_t)r * w + n] = (uint16_t)gfq_red32(acc);
    }
    return singular;
}
