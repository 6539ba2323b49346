/* SNOVA, GF(16), AVX2: multiplication tables, the linear combinations of
 * packed rows and the Gauss-Jordan solver of native/api.h. A 256-bit
 * vector holds four words of a packed row (64 elements); products by a
 * scalar are bitsliced as in the portable twins (gf16/kernels.c): each bit
 * of the scalar becomes an all-ones or all-zeros mask, so secrets select
 * no branch and no address. A row of nw words takes ceil(nw / 4) vectors;
 * the last one is loaded and stored through a mask of the words that exist
 * (nw is public), so no byte past a row is read or written. Each body is
 * instantiated for a constant vector count, to keep the rows in
 * registers. */
#include <immintrin.h>
#include <string.h>

#include "snova/gf16/scalar.h"
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"
#include "snova/native/x86_64_avx2/words_avx2.h"

#if SNOVA_Q == 16

#define FLATTEN PQSIG_FLATTEN /* common/native.h */

/* x times 64 packed elements (x^4 = x + 1). */
static inline __m256i mulx(__m256i v)
{
    const __m256i m7 = _mm256_set1_epi64x(0x7777777777777777ll);
    const __m256i m1 = _mm256_set1_epi64x(0x1111111111111111ll);
    const __m256i t = _mm256_and_si256(_mm256_srli_epi64(v, 3), m1);
    return _mm256_xor_si256(_mm256_slli_epi64(_mm256_and_si256(v, m7), 1),
                            _mm256_xor_si256(t, _mm256_slli_epi64(t, 1)));
}

/* The lanes of the last vector of a row of nw words that are in the row. */
static inline __m256i tail_mask(unsigned nw)
{
    const long long words = (long long)(nw - 4u * ((nw - 1u) / 4u));
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(words), _mm256_setr_epi64x(0, 1, 2, 3));
}

static inline __m256i load_v(const uint64_t *row, unsigned v, unsigned nv, __m256i tail)
{
    if (v + 1u < nv) {
        return _mm256_loadu_si256((const __m256i *)(const void *)(row + 4u * v));
    }
    return _mm256_maskload_epi64((const long long *)(const void *)(row + 4u * v), tail);
}

static inline void store_v(uint64_t *row, unsigned v, unsigned nv, __m256i tail, __m256i x)
{
    if (v + 1u < nv) {
        _mm256_storeu_si256((__m256i *)(void *)(row + 4u * v), x);
    } else {
        _mm256_maskstore_epi64((long long *)(void *)(row + 4u * v), tail, x);
    }
}

/* The multiplication table of a packed row (api.h): entry e of each four
 * words is the XOR of x, 2x, 4x and 8x over the bits of e, the entries
 * stored nw words apart. */
#if !defined(SNOVA_GF16_NO_TABLE)
void snova_avx2_gf16_table(uint64_t *tab, const uint64_t *x, unsigned nw)
{
    const unsigned nv = (nw + 3u) / 4u;
    const __m256i tail = tail_mask(nw);
    unsigned v, e;
    for (v = 0; v < nv; v++) {
        __m256i t[16];
        t[0] = _mm256_setzero_si256();
        t[1] = load_v(x, v, nv, tail);
        t[2] = mulx(t[1]);
        t[4] = mulx(t[2]);
        t[8] = mulx(t[4]);
        t[3] = _mm256_xor_si256(t[1], t[2]);
        for (e = 1; e < 4; e++) {
            t[4 + e] = _mm256_xor_si256(t[4], t[e]);
        }
        for (e = 1; e < 8; e++) {
            t[8 + e] = _mm256_xor_si256(t[8], t[e]);
        }
        for (e = 0; e < 16; e++) {
            store_v(tab + (size_t)e * nw, v, nv, tail, t[e]);
        }
    }
}
#endif

/* The four bit masks of a scalar b < 16 (secret). */
static inline void bit_masks(__m256i m[4], uint32_t b)
{
    const __m256i bits = _mm256_setr_epi64x(1, 2, 4, 8);
    const __m256i all = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x((long long)b), bits), bits);
    m[0] = _mm256_permute4x64_epi64(all, 0x00);
    m[1] = _mm256_permute4x64_epi64(all, 0x55);
    m[2] = _mm256_permute4x64_epi64(all, 0xaa);
    m[3] = _mm256_permute4x64_epi64(all, 0xff);
}

/* The masks of four scalars (< 16, secret), one per lane. */
static inline void lane_masks(__m256i m[4], __m256i sv)
{
    unsigned i;
    for (i = 0; i < 4; i++) {
        const __m256i bit = _mm256_set1_epi64x(1ll << i);
        m[i] = _mm256_cmpeq_epi64(_mm256_and_si256(sv, bit), bit);
    }
}

static inline __m256i combine(__m256i a0, __m256i a1, __m256i a2, __m256i a3)
{
    return _mm256_xor_si256(a0, mulx(_mm256_xor_si256(a1, mulx(_mm256_xor_si256(a2, mulx(a3))))));
}

/* ---- out ^= sum_m s[m] x_m ---- */

static inline void lincomb_body(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                                size_t x_stride, size_t count, unsigned nw, const unsigned nv)
{
    __m256i a0[4], a1[4], a2[4], a3[4], m[4];
    const __m256i tail = tail_mask(nw);
    size_t k;
    unsigned v;
    for (v = 0; v < nv; v++) {
        a0[v] = a1[v] = a2[v] = a3[v] = _mm256_setzero_si256();
    }
    for (k = 0; k < count; k++) {
        const uint64_t *xk = x + k * x_stride;
        bit_masks(m, s[k * s_stride]);
        for (v = 0; v < nv; v++) {
            const __m256i xv = load_v(xk, v, nv, tail);
            a0[v] = _mm256_xor_si256(a0[v], _mm256_and_si256(xv, m[0]));
            a1[v] = _mm256_xor_si256(a1[v], _mm256_and_si256(xv, m[1]));
            a2[v] = _mm256_xor_si256(a2[v], _mm256_and_si256(xv, m[2]));
            a3[v] = _mm256_xor_si256(a3[v], _mm256_and_si256(xv, m[3]));
        }
    }
    for (v = 0; v < nv; v++) {
        const __m256i sum = combine(a0[v], a1[v], a2[v], a3[v]);
        store_v(out, v, nv, tail, _mm256_xor_si256(load_v(out, v, nv, tail), sum));
    }
}

/* Rows of one or two words (l^2 <= 32 elements, the common case) would
 * fill a quarter or half of a vector: there, one vector holds four (two)
 * consecutive terms, each with its own scalar, and the lanes are folded
 * at the end. */
/* Term k's scalar (zero past count) and word c of its row. */
static inline long long term_s(const uint8_t *s, size_t s_stride, size_t k, size_t count)
{
    return k < count ? (long long)s[k * s_stride] : 0;
}

static inline long long term_x(const uint64_t *x, size_t x_stride, size_t k, unsigned c, size_t count)
{
    return k < count ? (long long)x[k * x_stride + c] : 0;
}

static inline void narrow_step(__m256i a[4], __m256i sv, __m256i xv)
{
    __m256i m[4];
    lane_masks(m, sv);
    a[0] = _mm256_xor_si256(a[0], _mm256_and_si256(xv, m[0]));
    a[1] = _mm256_xor_si256(a[1], _mm256_and_si256(xv, m[1]));
    a[2] = _mm256_xor_si256(a[2], _mm256_and_si256(xv, m[2]));
    a[3] = _mm256_xor_si256(a[3], _mm256_and_si256(xv, m[3]));
}

static void lincomb_narrow(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x, size_t x_stride,
                           size_t count, unsigned nw)
{
    __m256i a[4], sum;
    __m128i h;
    size_t k;
    a[0] = a[1] = a[2] = a[3] = _mm256_setzero_si256();
    if (nw == 1u) {
        /* whole groups of four terms first: no test per term */
        for (k = 0; k + 4 <= count; k += 4) {
            const __m256i sv = _mm256_setr_epi64x((long long)s[k * s_stride], (long long)s[(k + 1) * s_stride],
                                                  (long long)s[(k + 2) * s_stride], (long long)s[(k + 3) * s_stride]);
            const __m256i xv = x_stride == 1u ? _mm256_loadu_si256((const __m256i *)(const void *)(x + k))
                                              : _mm256_setr_epi64x((long long)x[k * x_stride],
                                                                   (long long)x[(k + 1) * x_stride],
                                                                   (long long)x[(k + 2) * x_stride],
                                                                   (long long)x[(k + 3) * x_stride]);
            narrow_step(a, sv, xv);
        }
        for (; k < count; k += 4) {
            const __m256i sv = _mm256_setr_epi64x(term_s(s, s_stride, k, count), term_s(s, s_stride, k + 1, count),
                                                  term_s(s, s_stride, k + 2, count),
                                                  term_s(s, s_stride, k + 3, count));
            const __m256i xv = k + 4 <= count && x_stride == 1u
                                   ? _mm256_loadu_si256((const __m256i *)(const void *)(x + k))
                                   : _mm256_setr_epi64x(term_x(x, x_stride, k, 0, count),
                                                        term_x(x, x_stride, k + 1, 0, count),
                                                        term_x(x, x_stride, k + 2, 0, count),
                                                        term_x(x, x_stride, k + 3, 0, count));
            narrow_step(a, sv, xv);
        }
    } else {
        for (k = 0; k + 2 <= count; k += 2) {
            const long long s0 = (long long)s[k * s_stride], s1 = (long long)s[(k + 1) * s_stride];
            const __m256i sv = _mm256_setr_epi64x(s0, s0, s1, s1);
            const __m256i xv = x_stride == 2u ? _mm256_loadu_si256((const __m256i *)(const void *)(x + 2 * k))
                                              : _mm256_setr_epi64x((long long)x[k * x_stride],
                                                                   (long long)x[k * x_stride + 1],
                                                                   (long long)x[(k + 1) * x_stride],
                                                                   (long long)x[(k + 1) * x_stride + 1]);
            narrow_step(a, sv, xv);
        }
        for (; k < count; k += 2) {
            const long long s0 = term_s(s, s_stride, k, count), s1 = term_s(s, s_stride, k + 1, count);
            const __m256i sv = _mm256_setr_epi64x(s0, s0, s1, s1);
            const __m256i xv = k + 2 <= count && x_stride == 2u
                                   ? _mm256_loadu_si256((const __m256i *)(const void *)(x + 2 * k))
                                   : _mm256_setr_epi64x(term_x(x, x_stride, k, 0, count),
                                                        term_x(x, x_stride, k, 1, count),
                                                        term_x(x, x_stride, k + 1, 0, count),
                                                        term_x(x, x_stride, k + 1, 1, count));
            narrow_step(a, sv, xv);
        }
    }
    sum = combine(a[0], a[1], a[2], a[3]);
    h = _mm_xor_si128(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    if (nw == 1u) {
        out[0] ^= (uint64_t)_mm_cvtsi128_si64(h) ^ (uint64_t)_mm_extract_epi64(h, 1);
    } else {
        out[0] ^= (uint64_t)_mm_cvtsi128_si64(h);
        out[1] ^= (uint64_t)_mm_extract_epi64(h, 1);
    }
}

FLATTEN void snova_avx2_gf16_lincomb(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                                     size_t x_stride, size_t count, unsigned nw)
{
    /* nw is public, at most SNOVA_GF16_MAXW = 16: at most four vectors */
    if (nw <= 2u) {
        lincomb_narrow(out, s, s_stride, x, x_stride, count, nw);
        return;
    }
    switch (nw <= 4u ? 1u : nw <= 8u ? 2u : nw <= 12u ? 3u : 4u) {
    case 1:
        lincomb_body(out, s, s_stride, x, x_stride, count, nw, 1);
        break;
    case 2:
        lincomb_body(out, s, s_stride, x, x_stride, count, nw, 2);
        break;
    case 3:
        lincomb_body(out, s, s_stride, x, x_stride, count, nw, 3);
        break;
    default:
        lincomb_body(out, s, s_stride, x, x_stride, count, nw, 4);
        break;
    }
}

/* x86_64_avx512/gf16_avx512.c compiles this file with its own lincomb_rows. */
#if !defined(SNOVA_GF16_OWN_LINCOMB_ROWS)
/* ---- Every row of a block: out[r] ^= sum_m s[m][r] x_m ----
 * Lane j of a vector is output row r + j: its scalars are consecutive
 * bytes of a row of s, widened to the four lanes, and word w of x_m is
 * broadcast to them, so one step makes four rows' products of a term (the
 * per-row kernel above makes one row's, and a one- or two-word row fills
 * a vector only by folding terms). The words of a group of rows are
 * scattered to the rows at its end. */

/* The scalars of rows 0 .. n - 1 (n <= 4, public) of a row of s, one per
 * lane (zero past n). */
static inline __m256i row_scalars(const uint8_t *s, const unsigned n)
{
    uint32_t v = 0;
    unsigned j;
    if (n == 4u) {
        memcpy(&v, s, 4);
    } else {
        for (j = 0; j < n; j++) {
            v |= (uint32_t)s[j] << (8 * j);
        }
    }
    return _mm256_cvtepu8_epi64(_mm_cvtsi32_si128((int)v));
}

/* One bit of a term: the lanes' masks of bit i of their scalars (sv holds
 * it in its sign position) select x (word 0) and y (word 1) into the
 * accumulators of that bit. */
static inline void rows_bit(__m256i *acc0, __m256i *acc1, __m256i sv, __m256i x, __m256i y)
{
    const __m256i m = _mm256_cmpgt_epi64(_mm256_setzero_si256(), sv);
    *acc0 = _mm256_xor_si256(*acc0, _mm256_and_si256(x, m));
    *acc1 = _mm256_xor_si256(*acc1, _mm256_and_si256(y, m));
}

/* Words w0 .. w0 + nc - 1 (nc <= 2) of rows 0 .. n - 1 of out. The
 * accumulators are named variables: in an array gcc 12 kept two of them
 * in memory. It still copies six of them a step (register moves, 38
 * instructions a step of two words). */
static inline void rows_words(uint64_t *out, const unsigned n, const uint8_t *s, size_t s_stride, const uint64_t *x,
                              size_t x_stride, size_t count, unsigned nw, unsigned w0, const unsigned nc)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i a0 = zero, a1 = zero, a2 = zero, a3 = zero, b0 = zero, b1 = zero, b2 = zero, b3 = zero;
    uint64_t sum[4];
    size_t k;
    unsigned j;
    for (k = 0; k < count; k++) {
        const uint64_t *xk = x + k * x_stride + w0;
        const __m256i xa = _mm256_set1_epi64x((long long)xk[0]);
        const __m256i xb = nc == 2u ? _mm256_set1_epi64x((long long)xk[1]) : zero;
        /* bit 3 of each lane's scalar in the sign position, then 2, 1, 0 */
        __m256i sv = _mm256_slli_epi64(row_scalars(s + k * s_stride, n), 60);
        rows_bit(&a3, &b3, sv, xa, xb);
        sv = _mm256_add_epi64(sv, sv);
        rows_bit(&a2, &b2, sv, xa, xb);
        sv = _mm256_add_epi64(sv, sv);
        rows_bit(&a1, &b1, sv, xa, xb);
        sv = _mm256_add_epi64(sv, sv);
        rows_bit(&a0, &b0, sv, xa, xb);
    }
    _mm256_storeu_si256((__m256i *)(void *)sum, combine(a0, a1, a2, a3));
    for (j = 0; j < n; j++) {
        out[(size_t)j * nw + w0] ^= sum[j];
    }
    if (nc == 2u) {
        _mm256_storeu_si256((__m256i *)(void *)sum, combine(b0, b1, b2, b3));
        for (j = 0; j < n; j++) {
            out[(size_t)j * nw + w0 + 1] ^= sum[j];
        }
    }
}

/* Every word of rows 0 .. n - 1 of out, two words a pass. */
static inline void rows_all(uint64_t *out, const unsigned n, const uint8_t *s, size_t s_stride, const uint64_t *x,
                            size_t x_stride, size_t count, unsigned nw)
{
    unsigned w;
    for (w = 0; w + 2 <= nw; w += 2) {
        rows_words(out, n, s, s_stride, x, x_stride, count, nw, w, 2);
    }
    if (w < nw) {
        rows_words(out, n, s, s_stride, x, x_stride, count, nw, w, 1);
    }
}

FLATTEN void snova_avx2_gf16_lincomb_rows(uint64_t *out, unsigned nrows, const uint8_t *s, size_t s_stride,
                                          const uint64_t *x, size_t x_stride, size_t count, unsigned nw)
{
    unsigned r;
    for (r = 0; r < nrows; r += 4) {
        /* whole groups of four rows with a constant n (one load of the scalars) */
        if (nrows - r >= 4u) {
            rows_all(out + (size_t)r * nw, 4, s + r, s_stride, x, x_stride, count, nw);
        } else {
            rows_all(out + (size_t)r * nw, nrows - r, s + r, s_stride, x, x_stride, count, nw);
        }
    }
}
#endif

/* ---- Gauss-Jordan ---- */
/* x86_64_avx512/gf16_avx512.c compiles this file with its own solver. */
#if !defined(SNOVA_GF16_OWN_SOLVE)

#define SOLVE_MAXV ((2u * SNOVA_GF16_MAXW + 3u) / 4u)

/* The same elimination as snova_gf16_solve_c, row by row. Vectors below
 * col / 64 are skipped: there, the pivot row is zero (earlier columns are
 * eliminated from every row but their own). */
static inline uint32_t solve_body(uint64_t *g, unsigned n, unsigned w, const unsigned nv)
{
    __m256i p0[SOLVE_MAXV], p1[SOLVE_MAXV], p2[SOLVE_MAXV], p3[SOLVE_MAXV], m[4];
    const __m256i tail = tail_mask(w);
    const unsigned stride = w >= 2u ? 2u : 4u;
    uint32_t singular = 0;
    unsigned col, r, v, r0;

    for (col = 0; col < n; col++) {
        uint64_t *pr = g + (size_t)col * w;
        const unsigned v0 = col / 64u, wc = col / 16u, sh = 4u * (col % 16u);
        __m256i pv[SOLVE_MAXV];
        uint64_t pw = pr[wc];
        uint32_t piv, inv;
        for (v = 0; v < nv; v++) {
            pv[v] = v < v0 ? _mm256_setzero_si256() : load_v(pr, v, nv, tail);
        }
        /* While the pivot is zero, add the rows below (masked). */
        for (r = col + 1; r < n; r++) {
            const uint64_t *rr = g + (size_t)r * w;
            const uint64_t zero = (uint64_t)0 - (((((uint32_t)(pw >> sh) & 15u)) - 1u) >> 31);
            const __m256i zv = _mm256_set1_epi64x((long long)zero);
            pw ^= rr[wc] & zero;
            for (v = v0; v < nv; v++) {
                pv[v] = _mm256_xor_si256(pv[v], _mm256_and_si256(load_v(rr, v, nv, tail), zv));
            }
        }
        piv = (uint32_t)(pw >> sh) & 15u;
        singular |= (piv - 1u) >> 31;
        inv = gf16_inv((uint8_t)piv);
        /* Normalise the pivot row: inv * row; keep its multiples by x. */
        bit_masks(m, inv);
        for (v = v0; v < nv; v++) {
            const __m256i x1 = pv[v], x2 = mulx(x1), x4 = mulx(x2), x8 = mulx(x4);
            const __m256i y = _mm256_xor_si256(
                _mm256_xor_si256(_mm256_and_si256(x1, m[0]), _mm256_and_si256(x2, m[1])),
                _mm256_xor_si256(_mm256_and_si256(x4, m[2]), _mm256_and_si256(x8, m[3])));
            store_v(pr, v, nv, tail, y);
            p0[v] = y;
            p1[v] = mulx(y);
            p2[v] = mulx(p1[v]);
            p3[v] = mulx(p2[v]);
        }
        /* Clear the column in every other row: the even rows, then the
         * odd ones. A row's last vector is a masked store (vpmaskmovq)
         * whose footprint reaches into the next row when w is not a
         * multiple of 4; such a store does not forward, and the next
         * row's load, overlapping it, would wait for it to retire. Rows r
         * and r + 2 are 2 w >= 4 nv words apart (w >= 2; one-word rows
         * take every fourth row). */
        for (r0 = 0; r0 < stride; r0++) {
            for (r = r0; r < n; r += stride) {
                uint64_t *rr = g + (size_t)r * w;
                if (r == col) {
                    continue;
                }
                bit_masks(m, (uint32_t)(rr[wc] >> sh) & 15u);
                for (v = v0; v < nv; v++) {
                    const __m256i d = _mm256_xor_si256(
                        _mm256_xor_si256(_mm256_and_si256(p0[v], m[0]), _mm256_and_si256(p1[v], m[1])),
                        _mm256_xor_si256(_mm256_and_si256(p2[v], m[2]), _mm256_and_si256(p3[v], m[3])));
                    store_v(rr, v, nv, tail, _mm256_xor_si256(load_v(rr, v, nv, tail), d));
                }
            }
        }
    }
    return singular;
}

FLATTEN uint32_t snova_avx2_gf16_solve(uint64_t *g, unsigned n, unsigned w)
{
    /* w is public, at most 2 SNOVA_GF16_MAXW = 32 words: at most 8 vectors */
    switch ((w + 3u) / 4u) {
    case 1:
        return solve_body(g, n, w, 1);
    case 2:
        return solve_body(g, n, w, 2);
    case 3:
        return solve_body(g, n, w, 3);
    case 4:
        return solve_body(g, n, w, 4);
    default:
        return solve_body(g, n, w, (w + 3u) / 4u);
    }
}
#endif

/* ---- The block stage of the linear system (gf16/rows.h), l = 4 ----
 * The portable body works on one oil block t at a time, with a chain of
 * scalar 64-bit products and folds per block. Here four blocks t share
 * a vector: word k of a vector is the word of block t0 + k, a row of four
 * 16-bit lanes as in the portable body. Each lane product (a value below
 * 16 times a spread element below 2^13) stays within its 16 bits, so
 * vpmullw is the portable 64-bit product lane by lane. The blocks past o
 * in the last group repeat block o - 1 (o is public) and are dropped. */

/* The lazy reduction of gf16_fold_lanes on 16 lanes: the nibbles s0..s3 of
 * a lane stand for s0 + s1 x + s2 x^2 + s3 x^3; a byte's two nibbles are
 * combined by a table of s1 x mod f, then the high byte's result is
 * multiplied by x^2 mod f by a second table. */
static inline __m256i fold16(__m256i v)
{
    const __m256i m4 = _mm256_set1_epi8(0x0f);
    /* s x mod f, and s x^2 mod f, for s = 0 .. 15 (x^4 = x + 1) */
    const __m256i tx = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 3, 1, 7, 5, 11, 9, 15, 13, 0, 2, 4, 6, 8, 10, 12,
                                        14, 3, 1, 7, 5, 11, 9, 15, 13);
    const __m256i tx2 = _mm256_setr_epi8(0, 4, 8, 12, 3, 7, 11, 15, 6, 2, 14, 10, 5, 1, 13, 9, 0, 4, 8, 12, 3, 7,
                                         11, 15, 6, 2, 14, 10, 5, 1, 13, 9);
    const __m256i b = _mm256_xor_si256(_mm256_and_si256(v, m4),
                                       _mm256_shuffle_epi8(tx, _mm256_and_si256(_mm256_srli_epi16(v, 4), m4)));
    return _mm256_and_si256(_mm256_xor_si256(b, _mm256_shuffle_epi8(tx2, _mm256_srli_epi16(b, 8))),
                            _mm256_set1_epi16(0x000f));
}

/* Word k of the result: the XOR of the four words of argument k. */
static inline __m256i xor_words4(__m256i a, __m256i b, __m256i c, __m256i d)
{
    const __m256i ab = _mm256_xor_si256(_mm256_unpacklo_epi64(a, b), _mm256_unpackhi_epi64(a, b));
    const __m256i cd = _mm256_xor_si256(_mm256_unpacklo_epi64(c, d), _mm256_unpackhi_epi64(c, d));
    return _mm256_xor_si256(_mm256_permute2x128_si256(ab, cd, 0x20), _mm256_permute2x128_si256(ab, cd, 0x31));
}

/* In every lane of each word: lane y of that word. */
static inline __m256i lane_bcast(__m256i v, unsigned y)
{
    const char b0 = (char)(2 * y), b1 = (char)(2 * y + 1), h0 = (char)(8 + 2 * y), h1 = (char)(9 + 2 * y);
    return _mm256_shuffle_epi8(v, _mm256_setr_epi8(b0, b1, b0, b1, b0, b1, b0, b1, h0, h1, h0, h1, h0, h1, h0, h1,
                                                   b0, b1, b0, b1, b0, b1, b0, b1, h0, h1, h0, h1, h0, h1, h0, h1));
}

/* fold16 of sum_u a[u] m[u] (lane by lane): with a[u] lane u of a row
 * (or lane x of rows u) broadcast in each word, a row times a matrix whose
 * row u is m[u]. */
static inline __m256i dot4(const __m256i a[4], const __m256i m[4])
{
    __m256i s = _mm256_mullo_epi16(a[0], m[0]);
    unsigned u;
    for (u = 1; u < 4; u++) {
        s = _mm256_xor_si256(s, _mm256_mullo_epi16(a[u], m[u]));
    }
    return fold16(s);
}

/* gf16_spread of each 16-bit lane (a value below 16): a table for each
 * byte of the result. */
static inline __m256i spread16(__m256i v)
{
    const __m256i lo = _mm256_setr_epi8(0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00,
                                        0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01, 0x10, 0x11, 0x00, 0x01,
                                        0x10, 0x11, 0x00, 0x01, 0x10, 0x11);
    const __m256i hi = _mm256_setr_epi8(0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x01, 0x10, 0x10, 0x10, 0x10, 0x11,
                                        0x11, 0x11, 0x11, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x01, 0x10, 0x10,
                                        0x10, 0x10, 0x11, 0x11, 0x11, 0x11);
    return _mm256_or_si256(_mm256_shuffle_epi8(lo, v), _mm256_slli_epi16(_mm256_shuffle_epi8(hi, v), 8));
}

/* 16 bytes (a 4x4 matrix) as 16-bit lanes, spread. */
static inline __m256i spread_mat(const uint8_t *m)
{
    return spread16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)m)));
}

/* The l rows (u = 0..3) of four blocks of ll or rl, each the sum over a of
 * row (u, a) times the spread scalar of word a of qa, folded. */
static inline void block_rows(__m256i out[4], const uint64_t *base, const unsigned idx[4], __m256i qa)
{
    unsigned u, k;
    for (u = 0; u < 4; u++) {
        __m256i x[4];
        for (k = 0; k < 4; k++) {
            const __m256i *at = (const __m256i *)(const void *)(base + idx[k] * 16u + u * 4u);
            x[k] = _mm256_mullo_epi16(_mm256_loadu_si256(at), qa);
        }
        out[u] = fold16(xor_words4(x[0], x[1], x[2], x[3]));
    }
}

/* 16 folded lanes (word x, lane y) as 16 nibbles x l + y of a word. */
static inline uint64_t pack_nibbles(__m256i v)
{
    const __m256i b = _mm256_permute4x64_epi64(_mm256_packus_epi16(v, v), 0x08);
    const __m128i n = _mm_maddubs_epi16(_mm256_castsi256_si128(b), _mm_set1_epi16(0x1001));
    return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(n, n));
}

static void rows4_body(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                       const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, uint64_t *acc)
{
    const unsigned alpha = 4 * 4 + 4; /* l^2 + l terms (the abq layout of l = 4) */
    const uint8_t *am = abq, *bm = abq + (size_t)o * alpha * 16u;
    const uint8_t *q1v = bm + (size_t)o * alpha * 16u, *q2v = q1v + (size_t)o * alpha * 4u;
    /* word x of by_x: lane x of a broadcast word */
    const __m256i by_x = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3, 4, 5, 4, 5, 4, 5, 4, 5,
                                          6, 7, 6, 7, 6, 7, 6, 7);
    /* the transpose of a 4x4 byte matrix */
    const __m128i tr = _mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    __m256i spv[4];
    unsigned al, t0, a, x, r, u, k, c;
    /* spv[a], lane x l + y: S^a[x][y], spread */
    for (a = 0; a < 4; a++) {
        spv[a] = spread_mat(spow + a * 16u);
    }
    memset(acc, 0, (size_t)16 * o * 4 * sizeof(uint64_t));
    for (al = 0; al < alpha; al++) {
        const unsigned ip = (i + al) % o;
        const size_t it = (size_t)i * alpha + al;
        const uint8_t *q1 = q1v + it * 4, *q2 = q2v + it * 4, *ab = am + it * 16, *bb = bm + it * 16;
        const uint64_t *lbase = ll + (size_t)ip * o * 16u, *rbase = rl + (size_t)ip * o * 16u;
        __m256i q2m[4], blm[4], bpm[4], apm[4], qa1, qa2, v1, v2, as, bs, bt, qc;
        uint16_t asp[4][4], q1sp[4][4];
        uint32_t q12[2];
        /* Q1 and Q2 (lane x l + y), and the spread q1[a] and q2[a] */
        v1 = _mm256_mullo_epi16(_mm256_set1_epi16(q1[0]), spv[0]);
        v2 = _mm256_mullo_epi16(_mm256_set1_epi16(q2[0]), spv[0]);
        for (a = 1; a < 4; a++) {
            v1 = _mm256_xor_si256(v1, _mm256_mullo_epi16(_mm256_set1_epi16(q1[a]), spv[a]));
            v2 = _mm256_xor_si256(v2, _mm256_mullo_epi16(_mm256_set1_epi16(q2[a]), spv[a]));
        }
        v1 = spread16(fold16(v1));
        v2 = spread16(fold16(v2));
        memcpy(&q12[0], q1, 4);
        memcpy(&q12[1], q2, 4);
        qc = spread16(_mm256_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(const void *)q12)));
        /* word a of qa1 (qa2): spread q1[a] (q2[a]) in every lane */
        qa1 = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(qc, 0x00), by_x);
        qa2 = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(qc, 0x55), by_x);
        /* A, B and B^T, spread, lane x l + y */
        as = spread_mat(ab);
        bs = spread_mat(bb);
        bt = spread16(_mm256_cvtepu8_epi16(_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)bb), tr)));
        _mm256_storeu_si256((__m256i *)(void *)q1sp, v1);
        _mm256_storeu_si256((__m256i *)(void *)asp, as);
        /* word x of each in every word: q2m[x] lanes y = Q2[x][y]; apm[x]
         * = A[x][y]; blm[x] = B[x][y]; bpm[x] = B[y][x] */
        q2m[0] = _mm256_permute4x64_epi64(v2, 0x00);
        q2m[1] = _mm256_permute4x64_epi64(v2, 0x55);
        q2m[2] = _mm256_permute4x64_epi64(v2, 0xaa);
        q2m[3] = _mm256_permute4x64_epi64(v2, 0xff);
        apm[0] = _mm256_permute4x64_epi64(as, 0x00);
        apm[1] = _mm256_permute4x64_epi64(as, 0x55);
        apm[2] = _mm256_permute4x64_epi64(as, 0xaa);
        apm[3] = _mm256_permute4x64_epi64(as, 0xff);
        blm[0] = _mm256_permute4x64_epi64(bs, 0x00);
        blm[1] = _mm256_permute4x64_epi64(bs, 0x55);
        blm[2] = _mm256_permute4x64_epi64(bs, 0xaa);
        blm[3] = _mm256_permute4x64_epi64(bs, 0xff);
        bpm[0] = _mm256_permute4x64_epi64(bt, 0x00);
        bpm[1] = _mm256_permute4x64_epi64(bt, 0x55);
        bpm[2] = _mm256_permute4x64_epi64(bt, 0xaa);
        bpm[3] = _mm256_permute4x64_epi64(bt, 0xff);
        for (t0 = 0; t0 < o; t0 += 4) {
            unsigned idx[4];
            __m256i lsl[4], rsl[4], ml[4], aml[4], nl[4], nbl[4], nv[4];
            for (k = 0; k < 4; k++) {
                idx[k] = t0 + k < o ? t0 + k : o - 1; /* o is public */
            }
            /* lsl[u]: lanes x = sum_a q1[a] L[(a, x)][(t, u)];
             * rsl[u]: lanes y = sum_b q2[b] R[(t, u)][(b, y)] */
            block_rows(lsl, lbase, idx, qa1);
            block_rows(rsl, rbase, idx, qa2);
            /* M = ls Q2 (rows x, lanes y); A M (rows r, lanes x);
             * N = Q1 rs (rows x, lanes y); N B (rows x, lanes c) */
            for (x = 0; x < 4; x++) {
                __m256i lx[4];
                for (u = 0; u < 4; u++) {
                    lx[u] = lane_bcast(lsl[u], x);
                }
                ml[x] = dot4(lx, q2m);
            }
            for (r = 0; r < 4; r++) {
                __m256i ca[4], cq[4];
                for (u = 0; u < 4; u++) {
                    ca[u] = _mm256_set1_epi16((short)asp[r][u]);
                    cq[u] = _mm256_set1_epi16((short)q1sp[r][u]);
                }
                aml[r] = dot4(ml, ca);
                nl[r] = dot4(rsl, cq);
            }
            for (x = 0; x < 4; x++) {
                __m256i nx[4];
                for (u = 0; u < 4; u++) {
                    nx[u] = lane_bcast(nl[x], u);
                }
                nbl[x] = dot4(nx, blm);
            }
            /* nv[k]: word x = nbl[x] of block t0 + k */
            for (x = 0; x < 4; x++) {
                nv[x] = nbl[x];
            }
            snova_avx2_words_transpose(nv);
            /* entry (r, c) of block t: rows x, lanes y:
             * am[r][x] B[y][c] + A[r][y] nb[x][c] */
            for (k = 0; k < 4 && t0 + k < o; k++) {
                const __m256i wk = _mm256_setr_epi32((int)(2 * k), (int)(2 * k + 1), (int)(2 * k), (int)(2 * k + 1),
                                                     (int)(2 * k), (int)(2 * k + 1), (int)(2 * k), (int)(2 * k + 1));
                uint64_t *acc_t = acc + (size_t)(t0 + k) * 4u;
                __m256i nb[4];
                for (c = 0; c < 4; c++) {
                    nb[c] = lane_bcast(nv[k], c);
                }
                for (r = 0; r < 4; r++) {
                    const __m256i amr = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(aml[r], wk), by_x);
                    for (c = 0; c < 4; c++) {
                        __m256i *row = (__m256i *)(void *)(acc_t + (size_t)(r * 4 + c) * o * 4u);
                        const __m256i d = _mm256_xor_si256(_mm256_mullo_epi16(amr, bpm[c]),
                                                           _mm256_mullo_epi16(nb[c], apm[r]));
                        _mm256_storeu_si256(row, _mm256_xor_si256(_mm256_loadu_si256(row), d));
                    }
                }
            }
        }
    }
    /* row i l^2 + r: word t = the 16 entries of block t, then the right-hand side */
    for (r = 0; r < 16; r++) {
        uint64_t *grow = g + (size_t)(i * 16 + r) * gw;
        memset(grow, 0, gw * sizeof(uint64_t));
        for (t0 = 0; t0 < o; t0++) {
            const __m256i *at = (const __m256i *)(const void *)(acc + ((size_t)r * o + t0) * 4u);
            grow[t0] = pack_nibbles(fold16(_mm256_loadu_si256(at)));
        }
        gf16_row_xor(grow, o * 16u, rhs[r]);
    }
}

/* ---- The block stage, l = 2 ----
 * The portable body's steps for four oil blocks at once, word k of a
 * vector belonging to block t0 + k (a row of l = 2 elements in lanes 0
 * and 1 of the word, lanes 2 and 3 zero or unused, as in ll and rl). The
 * term's factors come from rows_term_init (gf16/rows_term.h), the same
 * values the portable body uses, broadcast once per term. Unlike rows4,
 * the loops run blocks outer and terms inner, so that the eight
 * accumulators of a group (entry (r, c), row x) stay in registers, and a
 * group's four blocks are exactly one word of each output row (16 bits a
 * block: its l^2 = 4 coefficients). */
#include "snova/gf16/rows_term.h"

typedef struct {
    __m256i q1c[2], q2c[2]; /* spread q1[a], q2[a] in every lane */
    __m256i q2l[2], bl[2], bp[2], ap[2]; /* the term's lane rows in every word */
    __m256i asp[2][2], q1sp[2][2]; /* spread A[r][u], Q1[x][u] in every lane */
} rows2_term;

static void rows2_terms(rows2_term *tv, const uint8_t *abq, const uint8_t *spow, unsigned i, unsigned o)
{
    const unsigned alpha = 2 * 2 + 2; /* l^2 + l terms (the abq layout of l = 2) */
    const uint8_t *am = abq, *bm = abq + (size_t)o * alpha * 4u;
    const uint8_t *q1v = bm + (size_t)o * alpha * 4u, *q2v = q1v + (size_t)o * alpha * 2u;
    uint32_t spsp[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL][SNOVA_GF16_MAXL];
    unsigned al, a, x;
    rows_spread_spow(spsp, spow, 2);
    for (al = 0; al < alpha; al++) {
        const size_t it = (size_t)i * alpha + al;
        rows_term f;
        rows_term_init(&f, (const uint32_t(*)[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL])spsp, q1v + it * 2, q2v + it * 2,
                       am + it * 4, bm + it * 4, 2);
        for (a = 0; a < 2; a++) {
            tv[al].q1c[a] = _mm256_set1_epi16((short)f.q1c[a]);
            tv[al].q2c[a] = _mm256_set1_epi16((short)f.q2c[a]);
            tv[al].q2l[a] = _mm256_set1_epi64x((long long)f.q2l[a][0]);
            tv[al].bl[a] = _mm256_set1_epi64x((long long)f.bl[a][0]);
            tv[al].bp[a] = _mm256_set1_epi64x((long long)f.bp[a][0]);
            tv[al].ap[a] = _mm256_set1_epi64x((long long)f.ap[a][0]);
            for (x = 0; x < 2; x++) {
                tv[al].asp[a][x] = _mm256_set1_epi16((short)f.asp[a][x]);
                tv[al].q1sp[a][x] = _mm256_set1_epi16((short)f.q1sp[a][x]);
            }
        }
    }
}

/* fold16 of m0 a0 + m1 a1, lane by lane */
static inline __m256i dot2(__m256i m0, __m256i a0, __m256i m1, __m256i a1)
{
    return fold16(_mm256_xor_si256(_mm256_mullo_epi16(m0, a0), _mm256_mullo_epi16(m1, a1)));
}

/* The four words (u, a) of blocks t0 .. t0 + 3 of ll or rl (block t at
 * base + 4 t; blocks past o repeat block o - 1, o public), transposed:
 * v[2 u + a], word k = word (u, a) of block t0 + k. */
static inline void rows2_load(__m256i v[4], const uint64_t *base, unsigned t0, unsigned o)
{
    unsigned k;
    for (k = 0; k < 4; k++) {
        const unsigned t = t0 + k < o ? t0 + k : o - 1;
        v[k] = _mm256_loadu_si256((const __m256i *)(const void *)(base + 4u * t));
    }
    snova_avx2_words_transpose(v);
}

/* Folded lanes 0, 1 of f0 (row x = 0) and of f1 (x = 1) of each word as
 * the block's four nibbles x l + y, 16 bits to a word. */
static inline __m256i rows2_nibbles(__m256i f0, __m256i f1)
{
    const __m256i v = _mm256_or_si256(f0, _mm256_slli_epi64(f1, 32)); /* lanes x l + y */
    const __m256i p = _mm256_and_si256(_mm256_or_si256(v, _mm256_srli_epi32(v, 12)), _mm256_set1_epi32(0xff));
    return _mm256_and_si256(_mm256_or_si256(p, _mm256_srli_epi64(p, 24)), _mm256_set1_epi64x(0xffff));
}

static void rows2_body(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                       const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o)
{
    const unsigned alpha = 2 * 2 + 2;
    rows2_term tv[2 * 2 + 2];
    unsigned t0, al, r, c, x, e, k;
    rows2_terms(tv, abq, spow, i, o);
    for (e = 0; e < 4; e++) {
        memset(g + (size_t)(i * 4 + e) * gw, 0, gw * sizeof(uint64_t));
    }
    for (t0 = 0; t0 < o; t0 += 4) {
        __m256i acc[2][2][2]; /* entry (r, c), row x */
        memset(acc, 0, sizeof acc);
        for (al = 0; al < alpha; al++) {
            const rows2_term *f = &tv[al];
            const unsigned ip = (i + al) % o;
            __m256i lv[4], rv[4], lsl[2], rsl[2], ml[2], aml[2], nl[2], nbl[2];
            rows2_load(lv, ll + (size_t)ip * o * 4u, t0, o);
            rows2_load(rv, rl + (size_t)ip * o * 4u, t0, o);
            /* lsl[u]: lanes x = sum_a q1[a] L[(a, x)][(t, u)];
             * rsl[u]: lanes y = sum_b q2[b] R[(t, u)][(b, y)] */
            lsl[0] = dot2(lv[0], f->q1c[0], lv[1], f->q1c[1]);
            lsl[1] = dot2(lv[2], f->q1c[0], lv[3], f->q1c[1]);
            rsl[0] = dot2(rv[0], f->q2c[0], rv[1], f->q2c[1]);
            rsl[1] = dot2(rv[2], f->q2c[0], rv[3], f->q2c[1]);
            for (x = 0; x < 2; x++) {
                /* M = ls Q2 (rows x, lanes y); N = Q1 rs (rows x, lanes y) */
                ml[x] = dot2(lane_bcast(lsl[0], x), f->q2l[0], lane_bcast(lsl[1], x), f->q2l[1]);
                nl[x] = dot2(rsl[0], f->q1sp[x][0], rsl[1], f->q1sp[x][1]);
            }
            for (x = 0; x < 2; x++) {
                /* A M (rows r, lanes x); N B (rows x, lanes c) */
                aml[x] = dot2(ml[0], f->asp[x][0], ml[1], f->asp[x][1]);
                nbl[x] = dot2(lane_bcast(nl[x], 0), f->bl[0], lane_bcast(nl[x], 1), f->bl[1]);
            }
            /* entry (r, c), row x: am[r][x] B[.][c]^t + nb[x][c] A[r][.] */
            for (r = 0; r < 2; r++) {
                for (x = 0; x < 2; x++) {
                    const __m256i amrx = lane_bcast(aml[r], x);
                    for (c = 0; c < 2; c++) {
                        acc[r][c][x] = _mm256_xor_si256(acc[r][c][x],
                                                        _mm256_xor_si256(_mm256_mullo_epi16(amrx, f->bp[c]),
                                                                         _mm256_mullo_epi16(lane_bcast(nbl[x], c), f->ap[r])));
                    }
                }
            }
        }
        /* row i l^2 + r l + c, word t0 / 4: the four blocks' coefficients
         * (blocks past o, which repeat block o - 1, are left out) */
        for (r = 0; r < 2; r++) {
            for (c = 0; c < 2; c++) {
                uint64_t nib[4], wv = 0;
                _mm256_storeu_si256((__m256i *)(void *)nib,
                                    rows2_nibbles(fold16(acc[r][c][0]), fold16(acc[r][c][1])));
                for (k = 0; k < 4 && t0 + k < o; k++) {
                    wv |= nib[k] << (16 * k);
                }
                g[(size_t)(i * 4 + r * 2 + c) * gw + t0 / 4] = wv;
            }
        }
    }
    for (e = 0; e < 4; e++) {
        gf16_row_xor(g + (size_t)(i * 4 + e) * gw, o * 4u, rhs[e]);
    }
}

/* ---- The block stage, odd l (3, 5) ----
 * The same steps with a row of l elements in a 128-bit unit (16-bit lanes
 * y < l; l = 5 fills both words of the portable layout, l = 3 the first),
 * two oil blocks a vector: unit k belongs to block t0 + k (the second of
 * an odd last pair repeats the first, o public; both halves then compute
 * the same values and store them to the same place). Terms outer, as in
 * the portable body, so that each term's factors are made once
 * (rows_term_init); the accumulators of every block are in the work area
 * in the portable body's size: block t, entry (r, c), row x at
 * work + ((t l^2 + r l + c) l + x) lw, lw words. */
#define RO_MAXL 5u

#define lane_bcast128 snova_avx2_lane_bcast128

/* A row of lw (1 or 2) words of lanes in both units. */
static inline __m256i row_bcast128(const uint64_t *w, unsigned lw)
{
    return _mm256_broadcastsi128_si256(_mm_set_epi64x(lw > 1u ? (long long)w[1] : 0, (long long)w[0]));
}

/* The rows of lw words at p0 (unit 0) and p1 (unit 1). */
static inline __m256i load_units(const uint64_t *p0, const uint64_t *p1, unsigned lw)
{
    __m128i a, b;
    if (lw > 1u) {
        a = _mm_loadu_si128((const __m128i *)(const void *)p0);
        b = _mm_loadu_si128((const __m128i *)(const void *)p1);
    } else {
        a = _mm_loadl_epi64((const __m128i *)(const void *)p0);
        b = _mm_loadl_epi64((const __m128i *)(const void *)p1);
    }
    return _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
}

/* Unit 0 to p0 and unit 1 to p1, lw words each (words past lw are zero). */
static inline void store_units(uint64_t *p0, uint64_t *p1, __m256i v, unsigned lw)
{
    const __m128i a = _mm256_castsi256_si128(v), b = _mm256_extracti128_si256(v, 1);
    if (lw > 1u) {
        _mm_storeu_si128((__m128i *)(void *)p0, a);
        _mm_storeu_si128((__m128i *)(void *)p1, b);
    } else {
        _mm_storel_epi64((__m128i *)(void *)p0, a);
        _mm_storel_epi64((__m128i *)(void *)p1, b);
    }
}

static inline __attribute__((always_inline)) void rows_odd_body(uint64_t *g, size_t gw, const uint64_t *ll,
                                                                const uint64_t *rl, const uint8_t *abq,
                                                                const uint8_t *spow, const uint8_t *rhs, unsigned i,
                                                                unsigned o, const unsigned l, uint64_t *work)
{
    const unsigned l2 = l * l, alpha = l2 + l, lw = (l + 3) / 4, ol = o * l;
    const size_t bw = (size_t)l2 * l * lw; /* work words a block */
    const uint8_t *am = abq, *bm = abq + (size_t)o * alpha * l2;
    const uint8_t *q1v = bm + (size_t)o * alpha * l2, *q2v = q1v + (size_t)o * alpha * l;
    uint32_t spsp[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL][SNOVA_GF16_MAXL];
    unsigned t0, al, a, u, x, r, c, e, k, y;
    rows_spread_spow(spsp, spow, l);
    memset(work, 0, (size_t)o * bw * sizeof(uint64_t));
    for (al = 0; al < alpha; al++) {
        const unsigned ip = (i + al) % o;
        const size_t it = (size_t)i * alpha + al;
        __m256i q2l[RO_MAXL], blv[RO_MAXL], bpv[RO_MAXL], apv[RO_MAXL];
        rows_term f;
        rows_term_init(&f, (const uint32_t(*)[SNOVA_GF16_MAXL][SNOVA_GF16_MAXL])spsp, q1v + it * l, q2v + it * l,
                       am + it * l2, bm + it * l2, l);
        for (u = 0; u < l; u++) {
            q2l[u] = row_bcast128(f.q2l[u], lw);
            blv[u] = row_bcast128(f.bl[u], lw);
            bpv[u] = row_bcast128(f.bp[u], lw);
            apv[u] = row_bcast128(f.ap[u], lw);
        }
        for (t0 = 0; t0 < o; t0 += 2) {
            const unsigned t1 = t0 + 1 < o ? t0 + 1 : t0; /* o is public */
            const uint64_t *l0 = ll + ((size_t)ip * ol + t0 * l) * l * lw, *l1 = ll + ((size_t)ip * ol + t1 * l) * l * lw;
            const uint64_t *r0 = rl + ((size_t)ip * ol + t0 * l) * l * lw, *r1 = rl + ((size_t)ip * ol + t1 * l) * l * lw;
            uint64_t *w0 = work + t0 * bw, *w1 = work + t1 * bw;
            __m256i lsl[RO_MAXL], rsl[RO_MAXL], ml[RO_MAXL], aml[RO_MAXL], nl[RO_MAXL], nbl[RO_MAXL];
            /* lsl[u]: lanes x = sum_a q1[a] L[(a, x)][(t, u)];
             * rsl[u]: lanes y = sum_b q2[b] R[(t, u)][(b, y)] */
            for (u = 0; u < l; u++) {
                __m256i sl = _mm256_setzero_si256(), sr = _mm256_setzero_si256();
                for (a = 0; a < l; a++) {
                    const size_t at = (size_t)(u * l + a) * lw;
                    sl = _mm256_xor_si256(sl, _mm256_mullo_epi16(load_units(l0 + at, l1 + at, lw),
                                                                 _mm256_set1_epi16((short)f.q1c[a])));
                    sr = _mm256_xor_si256(sr, _mm256_mullo_epi16(load_units(r0 + at, r1 + at, lw),
                                                                 _mm256_set1_epi16((short)f.q2c[a])));
                }
                lsl[u] = fold16(sl);
                rsl[u] = fold16(sr);
            }
            /* M = ls Q2 (rows x, lanes y); A M (rows r, lanes x);
             * N = Q1 rs (rows x, lanes y); N B (rows x, lanes c) */
            for (x = 0; x < l; x++) {
                __m256i sm = _mm256_setzero_si256(), sn = _mm256_setzero_si256();
                for (u = 0; u < l; u++) {
                    sm = _mm256_xor_si256(sm, _mm256_mullo_epi16(lane_bcast128(lsl[u], x), q2l[u]));
                    sn = _mm256_xor_si256(sn, _mm256_mullo_epi16(rsl[u], _mm256_set1_epi16((short)f.q1sp[x][u])));
                }
                ml[x] = fold16(sm);
                nl[x] = fold16(sn);
            }
            for (x = 0; x < l; x++) {
                __m256i sa = _mm256_setzero_si256(), sb = _mm256_setzero_si256();
                for (u = 0; u < l; u++) {
                    sa = _mm256_xor_si256(sa, _mm256_mullo_epi16(ml[u], _mm256_set1_epi16((short)f.asp[x][u])));
                    sb = _mm256_xor_si256(sb, _mm256_mullo_epi16(lane_bcast128(nl[x], u), blv[u]));
                }
                aml[x] = fold16(sa);
                nbl[x] = fold16(sb);
            }
            /* entry (r, c), row x: am[r][x] B[.][c]^t + nb[x][c] A[r][.] */
            for (r = 0; r < l; r++) {
                for (x = 0; x < l; x++) {
                    const __m256i amrx = lane_bcast128(aml[r], x);
                    for (c = 0; c < l; c++) {
                        const size_t at = ((size_t)(r * l + c) * l + x) * lw;
                        const __m256i d = _mm256_xor_si256(_mm256_mullo_epi16(amrx, bpv[c]),
                                                           _mm256_mullo_epi16(lane_bcast128(nbl[x], c), apv[r]));
                        store_units(w0 + at, w1 + at, _mm256_xor_si256(load_units(w0 + at, w1 + at, lw), d), lw);
                    }
                }
            }
        }
    }
    /* row i l^2 + r l + c, columns t l^2 + x l + y */
    for (e = 0; e < l2; e++) {
        memset(g + (size_t)(i * l2 + e) * gw, 0, gw * sizeof(uint64_t));
    }
    for (t0 = 0; t0 < o; t0 += 2) {
        const unsigned t1 = t0 + 1 < o ? t0 + 1 : t0;
        for (e = 0; e < l2; e++) {
            uint64_t *grow = g + (size_t)(i * l2 + e) * gw;
            for (x = 0; x < l; x++) {
                const size_t at = ((size_t)e * l + x) * lw;
                uint16_t lanes[16];
                _mm256_storeu_si256((__m256i *)(void *)lanes,
                                    fold16(load_units(work + t0 * bw + at, work + t1 * bw + at, lw)));
                for (k = 0; k < 2 && t0 + k < o; k++) {
                    for (y = 0; y < l; y++) {
                        gf16_row_xor(grow, (t0 + k) * l2 + x * l + y, (uint8_t)lanes[8 * k + y]);
                    }
                }
            }
        }
    }
    for (e = 0; e < l2; e++) {
        gf16_row_xor(g + (size_t)(i * l2 + e) * gw, o * l2, rhs[e]);
    }
}

int snova_avx2_gf16_rows(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                         const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, unsigned l,
                         uint64_t *work)
{
    /* l is public */
    if (l == 3u) {
        rows_odd_body(g, gw, ll, rl, abq, spow, rhs, i, o, 3, work);
        return PQSIG_NATIVE_OK;
    }
    if (l == 5u) {
        rows_odd_body(g, gw, ll, rl, abq, spow, rhs, i, o, 5, work);
        return PQSIG_NATIVE_OK;
    }
    if (l == 2u) {
        rows2_body(g, gw, ll, rl, abq, spow, rhs, i, o);
        return PQSIG_NATIVE_OK;
    }
    if (l != 4u) {
        return PQSIG_NATIVE_FALLBACK;
    }
    rows4_body(g, gw, ll, rl, abq, spow, rhs, i, o, work);
    return PQSIG_NATIVE_OK;
}


/* x86_64_avx512/gf16_avx512.c compiles this file with its own pmat. */
#if !defined(SNOVA_GF16_OWN_PMAT)
/* ---- Public matrix times tables, l = 4, rows of one or two words ----
 * A block of P is 8 bytes (row r in bytes 2r, 2r + 1, element c in nibble
 * c of the row). P X: the four rows of a block row in the four lanes, one
 * gather of table entries per column c of the block and word of a row;
 * P^t Y: the four columns in the lanes, one gather per row r and word. The
 * indices are elements of the PUBLIC matrix; the tables (of secret rows)
 * are only read at them. Other shapes decline. */
/* Four lanes of word 0 and four of word 1 (lane i: row or column i) as
 * the two-word rows 0, 1 (lo) and 2, 3 (hi) in memory order. */
static inline void interleave_words(__m256i w0, __m256i w1, __m256i *lo, __m256i *hi)
{
    const __m256i a = _mm256_unpacklo_epi64(w0, w1), b = _mm256_unpackhi_epi64(w0, w1);
    *lo = _mm256_permute2x128_si256(a, b, 0x20);
    *hi = _mm256_permute2x128_si256(a, b, 0x31);
}

/* dst ^= the four rows of nw words whose word w is in the lanes of a[w]. */
static inline void xor_rows(uint64_t *dst, const __m256i a[2], const unsigned nw)
{
    __m256i *d = (__m256i *)(void *)dst;
    if (nw == 1u) {
        _mm256_storeu_si256(d, _mm256_xor_si256(_mm256_loadu_si256(d), a[0]));
    } else {
        __m256i lo, hi;
        interleave_words(a[0], a[1], &lo, &hi);
        _mm256_storeu_si256(d, _mm256_xor_si256(_mm256_loadu_si256(d), lo));
        _mm256_storeu_si256(d + 1, _mm256_xor_si256(_mm256_loadu_si256(d + 1), hi));
    }
}

/* Rows of nw (1 or 2, a constant in each instance) words: entry e of a
 * table at nw e, each word gathered on its own; the indices are nw times
 * the nibbles. */
static inline void pmat_body(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, uint64_t *out,
                             const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, const unsigned nw)
{
    const __m256i m15 = _mm256_set1_epi64x(15);
    const __m256i by_row = _mm256_setr_epi64x(0, 16, 32, 48), by_col = _mm256_setr_epi64x(0, 4, 8, 12);
    unsigned j, k, c, w;
    for (j = 0; j < rb; j++) {
        const uint8_t *e = buf + (nib0 + (size_t)j * cb * 16u) / 2u;
        /* taby is NULL when only out is wanted: no offset from it then */
        const long long *ty = outt != NULL ? (const long long *)(const void *)(taby + (size_t)j * 64u * nw) : NULL;
        __m256i acc[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
        for (k = 0; k < cb; k++) {
            uint64_t q;
            __m256i qv;
            memcpy(&q, e + 8u * k, 8);
            qv = _mm256_set1_epi64x((long long)q);
            if (out != NULL) {
                const __m256i qr = _mm256_srlv_epi64(qv, by_row);
                const long long *tk = (const long long *)(const void *)(tabx + (size_t)k * 64u * nw);
                for (c = 0; c < 4; c++) { /* c: the column of the block */
                    __m256i ix = _mm256_and_si256(_mm256_srli_epi64(qr, (int)(4 * c)), m15);
                    ix = nw == 2u ? _mm256_slli_epi64(ix, 1) : ix;
                    for (w = 0; w < nw; w++) {
                        acc[w] = _mm256_xor_si256(acc[w], _mm256_i64gather_epi64(tk + 16 * nw * c + w, ix, 8));
                    }
                }
            }
            if (outt != NULL) {
                const __m256i qc = _mm256_srlv_epi64(qv, by_col);
                __m256i a[2] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
                for (c = 0; c < 4; c++) { /* c: the row of the block */
                    __m256i ix = _mm256_and_si256(_mm256_srli_epi64(qc, (int)(16 * c)), m15);
                    ix = nw == 2u ? _mm256_slli_epi64(ix, 1) : ix;
                    for (w = 0; w < nw; w++) {
                        a[w] = _mm256_xor_si256(a[w], _mm256_i64gather_epi64(ty + 16 * nw * c + w, ix, 8));
                    }
                }
                xor_rows(outt + (size_t)k * 4u * nw, a, nw);
            }
        }
        if (out != NULL) {
            xor_rows(out + (size_t)j * 4u * nw, acc, nw);
        }
    }
}

int snova_avx2_gf16_pmat(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l, uint64_t *out,
                         const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, unsigned nw)
{
    if (l == 2u && nib0 % 2u == 0 && nw >= 1u && rb >= 1u) { /* public sizes */
        /* P X of rows of one word by byte planes; of wider rows the
         * planes cost more to make than the twin's lookups (measured:
         * gf16_pmat2_avx2.c), so the twin does that half */
        const int planes_px = out != NULL && nw == 1u && cb >= 2u;
        if (out != NULL && !planes_px) {
            snova_gf16_pmat_c(buf, nib0, rb, cb, l, out, tabx, NULL, NULL, nw);
        }
        snova_avx2_gf16_pmat2(buf + nib0 / 2u, rb, cb, planes_px ? out : NULL, tabx, outt, taby, nw);
        return PQSIG_NATIVE_OK;
    }
    if (l != 4u || nw > 2u || nib0 % 2u != 0) { /* public sizes */
        return PQSIG_NATIVE_FALLBACK;
    }
    if (nw == 2u) {
        pmat_body(buf, nib0, rb, cb, out, tabx, outt, taby, 2);
    } else {
        pmat_body(buf, nib0, rb, cb, out, tabx, outt, taby, 1);
    }
    return PQSIG_NATIVE_OK;
}
#endif


#else
/* An odd-q shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx2_gf16_none;
#endif
