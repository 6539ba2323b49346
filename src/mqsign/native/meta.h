/* MQ-Sign: the composite hooks over the kernel sets of this build
 * (src/common/kset.h). The frontend of a set is compiled once, with this
 * file as its PQSIG_BACKEND_META, and serves opt and every backend
 * implementation: each hook runs a backend's kernel only while that
 * backend's implementation is the calling thread's kernel set, and
 * otherwise declines, so `opt` runs the portable twins. A backend's own
 * meta.h lists what it provides (MQS_<DIR>_<KERNEL>). */
#ifndef PQSIG_MQSIGN_NATIVE_META_H
#define PQSIG_MQSIGN_NATIVE_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/kset.h"
#include "common/native.h"

#if defined(PQSIG_KSET_HAVE_AVX2)
#include "mqsign/native/x86_64_avx2/meta.h"
#endif
#if defined(PQSIG_KSET_HAVE_AVX512)
#include "mqsign/native/x86_64_avx512/meta.h"
#endif

/* avx512 runs its own mat-vec, and the avx2 kernels it has no better
 * version of (a larger x86-64 set runs every kernel of a smaller one). */
#if defined(MQS_AVX2_MATVEC) || defined(MQS_AVX512_MATVEC)
#define PQSIG_MQS_NATIVE_MATVEC
static inline int mqs_matvec_native(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                                    const uint64_t (*mk)[8][2], size_t count, size_t len)
{
#if defined(MQS_AVX512_MATVEC)
    if (pqsig_kset() >= PQSIG_KSET_AVX512) {
        mqs_avx512_matvec(out, vecs, stride, dstride, mk, count, len);
        return PQSIG_NATIVE_OK;
    }
#endif
#if defined(MQS_AVX2_MATVEC)
    if (pqsig_kset() >= PQSIG_KSET_AVX2) {
        return mqs_avx2_matvec(out, vecs, stride, dstride, mk, count, len);
    }
#endif
    return PQSIG_NATIVE_FALLBACK;
}
#endif

/* The masks of avx2, for avx512 too, as its prepared scalars below. */
#if defined(MQS_AVX2_MASKS)
#define PQSIG_MQS_NATIVE_MASKS
static inline int mqs_masks_native(uint64_t (*mk)[8][2], const uint8_t *s, size_t count)
{
    if (pqsig_kset() >= PQSIG_KSET_AVX2) {
        mqs_avx2_masks(mk, s, count);
        return PQSIG_NATIVE_OK;
    }
    return PQSIG_NATIVE_FALLBACK;
}
#endif

/* The prepared scalars: avx512's (the GFNI matrices of the scalars) or
 * avx2's (their product tables). A set's tables are only ever read by the
 * same set's products: both follow pqsig_kset(), which stays the same
 * through an operation. */
#if defined(MQS_AVX2_TABLES)
#define PQSIG_MQS_NATIVE_TABLES
static inline int mqs_tables_native(uint8_t (*tab)[32], const uint64_t (*mk)[8][2], size_t count)
{
#if defined(MQS_AVX512_TABLES)
    if (pqsig_kset() >= PQSIG_KSET_AVX512) {
        mqs_avx512_tables(tab, mk, count);
        return PQSIG_NATIVE_OK;
    }
#endif
    if (pqsig_kset() >= PQSIG_KSET_AVX2) {
        mqs_avx2_tables(tab, mk, count);
        return PQSIG_NATIVE_OK;
    }
    return PQSIG_NATIVE_FALLBACK;
}

static inline int mqs_matvec_tab_native(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                                        const uint8_t (*tab)[32], size_t count, size_t len)
{
#if defined(MQS_AVX512_TABLES)
    if (pqsig_kset() >= PQSIG_KSET_AVX512) {
        return mqs_avx512_matvec_tab(out, vecs, stride, dstride, tab, count, len);
    }
#endif
    if (pqsig_kset() >= PQSIG_KSET_AVX2) {
        return mqs_avx2_matvec_tab(out, vecs, stride, dstride, tab, count, len);
    }
    return PQSIG_NATIVE_FALLBACK;
}

static inline int mqs_matvec_tab2_native(uint8_t *out0, uint8_t *out1, const uint8_t *vecs, size_t stride,
                                         ptrdiff_t dstride, const uint8_t (*tab0)[32], const uint8_t (*tab1)[32],
                                         size_t count, size_t len)
{
#if defined(MQS_AVX512_TABLES)
    if (pqsig_kset() >= PQSIG_KSET_AVX512) {
        return mqs_avx512_matvec_tab2(out0, out1, vecs, stride, dstride, tab0, tab1, count, len);
    }
#endif
    if (pqsig_kset() >= PQSIG_KSET_AVX2) {
        return mqs_avx2_matvec_tab2(out0, out1, vecs, stride, dstride, tab0, tab1, count, len);
    }
    return PQSIG_NATIVE_FALLBACK;
}
#endif

#if defined(MQS_AVX2_SOLVE_PUBMAP)
#define PQSIG_MQS_NATIVE_SOLVE
static inline int mqs_solve_native(uint8_t x[MQS_O], const uint8_t *lin, const uint8_t rhs[MQS_O], void *work,
                                   uint64_t *ok)
{
#if defined(MQS_AVX512_SOLVE)
    if (pqsig_kset() >= PQSIG_KSET_AVX512) {
        *ok = mqs_avx512_solve(x, lin, rhs, work);
        return PQSIG_NATIVE_OK;
    }
#endif
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, *ok = mqs_avx2_solve(x, lin, rhs, work));
}

#define PQSIG_MQS_NATIVE_PUBMAP
static inline int mqs_pubmap_native(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work)
{
#if defined(MQS_AVX512_PUBMAP)
    if (pqsig_kset() >= PQSIG_KSET_AVX512) {
        mqs_avx512_pubmap(z, p, w, work);
        return PQSIG_NATIVE_OK;
    }
#endif
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, mqs_avx2_pubmap(z, p, w, work));
}
#endif

#endif
