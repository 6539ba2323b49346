/* MQ-Sign, AVX2: mqs_pubmap (contract in ../api.h), the public map of
 * verification, with every sum in registers. Inputs are public here, so
 * the products are table lookups: for each variable j, the tables
 * w_j * k and w_j * 16 k (k < 16) in work, and
 *   z = sum_i w_i * (sum_{j >= i} w_j * P_ij),
 * each o-byte vector in ceil(o / 32) registers (the last block ending at
 * o, overlapping the one before: lane-wise, so the overlap comes out the
 * same). The product of a register by a tabled element is two vpshufb
 * on its nibbles. */
#include <immintrin.h>
#include <string.h>

#include "mqsign/arith.h"
#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx2/meta.h"

#define NB ((MQS_O + 31) / 32)

typedef char mqs_check_pubmap_avx2_work[MQS_N * 32 <= MQS_PUBMAP_WORK_BYTES ? 1 : -1];

static inline size_t block_at(unsigned b)
{
    return (b + 1) * 32 <= MQS_O ? (size_t)b * 32 : (size_t)MQS_O - 32;
}

static inline __m256i times(__m256i x, __m256i tl, __m256i th)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    return _mm256_xor_si256(_mm256_shuffle_epi8(tl, _mm256_and_si256(x, nib)),
                            _mm256_shuffle_epi8(th, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib)));
}

void mqs_avx2_pubmap(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work)
{
    static const uint64_t lo_k[2] = {0x0706050403020100ull, 0x0f0e0d0c0b0a0908ull};
    static const uint64_t hi_k[2] = {0x7060504030201000ull, 0xf0e0d0c0b0a09080ull};
    uint8_t(*tab)[32] = MQS_WORK(work);
    uint64_t e[8], base[8][4];
    __m256i zs[NB];
    size_t mono = 0;
    unsigned i, j, t, b;

    /* tables of 2^t (t < 8), then of each w_j as their sum over its bits */
    for (b = 0; b < 2; b++) {
        mqs_expand_word(e, lo_k[b]);
        for (t = 0; t < 8; t++) {
            base[t][b] = e[t];
        }
        mqs_expand_word(e, hi_k[b]);
        for (t = 0; t < 8; t++) {
            base[t][2 + b] = e[t];
        }
    }
    for (j = 0; j < MQS_N; j++) {
        __m256i acc = _mm256_setzero_si256();
        for (t = 0; t < 8; t++) {
            const __m256i m = _mm256_set1_epi64x(-(long long)((w[j] >> t) & 1u));
            acc = _mm256_xor_si256(acc, _mm256_and_si256(m, _mm256_loadu_si256((const __m256i *)(const void *)base[t])));
        }
        _mm256_storeu_si256((__m256i *)(void *)tab[j], acc);
    }
    for (b = 0; b < NB; b++) {
        zs[b] = _mm256_setzero_si256();
    }
    for (i = 0; i < MQS_N; i++) {
        __m256i ts[NB];
        for (b = 0; b < NB; b++) {
            ts[b] = _mm256_setzero_si256();
        }
        for (j = i; j < MQS_N; j++, mono++) {
            const __m256i tl = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)tab[j]));
            const __m256i th =
                _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(tab[j] + 16)));
            const uint8_t *src = p + mono * MQS_O;
            for (b = 0; b < NB; b++) {
                const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(src + block_at(b)));
                ts[b] = _mm256_xor_si256(ts[b], times(x, tl, th));
            }
        }
        {
            const __m256i tl = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)tab[i]));
            const __m256i th =
                _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(tab[i] + 16)));
            for (b = 0; b < NB; b++) {
                zs[b] = _mm256_xor_si256(zs[b], times(ts[b], tl, th));
            }
        }
    }
    for (b = 0; b < NB; b++) {
        _mm256_storeu_si256((__m256i *)(void *)(z + block_at(b)), zs[b]);
    }
}
