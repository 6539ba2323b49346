/* MQ-Sign frontend: one dispatcher per kernel of native/api.h, the only
 * way keygen.c, sign.c and verify.c reach a kernel. Each runs the
 * backend's k_native when the build has a backend that opts in to k and it
 * does not decline, else the portable twin k_c. */
#ifndef PQSIG_MQSIGN_KERNELS_H
#define PQSIG_MQSIGN_KERNELS_H

#include "mqsign/native/api.h"

static inline void mqs_masks(uint64_t (*mk)[8][2], const uint8_t *s, size_t count)
{
#if defined(PQSIG_MQS_NATIVE_MASKS)
    if (mqs_masks_native(mk, s, count) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    mqs_masks_c(mk, s, count);
}

static inline void mqs_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                              const uint64_t (*mk)[8][2], size_t count, size_t len)
{
#if defined(PQSIG_MQS_NATIVE_MATVEC)
    if (mqs_matvec_native(out, vecs, stride, dstride, mk, count, len) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    mqs_matvec_c(out, vecs, stride, dstride, mk, count, len);
}

/* The tables of count scalars (api.h) into tab; returns 1 when a backend
 * made them, 0 when none did (tab untouched: then mqs_matvec_tab runs
 * mqs_matvec). */
static inline int mqs_tables(uint8_t (*tab)[32], const uint64_t (*mk)[8][2], size_t count)
{
#if defined(PQSIG_MQS_NATIVE_TABLES)
    return mqs_tables_native(tab, mk, count) == PQSIG_NATIVE_OK;
#else
    (void)tab;
    (void)mk;
    (void)count;
    return 0;
#endif
}

/* mqs_matvec with tables when have_tab (mqs_tables said so). */
static inline void mqs_matvec_tab(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                                  const uint64_t (*mk)[8][2], const uint8_t (*tab)[32], int have_tab, size_t count,
                                  size_t len)
{
#if defined(PQSIG_MQS_NATIVE_TABLES)
    if (have_tab && mqs_matvec_tab_native(out, vecs, stride, dstride, tab, count, len) == PQSIG_NATIVE_OK) {
        return;
    }
#else
    (void)tab;
    (void)have_tab;
#endif
    mqs_matvec(out, vecs, stride, dstride, mk, count, len);
}

/* Two products of the same vectors by two sets of scalars (api.h), or the
 * two products one after the other where no kernel takes them. */
static inline void mqs_matvec_tab2(uint8_t *out0, uint8_t *out1, const uint8_t *vecs, size_t stride,
                                   ptrdiff_t dstride, const uint64_t (*mk0)[8][2], const uint8_t (*tab0)[32],
                                   const uint64_t (*mk1)[8][2], const uint8_t (*tab1)[32], int have_tab,
                                   size_t count, size_t len)
{
#if defined(PQSIG_MQS_NATIVE_TABLES)
    if (have_tab &&
        mqs_matvec_tab2_native(out0, out1, vecs, stride, dstride, tab0, tab1, count, len) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    mqs_matvec_tab(out0, vecs, stride, dstride, mk0, tab0, have_tab, count, len);
    mqs_matvec_tab(out1, vecs, stride, dstride, mk1, tab1, have_tab, count, len);
}

static inline uint64_t mqs_solve(uint8_t x[MQS_O], const uint8_t *lin, const uint8_t rhs[MQS_O], void *work)
{
#if defined(PQSIG_MQS_NATIVE_SOLVE)
    uint64_t ok = 0;
    if (mqs_solve_native(x, lin, rhs, work, &ok) == PQSIG_NATIVE_OK) {
        return ok;
    }
#endif
    return mqs_solve_c(x, lin, rhs, work);
}

static inline void mqs_pubmap(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work)
{
#if defined(PQSIG_MQS_NATIVE_PUBMAP)
    if (mqs_pubmap_native(z, p, w, work) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    mqs_pubmap_c(z, p, w, work);
}

#endif
