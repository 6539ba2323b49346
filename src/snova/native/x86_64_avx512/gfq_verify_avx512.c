/* SNOVA, odd prime q, l = 4, AVX-512BW: two kernels of verification's
 * public map on 512-bit vectors, each running avx2's for what is left of
 * its row (x86_64_avx2/gfq_mul_avx2.c).
 *
 * snova_avx512_gfq_trows keeps 32 columns of the l/2 pair rows of H in
 * registers while the l^2 output rows pass (avx2: 16), each row's pairs
 * of ub broadcast from 8 lanes to 32 (one vbroadcasti32x4); vpmaddubsw
 * and the sums modulo 2^16 are avx2's.
 *
 * snova_avx512_gfq_hrows lays 8 blocks (128 bytes) a step side by side as
 * pair rows: one two-source permute of 32-bit words gathers rows 0 and 1
 * of the 8 blocks (rows 2 and 3 by another), then each row's bytes are
 * widened, reduced (gfq_byte_elem's operations) and joined (avx2: 4
 * blocks a step, two permutes and two unpacks).
 *
 * Both compute the twins' values on another grouping; the inputs are
 * public (the public key and the signature), and no branch or address
 * depends on them anyway. */
#include <immintrin.h>

#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q != 16
#if SNOVA_L != 4
#error "written for l = 4, the l of every odd-q set"
#endif
#include "snova/gfq/scalar.h"

void snova_avx512_gfq_trows(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len, const uint16_t *ub)
{
    unsigned k, p, c;
    for (c = 0; c + 32 <= len; c += 32) {
        __m512i hv[SNOVA_GFQ_PAIRS];
        for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
            hv[p] = _mm512_loadu_si512((const void *)(h + (size_t)p * hs + c));
        }
        for (k = 0; k < GFQ_L2; k++) {
            uint16_t *y = yt + (size_t)k * ys + c;
            __m512i sum = _mm512_loadu_si512((const void *)y);
            for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
                const __m128i u = _mm_loadu_si128((const __m128i *)(const void *)(ub + ((size_t)p * GFQ_L2 + k) *
                                                                                            SNOVA_GFQ_BC));
                sum = _mm512_add_epi16(sum, _mm512_maddubs_epi16(hv[p], _mm512_broadcast_i32x4(u)));
            }
            _mm512_storeu_si512((void *)y, sum);
        }
    }
    if (c < len) {
        snova_avx2_gfq_trows(yt + c, ys, h + c, hs, len - c, ub);
    }
}

/* q, out of the compiler's sight (it would turn vpmullw by the constant
 * into shifts and adds), as avx2's q_words; the emulation's vectors are
 * structs. */
static inline __m512i q_words_z(void)
{
    __m512i q = _mm512_set1_epi16(SNOVA_Q);
#if !defined(PQSIG_KSET_EMULATED_AVX512)
    __asm__("" : "+v"(q));
#endif
    return q;
}

/* Words below 256 mod q: gfq_byte_elem's operations. */
static inline __m512i byte_elem_z(__m512i x, __m512i q)
{
    const __m512i t = _mm512_mulhi_epu16(x, _mm512_set1_epi16((short)GFQ_BYTE_DIV));
    return _mm512_sub_epi16(x, _mm512_mullo_epi16(t, q));
}

/* 32 words e(lo byte) | e(hi byte) << 8 from the rows gathered in r: the
 * first row's 32 bytes in the low half, the second's in the high one. */
static inline __m512i pair_rows_z(__m512i r, __m512i q)
{
    const __m512i lo = byte_elem_z(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(r)), q);
    const __m512i hi = byte_elem_z(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(r, 1)), q);
    return _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8));
}

void snova_avx512_gfq_hrows(uint16_t *h, size_t hs, const uint8_t *b, unsigned nb)
{
    /* 32-bit word 4 j + r of the 8 blocks (x: blocks 0-3, y: 4-7) is row r of block j */
    const __m512i rows01 = _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29);
    const __m512i rows23 = _mm512_setr_epi32(2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31);
    const __m512i q = q_words_z();
    unsigned k = 0;
    for (; k + 8 <= nb; k += 8) {
        const __m512i x = _mm512_loadu_si512((const void *)(b + 16 * (size_t)k));
        const __m512i y = _mm512_loadu_si512((const void *)(b + 16 * (size_t)k + 64));
        _mm512_storeu_si512((void *)(h + 4 * (size_t)k), pair_rows_z(_mm512_permutex2var_epi32(x, rows01, y), q));
        _mm512_storeu_si512((void *)(h + hs + 4 * (size_t)k),
                            pair_rows_z(_mm512_permutex2var_epi32(x, rows23, y), q));
    }
    if (k < nb) {
        snova_avx2_gfq_hrows(h + 4 * (size_t)k, hs, b + 16 * (size_t)k, nb - k);
    }
}
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx512_gfq_verify_none;
#endif
