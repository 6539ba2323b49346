/* SNOVA, odd prime q, AVX-512BW: the vpmaddubsw products of
 * x86_64_avx2/gfq_mul_avx2.c (snova_gfq_mul and snova_gfq_mul_pairs) on
 * 512-bit vectors, 32 columns a vector. The strips, blocks and loops are
 * avx2's, from the one body both compile (x86_64_avx2/gfq_mul_body.h);
 * what differs is a strip's last partial vector, read and written here
 * through masked loads and stores of its k words, so nothing past a row
 * is ever read or written (avx2 reads a whole vector where the matrix
 * allows, else copies it through a buffer).
 *
 * Strips of three vectors, 96 columns: the packed block (52 pair rows of
 * 96 words, 9.75 KiB) stays below avx2's 11.4 KiB, which the _temp forms'
 * 16 KiB stack is sized for. The level-1 widths v l = 76 and 84 are one
 * strip of three vectors where avx2 runs five or six; the products,
 * reductions and ends are the twin's, so the results are equal bit for
 * bit, and no branch or address depends on an element. */
#include <immintrin.h>
#include <string.h>

#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q != 16
#include "snova/gfq/scalar.h"
#include "snova/native/x86_64_avx512/gfq_lanes_avx512.h"

#define MUL_VECS 3u
#define MUL_STRIP (32u * MUL_VECS)
#define MUL_PAIRS (SNOVA_GFQ_CHUNK / 2u < 52u ? SNOVA_GFQ_CHUNK / 2u : 52u)
#define MUL_PAIRS_GIVEN (SNOVA_GFQ_CHUNK / 2u)

typedef char gfq_mul512_pairs_ok[MUL_PAIRS >= 1 ? 1 : -1];

/* The first k of 32 lanes (k <= 32). */
static inline __mmask32 first_lanes(unsigned k)
{
    return (__mmask32)_bzhi_u32(0xffffffffu, k);
}

/* 32 words x0[c] | x1[c] << 8 (x1 zero when !two), bytes from k on not
 * read. */
static inline __m512i pair_bytes(const uint8_t *x0, const uint8_t *x1, int two, unsigned k)
{
    const __mmask32 m = first_lanes(k);
    const __m512i v0 = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(m, x0));
    const __m512i v1 = two ? _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(m, x1)) : _mm512_setzero_si512();
    return _mm512_or_si512(v0, _mm512_slli_epi16(v1, 8));
}

/* The pair (a[m], a[m + 1]) of one row as a word, broadcast; `two` is
 * zero for a lone last element (its partner is not read). */
static inline __m512i pair_bcast(const uint8_t *a, size_t a_cs, int two)
{
    return _mm512_set1_epi16((short)(a[0] | (two ? a[a_cs] : 0) << 8));
}

static inline __m512i load_pair(const uint8_t *a)
{
    uint16_t w;
    memcpy(&w, a, 2);
    return _mm512_set1_epi16((short)w);
}

/* acc += (pair b) x (32 packed pairs at xv). The empty asm keeps each sum
 * in its accumulator, as in avx2 (the emulation's vectors are structs). */
#if defined(PQSIG_KSET_EMULATED_AVX512)
#define GM_KEEP(acc) (void)0
#else
#define GM_KEEP(acc) __asm__("" : "+v"(acc))
#endif
#define MAC_VEC(acc, b, xv)                                                                                \
    do {                                                                                                   \
        acc = _mm512_add_epi16(_mm512_maddubs_epi16(b, _mm512_loadu_si512((const void *)(xv))), acc);      \
        GM_KEEP(acc);                                                                                      \
    } while (0)

/* o[c .. width) = (o + acc mod q) mod q for the vector from c: its lanes
 * past width neither read nor written. */
static inline void finish_vec(uint16_t *o, unsigned c, unsigned width, __m512i acc, const uint16_t *o_end)
{
    const __mmask32 m = first_lanes(width - c < 32 ? width - c : 32);
    const __m512i q = _mm512_set1_epi16(SNOVA_Q);
    __m512i v = _mm512_add_epi16(_mm512_maskz_loadu_epi16(m, o + c), red16_z(acc));
    (void)o_end;
    v = _mm512_min_epu16(v, _mm512_sub_epi16(v, q));
    _mm512_mask_storeu_epi16(o + c, m, v);
}

#define GM_V __m512i
#define GM_L 32u
#define GM_MUL snova_avx512_gfq_mul
#define GM_MUL_PAIRS snova_avx512_gfq_mul_pairs
#define gm_zero() _mm512_setzero_si512()
#define gm_store(p, v) _mm512_storeu_si512((void *)(p), (v))
#define GM_TAIL_READ_OK(in_bounds) 1
/* Products of at most 16 columns (verification's Z, signing's D) fill
 * one 256-bit vector: avx2's kernel. A 512-bit vector half empty takes as
 * many instructions, and its masked ends and loads cost more (the Intel
 * Xeon of 2026-12-03 ran both widths of vpmaddubsw at about two a cycle):
 * verification took 0.87 of avx2's time with it, 0.83 without. */
#define GM_NARROW_COLS 16u
#define GM_NARROW_MUL snova_avx2_gfq_mul
#define GM_NARROW_MUL_PAIRS snova_avx2_gfq_mul_pairs
#include "snova/native/x86_64_avx2/gfq_mul_body.h"
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx512_gfq_mul_none;
#endif
