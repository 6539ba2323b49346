/* MQ-Sign, AVX2: mqs_matvec (contract in ../api.h) on 32-byte blocks.
 * The same bit-plane accumulation as the portable twin (matvec.c): for
 * each bit t, the vectors whose scalar has bit t set are XORed together
 * under their mask (the 16-byte mask block broadcast to 32 bytes), with no
 * branch and no address depending on the scalars; the eight planes are
 * folded once per block by the field layer's word fold. A length that is
 * not a multiple of 32 ends with a block overlapping the one before
 * (lane-wise, so the bytes computed twice come out the same). */
#include <immintrin.h>
#include <string.h>

#include "mqsign/arith.h"
#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx2/meta.h"

static inline __m256i mask_of(const uint64_t m[2])
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)m));
}

static inline void block32(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                           const uint64_t (*mk)[8][2], size_t count)
{
    __m256i pl[8];
    uint64_t w[8][4], q[8], r[4];
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t i;
    unsigned t, k;
    for (t = 0; t < 8; t++) {
        pl[t] = _mm256_setzero_si256();
    }
    for (i = 0; i < count; i++) {
        const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
        p += st;
        st += dstride;
        for (t = 0; t < 8; t++) {
            pl[t] = _mm256_xor_si256(pl[t], _mm256_and_si256(x, mask_of(mk[i][t])));
        }
    }
    for (t = 0; t < 8; t++) {
        _mm256_storeu_si256((__m256i *)(void *)w[t], pl[t]);
    }
    for (k = 0; k < 4; k++) {
        for (t = 0; t < 8; t++) {
            q[t] = w[t][k];
        }
        r[k] = mqs_fold_word(q);
    }
    memcpy(out, r, 32);
}

int mqs_avx2_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                    const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    size_t at;
    if (len < 32) { /* public length: the portable twin takes it */
        return PQSIG_NATIVE_FALLBACK;
    }
    for (at = 0; at + 32 <= len; at += 32) {
        block32(out + at, vecs + at, (ptrdiff_t)stride, dstride, mk, count);
    }
    if (at < len) {
        block32(out + len - 32, vecs + len - 32, (ptrdiff_t)stride, dstride, mk, count);
    }
    return PQSIG_NATIVE_OK;
}
