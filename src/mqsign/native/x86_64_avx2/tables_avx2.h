/* MQ-Sign, AVX2: product tables, shared by matvec_avx2.c and
 * pubmap_avx2.c. The table of a field element s is 32 bytes: s * k, then
 * s * 16 k (k < 16). Multiplying a vector by s is then two vpshufb on its
 * nibbles (register tables: no memory address depends on the vector). A
 * table is built from the bit masks of s as the XOR of the constant tables
 * of 2^t under the masks (no address depends on s either). */
#ifndef PQSIG_MQSIGN_NATIVE_X86_64_AVX2_TABLES_H
#define PQSIG_MQSIGN_NATIVE_X86_64_AVX2_TABLES_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "mqsign/arith.h"

/* mqs_avx2_base[t]: the table of 2^t (t < 8), the element whose bit t
 * alone is set: 2^t * k, then 2^t * 16 k (k < 16). Field constants, the
 * same as mqs_expand_word gives for the words of k and 16 k (the kernel
 * tests compare every product with the portable twin's). */
static const uint8_t mqs_avx2_base[8][32] __attribute__((aligned(32))) = {
    {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
     0x00, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90, 0xa0, 0xb0, 0xc0, 0xd0, 0xe0, 0xf0},
    {0x00, 0x02, 0x03, 0x01, 0x08, 0x0a, 0x0b, 0x09, 0x0c, 0x0e, 0x0f, 0x0d, 0x04, 0x06, 0x07, 0x05,
     0x00, 0x20, 0x30, 0x10, 0x80, 0xa0, 0xb0, 0x90, 0xc0, 0xe0, 0xf0, 0xd0, 0x40, 0x60, 0x70, 0x50},
    {0x00, 0x04, 0x08, 0x0c, 0x06, 0x02, 0x0e, 0x0a, 0x0b, 0x0f, 0x03, 0x07, 0x0d, 0x09, 0x05, 0x01,
     0x00, 0x40, 0x80, 0xc0, 0x60, 0x20, 0xe0, 0xa0, 0xb0, 0xf0, 0x30, 0x70, 0xd0, 0x90, 0x50, 0x10},
    {0x00, 0x08, 0x0c, 0x04, 0x0b, 0x03, 0x07, 0x0f, 0x0d, 0x05, 0x01, 0x09, 0x06, 0x0e, 0x0a, 0x02,
     0x00, 0x80, 0xc0, 0x40, 0xb0, 0x30, 0x70, 0xf0, 0xd0, 0x50, 0x10, 0x90, 0x60, 0xe0, 0xa0, 0x20},
    {0x00, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90, 0xa0, 0xb0, 0xc0, 0xd0, 0xe0, 0xf0,
     0x00, 0x18, 0x2c, 0x34, 0x4b, 0x53, 0x67, 0x7f, 0x8d, 0x95, 0xa1, 0xb9, 0xc6, 0xde, 0xea, 0xf2},
    {0x00, 0x20, 0x30, 0x10, 0x80, 0xa0, 0xb0, 0x90, 0xc0, 0xe0, 0xf0, 0xd0, 0x40, 0x60, 0x70, 0x50,
     0x00, 0x2c, 0x34, 0x18, 0x8d, 0xa1, 0xb9, 0x95, 0xc6, 0xea, 0xf2, 0xde, 0x4b, 0x67, 0x7f, 0x53},
    {0x00, 0x40, 0x80, 0xc0, 0x60, 0x20, 0xe0, 0xa0, 0xb0, 0xf0, 0x30, 0x70, 0xd0, 0x90, 0x50, 0x10,
     0x00, 0x4b, 0x8d, 0xc6, 0x67, 0x2c, 0xea, 0xa1, 0xb9, 0xf2, 0x34, 0x7f, 0xde, 0x95, 0x53, 0x18},
    {0x00, 0x80, 0xc0, 0x40, 0xb0, 0x30, 0x70, 0xf0, 0xd0, 0x50, 0x10, 0x90, 0x60, 0xe0, 0xa0, 0x20,
     0x00, 0x8d, 0xc6, 0x4b, 0xb9, 0x34, 0x7f, 0xf2, 0xde, 0x53, 0x18, 0x95, 0x67, 0xea, 0xa1, 0x2c}};

/* The table of the element whose bit t is set where m[t] is all-ones
 * (m[t] all-ones or zero). */
static inline __m256i mqs_avx2_table(const uint64_t m[8])
{
    __m256i acc = _mm256_setzero_si256();
    unsigned t;
    for (t = 0; t < 8; t++) {
        const __m256i b = _mm256_load_si256((const __m256i *)(const void *)mqs_avx2_base[t]);
        acc = _mm256_xor_si256(acc, _mm256_and_si256(_mm256_set1_epi64x((long long)m[t]), b));
    }
    return acc;
}

/* The two halves of a stored table, each in both 128-bit lanes. */
static inline __m256i mqs_avx2_lo(const uint8_t tab[32])
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)tab));
}

static inline __m256i mqs_avx2_hi(const uint8_t tab[32])
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(tab + 16)));
}

/* x times the element of the table halves tl, th, x given by its low and
 * high nibbles (split once for several tables). */
static inline __m256i mqs_avx2_times_split(__m256i lo, __m256i hi, __m256i tl, __m256i th)
{
    return _mm256_xor_si256(_mm256_shuffle_epi8(tl, lo), _mm256_shuffle_epi8(th, hi));
}

/* x times the element of the table halves tl, th. */
static inline __m256i mqs_avx2_times(__m256i x, __m256i tl, __m256i th)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    return mqs_avx2_times_split(_mm256_and_si256(x, nib), _mm256_and_si256(_mm256_srli_epi16(x, 4), nib), tl, th);
}

/* Two 16-byte halves: a in the low 128-bit lane, b in the high one. */
static inline __m256i mqs_avx2_halves(const uint8_t *a, const uint8_t *b)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)a)),
                                   _mm_loadu_si128((const __m128i *)(const void *)b), 1);
}

/* Where lane k of a len-byte vector starts, for len >= 16: 16 k, or
 * len - 16 for a last lane that would run past the end (it overlaps the
 * one before). */
static inline size_t mqs_avx2_lane_at(unsigned k, size_t len)
{
    return 16 * ((size_t)k + 1) <= len ? 16 * (size_t)k : len - 16;
}

/* Paired lanes, for lengths of an odd number nl of 16-byte lanes (33 to 48
 * bytes: o = 46; 65 to 80: o = v = 72; 97 to 112): the sums
 *   sum_{i < count} s_i * vec_i   (mqs_matvec's offsets, s_i by its table)
 * as nl lanes, lane k the bytes from mqs_avx2_lane_at(k, len) on (lane-wise,
 * so the overlap comes out the same); with ntab = 2 also the sums by the
 * scalars of tab1 into sum1 (each vector read and split once for both).
 * Vectors go two at a time, i in the low lane of a register and i + 1 in
 * the high one, each with its own table (vpshufb looks up within a lane):
 * nl registers for two vectors, where whole registers take nl + 1. An odd
 * count ends with a zero table in the high lane. */
static inline void mqs_avx2_pair_step(__m256i *acc0, __m256i *acc1, const uint8_t *p, const uint8_t *q,
                                      const __m256i t0[2], const __m256i t1[2], const size_t *off, const unsigned nl,
                                      const unsigned ntab)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    unsigned k;
    for (k = 0; k < nl; k++) {
        const __m256i x = mqs_avx2_halves(p + off[k], q + off[k]);
        const __m256i lo = _mm256_and_si256(x, nib), hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), nib);
        acc0[k] = _mm256_xor_si256(mqs_avx2_times_split(lo, hi, t0[0], t0[1]), acc0[k]);
        if (ntab == 2) {
            acc1[k] = _mm256_xor_si256(mqs_avx2_times_split(lo, hi, t1[0], t1[1]), acc1[k]);
        }
    }
}

/* The halves of the tables a (low lane) and b (high lane). */
static inline void mqs_avx2_pair_tabs(__m256i t[2], const uint8_t *a, const uint8_t *b)
{
    t[0] = mqs_avx2_halves(a, b);
    t[1] = mqs_avx2_halves(a + 16, b + 16);
}

static inline void mqs_avx2_pair_sums(__m128i *sum0, __m128i *sum1, const uint8_t *vecs, ptrdiff_t stride,
                                      ptrdiff_t dstride, const uint8_t (*tab0)[32], const uint8_t (*tab1)[32],
                                      size_t count, size_t len, const unsigned nl, const unsigned ntab)
{
    static const uint8_t zero[32] = {0};
    __m256i acc0[7], acc1[7], t0[2], t1[2];
    size_t off[7], i;
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    unsigned k;
    for (k = 0; k < nl; k++) {
        acc0[k] = acc1[k] = _mm256_setzero_si256();
        off[k] = mqs_avx2_lane_at(k, len);
    }
    for (i = 0; i + 1 < count; i += 2) {
        const uint8_t *q = p + st;
        mqs_avx2_pair_tabs(t0, tab0[i], tab0[i + 1]);
        if (ntab == 2) {
            mqs_avx2_pair_tabs(t1, tab1[i], tab1[i + 1]);
        }
        mqs_avx2_pair_step(acc0, acc1, p, q, t0, t1, off, nl, ntab);
        st += dstride;
        p = q + st;
        st += dstride;
    }
    if (i < count) {
        mqs_avx2_pair_tabs(t0, tab0[i], zero);
        if (ntab == 2) {
            mqs_avx2_pair_tabs(t1, tab1[i], zero);
        }
        mqs_avx2_pair_step(acc0, acc1, p, p, t0, t1, off, nl, ntab);
    }
    for (k = 0; k < nl; k++) {
        sum0[k] = _mm_xor_si128(_mm256_castsi256_si128(acc0[k]), _mm256_extracti128_si256(acc0[k], 1));
        if (ntab == 2) {
            sum1[k] = _mm_xor_si128(_mm256_castsi256_si128(acc1[k]), _mm256_extracti128_si256(acc1[k], 1));
        }
    }
}

#endif
