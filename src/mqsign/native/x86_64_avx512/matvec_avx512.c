/* MQ-Sign, AVX-512 + GFNI: mqs_matvec (contract in ../api.h).
 *
 * Multiplying a byte by a fixed field element s is GF(2)-linear, whatever
 * the representation of the field: it is an 8x8 bit matrix A(s), and
 * vgf2p8affineqb applies one such matrix to the 64 bytes of a register.
 * A(s) is linear in s as well: A(s) = sum_t s_t A(2^t), so it is built
 * from the scalar's bit masks (mk) and the eight constant matrices of
 * gfni_avx512.h with AND and XOR only: no branch and no address depends
 * on s, and vgf2p8affineqb takes the same time for every matrix and
 * operand. The vectors' bytes are never used as indices either.
 *
 * Lengths up to 256 bytes (o and v: the vectors of key generation,
 * signing and the public key's rows) sum every term in up to four
 * registers; longer ones (o^2) add each term's products into out. A
 * length that is not a multiple of 64 ends with a masked load of exactly
 * the remaining bytes (the contract's "exactly len bytes are read"). */
#include <immintrin.h>
#include <string.h>

#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx512/gfni_avx512.h"
#include "mqsign/native/x86_64_avx512/meta.h"

/* The constant operands of matrix_of: lo = A(1), A(1), A(2), A(2), ...,
 * A(8), A(8); hi the same for A(16) .. A(128) (each mask block of mk is
 * two equal words). */
struct mats {
    __m512i lo, hi;
};

static inline struct mats mats_init(void)
{
    const uint64_t *t = mqs_gfni_mul_2t;
    struct mats m;
    m.lo = _mm512_set_epi64((long long)t[3], (long long)t[3], (long long)t[2], (long long)t[2], (long long)t[1],
                            (long long)t[1], (long long)t[0], (long long)t[0]);
    m.hi = _mm512_set_epi64((long long)t[7], (long long)t[7], (long long)t[6], (long long)t[6], (long long)t[5],
                            (long long)t[5], (long long)t[4], (long long)t[4]);
    return m;
}

/* A(s) in every word of the result, from s's masks: the 16 masked words
 * (a pair per bit) folded by two 128-bit lane swaps. */
static inline __m512i matrix_of(const uint64_t mk[8][2], const struct mats *m)
{
    const __m512i a = _mm512_loadu_si512((const void *)mk[0]);
    const __m512i b = _mm512_loadu_si512((const void *)mk[4]);
    /* (a & lo) ^ (b & hi): 0x78 is A ^ (B & C) */
    __m512i z = _mm512_ternarylogic_epi64(_mm512_and_si512(a, m->lo), b, m->hi, 0x78);
    z = _mm512_xor_si512(z, _mm512_shuffle_i64x2(z, z, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm512_xor_si512(z, _mm512_shuffle_i64x2(z, z, _MM_SHUFFLE(2, 3, 0, 1)));
}

/* The load mask of the 64-byte block at `at` (public lengths only). */
static inline __mmask64 block_mask(size_t len, size_t at)
{
    const size_t left = len - at;
    return left >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << left) - 1);
}

/* len <= 256: four register sums, the blocks past the length unused. */
static void matvec_regs(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                        const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    const struct mats m = mats_init();
    const __mmask64 k0 = block_mask(len, 0);
    const __mmask64 k1 = len > 64 ? block_mask(len, 64) : 0;
    const __mmask64 k2 = len > 128 ? block_mask(len, 128) : 0;
    const __mmask64 k3 = len > 192 ? block_mask(len, 192) : 0;
    __m512i s0 = _mm512_setzero_si512(), s1 = s0, s2 = s0, s3 = s0;
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t i;
    for (i = 0; i < count; i++) {
        const __m512i a = matrix_of(mk[i], &m);
        s0 = _mm512_xor_si512(s0, mqs_gfni_prod(_mm512_maskz_loadu_epi8(k0, p), a));
        if (k1 != 0) { /* public: the length */
            s1 = _mm512_xor_si512(s1, mqs_gfni_prod(_mm512_maskz_loadu_epi8(k1, p + 64), a));
        }
        if (k2 != 0) {
            s2 = _mm512_xor_si512(s2, mqs_gfni_prod(_mm512_maskz_loadu_epi8(k2, p + 128), a));
        }
        if (k3 != 0) {
            s3 = _mm512_xor_si512(s3, mqs_gfni_prod(_mm512_maskz_loadu_epi8(k3, p + 192), a));
        }
        p += st;
        st += dstride;
    }
    _mm512_mask_storeu_epi8(out, k0, s0);
    if (k1 != 0) {
        _mm512_mask_storeu_epi8(out + 64, k1, s1);
    }
    if (k2 != 0) {
        _mm512_mask_storeu_epi8(out + 128, k2, s2);
    }
    if (k3 != 0) {
        _mm512_mask_storeu_epi8(out + 192, k3, s3);
    }
}

/* len > 256: every term's products added into out, block by block. */
static void matvec_mem(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                       const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    const struct mats m = mats_init();
    const size_t full = len & ~(size_t)63;
    const __mmask64 kt = block_mask(len, full);
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t i, at;
    memset(out, 0, len);
    for (i = 0; i < count; i++) {
        const __m512i a = matrix_of(mk[i], &m);
        for (at = 0; at < full; at += 64) {
            const __m512i x = _mm512_loadu_si512((const void *)(p + at));
            const __m512i o = _mm512_loadu_si512((const void *)(out + at));
            _mm512_storeu_si512((void *)(out + at), _mm512_xor_si512(o, mqs_gfni_prod(x, a)));
        }
        if (full < len) {
            const __m512i x = _mm512_maskz_loadu_epi8(kt, p + full);
            const __m512i o = _mm512_maskz_loadu_epi8(kt, out + full);
            _mm512_mask_storeu_epi8(out + full, kt, _mm512_xor_si512(o, mqs_gfni_prod(x, a)));
        }
        p += st;
        st += dstride;
    }
}

void mqs_avx512_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                       const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    if (len <= 256) {
        matvec_regs(out, vecs, (ptrdiff_t)stride, dstride, mk, count, len);
    } else {
        matvec_mem(out, vecs, (ptrdiff_t)stride, dstride, mk, count, len);
    }
}
