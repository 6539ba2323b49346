/* MQ-Sign, AVX2: mqs_pubmap (contract in ../api.h), the public map of
 * verification, with every sum in registers. Inputs are public here, so
 * the products are table lookups: for each variable j, the tables
 * w_j * k and w_j * 16 k (k < 16) in work, and
 *   z = sum_i w_i * (sum_{j >= i} w_j * P_ij),
 * each o-byte vector in ceil(o / 32) registers (the last block ending at
 * o, overlapping the one before: lane-wise, so the overlap comes out the
 * same). The product of a register by a tabled element is two vpshufb
 * on its nibbles. At o = 46 the inner sums take two vectors a step in
 * three 16-byte lanes, where whole registers take four (tables_avx2.h);
 * at o = 72 (five lanes against six) that took 1.1x the time, so there
 * and at o = 96 (no gain) whole registers stay. */
#include <immintrin.h>
#include <string.h>

#include "mqsign/arith.h"
#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx2/meta.h"
#include "mqsign/native/x86_64_avx2/tables_avx2.h"

#define NB ((MQS_O + 31) / 32)
#define NL ((MQS_O + 15) / 16)

typedef char mqs_check_pubmap_avx2_work[MQS_N * 32 <= MQS_PUBMAP_WORK_BYTES ? 1 : -1];

static inline size_t block_at(unsigned b)
{
    return (b + 1) * 32 <= MQS_O ? (size_t)b * 32 : (size_t)MQS_O - 32;
}

/* z from the inner sums over whole registers. */
static inline void sums_blocks(uint8_t z[MQS_O], const uint8_t *p, const uint8_t (*tab)[32])
{
    __m256i zs[NB];
    size_t mono = 0;
    unsigned i, j, b;
    for (b = 0; b < NB; b++) {
        zs[b] = _mm256_setzero_si256();
    }
    for (i = 0; i < MQS_N; i++) {
        __m256i ts[NB];
        for (b = 0; b < NB; b++) {
            ts[b] = _mm256_setzero_si256();
        }
        for (j = i; j < MQS_N; j++, mono++) {
            const __m256i tl = mqs_avx2_lo(tab[j]), th = mqs_avx2_hi(tab[j]);
            const uint8_t *src = p + mono * MQS_O;
            for (b = 0; b < NB; b++) {
                const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(src + block_at(b)));
                ts[b] = _mm256_xor_si256(ts[b], mqs_avx2_times(x, tl, th));
            }
        }
        {
            const __m256i tl = mqs_avx2_lo(tab[i]), th = mqs_avx2_hi(tab[i]);
            for (b = 0; b < NB; b++) {
                zs[b] = _mm256_xor_si256(zs[b], mqs_avx2_times(ts[b], tl, th));
            }
        }
    }
    for (b = 0; b < NB; b++) {
        _mm256_storeu_si256((__m256i *)(void *)(z + block_at(b)), zs[b]);
    }
}

/* z from the inner sums over paired lanes (NL odd). */
static inline void sums_pairs(uint8_t z[MQS_O], const uint8_t *p, const uint8_t (*tab)[32])
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    __m128i zl[NL], ts[NL];
    size_t mono = 0;
    unsigned i, k;
    for (k = 0; k < NL; k++) {
        zl[k] = _mm_setzero_si128();
    }
    for (i = 0; i < MQS_N; i++) {
        const __m128i tl = _mm_loadu_si128((const __m128i *)(const void *)tab[i]);
        const __m128i th = _mm_loadu_si128((const __m128i *)(const void *)(tab[i] + 16));
        mqs_avx2_pair_sums(ts, p + mono * MQS_O, MQS_O, 0, tab + i, MQS_N - i, MQS_O, NL);
        mono += MQS_N - i;
        for (k = 0; k < NL; k++) {
            const __m128i lo = _mm_and_si128(ts[k], nib), hi = _mm_and_si128(_mm_srli_epi16(ts[k], 4), nib);
            zl[k] = _mm_xor_si128(zl[k], _mm_xor_si128(_mm_shuffle_epi8(tl, lo), _mm_shuffle_epi8(th, hi)));
        }
    }
    for (k = 0; k < NL; k++) {
        _mm_storeu_si128((__m128i *)(void *)(z + mqs_avx2_lane_at(k, MQS_O)), zl[k]);
    }
}

void mqs_avx2_pubmap(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work)
{
    uint8_t(*tab)[32] = MQS_WORK(work);
    uint64_t base[8][4];
    unsigned j, t;

    /* the table of each w_j (public) */
    mqs_avx2_base_tables(base);
    for (j = 0; j < MQS_N; j++) {
        uint64_t m[8];
        for (t = 0; t < 8; t++) {
            m[t] = 0u - (uint64_t)((w[j] >> t) & 1u);
        }
        _mm256_storeu_si256((__m256i *)(void *)tab[j], mqs_avx2_table(&base[0][0], m));
    }
    if (NL == 3) {
        sums_pairs(z, p, (const uint8_t(*)[32])tab);
    } else {
        sums_blocks(z, p, (const uint8_t(*)[32])tab);
    }
}
