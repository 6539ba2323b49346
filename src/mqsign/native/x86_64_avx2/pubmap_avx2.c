/* MQ-Sign, AVX2: mqs_pubmap (contract in ../api.h), the public map of
 * verification, z = sum_{i <= j} w_i w_j P_ij. Inputs are public here, so
 * memory may be addressed by them. Each o-byte vector is ceil(o / 32)
 * registers (the last block ending at o, overlapping the one before:
 * lane-wise, so the overlap comes out the same), and a register times an
 * element is two vpshufb on its nibbles with the element's table.
 *
 * Two ways, picked per shape by time (src/mqsign/README.md, ninth session):
 *   - buckets (o = 46, 72): each monomial's vector is XORed into the bucket
 *     of its weight w_i w_j, and the 255 buckets are weighted at the end;
 *     a monomial costs two or three loads, XORs and stores, no product;
 *   - sums in registers (o = 96): z = sum_i w_i (sum_{j >= i} w_j P_ij),
 *     every w_j tabled in work. There 256 buckets of 96 bytes take most of
 *     the L1 cache the 2.9 MB stream of P passes through: 1.05-1.10x the
 *     time of the registers, for 0.55x the instructions. */
#include <immintrin.h>
#include <string.h>

#include "mqsign/arith.h"
#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx2/meta.h"
#include "mqsign/native/x86_64_avx2/tables_avx2.h"

#define NB ((MQS_O + 31) / 32)

/* work: the tables of w (registers) or 256 buckets of NB blocks. */
typedef char mqs_check_pubmap_avx2_work[MQS_N * 32 <= MQS_PUBMAP_WORK_BYTES && 256 * 32 * NB <= MQS_PUBMAP_WORK_BYTES
                                            ? 1
                                            : -1];

static inline size_t block_at(unsigned b)
{
    return (b + 1) * 32 <= MQS_O ? (size_t)b * 32 : (size_t)MQS_O - 32;
}

/* The table of the public element s (both halves in one register). */
static inline __m256i public_table(uint8_t s)
{
    uint64_t m[8];
    unsigned t;
    for (t = 0; t < 8; t++) {
        m[t] = 0u - (uint64_t)((s >> t) & 1u);
    }
    return mqs_avx2_table(m);
}

#if MQS_O >= 96
/* z from the inner sums in registers, tab the table of each w_j. */
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

#else
#define NW ((MQS_N + 31) / 32)

/* The bucket at bk gains the vector at src. */
static inline void bucket_add(uint8_t *bk, const uint8_t *src)
{
    unsigned b;
    for (b = 0; b < NB; b++) {
        const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(src + block_at(b)));
        __m256i *d = (__m256i *)(void *)(bk + 32 * b);
        _mm256_store_si256(d, _mm256_xor_si256(_mm256_load_si256(d), x));
    }
}

/* z by buckets: each monomial's vector is XORed into the bucket of its
 * public weight w_i w_j (the row's weights are one vector product, w_i
 * times w, kept as the buckets' byte offsets), and the buckets are
 * weighted at the end. Bucket c holds NB 32-byte blocks (block_at: the
 * last overlapping the one before). With F the buckets, bit t of the
 * weight is summed out halving F: the upper half (weights with bit t set,
 * the bits above t already summed) is the plane of 2^t, then folded onto
 * the lower half; z = sum_t 2^t plane_t. */
static inline void sums_buckets(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], uint8_t *work)
{
    __m256i(*bucket)[NB] = (__m256i(*)[NB])(void *)work;
    const __m256i bsize = _mm256_set1_epi16((short)sizeof bucket[0]);
    uint8_t wpad[NW * 32];
    uint16_t off[NW * 32];
    __m256i zs[NB];
    const uint8_t *src = p;
    unsigned i, j, b, t, h;

    /* (stores of registers: libc's memset of this size is rep stosb, which
     * the instruction counts of callgrind take byte by byte) */
    for (j = 0; j < 256; j++) {
        for (b = 0; b < NB; b++) {
            _mm256_store_si256(&bucket[j][b], _mm256_setzero_si256());
        }
    }
    memset(wpad, 0, sizeof wpad);
    memcpy(wpad, w, MQS_N);
    for (i = 0; i < MQS_N; i++) {
        const uint16_t *o, *end = off + MQS_N;
        __m256i tl = public_table(w[i]), th;
        th = _mm256_permute2x128_si256(tl, tl, 0x11);
        tl = _mm256_permute2x128_si256(tl, tl, 0x00);
        /* all NW blocks of weights, though those before i / 32 go unused: a
         * constant count unrolls (1.4 k instructions fewer a verification) */
        for (j = 0; j < NW; j++) {
            const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(wpad + 32 * j));
            const __m256i c = mqs_avx2_times(x, tl, th);
            _mm256_storeu_si256((__m256i *)(void *)(off + 32 * j),
                                _mm256_mullo_epi16(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(c)), bsize));
            _mm256_storeu_si256((__m256i *)(void *)(off + 32 * j + 16),
                                _mm256_mullo_epi16(_mm256_cvtepu8_epi16(_mm256_extracti128_si256(c, 1)), bsize));
        }
        for (o = off + i; o + 2 <= end; o += 2, src += 2 * MQS_O) {
            bucket_add(work + o[0], src);
            bucket_add(work + o[1], src + MQS_O);
        }
        if (o < end) {
            bucket_add(work + o[0], src);
            src += MQS_O;
        }
    }
    for (b = 0; b < NB; b++) {
        zs[b] = _mm256_setzero_si256();
    }
    for (t = 8; t-- > 0;) {
        const __m256i tl = mqs_avx2_lo(mqs_avx2_base[t]), th = mqs_avx2_hi(mqs_avx2_base[t]);
        h = 1u << t;
        for (b = 0; b < NB; b++) {
            __m256i plane = _mm256_setzero_si256();
            for (j = 0; j < h; j++) {
                const __m256i up = _mm256_load_si256(&bucket[h + j][b]);
                plane = _mm256_xor_si256(plane, up);
                bucket[j][b] = _mm256_xor_si256(bucket[j][b], up);
            }
            zs[b] = _mm256_xor_si256(zs[b], mqs_avx2_times(plane, tl, th));
        }
    }
    for (b = 0; b < NB; b++) {
        _mm256_storeu_si256((__m256i *)(void *)(z + block_at(b)), zs[b]);
    }
}
#endif

void mqs_avx2_pubmap(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work)
{
#if MQS_O < 96
    sums_buckets(z, p, w, MQS_WORK(work));
#else
    uint8_t(*tab)[32] = MQS_WORK(work);
    unsigned j;

    for (j = 0; j < MQS_N; j++) {
        _mm256_storeu_si256((__m256i *)(void *)tab[j], public_table(w[j]));
    }
    sums_blocks(z, p, (const uint8_t(*)[32])tab);
#endif
}
