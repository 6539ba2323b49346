/* SNOVA, GF(16), AVX-512: the Gauss-Jordan solver of native/api.h
 * (snova_gf16_solve) on 512-bit vectors, eight words (128 elements) of a
 * packed row a vector, where avx2's (compiled with AVX-512VL, the avx512
 * set's solver until 2026-12-03) takes four. The elimination is the
 * twin's (gf16/kernels.c), step for step: the pivot row made nonzero by
 * adding the rows below it while it is zero, normalised by the pivot's
 * inverse, then its multiples cleared from every other row. A product by
 * a secret scalar is bitsliced as there, the scalar's four bits becoming
 * four mask registers (all lanes or none) of masked XORs of the row times
 * 1, x, x^2 and x^3: no branch or address depends on a secret.
 *
 * A row's last vector is loaded and stored through a mask of the words
 * that exist (w is public), so nothing past a row is read or written. A
 * masked store does not forward, and a load that overlaps one still in
 * flight waits for it: the clearing pass therefore takes the even rows,
 * then the odd ones, so that no row is loaded right after the masked
 * store of the row before it, whose last vector reaches into it (rows r
 * and r + 2 are 2 w >= 8 nv words apart for every w >= 4; smaller rows
 * take every fourth or eighth row). */
#include <immintrin.h>

#include "snova/gf16/scalar.h"
#include "snova/native/api.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q == 16

#define SOLVE_MAXV ((2u * SNOVA_GF16_MAXW + 7u) / 8u)

/* x times 128 packed elements (x^4 = x + 1). */
static inline __m512i mulx_z(__m512i v)
{
    const __m512i m7 = _mm512_set1_epi64(0x7777777777777777ll), m1 = _mm512_set1_epi64(0x1111111111111111ll);
    const __m512i t = _mm512_and_si512(_mm512_srli_epi64(v, 3), m1);
    return _mm512_xor_si512(_mm512_slli_epi64(_mm512_and_si512(v, m7), 1), _mm512_xor_si512(t, _mm512_slli_epi64(t, 1)));
}

static inline __m512i load_z(const uint64_t *row, unsigned v, unsigned nv, __mmask8 tail)
{
    return _mm512_maskz_loadu_epi64(v + 1u < nv ? (__mmask8)0xff : tail, row + 8u * v);
}

static inline void store_z(uint64_t *row, unsigned v, unsigned nv, __mmask8 tail, __m512i x)
{
    _mm512_mask_storeu_epi64(row + 8u * v, v + 1u < nv ? (__mmask8)0xff : tail, x);
}

/* All eight lanes when bit i of b (secret) is set, else none. */
static inline __mmask8 bit_lanes(uint32_t b, unsigned i)
{
    return (__mmask8)(0u - ((b >> i) & 1u));
}

static inline __attribute__((always_inline)) uint32_t solve_body(uint64_t *g, unsigned n, unsigned w,
                                                                 const unsigned nv)
{
    __m512i p0[SOLVE_MAXV], p1[SOLVE_MAXV], p2[SOLVE_MAXV], p3[SOLVE_MAXV];
    const __mmask8 tail = (__mmask8)(0xffu >> (8u * nv - w));
    const unsigned stride = w >= 4u ? 2u : w >= 2u ? 4u : 8u;
    uint32_t singular = 0;
    unsigned col, r, v, r0;

    for (col = 0; col < n; col++) {
        uint64_t *pr = g + (size_t)col * w;
        const unsigned v0 = col / 128u, wc = col / 16u, sh = 4u * (col % 16u);
        __m512i pv[SOLVE_MAXV];
        uint64_t pw = pr[wc];
        uint32_t piv, inv;
        __mmask8 k0, k1, k2, k3;
        for (v = 0; v < nv; v++) {
            pv[v] = v < v0 ? _mm512_setzero_si512() : load_z(pr, v, nv, tail);
        }
        /* While the pivot is zero, add the rows below (masked). */
        for (r = col + 1; r < n; r++) {
            const uint64_t *rr = g + (size_t)r * w;
            const uint32_t z = ((((uint32_t)(pw >> sh) & 15u)) - 1u) >> 31;
            const __mmask8 kz = (__mmask8)(0u - z);
            pw ^= rr[wc] & ((uint64_t)0 - z);
            for (v = v0; v < nv; v++) {
                pv[v] = _mm512_mask_xor_epi64(pv[v], kz, pv[v], load_z(rr, v, nv, tail));
            }
        }
        piv = (uint32_t)(pw >> sh) & 15u;
        singular |= (piv - 1u) >> 31;
        inv = gf16_inv((uint8_t)piv);
        /* Normalise the pivot row: inv * row; keep its multiples by x. */
        k0 = bit_lanes(inv, 0);
        k1 = bit_lanes(inv, 1);
        k2 = bit_lanes(inv, 2);
        k3 = bit_lanes(inv, 3);
        for (v = v0; v < nv; v++) {
            const __m512i x1 = pv[v], x2 = mulx_z(x1), x4 = mulx_z(x2), x8 = mulx_z(x4);
            __m512i y = _mm512_maskz_mov_epi64(k0, x1);
            y = _mm512_mask_xor_epi64(y, k1, y, x2);
            y = _mm512_mask_xor_epi64(y, k2, y, x4);
            y = _mm512_mask_xor_epi64(y, k3, y, x8);
            store_z(pr, v, nv, tail, y);
            p0[v] = y;
            p1[v] = mulx_z(y);
            p2[v] = mulx_z(p1[v]);
            p3[v] = mulx_z(p2[v]);
        }
        /* Clear the column in every other row (rows r0, r0 + stride, ...). */
        for (r0 = 0; r0 < stride; r0++) {
            for (r = r0; r < n; r += stride) {
                uint64_t *rr = g + (size_t)r * w;
                const uint32_t f = (uint32_t)(rr[wc] >> sh) & 15u;
                if (r == col) { /* public: the column */
                    continue;
                }
                k0 = bit_lanes(f, 0);
                k1 = bit_lanes(f, 1);
                k2 = bit_lanes(f, 2);
                k3 = bit_lanes(f, 3);
                for (v = v0; v < nv; v++) {
                    __m512i x = load_z(rr, v, nv, tail);
                    x = _mm512_mask_xor_epi64(x, k0, x, p0[v]);
                    x = _mm512_mask_xor_epi64(x, k1, x, p1[v]);
                    x = _mm512_mask_xor_epi64(x, k2, x, p2[v]);
                    x = _mm512_mask_xor_epi64(x, k3, x, p3[v]);
                    store_z(rr, v, nv, tail, x);
                }
            }
        }
    }
    return singular;
}

uint32_t snova_avx512_gf16_solve(uint64_t *g, unsigned n, unsigned w)
{
    /* w is public, at most 2 SNOVA_GF16_MAXW = 32 words: at most 4 vectors */
    switch ((w + 7u) / 8u) {
    case 1:
        return solve_body(g, n, w, 1);
    case 2:
        return solve_body(g, n, w, 2);
    case 3:
        return solve_body(g, n, w, 3);
    default:
        return solve_body(g, n, w, 4);
    }
}
#else
/* An odd-q shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx512_gf16_solve_none;
#endif
