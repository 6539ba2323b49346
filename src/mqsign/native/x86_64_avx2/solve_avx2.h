/* MQ-Sign, AVX2: the solver's elimination steps (by rows, by columns), the
 * pivot search's row additions and the back substitution's products on
 * 256-bit registers (the contracts of MQS_ELIM_STEP, MQS_COLS_STEP,
 * MQS_ADD_MASKED, MQS_DOT and MQS_AXPY in ../../solve.c), included after
 * solve.c by recompiled_avx2.c and, compiled with AVX-512VL, by
 * ../x86_64_avx512/solve_avx512.c. Products by a secret go
 * through tables of 32 bytes (tables_avx2.h) built from logarithms in the
 * subfield GF(16), or, of two vectors, through those logarithms directly:
 * every index is in a register, none is an address. */
#ifndef PQSIG_MQSIGN_NATIVE_X86_64_AVX2_SOLVE_AVX2_H
#define PQSIG_MQSIGN_NATIVE_X86_64_AVX2_SOLVE_AVX2_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "mqsign/native/x86_64_avx2/tables_avx2.h"

/* Words w .. w+3 of a row, or w .. w+1 when only two are left (nw - w0 is
 * even; the count is public), the rest zero. */
static inline __m256i load_part(const uint64_t *p, unsigned w, unsigned nw)
{
    if (nw - w >= 4) {
        return _mm256_loadu_si256((const __m256i *)(const void *)(p + w));
    }
    return _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p + w)));
}

static inline void store_part(uint64_t *p, unsigned w, unsigned nw, __m256i v)
{
    if (nw - w >= 4) {
        _mm256_storeu_si256((__m256i *)(void *)(p + w), v);
    } else {
        _mm_storeu_si128((__m128i *)(void *)(p + w), _mm256_castsi256_si128(v));
    }
}

/* The portable add_masked's contract (solve.c), a register at a time */
static inline void avx2_add_masked(uint64_t *restrict dst, const uint64_t *restrict src, uint64_t z, unsigned n)
{
    const __m256i m = _mm256_set1_epi64x((long long)z);
    unsigned w;
    for (w = 0; w + 4 <= n; w += 4) {
        __m256i *d = (__m256i *)(void *)(dst + w);
        const __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(src + w));
        _mm256_storeu_si256(d, _mm256_xor_si256(_mm256_loadu_si256(d), _mm256_and_si256(a, m)));
    }
    if (w < n) {
        __m128i *d = (__m128i *)(void *)(dst + w);
        const __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(src + w));
        _mm_storeu_si128(d, _mm_xor_si128(_mm_loadu_si128(d), _mm_and_si128(a, _mm256_castsi256_si128(m))));
    }
}

/* Products in the subfield GF(16) (the low nibbles, a subfield of the
 * tower): logarithms to the base 4, log 0 = 0x90 and the exponentials.
 * Facts of the field, checked by the kernel tests (every pivot value). */
static const uint8_t gf16_log[16] = {0x90, 0x00, 0x05, 0x0a, 0x01, 0x04, 0x02, 0x08,
                                     0x06, 0x0d, 0x09, 0x07, 0x0b, 0x0c, 0x03, 0x0e};
static const uint8_t gf16_exp[16] = {0x01, 0x04, 0x06, 0x0e, 0x05, 0x02, 0x08, 0x0b,
                                     0x07, 0x0a, 0x03, 0x0c, 0x0d, 0x09, 0x0f, 0x00};
/* k in lane 0, 8 k in lane 1 (the constant of Y^2 = Y + 8, Y = 16) */
static const uint8_t gf16_id_8[32] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
                                      0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x00, 0x08, 0x0c, 0x04, 0x0b, 0x03,
                                      0x07, 0x0f, 0x0d, 0x05, 0x01, 0x09, 0x06, 0x0e, 0x0a, 0x02};

static inline __m256i bcast16(const uint8_t t[16])
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)t));
}

/* exp(la + lb mod 15) of two logarithms (gf16_log: a zero saturates the
 * sum past 0x80, where vpshufb gives 0) */
static inline __m256i gf16_exp_sum(__m256i la, __m256i lb)
{
    const __m256i t = _mm256_adds_epu8(la, lb);
    return _mm256_shuffle_epi8(bcast16(gf16_exp), _mm256_min_epu8(t, _mm256_sub_epi8(t, _mm256_set1_epi8(15))));
}

/* a_b * k in byte k of each lane b (a_b < 16 in every byte of lane b) */
static inline __m256i gf16_row(__m256i a)
{
    const __m256i lg = bcast16(gf16_log);
    return gf16_exp_sum(_mm256_shuffle_epi8(lg, a), lg);
}

/* The table of a secret s (tables_avx2.h), its halves each in both lanes,
 * from products in GF(16) (s = s1 Y + s0, k in GF(16), Y = 16):
 *   s k   = (s1 k) Y + s0 k,   s k Y = ((s1 + s0) k) Y + (8 s1) k.
 * Register arithmetic only: no branch or address depends on s. */
static inline void secret_table(__m256i *tl, __m256i *th, uint8_t s)
{
    const __m256i nib = _mm256_set1_epi8(0x0f), v = _mm256_set1_epi8((char)s);
    const __m256i lo = _mm256_and_si256(v, nib), hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), nib);
    /* low nibbles of the products: s0 k | 8 s1 k; high: s1 k | (s1 + s0) k */
    const __m256i a = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)gf16_id_8),
                                          _mm256_blend_epi32(lo, hi, 0xf0));
    const __m256i b = _mm256_xor_si256(hi, _mm256_blend_epi32(_mm256_setzero_si256(), lo, 0xf0));
    const __m256i tab = _mm256_or_si256(gf16_row(a), _mm256_slli_epi16(gf16_row(b), 4));
    *tl = _mm256_permute4x64_epi64(tab, 0x44);
    *th = _mm256_permute4x64_epi64(tab, 0xee);
}

/* The products a_k b_k of two vectors of secrets, byte by byte, in the
 * tower (a = a1 Y + a0):
 *   a b = (a1 b1 + a1 b0 + a0 b1) Y + (a0 b0 + 8 a1 b1). */
static inline __m256i gf256_mul_vv(__m256i a, __m256i b)
{
    const __m256i nib = _mm256_set1_epi8(0x0f), lg = bcast16(gf16_log);
    const __m256i la0 = _mm256_shuffle_epi8(lg, _mm256_and_si256(a, nib));
    const __m256i la1 = _mm256_shuffle_epi8(lg, _mm256_and_si256(_mm256_srli_epi16(a, 4), nib));
    const __m256i lb0 = _mm256_shuffle_epi8(lg, _mm256_and_si256(b, nib));
    const __m256i lb1 = _mm256_shuffle_epi8(lg, _mm256_and_si256(_mm256_srli_epi16(b, 4), nib));
    const __m256i p11 = gf16_exp_sum(la1, lb1);
    const __m256i hi = _mm256_xor_si256(p11, _mm256_xor_si256(gf16_exp_sum(la1, lb0), gf16_exp_sum(la0, lb1)));
    const __m256i lo = _mm256_xor_si256(gf16_exp_sum(la0, lb0), _mm256_shuffle_epi8(bcast16(gf16_id_8 + 16), p11));
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 4));
}

/* Words w .. w+3 of p, those from to on read as zero (masked loads: no
 * access past word to - 1; the count is public). */
static inline __m256i load_upto(const void *p, unsigned w, unsigned to)
{
    const __m256i lane = _mm256_setr_epi64x(0, 1, 2, 3);
    const __m256i mask = _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(to - w)), lane);
    return _mm256_maskload_epi64((const long long *)p + w, mask);
}

/* The portable dot's contract (solve.c): the sum of the products of words
 * from .. to of a row and of x, by gf256_mul_vv a register at a time and
 * one horizontal sum. pl is not used. */
static inline uint8_t avx2_dot(uint64_t *restrict pl, const uint64_t *a, const uint8_t *x, unsigned from,
                               unsigned to)
{
    __m256i acc = _mm256_setzero_si256();
    __m128i h;
    unsigned w;
    (void)pl;
    for (w = from; w < to; w += 4) {
        acc = _mm256_xor_si256(acc, gf256_mul_vv(load_upto(a, w, to), load_upto(x, w, to)));
    }
    h = _mm_xor_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    h = _mm_xor_si128(h, _mm_srli_si128(h, 8));
    h = _mm_xor_si128(h, _mm_srli_si128(h, 4));
    h = _mm_xor_si128(h, _mm_srli_si128(h, 2));
    h = _mm_xor_si128(h, _mm_srli_si128(h, 1));
    return (uint8_t)_mm_cvtsi128_si32(h);
}

#if BY_COLUMNS
/* The portable axpy's contract (solve.c): a table of s, and the words of
 * acc and col a register at a time (masked past word n - 1). be is not
 * used. */
static inline void avx2_axpy(uint64_t *restrict be, uint8_t *acc, const uint64_t *col, uint8_t s, unsigned n)
{
    const __m256i lane = _mm256_setr_epi64x(0, 1, 2, 3);
    __m256i tl, th;
    unsigned w;
    (void)be;
    secret_table(&tl, &th, s);
    for (w = 0; w < n; w += 4) {
        const __m256i mask = _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(n - w)), lane);
        long long *a = (long long *)(void *)acc + w;
        const __m256i p = mqs_avx2_times(_mm256_maskload_epi64((const long long *)col + w, mask), tl, th);
        _mm256_maskstore_epi64(a, mask, _mm256_xor_si256(_mm256_maskload_epi64(a, mask), p));
    }
}
#endif

/* Each of count rows (first, first + stride, ...) gains (its byte c) times
 * the row whose nibbles are in split (low nibbles of vector k at 2k, high
 * at 2k + 1), in words w0 .. nw: a table of the row's byte, then two
 * vpshufb and two XOR a register of products. */
static inline void add_products(uint64_t *first, size_t stride, unsigned count, unsigned c, const __m256i *split,
                                unsigned w0, unsigned nw)
{
    __m256i tl, th;
    unsigned j, w, k;
    for (j = 0; j < count; j++) {
        uint64_t *rj = first + (size_t)j * stride;
        secret_table(&tl, &th, row_byte(rj, c));
        for (w = w0, k = 0; w < nw; w += 4, k++) {
            const __m256i p =
                mqs_avx2_times_split(_mm256_loadu_si256(split + 2 * k), _mm256_loadu_si256(split + 2 * k + 1), tl, th);
            store_part(rj, w, nw, _mm256_xor_si256(load_part(rj, w, nw), p));
        }
    }
}

/* The nibbles of u into split[2k], split[2k + 1] */
static inline void put_split(__m256i *split, unsigned k, __m256i u)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    _mm256_storeu_si256(split + 2 * k, _mm256_and_si256(u, nib));
    _mm256_storeu_si256(split + 2 * k + 1, _mm256_and_si256(_mm256_srli_epi16(u, 4), nib));
}

/* The portable elim_step's and cols_step's contracts (solve.c), by tables:
 * the scaled row (the multipliers) is split into nibbles once, and each
 * row (column) to update gets the table of its entry (add_products),
 * where the multiples of the row selected by bit masks took eight AND and
 * eight XOR a register. The nibbles, secret, go to the scratch xe (fe),
 * which the caller wipes; be is not used. Loop bounds and addresses follow
 * i, c, w0, nw and the counts (public). */
#define ELIM_VECS 3
/* the widest elimination (solve.c: a row, or a column and S's rows) */
#define ELIM_WORDS (BY_COLUMNS ? CW : RW)
typedef char mqs_check_elim_vecs[ELIM_WORDS <= 4 * ELIM_VECS && 8 * RW >= 8 * ELIM_VECS ? 1 : -1];

static void avx2_elim_step(uint64_t *rows, size_t rw, unsigned i, unsigned nrows, unsigned c, uint8_t inv,
                           unsigned w0, unsigned nw, uint64_t *be, uint64_t (*xe)[RW])
{
    uint64_t *ri = rows + (size_t)i * rw;
    __m256i *split = (__m256i *)(void *)&xe[0][0];
    __m256i tl, th;
    unsigned w, k;
    (void)be;
    secret_table(&tl, &th, inv);
    for (w = w0, k = 0; w < nw; w += 4, k++) {
        const __m256i u = mqs_avx2_times(load_part(ri, w, nw), tl, th);
        store_part(ri, w, nw, u);
        put_split(split, k, u);
    }
    add_products(ri + rw, rw, nrows - i - 1, c, split, w0, nw);
}

#if BY_COLUMNS
static void avx2_cols_step(uint64_t (*cols)[CW], unsigned i, unsigned ncols, uint8_t ip, unsigned w0, uint64_t *be,
                           uint64_t (*fe)[RW])
{
    const __m256i at = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                        21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    __m256i *split = (__m256i *)(void *)&fe[0][0];
    __m256i tl, th;
    unsigned w, k;
    (void)be;
    secret_table(&tl, &th, ip);
    for (w = w0, k = 0; w < CW; w += 4, k++) {
        /* column i times ip, kept in rows below i (byte 8 w + b is row
         * 8 w + b; rows < 128) */
        const __m256i below = _mm256_cmpgt_epi8(_mm256_add_epi8(at, _mm256_set1_epi8((char)(8 * w))),
                                                _mm256_set1_epi8((char)i));
        put_split(split, k, _mm256_and_si256(mqs_avx2_times(load_part(cols[i], w, CW), tl, th), below));
    }
    add_products(cols[i + 1], CW, ncols - i - 1, i, split, w0, CW);
}
#endif

#endif
