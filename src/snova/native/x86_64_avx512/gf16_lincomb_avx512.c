/* SNOVA, GF(16), AVX-512: every row of a block at once, out[r] ^= sum_m
 * s[m][r] x_m (native/api.h, snova_gf16_lincomb_rows), eight rows to a
 * vector.
 *
 * avx2's kernel (gf16_avx2.c) puts four output rows in the lanes of a
 * 256-bit vector and turns each bit of their scalars into a lane mask by
 * a compare; here a 512-bit vector holds eight rows, a bit's masks are one
 * VPTESTMQ into a mask register, and the masked XOR adds word w of x_m to
 * the accumulator of that bit in the lanes whose scalar has it. The four
 * bit accumulators are combined once per group of rows (times x by shift
 * and fold, Horner's rule). Signing's products with T12 and Vw and key
 * generation's with T12 run here: one- and two-word rows.
 *
 * Constant time: the scalars (secret) only select lanes of a masked XOR
 * that runs for every term and every bit; loops and addresses follow the
 * public sizes. */
#include <immintrin.h>
#include <string.h>

#include "snova/native/api.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q == 16

/* x v, 16 elements a lane (x^4 = x + 1) */
static inline __m512i mulx512(__m512i v)
{
    const __m512i lo3 = _mm512_set1_epi64(0x7777777777777777ll), one = _mm512_set1_epi64(0x1111111111111111ll);
    const __m512i hi = _mm512_and_si512(_mm512_srli_epi64(v, 3), one);
    return _mm512_xor_si512(_mm512_xor_si512(_mm512_slli_epi64(_mm512_and_si512(v, lo3), 1), hi),
                            _mm512_slli_epi64(hi, 1));
}

/* The scalars of rows 0 .. n - 1 (n <= 8, public) of a row of s, one per
 * lane, zero past n. */
static inline __m512i row_scalars8(const uint8_t *s, const unsigned n)
{
    uint64_t v = 0;
    unsigned j;
    if (n == 8u) {
        memcpy(&v, s, 8);
    } else {
        for (j = 0; j < n; j++) {
            v |= (uint64_t)s[j] << (8 * j);
        }
    }
    return _mm512_cvtepu8_epi64(_mm_cvtsi64_si128((long long)v));
}

/* dst[j nw] ^= lane j of v, for j < n */
static inline void xor_rows(uint64_t *dst, __m512i v, const unsigned n, unsigned nw)
{
    const __mmask8 k = (__mmask8)((1u << n) - 1u);
    if (nw == 1u) {
        _mm512_mask_storeu_epi64(dst, k, _mm512_xor_si512(_mm512_maskz_loadu_epi64(k, dst), v));
    } else {
        uint64_t w[8];
        unsigned j;
        _mm512_storeu_si512((void *)w, v);
        for (j = 0; j < n; j++) {
            dst[(size_t)j * nw] ^= w[j];
        }
    }
}

/* Words w0 .. w0 + nc - 1 (nc <= 2) of rows 0 .. n - 1 of out. */
static inline void rows8_words(uint64_t *out, const unsigned n, const uint8_t *s, size_t s_stride,
                               const uint64_t *x, size_t x_stride, size_t count, unsigned nw, unsigned w0,
                               const unsigned nc)
{
    const __m512i b0 = _mm512_set1_epi64(1), b1 = _mm512_set1_epi64(2), b2 = _mm512_set1_epi64(4),
                  b3 = _mm512_set1_epi64(8);
    __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0, c0 = a0, c1 = a0, c2 = a0, c3 = a0;
    size_t k;
    for (k = 0; k < count; k++) {
        const uint64_t *xk = x + k * x_stride + w0;
        const __m512i sv = row_scalars8(s + k * s_stride, n);
        const __m512i xa = _mm512_set1_epi64((long long)xk[0]);
        const __mmask8 m0 = _mm512_test_epi64_mask(sv, b0), m1 = _mm512_test_epi64_mask(sv, b1),
                       m2 = _mm512_test_epi64_mask(sv, b2), m3 = _mm512_test_epi64_mask(sv, b3);
        a0 = _mm512_mask_xor_epi64(a0, m0, a0, xa);
        a1 = _mm512_mask_xor_epi64(a1, m1, a1, xa);
        a2 = _mm512_mask_xor_epi64(a2, m2, a2, xa);
        a3 = _mm512_mask_xor_epi64(a3, m3, a3, xa);
        if (nc == 2u) {
            const __m512i xb = _mm512_set1_epi64((long long)xk[1]);
            c0 = _mm512_mask_xor_epi64(c0, m0, c0, xb);
            c1 = _mm512_mask_xor_epi64(c1, m1, c1, xb);
            c2 = _mm512_mask_xor_epi64(c2, m2, c2, xb);
            c3 = _mm512_mask_xor_epi64(c3, m3, c3, xb);
        }
    }
    /* sum_i x^i a_i */
    xor_rows(out + w0, _mm512_xor_si512(mulx512(_mm512_xor_si512(mulx512(_mm512_xor_si512(mulx512(a3), a2)), a1)), a0),
             n, nw);
    if (nc == 2u) {
        xor_rows(out + w0 + 1,
                 _mm512_xor_si512(mulx512(_mm512_xor_si512(mulx512(_mm512_xor_si512(mulx512(c3), c2)), c1)), c0), n,
                 nw);
    }
}

static inline void rows8_all(uint64_t *out, const unsigned n, const uint8_t *s, size_t s_stride, const uint64_t *x,
                             size_t x_stride, size_t count, unsigned nw)
{
    unsigned w;
    for (w = 0; w + 2 <= nw; w += 2) {
        rows8_words(out, n, s, s_stride, x, x_stride, count, nw, w, 2);
    }
    if (w < nw) {
        rows8_words(out, n, s, s_stride, x, x_stride, count, nw, w, 1);
    }
}

PQSIG_FLATTEN void snova_avx512_gf16_lincomb_rows(uint64_t *out, unsigned nrows, const uint8_t *s, size_t s_stride,
                                            const uint64_t *x, size_t x_stride, size_t count, unsigned nw)
{
    unsigned r;
    for (r = 0; r < nrows; r += 8) {
        /* whole groups of eight rows with a constant n (one load of the scalars) */
        if (nrows - r >= 8u) {
            rows8_all(out + (size_t)r * nw, 8, s + r, s_stride, x, x_stride, count, nw);
        } else {
            rows8_all(out + (size_t)r * nw, nrows - r, s + r, s_stride, x, x_stride, count, nw);
        }
    }
}

#endif
