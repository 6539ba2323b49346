/* MQ-Sign, AVX2: mqs_matvec (contract in ../api.h) on 32-byte blocks.
 * Vectors of one or two blocks: the same bit-plane accumulation as the
 * portable twin (matvec.c): for
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
#include "mqsign/native/x86_64_avx2/tables_avx2.h"

static inline __m256i mask_of(const uint64_t m[2])
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)m));
}

/* mqs_masks: the masks of bits 2k and 2k + 1 of a scalar are 32
 * consecutive bytes of mk[i], so one broadcast of the (secret) scalar
 * ANDed with the pattern of those two bits and compared with it gives
 * them; no branch or address depends on the scalar. */
void mqs_avx2_masks(uint64_t (*mk)[8][2], const uint8_t *s, size_t count)
{
    __m256i bits[4];
    size_t i;
    unsigned k;
    for (k = 0; k < 4; k++) {
        bits[k] = _mm256_setr_m128i(_mm_set1_epi8((char)(1u << (2 * k))), _mm_set1_epi8((char)(1u << (2 * k + 1))));
    }
    for (i = 0; i < count; i++) {
        const __m256i x = _mm256_set1_epi8((char)s[i]);
        for (k = 0; k < 4; k++) {
            _mm256_storeu_si256((__m256i *)(void *)mk[i][2 * k],
                                _mm256_cmpeq_epi8(_mm256_and_si256(x, bits[k]), bits[k]));
        }
    }
}

/* The eight planes folded into 32 bytes of out. */
static inline void fold_planes(uint8_t *out, const __m256i pl[8])
{
    uint64_t w[8][4], q[8], r[4];
    unsigned t, k;
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

static inline void block32(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                           const uint64_t (*mk)[8][2], size_t count)
{
    __m256i pl[8];
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t i;
    unsigned t;
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
    fold_planes(out, pl);
}

/* 32 < len < 64 (the o-byte vectors of key generation): bytes 0..31 and
 * len - 32 .. len - 1 in one pass, each mask loaded once. */
static inline void block_pair(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                              const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    __m256i pa[8], pb[8];
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t i;
    unsigned t;
    for (t = 0; t < 8; t++) {
        pa[t] = pb[t] = _mm256_setzero_si256();
    }
    for (i = 0; i < count; i++) {
        const __m256i xa = _mm256_loadu_si256((const __m256i *)(const void *)p);
        const __m256i xb = _mm256_loadu_si256((const __m256i *)(const void *)(p + len - 32));
        p += st;
        st += dstride;
        for (t = 0; t < 8; t++) {
            const __m256i m = mask_of(mk[i][t]);
            pa[t] = _mm256_xor_si256(pa[t], _mm256_and_si256(xa, m));
            pb[t] = _mm256_xor_si256(pb[t], _mm256_and_si256(xb, m));
        }
    }
    fold_planes(out, pa);
    fold_planes(out + len - 32, pb);
}

/* Long vectors (three blocks and more): one scalar at a time, its product
 * tables s * j and s * 16 j (j < 16) built from its bit masks and the
 * constant tables 2^t j, 2^t 16 j (no secret index: AND with the masks),
 * then every block of its vector through two vpshufb lookups (register
 * tables indexed by the vector's nibbles: no memory address depends on
 * them) into out. The last len % 32 bytes are summed in a register over
 * the block that ends at len and stored last (equal, where it overlaps, to
 * the sums already in out). */
/* The table halves of scalar i from its masks and the constant tables. */
static inline void scalar_table(__m256i *tl, __m256i *th, const uint64_t (*mk)[8][2], size_t i, const __m256i cl[8],
                                const __m256i ch[8])
{
    unsigned t;
    *tl = _mm256_setzero_si256();
    *th = _mm256_setzero_si256();
    for (t = 0; t < 8; t++) {
        const __m256i m = mask_of(mk[i][t]);
        *tl = _mm256_xor_si256(*tl, _mm256_and_si256(m, cl[t]));
        *th = _mm256_xor_si256(*th, _mm256_and_si256(m, ch[t]));
    }
}

/* sum_k q[k][at .. at + 32) times the tables of scalar k, k < 4. */
static inline __m256i sum4_at(const uint8_t *const q[4], size_t at, const __m256i tl[4], const __m256i th[4])
{
    __m256i x[4];
    unsigned k;
    for (k = 0; k < 4; k++) {
        x[k] = mqs_avx2_times(_mm256_loadu_si256((const __m256i *)(const void *)(q[k] + at)), tl[k], th[k]);
    }
    return _mm256_xor_si256(_mm256_xor_si256(x[0], x[1]), _mm256_xor_si256(x[2], x[3]));
}

static void matvec_tables(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                          const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    __m256i cl[8], ch[8], tail = _mm256_setzero_si256();
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t i = 0, at;
    unsigned t;
    for (t = 0; t < 8; t++) {
        cl[t] = mqs_avx2_lo(mqs_avx2_base[t]);
        ch[t] = mqs_avx2_hi(mqs_avx2_base[t]);
    }
    memset(out, 0, len);
    /* Four scalars a pass over out (their four vectors streamed side by
     * side), one pass per scalar for the rest. */
    for (; i + 4 <= count; i += 4) {
        const uint8_t *q[4];
        __m256i tl[4], th[4];
        unsigned k;
        for (k = 0; k < 4; k++) {
            q[k] = p;
            scalar_table(&tl[k], &th[k], mk, i + k, cl, ch);
            p += st;
            st += dstride;
        }
        for (at = 0; at + 32 <= len; at += 32) {
            __m256i *o = (__m256i *)(void *)(out + at);
            _mm256_storeu_si256(o, _mm256_xor_si256(_mm256_loadu_si256(o), sum4_at(q, at, tl, th)));
        }
        if (len % 32u != 0) {
            tail = _mm256_xor_si256(tail, sum4_at(q, len - 32, tl, th));
        }
    }
    for (; i < count; i++) {
        __m256i tl, th;
        scalar_table(&tl, &th, mk, i, cl, ch);
        for (at = 0; at + 32 <= len; at += 32) {
            const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(p + at));
            __m256i *o = (__m256i *)(void *)(out + at);
            _mm256_storeu_si256(o, _mm256_xor_si256(_mm256_loadu_si256(o), mqs_avx2_times(x, tl, th)));
        }
        if (len % 32u != 0) {
            const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(p + len - 32));
            tail = _mm256_xor_si256(tail, mqs_avx2_times(x, tl, th));
        }
        p += st;
        st += dstride;
    }
    if (len % 32u != 0) {
        _mm256_storeu_si256((__m256i *)(void *)(out + len - 32), tail);
    }
}

/* ---- Prepared scalars (api.h: mqs_tables, mqs_matvec_tab) ---- */

void mqs_avx2_tables(uint8_t (*tab)[32], const uint64_t (*mk)[8][2], size_t count)
{
    uint64_t m[8];
    size_t i;
    unsigned t;
    for (i = 0; i < count; i++) {
        for (t = 0; t < 8; t++) {
            m[t] = mk[i][t][0];
        }
        _mm256_storeu_si256((__m256i *)(void *)tab[i], mqs_avx2_table(m));
    }
}

/* NBLK blocks of 32 bytes summed in registers, block b at offset
 * min(32 b, len - 32) (the last one overlapping the one before). */
static inline void matvec_tab_body(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                                   const uint8_t (*tab)[32], size_t count, size_t len, const unsigned nblk)
{
    __m256i acc[4];
    size_t off[4], i;
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    unsigned b;
    for (b = 0; b < nblk; b++) {
        acc[b] = _mm256_setzero_si256();
        off[b] = 32 * (b + 1) <= len ? 32 * (size_t)b : len - 32;
    }
    for (i = 0; i < count; i++) {
        const __m256i tl = mqs_avx2_lo(tab[i]), th = mqs_avx2_hi(tab[i]);
        for (b = 0; b < nblk; b++) {
            const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(p + off[b]));
            acc[b] = _mm256_xor_si256(acc[b], mqs_avx2_times(x, tl, th));
        }
        p += st;
        st += dstride;
    }
    for (b = 0; b < nblk; b++) {
        _mm256_storeu_si256((__m256i *)(void *)(out + off[b]), acc[b]);
    }
}

/* An odd number nl of 16-byte lanes: two vectors a step (tables_avx2.h),
 * by ntab tables (tab0, and tab1 into out1 when ntab = 2). */
static inline __attribute__((always_inline)) void matvec_pair_body(uint8_t *out0, uint8_t *out1, const uint8_t *vecs,
                                                                   ptrdiff_t stride, ptrdiff_t dstride,
                                                                   const uint8_t (*tab0)[32],
                                                                   const uint8_t (*tab1)[32], size_t count,
                                                                   size_t len, const unsigned nl, const unsigned ntab)
{
    __m128i sum0[7], sum1[7];
    unsigned k;
    mqs_avx2_pair_sums(sum0, sum1, vecs, stride, dstride, tab0, tab1, count, len, nl, ntab);
    for (k = 0; k < nl; k++) {
        _mm_storeu_si128((__m128i *)(void *)(out0 + mqs_avx2_lane_at(k, len)), sum0[k]);
        if (ntab == 2) {
            _mm_storeu_si128((__m128i *)(void *)(out1 + mqs_avx2_lane_at(k, len)), sum1[k]);
        }
    }
}

int mqs_avx2_matvec_tab(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                        const uint8_t (*tab)[32], size_t count, size_t len)
{
    if (len < 32 || len > 128) { /* public length: 32 .. 128 bytes in registers */
        return PQSIG_NATIVE_FALLBACK;
    }
    switch ((len + 15) / 16) {
    case 3:
        matvec_pair_body(out, NULL, vecs, (ptrdiff_t)stride, dstride, tab, NULL, count, len, 3, 1);
        return PQSIG_NATIVE_OK;
    case 5:
        matvec_pair_body(out, NULL, vecs, (ptrdiff_t)stride, dstride, tab, NULL, count, len, 5, 1);
        return PQSIG_NATIVE_OK;
    case 7:
        matvec_pair_body(out, NULL, vecs, (ptrdiff_t)stride, dstride, tab, NULL, count, len, 7, 1);
        return PQSIG_NATIVE_OK;
    default:
        break;
    }
    switch ((len + 31) / 32) {
    case 1:
        matvec_tab_body(out, vecs, (ptrdiff_t)stride, dstride, tab, count, len, 1);
        break;
    case 2:
        matvec_tab_body(out, vecs, (ptrdiff_t)stride, dstride, tab, count, len, 2);
        break;
    case 3:
        matvec_tab_body(out, vecs, (ptrdiff_t)stride, dstride, tab, count, len, 3);
        break;
    default:
        matvec_tab_body(out, vecs, (ptrdiff_t)stride, dstride, tab, count, len, 4);
        break;
    }
    return PQSIG_NATIVE_OK;
}

/* Two products of the same vectors (api.h, mqs_matvec_tab2): nblk blocks
 * of 32 bytes as in matvec_tab_body, each block of a vector split into
 * nibbles once for both tables; 2 nblk sums in registers. */
static inline void matvec_tab2_body(uint8_t *out0, uint8_t *out1, const uint8_t *vecs, ptrdiff_t stride,
                                    ptrdiff_t dstride, const uint8_t (*tab0)[32], const uint8_t (*tab1)[32],
                                    size_t count, size_t len, const unsigned nblk)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    __m256i acc0[3], acc1[3];
    size_t off[3], i;
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    unsigned b;
    for (b = 0; b < nblk; b++) {
        acc0[b] = acc1[b] = _mm256_setzero_si256();
        off[b] = 32 * (b + 1) <= len ? 32 * (size_t)b : len - 32;
    }
    for (i = 0; i < count; i++) {
        const __m256i tl0 = mqs_avx2_lo(tab0[i]), th0 = mqs_avx2_hi(tab0[i]);
        const __m256i tl1 = mqs_avx2_lo(tab1[i]), th1 = mqs_avx2_hi(tab1[i]);
        for (b = 0; b < nblk; b++) {
            const __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(p + off[b]));
            const __m256i lo = _mm256_and_si256(x, nib), hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), nib);
            acc0[b] = _mm256_xor_si256(acc0[b], mqs_avx2_times_split(lo, hi, tl0, th0));
            acc1[b] = _mm256_xor_si256(acc1[b], mqs_avx2_times_split(lo, hi, tl1, th1));
        }
        p += st;
        st += dstride;
    }
    for (b = 0; b < nblk; b++) {
        _mm256_storeu_si256((__m256i *)(void *)(out0 + off[b]), acc0[b]);
        _mm256_storeu_si256((__m256i *)(void *)(out1 + off[b]), acc1[b]);
    }
}

int mqs_avx2_matvec_tab2(uint8_t *out0, uint8_t *out1, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                         const uint8_t (*tab0)[32], const uint8_t (*tab1)[32], size_t count, size_t len)
{
    /* public length: at most three blocks of 32 bytes, the last one
     * overlapping the one before (six sums and four tables in registers);
     * longer vectors decline */
    if (len < 32 || len > 96) {
        return PQSIG_NATIVE_FALLBACK;
    }
    /* o = 46: three paired lanes, not two whole registers a vector (keygen
     * 0.95x the time). At o = 72, five paired lanes by two tables want 10
     * sums and 4 tables in 16 registers: 1 % fewer instructions, no gain
     * in time (measured), so whole registers stay. */
    if ((len + 15) / 16 == 3) {
        matvec_pair_body(out0, out1, vecs, (ptrdiff_t)stride, dstride, tab0, tab1, count, len, 3, 2);
        return PQSIG_NATIVE_OK;
    }
    switch ((len + 31) / 32) {
    case 1:
        matvec_tab2_body(out0, out1, vecs, (ptrdiff_t)stride, dstride, tab0, tab1, count, len, 1);
        break;
    case 2:
        matvec_tab2_body(out0, out1, vecs, (ptrdiff_t)stride, dstride, tab0, tab1, count, len, 2);
        break;
    default:
        matvec_tab2_body(out0, out1, vecs, (ptrdiff_t)stride, dstride, tab0, tab1, count, len, 3);
        break;
    }
    return PQSIG_NATIVE_OK;
}

int mqs_avx2_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                    const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    size_t at;
    if (len < 32) { /* public length: the portable twin takes it */
        return PQSIG_NATIVE_FALLBACK;
    }
    if (len >= 96) {
        matvec_tables(out, vecs, (ptrdiff_t)stride, dstride, mk, count, len);
        return PQSIG_NATIVE_OK;
    }
    if (len > 32 && len < 64) {
        block_pair(out, vecs, (ptrdiff_t)stride, dstride, mk, count, len);
        return PQSIG_NATIVE_OK;
    }
    for (at = 0; at + 32 <= len; at += 32) {
        block32(out + at, vecs + at, (ptrdiff_t)stride, dstride, mk, count);
    }
    if (at < len) {
        block32(out + len - 32, vecs + len - 32, (ptrdiff_t)stride, dstride, mk, count);
    }
    return PQSIG_NATIVE_OK;
}
