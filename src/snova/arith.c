/* SNOVA opt: portable kernels over GF(16) (see native/api.h).
 *
 * Vectors are nibble-packed in 64-bit words. A scalar times a vector is
 * computed bitsliced: bit i of the scalar becomes an all-ones or all-zeros
 * mask that selects the vector into accumulator i; the accumulators are
 * combined once, acc0 + x acc1 + x^2 acc2 + x^3 acc3 (Horner with a
 * nibble-parallel multiplication by x), so no secret selects a branch or an
 * address. */
#include <string.h>

#include "snova/opt.h"

#define LO3 0x7777777777777777ull
#define ONES 0x1111111111111111ull

/* x * v for 16 packed elements: shift, and fold x^4 = x + 1. */
static inline uint64_t mulx(uint64_t v)
{
    return ((v & LO3) << 1) ^ (((v >> 3) & ONES) * 3u);
}

void PQSIG_NS(snova_k_table)(uint64_t *tab, const uint64_t *x, unsigned nw)
{
    unsigned w, e;
    for (w = 0; w < nw; w++) {
        uint64_t v1 = x[w], v2 = mulx(v1), v4 = mulx(v2), v8 = mulx(v4);
        tab[w] = 0;
        tab[nw + w] = v1;
        tab[2 * nw + w] = v2;
        tab[4 * nw + w] = v4;
        tab[8 * nw + w] = v8;
    }
    for (e = 3; e < 16; e++) {
        unsigned low = e & (0u - e);
        if (low == e) {
            continue;
        }
        for (w = 0; w < nw; w++) {
            tab[e * nw + w] = tab[low * nw + w] ^ tab[(e ^ low) * nw + w];
        }
    }
}

static inline void lincomb_body(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                                size_t x_stride, size_t count, const unsigned nw)
{
    uint64_t a0[SNOVA_K_MAXW], a1[SNOVA_K_MAXW], a2[SNOVA_K_MAXW], a3[SNOVA_K_MAXW];
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
        out[w] ^= a0[w] ^ mulx(a1[w] ^ mulx(a2[w] ^ mulx(a3[w])));
    }
}

void PQSIG_NS(snova_k_lincomb)(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
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

/* One block row of P at a time: its elements are unpacked to bytes, then
 * every output row of P X is accumulated in registers over the row, and
 * every output row of P^t Y over the l rows of the block row. NW is a
 * compile-time constant in each instance. */
#define PMAT_MAX_ROW (SNOVA_N * SNOVA_L2)


static inline void pmat_strip(const uint8_t *e, unsigned j, unsigned cb, uint64_t *out,
                              const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, const unsigned nw)
{
    const unsigned l = SNOVA_L, l2 = SNOVA_L2;
    unsigned k, r, c, w;
    if (out != NULL) {
        for (r = 0; r < l; r++) {
            uint64_t acc[SNOVA_K_MAXW];
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
                uint64_t acc[SNOVA_K_MAXW];
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
                                    const unsigned nw)
{
    const unsigned l = SNOVA_L, hb = SNOVA_L / 2, bb = SNOVA_L2 / 2; /* bytes per block row / block */
    unsigned k, r, m, w;
    if (out != NULL) {
        for (r = 0; r < l; r++) {
            uint64_t acc[SNOVA_K_MAXW];
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
                uint64_t a0[SNOVA_K_MAXW], a1[SNOVA_K_MAXW];
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

#define PMAT_CASE(NW)                                                                            \
    case NW:                                                                                     \
        if (SNOVA_L % 2 == 0 && nib0 % 2 == 0) {                                                 \
            for (j = 0; j < rb; j++) {                                                           \
                pmat_strip_bytes(buf + (nib0 + (size_t)j * cb * l * l) / 2, j, cb, out, tabx,    \
                                 outt, taby, NW);                                                \
            }                                                                                    \
        } else {                                                                                 \
            for (j = 0; j < rb; j++) {                                                           \
                unpack_strip(e, buf, nib0 + (size_t)j * cb * l * l, (size_t)cb * l * l);         \
                pmat_strip(e, j, cb, out, tabx, outt, taby, NW);                              \
            }                                                                                    \
        }                                                                                        \
        break

void PQSIG_NS(snova_k_pmat)(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l,
                            uint64_t *out, const uint64_t *tabx, uint64_t *outt,
                            const uint64_t *taby, unsigned nw)
{
    uint8_t e[PMAT_MAX_ROW];
    unsigned j;
    l = SNOVA_L; /* this build's l: a constant for the compiler */
    switch (nw) {
        PMAT_CASE(1);
        PMAT_CASE(2);
        PMAT_CASE(3);
        PMAT_CASE(4);
        PMAT_CASE(5);
    default:
        for (j = 0; j < rb; j++) {
            unpack_strip(e, buf, nib0 + (size_t)j * cb * l * l, (size_t)cb * l * l);
            pmat_strip(e, j, cb, out, tabx, outt, taby, nw);
        }
        break;
    }
}

uint32_t PQSIG_NS(snova_k_solve)(uint64_t *g, unsigned n, unsigned w)
{
    uint64_t p0[SNOVA_K_MAXW * 2], p1[SNOVA_K_MAXW * 2], p2[SNOVA_K_MAXW * 2], p3[SNOVA_K_MAXW * 2];
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
            uint64_t zero = (uint64_t)0 - (uint64_t)(((uint32_t)snova_row_get(pr, col) - 1u) >> 31);
            for (k = w0; k < w; k++) {
                pr[k] ^= rr[k] & zero;
            }
        }
        piv = snova_row_get(pr, col);
        singular |= ((uint32_t)piv - 1u) >> 31;
        inv = gf16_inv(piv);
        /* Normalise the pivot row: inv * row. */
        m0 = 0u - (uint64_t)(inv & 1u);
        m1 = 0u - (uint64_t)((inv >> 1) & 1u);
        m2 = 0u - (uint64_t)((inv >> 2) & 1u);
        m3 = 0u - (uint64_t)((inv >> 3) & 1u);
        for (k = w0; k < w; k++) {
            uint64_t v = pr[k], v2 = mulx(v), v4 = mulx(v2), v8 = mulx(v4);
            v = (v & m0) ^ (v2 & m1) ^ (v4 & m2) ^ (v8 & m3);
            pr[k] = v;
            p0[k] = v;
            p1[k] = v2 = mulx(v);
            p2[k] = v4 = mulx(v2);
            p3[k] = mulx(v4);
        }
        /* Clear the column in every other row. */
        for (r = 0; r < n; r++) {
            uint64_t *rr = g + (size_t)r * w;
            uint64_t f;
            if (r == col) {
                continue;
            }
            f = snova_row_get(rr, col);
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
