/* SNOVA, odd prime q, AVX2: the two product kernels written by hand.
 *
 * snova_avx2_gfq_mul multiplies two elements of the inner dimension at a
 * time with vpmaddubsw: a 16-bit lane holding the byte pair
 * (x[m][c], x[m + 1][c]) times the pair (a[m], a[m + 1]) broadcast over
 * the vector gives a[m] x[m][c] + a[m + 1] x[m + 1][c] in one instruction
 * (each product is below (q - 1)^2 <= 900, so the signed saturation of
 * vpmaddubsw never applies). The pairs of x are packed per strip of up to
 * 112 columns into a local block; each output row then costs, per pair of
 * x rows, one broadcast and two instructions per 16 columns. The compiled
 * portable kernel spent five instructions per element of a and 16 columns.
 *
 * snova_avx2_gfq_prow places a block row of P11 (and its mirror) and of
 * P12 (or P12^t), a block of l = 4 to a vector.
 *
 * snova_avx2_gfq_hrows lays the blocks of a row of P side by side as
 * pair rows (two elements a 16-bit lane), reduced (a transpose of 4 x 4
 * words per 4 blocks).
 *
 * snova_avx2_gfq_trows keeps 16 columns of the l/2 pair rows of H in
 * registers while the l^2 output rows pass, two rows of H per vpmaddubsw.
 *
 * Both are the twins' arithmetic on other groupings: mul reduces every
 * output to [0, q) as the twin does, trows wraps modulo 2^16 as the twin
 * does, so the results are equal bit for bit. No branch or address
 * depends on an element: only on the public sizes. */
#include <immintrin.h>
#include <string.h>

#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"

#if SNOVA_Q != 16
#include "common/ct.h"
#include "snova/gfq/scalar.h"
#include "snova/native/x86_64_avx2/gfq_lanes.h"

/* The columns go in strips of up to MUL_VECS vectors of 16, one
 * accumulator each, so that a broadcast pair serves a whole strip (v l =
 * 96 and 104, the level-1 widths, are one strip). Pairs of x rows packed
 * per block: at most 52, the same inner dimensions in one block, and few
 * enough that their sums fit the 16-bit lanes (SNOVA_GFQ_CHUNK products),
 * so that a block needs no fold; each block ends with a reduction into
 * out. The block (11.4 KiB) keeps the _temp forms' stack 2 KiB under its
 * 16 KiB; eight vectors a strip took 1.3 KiB more for 1-2 % fewer
 * instructions at level 5 only. */
#define MUL_VECS 7u
#define MUL_STRIP (16u * MUL_VECS)
#define MUL_PAIRS (SNOVA_GFQ_CHUNK / 2u < 52u ? SNOVA_GFQ_CHUNK / 2u : 52u)

#define MUL_PAIRS_GIVEN (SNOVA_GFQ_CHUNK / 2u) /* snova_avx2_gfq_mul_pairs */

typedef char gfq_mul_pairs_ok[MUL_PAIRS >= 1 ? 1 : -1];
typedef char gfq_mul_vecs_ok[MUL_VECS >= 7 && MUL_VECS <= 8 ? 1 : -1]; /* the cases of snova_avx2_gfq_mul */

/* All ones, then all zeros: 16 - k bytes on, a load of 16 bytes (or 8
 * words) that keeps the first k. */
static const uint8_t keep_first[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

/* A pair of 16 bytes from x0 and x1 as 16 words x0[c] | x1[c] << 8 (x1
 * zero when !two), the bytes at k and past dropped. */
static inline __m256i pair_bytes(const uint8_t *x0, const uint8_t *x1, int two, unsigned k)
{
    const __m128i keep = _mm_loadu_si128((const __m128i *)(keep_first + 16 - k));
    const __m256i v0 = _mm256_cvtepu8_epi16(_mm_and_si128(_mm_loadu_si128((const __m128i *)x0), keep));
    const __m256i v1 = two ? _mm256_cvtepu8_epi16(_mm_and_si128(_mm_loadu_si128((const __m128i *)x1), keep))
                           : _mm256_setzero_si256();
    return _mm256_or_si256(v0, _mm256_slli_epi16(v1, 8));
}

/* xp[p][c] = x[2p][c] | x[2p + 1][c] << 8 for p < np (the second row zero
 * past the inner dimension), c < width, zero up to 16 nv columns; rows of
 * x are xs bytes apart, and x_end ends the matrix. A strip's last partial
 * vector is read whole (its bytes past the strip dropped) where the read
 * stays inside the matrix, which is every row but the last few. */
static void pack_pairs(uint16_t xp[MUL_PAIRS][MUL_STRIP], const uint8_t *x, size_t xs, unsigned width,
                       unsigned rows_left, unsigned np, unsigned nv, const uint8_t *x_end)
{
    unsigned p, c;
    for (p = 0; p < np; p++) {
        const uint8_t *x0 = x + 2 * p * xs, *x1 = x0 + xs;
        const int two = 2 * p + 1 < rows_left;
        for (c = 0; c + 16 <= width; c += 16) {
            _mm256_storeu_si256((__m256i *)(xp[p] + c), pair_bytes(x0 + c, x1 + c, two, 16));
        }
        if (c < width && (two ? x1 : x0) + c + 16 <= x_end) {
            _mm256_storeu_si256((__m256i *)(xp[p] + c), pair_bytes(x0 + c, x1 + c, two, width - c));
            c += 16;
        }
        for (; c < width; c++) {
            xp[p][c] = (uint16_t)(x0[c] | (two ? x1[c] : 0) << 8);
        }
        for (; c < 16 * nv; c++) {
            xp[p][c] = 0;
        }
    }
}

/* The pair (a[m], a[m + 1]) of one row as a 16-bit word, broadcast; `two`
 * is zero for a lone last element (its partner is not read). */
static inline __m256i pair_bcast(const uint8_t *a, size_t a_cs, int two)
{
    return _mm256_set1_epi16((short)(a[0] | (two ? a[a_cs] : 0) << 8));
}

/* acc_j += (pair b) x (packed pairs of xp row p), for the nv vectors of a
 * strip. The empty asm keeps each sum in its accumulator: without it GCC
 * added the products of two pairs first and then copied every sum back
 * into its accumulator's register (a vmovdqa per vector and two pairs). */
#define MAC_VEC(acc, b, xv)                                                                                \
    do {                                                                                                   \
        acc = _mm256_add_epi16(_mm256_maddubs_epi16(b, _mm256_loadu_si256((const __m256i *)(xv))), acc);   \
        __asm__("" : "+x"(acc));                                                                           \
    } while (0)
#define MAC_ROW(b, xrow)                                                                                   \
    do {                                                                                                   \
        MAC_VEC(acc0, b, xrow);                                                                            \
        if (nv > 1)                                                                                        \
            MAC_VEC(acc1, b, xrow + 16);                                                                   \
        if (nv > 2)                                                                                        \
            MAC_VEC(acc2, b, xrow + 32);                                                                   \
        if (nv > 3)                                                                                        \
            MAC_VEC(acc3, b, xrow + 48);                                                                   \
        if (nv > 4)                                                                                        \
            MAC_VEC(acc4, b, xrow + 64);                                                                   \
        if (nv > 5)                                                                                        \
            MAC_VEC(acc5, b, xrow + 80);                                                                   \
        if (nv > 6)                                                                                        \
            MAC_VEC(acc6, b, xrow + 96);                                                                   \
        if (nv > 7)                                                                                        \
            MAC_VEC(acc7, b, xrow + 112);                                                                  \
    } while (0)

/* (v + acc mod q) mod q, v reduced. */
static inline __m256i add_acc(__m256i v, __m256i acc)
{
    v = _mm256_add_epi16(v, red16_v(acc));
    return _mm256_min_epu16(v, _mm256_sub_epi16(v, _mm256_set1_epi16(SNOVA_Q)));
}

/* o[c .. width) = (o + acc mod q) mod q for one vector of 16 columns from
 * c. When the strip ends inside it, the words past the strip are written
 * back as they were read if they lie inside out (o_end ends it: they
 * belong to later columns or the next row, which nothing else writes
 * meanwhile), else the vector goes through a copy. */
static inline void finish_vec(uint16_t *o, unsigned c, unsigned width, __m256i acc, const uint16_t *o_end)
{
    const unsigned k = width - c < 16 ? width - c : 16;
    uint16_t tail[16];
    if (k == 16 || o + c + 16 <= o_end) {
        const __m256i old = _mm256_loadu_si256((const __m256i *)(o + c));
        __m256i v = add_acc(old, acc);
        if (k < 16) {
            const __m256i keep = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(keep_first + 16 - k)));
            v = _mm256_blendv_epi8(old, v, keep);
        }
        _mm256_storeu_si256((__m256i *)(o + c), v);
        return;
    }
    memset(tail, 0, sizeof tail);
    memcpy(tail, o + c, k * sizeof(uint16_t));
    _mm256_storeu_si256((__m256i *)tail, add_acc(_mm256_loadu_si256((const __m256i *)tail), acc));
    memcpy(o + c, tail, k * sizeof(uint16_t));
    pqsig_zeroize(tail, sizeof tail);
}

#define FINISH(j, acc)                                                                                     \
    do {                                                                                                   \
        if (nv > (j))                                                                                      \
            finish_vec(o, 16 * (j), width, acc, o_end);                                                    \
    } while (0)

/* One output row's strip += the block of np pairs; PAIR(p) gives the pair
 * of a's row for x's pair row p broadcast over a vector. nv = vectors of
 * the strip (a constant in each instance). */
#define ROW_BODY(PAIR, PAIR1)                                                                              \
    do {                                                                                                   \
        __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0, acc2 = acc0, acc3 = acc0;                     \
        __m256i acc4 = acc0, acc5 = acc0, acc6 = acc0, acc7 = acc0;                                        \
        for (p = 0; p + 2 <= np; p += 2) { /* two pairs a step */                                         \
            const __m256i b0 = (PAIR), b1 = (PAIR1);                                                       \
            MAC_ROW(b0, xp + (size_t)p * xps);                                                             \
            MAC_ROW(b1, xp + (size_t)(p + 1) * xps);                                                       \
        }                                                                                                  \
        if (p < np) {                                                                                      \
            const __m256i b = (PAIR);                                                                      \
            MAC_ROW(b, xp + (size_t)p * xps);                                                              \
        }                                                                                                  \
        FINISH(0, acc0);                                                                                   \
        FINISH(1, acc1);                                                                                   \
        FINISH(2, acc2);                                                                                   \
        FINISH(3, acc3);                                                                                   \
        FINISH(4, acc4);                                                                                   \
        FINISH(5, acc5);                                                                                   \
        FINISH(6, acc6);                                                                                   \
        FINISH(7, acc7);                                                                                   \
    } while (0)

/* Two bytes next to each other, broadcast as a word (GCC makes it one
 * vpbroadcastw from memory; _mm_loadu_si16 did, but took 1 % more
 * instructions a SNOVA_60_10_19_4 signature through its other choices). */
static inline __m256i load_pair(const uint8_t *a)
{
    uint16_t w;
    memcpy(&w, a, 2);
    return _mm256_set1_epi16((short)w);
}

/* The strip (width columns from out, rows os apart) of out's rows +=
 * the block of np pairs from x row m0 on, their pair rows at xp, xps
 * words apart. */
static inline void mul_block(uint16_t *out, const uint16_t *o_end, size_t os, const uint8_t *a, size_t a_rs,
                             size_t a_cs, unsigned rows, unsigned m0, unsigned inner, unsigned np,
                             const uint16_t *xp, size_t xps, unsigned width, const unsigned nv)
{
    unsigned r, p;
    if (a_cs == 1 && m0 + 2 * np <= inner) {
        /* both elements of every pair lie in the row, next to each other */
        for (r = 0; r < rows; r++) {
            const uint8_t *ar = a + (size_t)r * a_rs + m0;
            uint16_t *o = out + (size_t)r * os;
            ROW_BODY(load_pair(ar + 2 * p), load_pair(ar + 2 * p + 2));
        }
        return;
    }
    for (r = 0; r < rows; r++) {
        const uint8_t *ar = a + (size_t)r * a_rs + (size_t)m0 * a_cs;
        uint16_t *o = out + (size_t)r * os;
        ROW_BODY(pair_bcast(ar + (size_t)2 * p * a_cs, a_cs, m0 + 2 * p + 1 < inner),
                 pair_bcast(ar + (size_t)(2 * p + 2) * a_cs, a_cs, m0 + 2 * p + 3 < inner));
    }
}

#define MUL_CASE(n)                                                                                        \
    case n:                                                                                                \
        mul_block(out, o_end, os, a, a_rs, a_cs, rows, m0, inner, np, xp, xps, width, n);                 \
        break

/* mul_block for a strip of nv vectors, a constant in each case. */
static inline __attribute__((always_inline)) void mul_block_nv(uint16_t *out, const uint16_t *o_end, size_t os,
                                                               const uint8_t *a, size_t a_rs, size_t a_cs,
                                                               unsigned rows, unsigned m0, unsigned inner,
                                                               unsigned np, const uint16_t *xp, size_t xps,
                                                               unsigned width, unsigned nv)
{
    switch (nv) {
        MUL_CASE(1);
        MUL_CASE(2);
        MUL_CASE(3);
        MUL_CASE(4);
        MUL_CASE(5);
        MUL_CASE(6);
    default:
        mul_block(out, o_end, os, a, a_rs, a_cs, rows, m0, inner, np, xp, xps, width, MUL_VECS);
        break;
    }
}

void snova_avx2_gfq_mul(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                        unsigned inner, const uint8_t *x, size_t xs, unsigned cols)
{
    uint16_t xb[MUL_PAIRS][MUL_STRIP], *const xp = &xb[0][0];
    const size_t xps = MUL_STRIP;
    /* the ends of what the call owns: the last rows' cols entries */
    const uint16_t *o_end = out + (size_t)(rows - 1) * os + cols;
    const uint8_t *x_end = x + (size_t)(inner - 1) * xs + cols;
    /* the part of xp written: rows, and vectors of the first (widest) strip */
    const unsigned packed = inner < 2 * MUL_PAIRS ? (inner + 1) / 2 : MUL_PAIRS;
    const unsigned packed_nv = cols < MUL_STRIP ? (cols + 15) / 16 : MUL_VECS;
    unsigned c0, m0, p, j;
    if (rows == 0 || inner == 0) {
        return;
    }
    for (c0 = 0; c0 < cols; c0 += MUL_STRIP) {
        const unsigned width = cols - c0 < MUL_STRIP ? cols - c0 : MUL_STRIP, nv = (width + 15) / 16;
        for (m0 = 0; m0 < inner; m0 += 2 * MUL_PAIRS) {
            const unsigned left = inner - m0, np = left >= 2 * MUL_PAIRS ? MUL_PAIRS : (left + 1) / 2;
            pack_pairs(xb, x + (size_t)m0 * xs + c0, xs, width, left, np, nv, x_end);
            mul_block_nv(out + c0, o_end, os, a, a_rs, a_cs, rows, m0, inner, np, xp, xps, width, nv);
        }
    }
    /* x may be secret (T12, the whipped vinegar): the written part of xp
     * wiped, the stores kept by an asm that claims to read them. The asm
     * in the loop also keeps the stores vector stores: GCC turned each
     * row's into a `rep stosq` of a few hundred bytes, whose start-up cost
     * per row made the wipe 40 % of the kernel's time (SNOVA_24_5_23_4
     * signing). */
    for (p = 0; p < packed; p++) {
        for (j = 0; j < packed_nv; j++) {
            _mm256_storeu_si256((__m256i *)(xb[p] + 16 * j), _mm256_setzero_si256());
            __asm__ __volatile__("" : : "r"(xb[p]) : "memory");
        }
    }
}

/* The same on pair rows given (api.h): the blocks of pairs read in place,
 * as many as 16-bit sums take (no packed block bounds them). */
void snova_avx2_gfq_mul_pairs(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, unsigned rows, unsigned inner,
                              const uint16_t *xq, size_t xps, unsigned cols)
{
    const size_t a_cs = 1;
    const uint16_t *o_end; /* the end of what the call owns: the last row's cols entries */
    unsigned c0, m0;
    if (rows == 0) {
        return;
    }
    o_end = out + (size_t)(rows - 1) * os + cols;
    for (c0 = 0; c0 < cols; c0 += MUL_STRIP) {
        const unsigned width = cols - c0 < MUL_STRIP ? cols - c0 : MUL_STRIP, nv = (width + 15) / 16;
        for (m0 = 0; m0 < inner; m0 += 2 * MUL_PAIRS_GIVEN) {
            const unsigned left = inner - m0, np = left >= 2 * MUL_PAIRS_GIVEN ? MUL_PAIRS_GIVEN : left / 2;
            const uint16_t *xp = xq + (size_t)(m0 / 2) * xps + c0;
            mul_block_nv(out + c0, o_end, os, a, a_rs, a_cs, rows, m0, inner, np, xp, xps, width, nv);
        }
    }
}

/* ---- A block row of P11 and P12, and key generation's L (api.h) ----
 * The bytes are reduced 32 at a time (gfq_byte_elem on 16-bit lanes: the
 * same operations, so the same values). For l = 4 a block is one 16-byte
 * vector: its rows are its four words, stored where the rows of the block
 * go, and one vpshufb transposes it for its mirror below the diagonal. */
/* q, out of the compiler's sight: it would turn vpmullw by the constant
 * into four shifts and adds. */
static inline __m256i q_words(void)
{
    __m256i q = _mm256_set1_epi16(SNOVA_Q);
    __asm__("" : "+x"(q));
    return q;
}

/* Words below 256 mod q (q: q_words()). */
static inline __m256i byte_elem16(__m256i x, __m256i q)
{
    const __m256i t = _mm256_mulhi_epu16(x, _mm256_set1_epi16((short)GFQ_BYTE_DIV));
    return _mm256_sub_epi16(x, _mm256_mullo_epi16(t, q));
}

/* 32 bytes of any value at b to elements, in place. */
static inline void reduce32(uint8_t *b, __m256i q)
{
    const __m256i x = _mm256_loadu_si256((const __m256i *)b);
    const __m256i lo = byte_elem16(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(x)), q);
    const __m256i hi = byte_elem16(_mm256_cvtepu8_epi16(_mm256_extracti128_si256(x, 1)), q);
    _mm256_storeu_si256((__m256i *)b, _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xd8));
}

static inline void put_rows4(uint8_t *dst, size_t stride, __m128i blk)
{
    const uint32_t w0 = (uint32_t)_mm_cvtsi128_si32(blk), w1 = (uint32_t)_mm_extract_epi32(blk, 1);
    const uint32_t w2 = (uint32_t)_mm_extract_epi32(blk, 2), w3 = (uint32_t)_mm_extract_epi32(blk, 3);
    memcpy(dst, &w0, 4);
    memcpy(dst + stride, &w1, 4);
    memcpy(dst + 2 * stride, &w2, 4);
    memcpy(dst + 3 * stride, &w3, 4);
}

/* Four blocks side by side: the 16 bytes at b + 16 i are block i, its
 * rows its four 32-bit words; row r of the four blocks (a 4 x 4 transpose
 * of words) is one 16-byte store at dst + r stride. */
static inline void put_rows4x4(uint8_t *dst, size_t stride, const uint8_t *b)
{
    const __m128i a0 = _mm_loadu_si128((const __m128i *)b), a1 = _mm_loadu_si128((const __m128i *)(b + 16));
    const __m128i a2 = _mm_loadu_si128((const __m128i *)(b + 32)), a3 = _mm_loadu_si128((const __m128i *)(b + 48));
    const __m128i t0 = _mm_unpacklo_epi32(a0, a1), t1 = _mm_unpackhi_epi32(a0, a1);
    const __m128i t2 = _mm_unpacklo_epi32(a2, a3), t3 = _mm_unpackhi_epi32(a2, a3);
    _mm_storeu_si128((__m128i *)dst, _mm_unpacklo_epi64(t0, t2));
    _mm_storeu_si128((__m128i *)(dst + stride), _mm_unpackhi_epi64(t0, t2));
    _mm_storeu_si128((__m128i *)(dst + 2 * stride), _mm_unpacklo_epi64(t1, t3));
    _mm_storeu_si128((__m128i *)(dst + 3 * stride), _mm_unpackhi_epi64(t1, t3));
}

#if SNOVA_L == 4
static inline __m128i transpose4(__m128i blk)
{
    return _mm_shuffle_epi8(blk, _mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
}
#endif

void snova_avx2_gfq_prow(uint8_t *p11, uint8_t *p12, uint8_t *b, unsigned j, unsigned v, unsigned o, unsigned mode)
{
#if SNOVA_L == 4
    const size_t len = 10 + (size_t)(v - 1 - j + o) * 16, vl = 4 * (size_t)v, ol = 4 * (size_t)o;
    uint8_t *row = p11 + 4 * j * vl; /* row j l of p11 */
    const __m256i q = q_words();
    unsigned r, c;
    size_t k = 0;
    for (; (mode & SNOVA_GFQ_PROW_RAW) && len < 32 && k < len; k++) {
        b[k] = gfq_byte_elem(b[k]);
    }
    if ((mode & SNOVA_GFQ_PROW_RAW) && len >= 32) {
        /* the last 32 bytes first, then 32 at a time from the start: the
         * last of those overlaps them when len is not a multiple of 32
         * (reducing an element again keeps it), and reads them long after
         * their store (read right after it, the overlap waited for the
         * store to retire: 1 % of a signature) */
        reduce32(b + len - 32, q);
        for (k = 0; k + 32 < len; k += 32) {
            reduce32(b + k, q);
        }
    }
    for (r = 0; r < 4; r++) {
        for (c = r; c < 4; c++, b++) {
            row[r * vl + 4 * j + c] = *b;
            p11[(4 * j + c) * vl + 4 * j + r] = *b;
        }
    }
    for (k = j + 1; k + 4 <= v; k += 4, b += 64) {
        put_rows4x4(row + 4 * k, vl, b);
        put_rows4(p11 + 4 * k * vl + 4 * j, vl, transpose4(_mm_loadu_si128((const __m128i *)b)));
        put_rows4(p11 + 4 * (k + 1) * vl + 4 * j, vl, transpose4(_mm_loadu_si128((const __m128i *)(b + 16))));
        put_rows4(p11 + 4 * (k + 2) * vl + 4 * j, vl, transpose4(_mm_loadu_si128((const __m128i *)(b + 32))));
        put_rows4(p11 + 4 * (k + 3) * vl + 4 * j, vl, transpose4(_mm_loadu_si128((const __m128i *)(b + 48))));
    }
    for (; k < v; k++, b += 16) {
        const __m128i blk = _mm_loadu_si128((const __m128i *)b);
        put_rows4(row + 4 * k, vl, blk);
        put_rows4(p11 + 4 * k * vl + 4 * j, vl, transpose4(blk));
    }
    for (k = 0; k + 4 <= o; k += 4, b += 64) {
        put_rows4x4(p12 + 4 * j * ol + 4 * k, ol, b);
    }
    for (; k < o; k++, b += 16) {
        put_rows4(p12 + 4 * j * ol + 4 * k, ol, _mm_loadu_si128((const __m128i *)b));
    }
#else
    snova_gfq_prow_c(p11, p12, b, j, v, o, mode);
#endif
}

#if SNOVA_L == 4
/* 16 bytes of any value to elements. */
static inline __m128i elems16(__m128i x, __m256i q)
{
    const __m256i e = byte_elem16(_mm256_cvtepu8_epi16(x), q);
    return _mm_packus_epi16(_mm256_castsi256_si128(e), _mm256_extracti128_si256(e, 1));
}

/* Two blocks of 16 bytes, to elements (raw) or as they are: the first
 * in the low half. */
static inline __m256i two_blocks(const uint8_t *b, const int raw, __m256i q)
{
    const __m256i x = _mm256_loadu_si256((const __m256i *)b);
    __m256i lo, hi;
    if (!raw) {
        return x;
    }
    lo = byte_elem16(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(x)), q);
    hi = byte_elem16(_mm256_cvtepu8_epi16(_mm256_extracti128_si256(x, 1)), q);
    return _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xd8);
}

/* The high 8 bytes of w at p, unaligned (one vpextrq; _mm_storeh_pd
 * stores through a double *, which must be aligned). */
static inline void store_hi64(void *p, __m128i w)
{
    const uint64_t hi = (uint64_t)_mm_extract_epi64(w, 1);
    memcpy(p, &hi, 8);
}

/* A block's four rows of four elements (a row per 32-bit word) as words,
 * rows stride words apart. */
static inline void put_rows4_words(uint16_t *dst, size_t stride, __m128i blk)
{
    const __m256i w = _mm256_cvtepu8_epi16(blk);
    const __m128i lo = _mm256_castsi256_si128(w), hi = _mm256_extracti128_si256(w, 1);
    _mm_storel_epi64((__m128i *)(void *)dst, lo);
    store_hi64(dst + stride, lo);
    _mm_storel_epi64((__m128i *)(void *)(dst + 2 * stride), hi);
    store_hi64(dst + 3 * stride, hi);
}

/* The two pair rows of one block of L (api.h), words r of pair row 2k in
 * the low half, at lp + 2k lps + c. */
static inline void put_pairs(uint16_t *lp, size_t lps, size_t k, size_t c, __m128i w)
{
    _mm_storel_epi64((__m128i *)(void *)(lp + 2 * k * lps + c), w);
    store_hi64(lp + (2 * k + 1) * lps + c, w);
}

/* L's pair rows 2k and 2k + 1 (rows 4k .. 4k + 3) at columns 4j .. 4j +
 * 3 hold P11_jk transposed: word r of pair row 2k + h is the bytes 4r + 2h
 * and 4r + 2h + 1 of the block, so one vpshufb gathers both pair rows'
 * words (pair row 2k's in the low half). The diagonal block's triangle (10
 * bytes, row by row from the diagonal: t(r, c) for c >= r) goes the same
 * way, L[x][y] = t(y, x) for x >= y and zero above, by one vpshufb, its
 * diagonal (bytes 0, 3, 12 and 15 of the result) halved. Two blocks a
 * step, reduced together. */
static inline __attribute__((always_inline)) void lrow_blocks(uint16_t *lp, size_t lps, uint16_t *p12t,
                                                              const uint8_t *b, unsigned j, unsigned v,
                                                              unsigned o, const int raw)
{
    const __m256i split = _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15, 0, 1, 4, 5, 8, 9,
                                           12, 13, 2, 3, 6, 7, 10, 11, 14, 15);
    const __m256i tr = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9,
                                        13, 2, 6, 10, 14, 3, 7, 11, 15);
    const __m128i tri = _mm_setr_epi8(0, 1, -1, 4, -1, -1, -1, -1, 2, 3, 5, 6, 7, 8, -1, 9);
    const __m128i diag = _mm_setr_epi8(-1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, -1);
    const __m128i one = _mm_set1_epi8(1), qb = _mm_set1_epi8(SNOVA_Q);
    const __m256i q = q_words();
    const size_t vl = 4 * (size_t)v;
    __m128i d, odd, h;
    size_t k, n;
    /* the 10 bytes and the next 6 (at least one more block follows) */
    d = _mm_loadu_si128((const __m128i *)b);
    d = _mm_shuffle_epi8(raw ? elems16(d, q) : d, tri);
    odd = _mm_cmpeq_epi8(_mm_and_si128(d, one), one);
    h = _mm_and_si128(_mm_srli_epi16(_mm_add_epi8(d, _mm_and_si128(odd, qb)), 1), _mm_set1_epi8(0x7f));
    put_pairs(lp, lps, j, 4 * (size_t)j, _mm_blendv_epi8(d, h, diag));
    b += 10;
    for (k = j + 1; k + 1 < v; k += 2, b += 32) {
        const __m256i w = _mm256_shuffle_epi8(two_blocks(b, raw, q), split);
        put_pairs(lp, lps, k, 4 * (size_t)j, _mm256_castsi256_si128(w));
        put_pairs(lp, lps, k + 1, 4 * (size_t)j, _mm256_extracti128_si256(w, 1));
    }
    /* the last P11 block when their number is odd, with the first of P12 */
    n = 0;
    if (k < v) {
        const __m256i w = _mm256_shuffle_epi8(two_blocks(b, raw, q), _mm256_blend_epi32(split, tr, 0xf0));
        put_pairs(lp, lps, k, 4 * (size_t)j, _mm256_castsi256_si128(w));
        put_rows4_words(p12t + 4 * j, vl, _mm256_extracti128_si256(w, 1));
        n = 1;
        b += 32;
    }
    for (; n + 2 <= o; n += 2, b += 32) {
        const __m256i w = _mm256_shuffle_epi8(two_blocks(b, raw, q), tr);
        put_rows4_words(p12t + 4 * n * vl + 4 * j, vl, _mm256_castsi256_si128(w));
        put_rows4_words(p12t + 4 * (n + 1) * vl + 4 * j, vl, _mm256_extracti128_si256(w, 1));
    }
    if (n < o) { /* the last block alone: nothing is read past it */
        const __m128i x = _mm_loadu_si128((const __m128i *)b);
        put_rows4_words(p12t + 4 * n * vl + 4 * j, vl,
                        _mm_shuffle_epi8(raw ? elems16(x, q) : x, _mm256_castsi256_si128(tr)));
    }
}
#endif

void snova_avx2_gfq_lrow(uint16_t *lp, size_t lps, uint16_t *p12t, uint8_t *b, unsigned j, unsigned v,
                         unsigned o, int raw)
{
#if SNOVA_L == 4
    if (raw) {
        lrow_blocks(lp, lps, p12t, b, j, v, o, 1);
    } else {
        lrow_blocks(lp, lps, p12t, b, j, v, o, 0);
    }
#else
    snova_gfq_lrow_c(lp, lps, p12t, b, j, v, o, raw);
#endif
}

/* Pair p of rows (2p, 2p + 1), 16 lanes: e(2p) | e(2p + 1) << 8 from the
 * bytes of the two rows, reduced (byte_elem16: for bytes, the same values
 * as the twin's gfq_red16, in three instructions where red16_v takes
 * seven). */
static inline __m256i pair_v(__m128i lo, __m128i hi, __m256i q)
{
    return _mm256_or_si256(byte_elem16(_mm256_cvtepu8_epi16(lo), q),
                           _mm256_slli_epi16(byte_elem16(_mm256_cvtepu8_epi16(hi), q), 8));
}

/* The pair rows of nb blocks (l = 4): four blocks (64 bytes, 16 words of
 * 4 bytes) at a time are transposed so that each row's four words meet
 * (vpermd within each pair of blocks, then the 64-bit unpacks: rows 0 and
 * 2 in one register, 1 and 3 in the other), then each pair of rows is
 * widened, reduced and joined. The last nb mod 4 blocks go one block at
 * a time. */
void snova_avx2_gfq_hrows(uint16_t *h, size_t hs, const uint8_t *b, unsigned nb)
{
#if SNOVA_L == 4
    const __m256i pairs = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7), q = q_words();
    unsigned k = 0;
    for (; k + 4 <= nb; k += 4) {
        const __m256i x = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(b + 16 * k)), pairs);
        const __m256i y = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(b + 16 * k + 32)), pairs);
        const __m256i r02 = _mm256_unpacklo_epi64(x, y), r13 = _mm256_unpackhi_epi64(x, y);
        uint16_t *o = h + 4 * (size_t)k;
        _mm256_storeu_si256((__m256i *)o, pair_v(_mm256_castsi256_si128(r02), _mm256_castsi256_si128(r13), q));
        _mm256_storeu_si256((__m256i *)(o + hs),
                            pair_v(_mm256_extracti128_si256(r02, 1), _mm256_extracti128_si256(r13, 1), q));
    }
    for (; k < nb; k++) {
        /* rows 0..3 of the block, 4 bytes each, as the four words of a vector */
        const __m128i blk = _mm_loadu_si128((const __m128i *)(b + 16 * k));
        const __m256i p01 = pair_v(blk, _mm_srli_si128(blk, 4), q);
        const __m256i p23 = pair_v(_mm_srli_si128(blk, 8), _mm_srli_si128(blk, 12), q);
        _mm_storel_epi64((__m128i *)(void *)(h + 4 * k), _mm256_castsi256_si128(p01));
        _mm_storel_epi64((__m128i *)(void *)(h + hs + 4 * k), _mm256_castsi256_si128(p23));
    }
#else
    snova_gfq_hrows_c(h, hs, b, nb);
#endif
}

/* 16 words a step, the row's last 16 by one overlapping step (the same
 * values again); rows shorter than 16 by the twin's loop. */
void snova_avx2_gfq_red8(uint8_t *dst, size_t ds, const uint16_t *src, size_t ss, unsigned rows, unsigned cols)
{
    unsigned r, c;
    for (r = 0; r < rows; r++) {
        const uint16_t *s = src + (size_t)r * ss;
        uint8_t *d = dst + (size_t)r * ds;
        for (c = 0; cols < 16 && c < cols; c++) {
            d[c] = (uint8_t)gfq_red16(s[c]);
        }
        for (c = 0; cols >= 16; c += 16) {
            __m256i x;
            if (c + 16 > cols) {
                c = cols - 16;
            }
            x = red16_v(_mm256_loadu_si256((const __m256i *)(s + c)));
            _mm_storeu_si128((__m128i *)(d + c),
                             _mm_packus_epi16(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1)));
            if (c + 16 == cols) {
                break;
            }
        }
    }
}

/* yt[k ys + c] += the pair products of the l/2 pair rows of h with the
 * broadcast pairs of ub, modulo 2^16: one vpmaddubsw a pair row and 16
 * columns (the elements, below q < 128, are unsigned bytes on one side and
 * nonnegative signed bytes on the other; each sum of two products is below
 * 2 (q - 1)^2 < 2^15, so its saturation never applies). For each 16
 * columns (then 8) the pair rows of h stay in registers while the l^2
 * output rows pass, each taking its pairs from ub (8 lanes, one
 * vbroadcasti128 to 16). */
static inline __m256i pair_bc(const uint16_t *ub, unsigned p, unsigned k)
{
    return _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)(ub + ((size_t)p * GFQ_L2 + k) * SNOVA_GFQ_BC)));
}

void snova_avx2_gfq_trows(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len, const uint16_t *ub)
{
    unsigned k, p, c;
    for (c = 0; c + 16 <= len; c += 16) {
        __m256i hv[SNOVA_GFQ_PAIRS];
        for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
            hv[p] = _mm256_loadu_si256((const __m256i *)(h + (size_t)p * hs + c));
        }
        for (k = 0; k < GFQ_L2; k++) {
            __m256i sum = _mm256_maddubs_epi16(hv[0], pair_bc(ub, 0, k));
            uint16_t *y = yt + (size_t)k * ys + c;
            for (p = 1; p < SNOVA_GFQ_PAIRS; p++) {
                sum = _mm256_add_epi16(sum, _mm256_maddubs_epi16(hv[p], pair_bc(ub, p, k)));
            }
            _mm256_storeu_si256((__m256i *)y, _mm256_add_epi16(sum, _mm256_loadu_si256((const __m256i *)y)));
        }
    }
    if (c < len) { /* len is a multiple of SNOVA_GFQ_BC = 8 */
        __m128i hv[SNOVA_GFQ_PAIRS];
        for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
            hv[p] = _mm_loadu_si128((const __m128i *)(h + (size_t)p * hs + c));
        }
        for (k = 0; k < GFQ_L2; k++) {
            __m128i sum = _mm_maddubs_epi16(hv[0], _mm256_castsi256_si128(pair_bc(ub, 0, k)));
            uint16_t *y = yt + (size_t)k * ys + c;
            for (p = 1; p < SNOVA_GFQ_PAIRS; p++) {
                sum = _mm_add_epi16(sum, _mm_maddubs_epi16(hv[p], _mm256_castsi256_si128(pair_bc(ub, p, k))));
            }
            _mm_storeu_si128((__m128i *)y, _mm_add_epi16(sum, _mm_loadu_si128((const __m128i *)y)));
        }
    }
}
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx2_gfq_mul_none;
#endif
