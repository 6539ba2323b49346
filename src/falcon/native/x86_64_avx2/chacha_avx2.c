/* Falcon, AVX2: the sampler generator's eight ChaCha20 blocks (native/
 * api.h, falcon_chacha20x8) with one block per 32-bit lane, so that state
 * word v of the eight blocks is one vector and the output layout (word v
 * of block j at w[8 v + j]) is each vector stored in turn. Rotations by 16
 * and 8 are byte shuffles, by 12 and 7 shifts. No data-dependent branch
 * or address. */
#include <immintrin.h>
#include <stdint.h>

#include "common/ct.h"
#include "falcon/native/x86_64_avx2/meta.h"

typedef __m256i v8;

static inline v8 rotl(v8 x, int c)
{
    return _mm256_or_si256(_mm256_slli_epi32(x, c), _mm256_srli_epi32(x, 32 - c));
}

static inline v8 rotl16(v8 x)
{
    const v8 s = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10,
                                  11, 8, 9, 14, 15, 12, 13);
    return _mm256_shuffle_epi8(x, s);
}

static inline v8 rotl8(v8 x)
{
    const v8 s = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11,
                                  8, 9, 10, 15, 12, 13, 14);
    return _mm256_shuffle_epi8(x, s);
}

static inline void qround(v8 x[16], int a, int b, int c, int d)
{
    x[a] = _mm256_add_epi32(x[a], x[b]);
    x[d] = rotl16(_mm256_xor_si256(x[d], x[a]));
    x[c] = _mm256_add_epi32(x[c], x[d]);
    x[b] = rotl(_mm256_xor_si256(x[b], x[c]), 12);
    x[a] = _mm256_add_epi32(x[a], x[b]);
    x[d] = rotl8(_mm256_xor_si256(x[d], x[a]));
    x[c] = _mm256_add_epi32(x[c], x[d]);
    x[b] = rotl(_mm256_xor_si256(x[b], x[c]), 7);
}

void falcon_chacha20x8_avx2(uint32_t w[128], const uint32_t key[12], uint64_t ctr)
{
    /* "expand 32-byte k" */
    static const uint32_t sigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
    v8 in[16], x[16];
    uint32_t lo[8], hi[8];
    int i;

    for (i = 0; i < 4; i++) {
        in[i] = _mm256_set1_epi32((int32_t)sigma[i]);
    }
    for (i = 0; i < 12; i++) {
        in[4 + i] = _mm256_set1_epi32((int32_t)key[i]);
    }
    /* lane j is block ctr + j; its counter XORed into words 14 and 15. The
     * counter comes from the secret seed: read through a barrier in each
     * step, or gcc -O1 makes it the loop's induction variable, in the
     * loop's addresses and exit test (the constant-time matrix found it). */
    for (i = 0; i < 8; i++) {
        uint64_t c = pqsig_ct_barrier_u64(ctr) + (uint64_t)i;
        lo[i] = (uint32_t)c;
        hi[i] = (uint32_t)(c >> 32);
    }
    in[14] = _mm256_xor_si256(in[14], _mm256_loadu_si256((const __m256i *)(const void *)lo));
    in[15] = _mm256_xor_si256(in[15], _mm256_loadu_si256((const __m256i *)(const void *)hi));

    for (i = 0; i < 16; i++) {
        x[i] = in[i];
    }
    for (i = 0; i < 10; i++) {
        qround(x, 0, 4, 8, 12);
        qround(x, 1, 5, 9, 13);
        qround(x, 2, 6, 10, 14);
        qround(x, 3, 7, 11, 15);
        qround(x, 0, 5, 10, 15);
        qround(x, 1, 6, 11, 12);
        qround(x, 2, 7, 8, 13);
        qround(x, 3, 4, 9, 14);
    }
    for (i = 0; i < 16; i++) {
        _mm256_storeu_si256((__m256i *)(void *)(w + 8 * i), _mm256_add_epi32(x[i], in[i]));
    }
}
