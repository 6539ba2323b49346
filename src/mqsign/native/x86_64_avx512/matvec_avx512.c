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

#include "common/ct.h"
#include "common/native.h"
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

/* len > 256 (signing's o^2-byte rows of F2): the terms in groups of
 * eight, whose matrices are made once per group; each 64-byte block of out
 * gains the group's eight products in a register, so out is read and
 * written once per group, not per term, while the eight vectors are read
 * in order (eight streams for the prefetchers: at level 5, F2 is 1.4 MB). */
#define MEM_GROUP 8

/* Blocks of out gain the products of nt <= MEM_GROUP terms (matrices
 * a[0..nt), vectors at q[0..nt)); first: out starts at zero. */
static inline void mem_group(uint8_t *out, const uint8_t *const *q, const __m512i *a, size_t nt, size_t len,
                             int first, const size_t ntc)
{
    const size_t full = len & ~(size_t)63;
    const __mmask64 kt = block_mask(len, full);
    const size_t n = ntc != 0 ? ntc : nt; /* a constant where the group is whole */
    size_t at, t;
    for (at = 0; at < full; at += 64) {
        __m512i s = first ? _mm512_setzero_si512() : _mm512_loadu_si512((const void *)(out + at));
        for (t = 0; t < n; t++) {
            s = _mm512_xor_si512(s, mqs_gfni_prod(_mm512_loadu_si512((const void *)(q[t] + at)), a[t]));
        }
        _mm512_storeu_si512((void *)(out + at), s);
    }
    if (full < len) {
        __m512i s = first ? _mm512_setzero_si512() : _mm512_maskz_loadu_epi8(kt, out + full);
        for (t = 0; t < n; t++) {
            s = _mm512_xor_si512(s, mqs_gfni_prod(_mm512_maskz_loadu_epi8(kt, q[t] + full), a[t]));
        }
        _mm512_mask_storeu_epi8(out + full, kt, s);
    }
}

static PQSIG_FLATTEN void mem_group_full(uint8_t *out, const uint8_t *const *q, const __m512i *a, size_t len,
                                         int first)
{
    mem_group(out, q, a, MEM_GROUP, len, first, MEM_GROUP);
}

static void matvec_mem(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                       const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    const struct mats m = mats_init();
    __m512i a[MEM_GROUP];
    const uint8_t *q[MEM_GROUP];
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t t0, nt, t;
    if (count == 0) {
        memset(out, 0, len);
        return;
    }
    for (t0 = 0; t0 < count; t0 += nt) {
        nt = count - t0 < MEM_GROUP ? count - t0 : MEM_GROUP;
        for (t = 0; t < nt; t++) {
            a[t] = matrix_of(mk[t0 + t], &m);
            q[t] = p;
            p += st;
            st += dstride;
        }
        if (nt == MEM_GROUP) { /* public: the count */
            mem_group_full(out, q, a, len, t0 == 0);
        } else {
            mem_group(out, q, a, nt, len, t0 == 0, 0);
        }
    }
    pqsig_zeroize(a, sizeof a);
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

/* Prepared scalars (../api.h: the slot's layout is this backend's): A(s)
 * in each of the four words of its 32 bytes, made once per scalar; each
 * term of a product then broadcasts it from memory. */
void mqs_avx512_tables(uint8_t (*tab)[32], const uint64_t (*mk)[8][2], size_t count)
{
    const struct mats m = mats_init();
    size_t i;
    for (i = 0; i < count; i++) {
        _mm512_mask_storeu_epi64(tab[i], 0x0f, matrix_of(mk[i], &m));
    }
}

static inline __m512i prepared(const uint8_t tab[32])
{
    uint64_t a;
    memcpy(&a, tab, 8);
    return mqs_gfni_bcast(a);
}

/* The products by nt = 1 or 2 sets of prepared scalars of vectors of nb
 * blocks of 64 bytes (the last one loaded and stored under its mask), the
 * sums in registers: each vector is loaded once for both sets. */
static inline void tab_body(uint8_t *out0, uint8_t *out1, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                            const uint8_t (*tab0)[32], const uint8_t (*tab1)[32], size_t count, size_t len,
                            const unsigned nb, const unsigned nt)
{
    const __mmask64 kl = block_mask(len, 64 * (size_t)(nb - 1));
    __m512i s0[4], s1[4];
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t i;
    unsigned b;
    for (b = 0; b < nb; b++) {
        s0[b] = _mm512_setzero_si512();
        s1[b] = s0[b];
    }
    for (i = 0; i < count; i++) {
        const __m512i a0 = prepared(tab0[i]);
        const __m512i a1 = nt == 2 ? prepared(tab1[i]) : a0;
        for (b = 0; b < nb; b++) {
            const __m512i x = b + 1 < nb ? _mm512_loadu_si512((const void *)(p + 64 * b))
                                         : _mm512_maskz_loadu_epi8(kl, p + 64 * b);
            s0[b] = _mm512_xor_si512(s0[b], mqs_gfni_prod(x, a0));
            if (nt == 2) {
                s1[b] = _mm512_xor_si512(s1[b], mqs_gfni_prod(x, a1));
            }
        }
        p += st;
        st += dstride;
    }
    for (b = 0; b + 1 < nb; b++) {
        _mm512_storeu_si512((void *)(out0 + 64 * b), s0[b]);
        if (nt == 2) {
            _mm512_storeu_si512((void *)(out1 + 64 * b), s1[b]);
        }
    }
    _mm512_mask_storeu_epi8(out0 + 64 * b, kl, s0[b]);
    if (nt == 2) {
        _mm512_mask_storeu_epi8(out1 + 64 * b, kl, s1[b]);
    }
}

/* One body per (blocks, sets): the loop over blocks unrolled. */
#define MQS_TAB_BODY(nb, nt)                                                                                         \
    static PQSIG_FLATTEN void tab_body_##nb##_##nt(uint8_t *out0, uint8_t *out1, const uint8_t *vecs,               \
                                                   ptrdiff_t stride, ptrdiff_t dstride, const uint8_t(*tab0)[32],   \
                                                   const uint8_t(*tab1)[32], size_t count, size_t len)              \
    {                                                                                                                \
        tab_body(out0, out1, vecs, stride, dstride, tab0, tab1, count, len, nb, nt);                                 \
    }
MQS_TAB_BODY(1, 1)
MQS_TAB_BODY(2, 1)
MQS_TAB_BODY(3, 1)
MQS_TAB_BODY(4, 1)
MQS_TAB_BODY(1, 2)
MQS_TAB_BODY(2, 2)
MQS_TAB_BODY(3, 2)
MQS_TAB_BODY(4, 2)

typedef void tab_fn(uint8_t *, uint8_t *, const uint8_t *, ptrdiff_t, ptrdiff_t, const uint8_t (*)[32],
                    const uint8_t (*)[32], size_t, size_t);
static tab_fn *const tab_bodies[2][4] = {
    {tab_body_1_1, tab_body_2_1, tab_body_3_1, tab_body_4_1},
    {tab_body_1_2, tab_body_2_2, tab_body_3_2, tab_body_4_2},
};

/* Lengths up to 256 bytes (o and v, every set); longer ones decline. */
int mqs_avx512_matvec_tab(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                          const uint8_t (*tab)[32], size_t count, size_t len)
{
    if (len == 0 || len > 256) { /* public length */
        return PQSIG_NATIVE_FALLBACK;
    }
    tab_bodies[0][(len - 1) / 64](out, NULL, vecs, (ptrdiff_t)stride, dstride, tab, NULL, count, len);
    return PQSIG_NATIVE_OK;
}

int mqs_avx512_matvec_tab2(uint8_t *out0, uint8_t *out1, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                           const uint8_t (*tab0)[32], const uint8_t (*tab1)[32], size_t count, size_t len)
{
    if (len == 0 || len > 256) {
        return PQSIG_NATIVE_FALLBACK;
    }
    tab_bodies[1][(len - 1) / 64](out0, out1, vecs, (ptrdiff_t)stride, dstride, tab0, tab1, count, len);
    return PQSIG_NATIVE_OK;
}
