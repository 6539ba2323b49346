/* SNOVA, odd prime q, l = 4, AVX-512BW: the block stage of the signing
 * system (snova_gfq_rows, native/api.h) on pairs of oil blocks. avx2's
 * kernel (x86_64_avx2/gfq_blocks_avx2.c) holds a 4 x 4 block in a 256-bit
 * vector and works on it within that vector only; here blocks t and t + 1
 * share a 512-bit vector, one to a half, and the same body
 * (x86_64_avx2/gfq_rows_body.h) runs both, its per-term constants in both
 * halves. o = 5 takes three passes where avx2 takes five: the last pair's
 * upper half computes on lanes past the oil blocks (R's padding, tp > o)
 * and is never stored. The operations, sums and reductions are avx2's, so
 * the results are the twin's bit for bit; no branch or address depends on
 * R or on anything made from it. */
#include <immintrin.h>
#include <string.h>

#include "snova/native/api.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q != 16
#if SNOVA_L != 4
#error "written for l = 4, the l of every odd-q set"
#endif
#include "snova/gfq/scalar.h"
#include "snova/native/x86_64_avx512/gfq_lanes_avx512.h"

#define ALPHA_L4 20u /* l^2 + l */

/* 32 bytes (a vpshufb control, or a vector of 16 words) in both halves */
static inline __m512i both_halves(__m256i x)
{
    return _mm512_broadcast_i64x4(x);
}

/* The 64-bit words of each half's 4 x 4 transposed, as
 * snova_avx2_words_transpose does for one: its 128-bit lane moves are
 * two-source permutes of words within each half. */
static inline void words_transpose_halves(__m512i v[4])
{
    const __m512i a = _mm512_unpacklo_epi64(v[0], v[1]), b = _mm512_unpackhi_epi64(v[0], v[1]);
    const __m512i c = _mm512_unpacklo_epi64(v[2], v[3]), d = _mm512_unpackhi_epi64(v[2], v[3]);
    const __m512i lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13), hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    v[0] = _mm512_permutex2var_epi64(a, lo, c);
    v[1] = _mm512_permutex2var_epi64(b, lo, d);
    v[2] = _mm512_permutex2var_epi64(a, hi, c);
    v[3] = _mm512_permutex2var_epi64(b, hi, d);
}

/* Words 16 k of the rows of block t (at r4) and of block t + 1 (64 words
 * on), one to a half. */
static inline __m512i load_pair_blocks(const uint16_t *r4, unsigned k)
{
    const __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)(r4 + 16 * k));
    const __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(r4 + 64 + 16 * k));
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

/* Block t's row at dst, block t + 1's 16 words on when `both` (public:
 * the number of oil blocks). */
static inline void store_pair_blocks(uint16_t *dst, __m512i v, int both)
{
    _mm256_storeu_si256((__m256i *)(void *)dst, _mm512_castsi512_si256(v));
    if (both) {
        _mm256_storeu_si256((__m256i *)(void *)(dst + 16), _mm512_extracti64x4_epi64(v, 1));
    }
}

#define GV __m512i
#define GR_STEP 2u
#define GR_ROWS snova_avx512_gfq_rows
#define gv_mullo _mm512_mullo_epi16
#define gv_mulhi _mm512_mulhi_epu16
#define gv_add _mm512_add_epi16
#define gv_sub _mm512_sub_epi16
#define gv_set1 _mm512_set1_epi16
#define gv_zero _mm512_setzero_si512
#define gv_load(p) _mm512_loadu_si512((const void *)(p))
#define gv_store(p, v) _mm512_storeu_si512((void *)(p), (v))
#define gv_red16 red16_z
#define gv_shuf _mm512_shuffle_epi8
#define gv_row(x, k) _mm512_permutex_epi64((x), 0x55 * (k))
#define gv_ctl(c) both_halves(_mm256_loadu_si256((const __m256i *)(const void *)(c)))
#define gv_widen(x) both_halves(_mm256_cvtepu8_epi16(x))
#define gv_transpose words_transpose_halves
#define gv_load_r load_pair_blocks
#define gv_store_blocks store_pair_blocks
#include "snova/native/x86_64_avx2/gfq_rows_body.h"
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx512_gfq_rows_none;
#endif
