/* MQ-Sign, AVX2: the solver's elimination step and row update on 256-bit
 * registers (the contracts of MQS_ELIM_STEP and MQS_ADD_MULTIPLE in
 * ../../solve.c), included after solve.c by recompiled_avx2.c and, compiled
 * with AVX-512VL (gcc then fuses each AND and XOR into one vpternlogq), by
 * ../x86_64_avx512/solve_avx512.c. */
#ifndef PQSIG_MQSIGN_NATIVE_X86_64_AVX2_SOLVE_AVX2_H
#define PQSIG_MQSIGN_NATIVE_X86_64_AVX2_SOLVE_AVX2_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

/* Four words of lanes: the field maps of arith.h on a register. */
typedef uint64_t mqs_v4 __attribute__((vector_size(32)));
#define MQS_MAP_WORD mqs_v4
#define MQS_MAP(name) v4_##name
#include "mqsign/field_maps.h"

/* m[t] = all-ones when bit t of the (secret) scalar s is set: one
 * broadcast, one AND and one compare give byte k of every 8 as the mask of
 * bit k, then one vpshufb spreads mask t over a register. */
static inline void bit_masks(__m256i m[8], uint8_t s)
{
    const __m256i bits = _mm256_set1_epi64x((long long)0x8040201008040201ull);
    const __m256i sel = _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_set1_epi8((char)s), bits), bits);
    unsigned t;
    for (t = 0; t < 8; t++) {
        m[t] = _mm256_shuffle_epi8(sel, _mm256_set1_epi8((char)t));
    }
}

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

/* sum_t m[t] & e[t] */
static inline __m256i select_sum(const __m256i m[8], const __m256i e[8])
{
    __m256i r = _mm256_and_si256(m[0], e[0]);
    unsigned t;
    for (t = 1; t < 8; t++) {
        r = _mm256_xor_si256(r, _mm256_and_si256(m[t], e[t]));
    }
    return r;
}

/* dst[w0..nw) ^= s * u, u given by its multiples xe[t] = u * 2^t (the
 * portable add_multiple's contract): 8 AND and 8 XOR per 32 bytes. No
 * branch or address depends on s; w0 and nw (public row lengths) pick the
 * loop bounds. */
static inline void avx2_add_multiple(uint64_t *dst, const uint64_t (*xe)[RW], uint8_t s, unsigned w0, unsigned nw)
{
    __m256i m[8], e[8];
    unsigned w, t;
    bit_masks(m, s);
    for (w = w0; w < nw; w += 4) {
        for (t = 0; t < 8; t++) {
            e[t] = load_part(xe[t], w, nw);
        }
        store_part(dst, w, nw, _mm256_xor_si256(load_part(dst, w, nw), select_sum(m, e)));
    }
}

/* The portable elim_step's contract: row i times inv (its 8 multiples
 * selected by the bits of inv), then the 8 multiples of the scaled row
 * into xe, 4 words a register; then the row updates. */
static void avx2_elim_step(uint64_t *rows, size_t rw, unsigned i, unsigned nrows, unsigned c, uint8_t inv,
                           unsigned w0, unsigned nw, uint64_t *be, uint64_t (*xe)[RW])
{
    uint64_t *ri = rows + (size_t)i * rw;
    __m256i m[8];
    unsigned j, w, t;
    (void)be;
    bit_masks(m, inv);
    for (w = w0; w < nw; w += 4) {
        mqs_v4 e[8], u;
        v4_expand_word(e, (mqs_v4)load_part(ri, w, nw));
        u = (mqs_v4)select_sum(m, (const __m256i *)e);
        store_part(ri, w, nw, (__m256i)u);
        v4_expand_word(e, u);
        for (t = 0; t < 8; t++) {
            store_part(xe[t], w, nw, (__m256i)e[t]);
        }
    }
    for (j = i + 1; j < nrows; j++) {
        uint64_t *rj = rows + (size_t)j * rw;
        avx2_add_multiple(rj, (const uint64_t(*)[RW])xe, row_byte(rj, c), w0, nw);
    }
}

#endif
