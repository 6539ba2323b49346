/* SNOVA, GF(16): the portable kernels of native/api.h, compiled once for
 * every q = 16 set (sizes at run time).
 *
 * A scalar times a packed vector is computed bitsliced: bit i of the
 * scalar becomes an all-ones or all-zeros mask that selects the vector
 * into accumulator i; the accumulators are combined once,
 * acc0 + x acc1 + x^2 acc2 + x^3 acc3, so no secret selects a branch or an
 * address. The run-time l and row width are dispatched to compile-time
 * instances of each body (l = 2..5, widths 1..5), which the compiler
 * unrolls as it did when they were set constants. */
#include <string.h>

#include "snova/gf16/scalar.h"
#include "snova/native/api.h"

#define FLATTEN PQSIG_FLATTEN /* common/native.h */

void snova_gf16_table_c(uint64_t *tab, const uint64_t *x, unsigned nw)
{
    unsigned w, e;
    for (w = 0; w < nw; w++) {
        /* entry e is the XOR of x^k x over the bits k of e: the first 8
         * from x, 2x and 4x, the last 8 the same plus 8x */
        const uint64_t v1 = x[w], v2 = gf16_mulx(v1), v4 = gf16_mulx(v2), v8 = gf16_mulx(v4);
        uint64_t lo[8];
        lo[0] = 0;
        lo[1] = v1;
        lo[2] = v2;
        lo[3] = v1 ^ v2;
        for (e = 0; e < 4; e++) {
            lo[4 + e] = lo[e] ^ v4;
        }
        for (e = 0; e < 8; e++) {
            tab[e * nw + w] = lo[e];
            tab[(e + 8) * nw + w] = lo[e] ^ v8;
        }
    }
}

static inline void lincomb_body(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                                size_t x_stride, size_t count, const unsigned nw)
{
    uint64_t a0[SNOVA_GF16_MAXW], a1[SNOVA_GF16_MAXW], a2[SNOVA_GF16_MAXW], a3[SNOVA_GF16_MAXW];
    size_t m;
    unsigned w;
    for (w = 0; w < nw; w++) {
        a0[w] = a1[w] = a2[w] = a3[w] = 0;
    }
    for (m = 0; m < count; m++) {
        uint64_t b = s[m * s_stride];
        uint64_t m0 = 0u - (b & 1u), m1 = 0u - ((b >> 1) & 1u);
        uint64_t m2 = 0u - ((b >> 2) & 1u), m3 = 0u - ((b >> 3) & 1u);
        const uint64_t *xm = x + m * x_stride;
        for (w = 0; w < nw; w++) {
            uint64_t v = xm[w];
            a0[w] ^= v & m0;
            a1[w] ^= v & m1;
            a2[w] ^= v & m2;
            a3[w] ^= v & m3;
        }
    }
    for (w = 0; w < nw; w++) {
        out[w] ^= a0[w] ^ gf16_mulx(a1[w] ^ gf16_mulx(a2[w] ^ gf16_mulx(a3[w])));
    }
}

FLATTEN void snova_gf16_lincomb_c(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                          size_t x_stride, size_t count, unsigned nw)
{
    switch (nw) {
    case 1:
        lincomb_body(out, s, s_stride, x, x_stride, count, 1);
        break;
    case 2:
        lincomb_body(out, s, s_stride, x, x_stride, count, 2);
        break;
    case 3:
        lincomb_body(out, s, s_stride, x, x_stride, count, 3);
        break;
    case 4:
        lincomb_body(out, s, s_stride, x, x_stride, count, 4);
        break;
    case 5:
        lincomb_body(out, s, s_stride, x, x_stride, count, 5);
        break;
    default:
        lincomb_body(out, s, s_stride, x, x_stride, count, nw);
        break;
    }
}

void snova_gf16_lincomb_rows_c(uint64_t *out, unsigned nrows, const uint8_t *s, size_t s_stride, const uint64_t *x,
                               size_t x_stride, size_t count, unsigned nw)
{
    unsigned r;
    for (r = 0; r < nrows; r++) {
        snova_gf16_lincomb_c(out + (size_t)r * nw, s + r, s_stride, x, x_stride, count, nw);
    }
}

/* ---- Public matrix times tables ----
 * One block row of P at a time: its elements are unpacked to bytes, then
 * every output row of P X is accumulated in registers over the row, and
 * every output row of P^t Y over the l rows of the block row. */

static inline void pmat_strip(const uint8_t *e, unsigned j, unsigned cb, uint64_t *out, const uint64_t *tabx,
                              uint64_t *outt, const uint64_t *taby, const unsigned l, const unsigned nw)
{
    const unsigned l2 = l * l;
    unsigned k, r, c, w;
    if (out != NULL) {
        for (r = 0; r < l; r++) {
            uint64_t acc[SNOVA_GF16_MAXW];
            uint64_t *o = out + (size_t)(j * l + r) * nw;
            for (w = 0; w < nw; w++) {
                acc[w] = o[w];
            }
            for (k = 0; k < cb; k++) {
                const unsigned ek = k * l2 + r * l;
                for (c = 0; c < l; c++) {
                    const uint64_t *t = tabx + ((size_t)(k * l + c) * 16u + e[ek + c]) * nw;
                    for (w = 0; w < nw; w++) {
                        acc[w] ^= t[w];
                    }
                }
            }
            for (w = 0; w < nw; w++) {
                o[w] = acc[w];
            }
        }
    }
    if (outt != NULL) {
        const uint64_t *ty = taby + (size_t)j * l * 16u * nw;
        for (k = 0; k < cb; k++) {
            for (c = 0; c < l; c++) {
                uint64_t acc[SNOVA_GF16_MAXW];
                uint64_t *o = outt + (size_t)(k * l + c) * nw;
                for (w = 0; w < nw; w++) {
                    acc[w] = o[w];
                }
                for (r = 0; r < l; r++) {
                    const uint64_t *t = ty + ((size_t)r * 16u + e[k * l2 + r * l + c]) * nw;
                    for (w = 0; w < nw; w++) {
                        acc[w] ^= t[w];
                    }
                }
                for (w = 0; w < nw; w++) {
                    o[w] = acc[w];
                }
            }
        }
    }
}

/* The same for even l on a byte-aligned strip: each byte holds the
 * elements of columns 2m and 2m + 1 of one block row. */
static inline void pmat_strip_bytes(const uint8_t *e, unsigned j, unsigned cb, uint64_t *out,
                                    const uint64_t *tabx, uint64_t *outt, const uint64_t *taby,
                                    const unsigned l, const unsigned nw)
{
    const unsigned hb = l / 2, bb = l * l / 2; /* bytes per block row / block */
    unsigned k, r, m, w;
    if (out != NULL) {
        for (r = 0; r < l; r++) {
            uint64_t acc[SNOVA_GF16_MAXW];
            uint64_t *o = out + (size_t)(j * l + r) * nw;
            const uint8_t *er = e + r * hb;
            const uint64_t *tk = tabx;
            for (w = 0; w < nw; w++) {
                acc[w] = o[w];
            }
            for (k = 0; k < cb; k++) {
                for (m = 0; m < hb; m++) {
                    unsigned byte = er[k * bb + m];
                    const uint64_t *t0 = tk + ((2 * m) * 16u + (byte & 15u)) * nw;
                    const uint64_t *t1 = tk + ((2 * m + 1) * 16u + (byte >> 4)) * nw;
                    for (w = 0; w < nw; w++) {
                        acc[w] ^= t0[w] ^ t1[w];
                    }
                }
                tk += (size_t)l * 16u * nw;
            }
            for (w = 0; w < nw; w++) {
                o[w] = acc[w];
            }
        }
    }
    if (outt != NULL) {
        const uint64_t *ty = taby + (size_t)j * l * 16u * nw;
        for (k = 0; k < cb; k++) {
            for (m = 0; m < hb; m++) {
                uint64_t a0[SNOVA_GF16_MAXW], a1[SNOVA_GF16_MAXW];
                uint64_t *o0 = outt + (size_t)(k * l + 2 * m) * nw, *o1 = o0 + nw;
                for (w = 0; w < nw; w++) {
                    a0[w] = o0[w];
                    a1[w] = o1[w];
                }
                for (r = 0; r < l; r++) {
                    unsigned byte = e[k * bb + r * hb + m];
                    const uint64_t *t0 = ty + ((size_t)r * 16u + (byte & 15u)) * nw;
                    const uint64_t *t1 = ty + ((size_t)r * 16u + (byte >> 4)) * nw;
                    for (w = 0; w < nw; w++) {
                        a0[w] ^= t0[w];
                        a1[w] ^= t1[w];
                    }
                }
                for (w = 0; w < nw; w++) {
                    o0[w] = a0[w];
                    o1[w] = a1[w];
                }
            }
        }
    }
}

static void unpack_strip(uint8_t *e, const uint8_t *buf, size_t nib, size_t count)
{
    size_t k = 0;
    if (nib & 1u) {
        e[k++] = (uint8_t)(buf[nib >> 1] >> 4);
    }
    for (; k + 1 < count; k += 2) {
        uint8_t b = buf[(nib + k) >> 1];
        e[k] = (uint8_t)(b & 15u);
        e[k + 1] = (uint8_t)(b >> 4);
    }
    if (k < count) {
        e[k] = (uint8_t)(buf[(nib + k) >> 1] & 15u);
    }
}

static inline void pmat_body(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, uint64_t *out,
                             const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, const unsigned l,
                             const unsigned nw)
{
    const size_t strip = (size_t)cb * l * l;
    unsigned j;
    if (l % 2 == 0 && nib0 % 2 == 0) {
        for (j = 0; j < rb; j++) {
            pmat_strip_bytes(buf + (nib0 + j * strip) / 2, j, cb, out, tabx, outt, taby, l, nw);
        }
    } else {
        uint8_t e[SNOVA_GF16_MAX_STRIP];
        for (j = 0; j < rb; j++) {
            unpack_strip(e, buf, nib0 + j * strip, strip);
            pmat_strip(e, j, cb, out, tabx, outt, taby, l, nw);
        }
    }
}

/* One function per (l, nw) instance, each flattened on its own (one huge
 * flattened dispatcher optimises worse); nw 6 and more share the generic
 * width of their l. */
#define PMAT_ARGS                                                                                  \
    const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, uint64_t *out, const uint64_t *tabx, \
        uint64_t *outt, const uint64_t *taby, unsigned nw
#define PMAT_INSTANCE(L, NW)                                                                       \
    static FLATTEN void pmat_##L##_##NW(PMAT_ARGS)                                                 \
    {                                                                                              \
        (void)nw;                                                                                  \
        pmat_body(buf, nib0, rb, cb, out, tabx, outt, taby, L, NW);                                \
    }
#define PMAT_INSTANCES(L)                                                                          \
    PMAT_INSTANCE(L, 1)                                                                            \
    PMAT_INSTANCE(L, 2)                                                                            \
    PMAT_INSTANCE(L, 3)                                                                            \
    PMAT_INSTANCE(L, 4)                                                                            \
    PMAT_INSTANCE(L, 5)                                                                            \
    PMAT_INSTANCE(L, nw)
PMAT_INSTANCES(2)
PMAT_INSTANCES(3)
PMAT_INSTANCES(4)
PMAT_INSTANCES(5)

typedef void (*pmat_fn)(PMAT_ARGS);
#define PMAT_ROW(L) {pmat_##L##_nw, pmat_##L##_1, pmat_##L##_2, pmat_##L##_3, pmat_##L##_4, pmat_##L##_5}

void snova_gf16_pmat_c(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l, uint64_t *out,
                       const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, unsigned nw)
{
    static const pmat_fn fns[4][6] = {PMAT_ROW(2), PMAT_ROW(3), PMAT_ROW(4), PMAT_ROW(5)};
    /* l and nw are public sizes */
    fns[(l < 2 ? 2 : l > 5 ? 5 : l) - 2][nw <= 5 ? nw : 0](buf, nib0, rb, cb, out, tabx, outt, taby, nw);
}

/* ---- Gauss-Jordan ---- */

uint32_t snova_gf16_solve_c(uint64_t *g, unsigned n, unsigned w)
{
    uint64_t p0[SNOVA_GF16_MAXW * 2], p1[SNOVA_GF16_MAXW * 2], p2[SNOVA_GF16_MAXW * 2],
        p3[SNOVA_GF16_MAXW * 2];
    uint32_t singular = 0;
    unsigned col, r, k;

    for (col = 0; col < n; col++) {
        uint64_t *pr = g + (size_t)col * w;
        unsigned w0 = col >> 4;
        uint8_t piv, inv;
        uint64_t m0, m1, m2, m3;
        /* While the pivot is zero add the rows below (masked). */
        for (r = col + 1; r < n; r++) {
            const uint64_t *rr = g + (size_t)r * w;
            uint64_t zero = (uint64_t)0 - (uint64_t)(((uint32_t)gf16_row_get(pr, col) - 1u) >> 31);
            for (k = w0; k < w; k++) {
                pr[k] ^= rr[k] & zero;
            }
        }
        piv = gf16_row_get(pr, col);
        singular |= ((uint32_t)piv - 1u) >> 31;
        inv = gf16_inv(piv);
        /* Normalise the pivot row: inv * row. */
        m0 = 0u - (uint64_t)(inv & 1u);
        m1 = 0u - (uint64_t)((inv >> 1) & 1u);
        m2 = 0u - (uint64_t)((inv >> 2) & 1u);
        m3 = 0u - (uint64_t)((inv >> 3) & 1u);
        for (k = w0; k < w; k++) {
            uint64_t v = pr[k], v2 = gf16_mulx(v), v4 = gf16_mulx(v2), v8 = gf16_mulx(v4);
            v = (v & m0) ^ (v2 & m1) ^ (v4 & m2) ^ (v8 & m3);
            pr[k] = v;
            p0[k] = v;
            p1[k] = v2 = gf16_mulx(v);
            p2[k] = v4 = gf16_mulx(v2);
            p3[k] = gf16_mulx(v4);
        }
        /* Clear the column in every other row. */
        for (r = 0; r < n; r++) {
            uint64_t *rr = g + (size_t)r * w;
            uint64_t f;
            if (r == col) {
                continue;
            }
            f = gf16_row_get(rr, col);
            m0 = 0u - (f & 1u);
            m1 = 0u - ((f >> 1) & 1u);
            m2 = 0u - ((f >> 2) & 1u);
            m3 = 0u - ((f >> 3) & 1u);
            for (k = w0; k < w; k++) {
                rr[k] ^= (p0[k] & m0) ^ (p1[k] & m1) ^ (p2[k] & m2) ^ (p3[k] & m3);
            }
        }
    }
    return singular;
}

/* ---- Whipping ---- */

static inline void whip_body(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow, const unsigned l)
{
    const unsigned l2 = l * l, ww = GF16_WORDS(l2);
    unsigned j, a, r, c, m;
    memset(w, 0, (size_t)nb * l * ww * sizeof(uint64_t));
    for (j = 0; j < nb; j++) {
        const uint8_t *xj = x + (size_t)j * l2;
        for (r = 0; r < l; r++) {
            uint64_t *row = w + ((size_t)j * l + r) * ww;
            for (a = 0; a < l; a++) {
                uint32_t sp[SNOVA_GF16_MAXL];
                for (m = 0; m < l; m++) {
                    sp[m] = gf16_spread(spow[(a * l + r) * l + m]);
                }
                for (c = 0; c < l; c++) {
                    uint32_t acc = 0;
                    for (m = 0; m < l; m++) {
                        acc ^= (uint32_t)xj[m * l + c] * sp[m];
                    }
                    gf16_row_xor(row, a * l + c, gf16_fold(acc));
                }
            }
        }
    }
}

FLATTEN void snova_gf16_whip_c(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow, unsigned l)
{
    switch (l) {
    case 2:
        whip_body(w, x, nb, spow, 2);
        break;
    case 3:
        whip_body(w, x, nb, spow, 3);
        break;
    case 4:
        whip_body(w, x, nb, spow, 4);
        break;
    default:
        whip_body(w, x, nb, spow, 5);
        break;
    }
}

/* ---- The final combination ----
 * Spread products in 16-bit lanes, four to a 64-bit word, so that one
 * multiplication serves up to four elements of a row. Each D_p is laid out
 * in lanes once and serves the alpha terms (i, alpha) with i + alpha = p
 * (mod o); the sums are XORs, so their order does not matter. */
#define LWMAX SNOVA_GF16_LWMAX
#define lane_put gf16_lane_put

static inline void finish_body(uint8_t *out, const uint64_t *d, const uint8_t *abq, unsigned o, const unsigned l)
{
    const unsigned l2 = l * l, alpha = l2 + l, lw = (l + 3) / 4, ww = GF16_WORDS(l2);
    const uint8_t *am = abq, *bm = abq + (size_t)o * alpha * l2;
    const uint8_t *q1 = bm + (size_t)o * alpha * l2, *q2 = q1 + (size_t)o * alpha * l;
    uint64_t acc[SNOVA_MAXO][SNOVA_GF16_MAXL][LWMAX];
    uint64_t dl[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL][SNOVA_GF16_MAXL][LWMAX]; /* [a][x][b]: lanes y */
    unsigned i, t, a, b, x, y, k, w, p;
    memset(acc, 0, sizeof(acc));
    for (p = 0; p < o; p++) {
        memset(dl, 0, sizeof(dl));
        for (a = 0; a < l; a++) {
            for (x = 0; x < l; x++) {
                const uint64_t *row = d + ((size_t)p * l2 + a * l + x) * ww;
                for (b = 0; b < l; b++) {
                    for (y = 0; y < l; y++) {
                        dl[a][x][b][y / 4] |= lane_put(gf16_row_get(row, b * l + y), y);
                    }
                }
            }
        }
        for (t = 0; t < alpha; t++) {
            const size_t it = (size_t)((p + o - t % o) % o) * alpha + t;
            const uint8_t *ab = am + it * l2, *bb = bm + it * l2;
            uint32_t f[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL];
            uint64_t mid[SNOVA_GF16_MAXL][LWMAX], amid[SNOVA_GF16_MAXL][LWMAX], bl[SNOVA_GF16_MAXL][LWMAX];
            uint64_t(*ac)[LWMAX] = acc[(p + o - t % o) % o];
            for (a = 0; a < l; a++) {
                for (b = 0; b < l; b++) {
                    f[a][b] = gf16_spread(gf16_mul(q1[it * l + a], q2[it * l + b]));
                }
            }
            for (k = 0; k < l; k++) {
                for (w = 0; w < lw; w++) {
                    bl[k][w] = 0;
                }
                for (y = 0; y < l; y++) {
                    bl[k][y / 4] |= lane_put(gf16_spread(bb[k * l + y]), y);
                }
            }
            /* mid[x] = sum_{a,b} q1[a] q2[b] D[a][b][x][.] */
            for (x = 0; x < l; x++) {
                for (w = 0; w < lw; w++) {
                    uint64_t m = 0;
                    for (a = 0; a < l; a++) {
                        for (b = 0; b < l; b++) {
                            m ^= dl[a][x][b][w] * f[a][b];
                        }
                    }
                    mid[x][w] = gf16_fold_lanes(m);
                }
            }
            /* amid = A mid */
            for (x = 0; x < l; x++) {
                for (w = 0; w < lw; w++) {
                    uint64_t m = 0;
                    for (k = 0; k < l; k++) {
                        m ^= mid[k][w] * gf16_spread(ab[x * l + k]);
                    }
                    amid[x][w] = gf16_fold_lanes(m);
                }
            }
            /* acc += amid B */
            for (x = 0; x < l; x++) {
                for (k = 0; k < l; k++) {
                    uint64_t s = gf16_lane(amid[x], k);
                    for (w = 0; w < lw; w++) {
                        ac[x][w] ^= s * bl[k][w];
                    }
                }
            }
        }
    }
    for (i = 0; i < o; i++) {
        for (x = 0; x < l; x++) {
            for (w = 0; w < lw; w++) {
                acc[i][x][w] = gf16_fold_lanes(acc[i][x][w]);
            }
            for (y = 0; y < l; y++) {
                out[i * l2 + x * l + y] = gf16_lane(acc[i][x], y);
            }
        }
    }
}

FLATTEN void snova_gf16_finish_c(uint8_t *out, const uint64_t *d, const uint8_t *abq, unsigned o, unsigned l)
{
    switch (l) {
    case 2:
        finish_body(out, d, abq, o, 2);
        break;
    case 3:
        finish_body(out, d, abq, o, 3);
        break;
    case 4:
        finish_body(out, d, abq, o, 4);
        break;
    default:
        finish_body(out, d, abq, o, 5);
        break;
    }
}

/* ---- The block stage of the linear system (Algorithm 17): rows.h ---- */

#include "snova/gf16/rows.h"

FLATTEN void snova_gf16_rows_c(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                       const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, unsigned l,
                       uint64_t *work)
{
    switch (l) {
    case 2:
        rows_body(g, gw, ll, rl, abq, spow, rhs, i, o, 2, work);
        break;
    case 3:
        rows_body(g, gw, ll, rl, abq, spow, rhs, i, o, 3, work);
        break;
    case 4:
        rows_body(g, gw, ll, rl, abq, spow, rhs, i, o, 4, work);
        break;
    default:
        rows_body(g, gw, ll, rl, abq, spow, rhs, i, o, 5, work);
        break;
    }
}
