/* SNOVA opt, odd prime q: portable kernels (see kern.h).
 *
 * Products of elements are below (q - 1)^2 < 1024; they are summed in
 * 16-bit lanes, GFQ_K_CHUNK at a time, with a partial fold between chunks
 * and one reduction per output. Written as plain loops over a compile-time
 * number of columns so that the compiler vectorises them (16-bit lanes:
 * SSE2 pmullw / paddw, NEON mla). */
#include "snova/gfq/gfq.h"

/* Rows r0 and r0 + 1 (two = 1) or row r0 alone: every x row is loaded once
 * for both. */
static inline void mul_rows(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned r0,
                            unsigned two, unsigned inner, const uint16_t *x, const unsigned cols)
{
    uint16_t acc0[GFQ_K_MAXC], acc1[GFQ_K_MAXC];
    const uint8_t *a0 = a + (size_t)r0 * a_rs, *a1 = a0 + a_rs;
    uint16_t *o0 = out + (size_t)r0 * cols, *o1 = o0 + cols;
    unsigned m = 0, c;
    for (c = 0; c < cols; c++) {
        acc0[c] = o0[c];
        acc1[c] = two ? o1[c] : 0;
    }
    while (m < inner) {
        unsigned end = inner - m > GFQ_K_CHUNK ? m + GFQ_K_CHUNK : inner;
        if (two) {
            for (; m < end; m++) {
                const uint16_t *xm = x + (size_t)m * cols;
                uint16_t s0 = a0[m * a_cs], s1 = a1[m * a_cs];
                for (c = 0; c < cols; c++) {
                    acc0[c] = (uint16_t)(acc0[c] + s0 * xm[c]);
                    acc1[c] = (uint16_t)(acc1[c] + s1 * xm[c]);
                }
            }
        } else {
            for (; m < end; m++) {
                const uint16_t *xm = x + (size_t)m * cols;
                uint16_t s0 = a0[m * a_cs];
                for (c = 0; c < cols; c++) {
                    acc0[c] = (uint16_t)(acc0[c] + s0 * xm[c]);
                }
            }
        }
        if (m < inner) {
            for (c = 0; c < cols; c++) {
                acc0[c] = gfq_fold16(acc0[c]);
                acc1[c] = gfq_fold16(acc1[c]);
            }
        }
    }
    for (c = 0; c < cols; c++) {
        o0[c] = gfq_red16(acc0[c]);
    }
    if (two) {
        for (c = 0; c < cols; c++) {
            o1[c] = gfq_red16(acc1[c]);
        }
    }
}

static inline void mul_body(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                            unsigned inner, const uint16_t *x, const unsigned cols)
{
    unsigned r;
    for (r = 0; r + 1 < rows; r += 2) {
        mul_rows(out, a, a_rs, a_cs, r, 1, inner, x, cols);
    }
    if (r < rows) {
        mul_rows(out, a, a_rs, a_cs, r, 0, inner, x, cols);
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

uint32_t PQSIG_NS(gfq_k_solve)(uint16_t *g, unsigned n, unsigned w)
{
    uint32_t singular = 0;
    unsigned col, r, c;

    for (col = 0; col < n; col++) {
        uint16_t *pr = g + (size_t)col * w;
        uint16_t inv;
        /* While the pivot is zero add the rows below (masked). */
        for (r = col + 1; r < n; r++) {
            const uint16_t *rr = g + (size_t)r * w;
            uint16_t zero = (uint16_t)(0u - (((uint32_t)pr[col] - 1u) >> 31));
            for (c = col; c <= n; c++) {
                pr[c] = gfq_red16((uint16_t)(pr[c] + (rr[c] & zero)));
            }
        }
        singular |= ((uint32_t)pr[col] - 1u) >> 31;
        inv = gfq_inv(pr[col]);
        for (c = col; c <= n; c++) {
            pr[c] = gfq_red16((uint16_t)(pr[c] * inv));
        }
        /* Clear the column in every other row: row -= f * pivot row, as
         * row + (q - f) * pivot row. */
        for (r = 0; r < n; r++) {
            uint16_t *rr = g + (size_t)r * w;
            uint16_t nf;
            if (r == col) {
                continue;
            }
            nf = (uint16_t)(SNOVA_Q - rr[col]);
            for (c = col; c <= n; c++) {
                rr[c] = gfq_red16((uint16_t)(rr[c] + nf * pr[c]));
            }
        }
    }
    return singular;
}
