/* NCC-Sign: the composite hooks over the kernel sets of this build
 * (src/common/kset.h). The frontend of a set is compiled once, with this
 * file as its PQSIG_BACKEND_META, and serves opt and every backend
 * implementation: each hook runs a backend's kernel only while that
 * backend's implementation is the calling thread's kernel set, and
 * otherwise declines, so `opt` runs the portable twins. A backend's own
 * meta.h lists what it provides (NCC_<DIR>_<KERNEL>). */
#ifndef PQSIG_NCCSIGN_NATIVE_META_H
#define PQSIG_NCCSIGN_NATIVE_META_H

#include <stdint.h>

#include "common/kset.h"
#include "common/native.h"

#if defined(PQSIG_KSET_HAVE_AVX2)
#include "nccsign/native/x86_64_avx2/meta.h"
#endif
#if defined(PQSIG_KSET_HAVE_AVX512)
#include "nccsign/native/x86_64_avx512/meta.h"
#endif

/* Each kernel of the NTT engine: avx512's where the set is avx512, else
 * avx2's where the set is avx2 (the larger x86-64 set runs the smaller
 * one's kernels when it has none of its own). */
#if defined(NCC_AVX512_NTT)
#define NCC_NTT_AVX512(call)                                                                       \
    if (pqsig_kset() >= PQSIG_KSET_AVX512) {                                                       \
        call;                                                                                      \
        return PQSIG_NATIVE_OK;                                                                    \
    }
#else
#define NCC_NTT_AVX512(call)
#endif
#if defined(NCC_AVX2_NTT)
#define NCC_NTT_HOOK(k, args) NCC_NTT_AVX512(ncc_avx512_##k args) PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_##k args)
#else
#define NCC_NTT_HOOK(k, args) NCC_NTT_AVX512(ncc_avx512_##k args) return PQSIG_NATIVE_FALLBACK
#endif

#if defined(NCC_AVX2_NTT) || defined(NCC_AVX512_NTT)
#define PQSIG_NCC_NATIVE_NTT
static inline int ncc_ntt_native(uint32_t a[NCC_N])
{
    NCC_NTT_HOOK(ntt, (a));
}

#define PQSIG_NCC_NATIVE_INVNTT
static inline int ncc_invntt_native(uint32_t a[NCC_N])
{
    NCC_NTT_HOOK(invntt, (a));
}

#define PQSIG_NCC_NATIVE_REDUCE2Q
static inline int ncc_reduce2q_native(uint32_t a[NCC_N])
{
    NCC_NTT_HOOK(reduce2q, (a));
}

#define PQSIG_NCC_NATIVE_POINTWISE
static inline int ncc_pointwise_native(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N])
{
    NCC_NTT_HOOK(pointwise, (r, a, b));
}

#define PQSIG_NCC_NATIVE_NTT_FROM_SPEC
static inline int ncc_ntt_from_spec_native(uint32_t r[NCC_N], const uint32_t a[NCC_N])
{
    NCC_NTT_HOOK(ntt_from_spec, (r, a));
}
#endif

#endif
