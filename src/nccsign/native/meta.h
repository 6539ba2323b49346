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

/* On x86-64 the avx2 kernels serve the avx2 set and every larger one
 * (avx512 has none of its own: x86_64_avx512/meta.h says why). */
#if defined(NCC_AVX2_NTT)
#define PQSIG_NCC_NATIVE_NTT
static inline int ncc_ntt_native(uint32_t a[NCC_N])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_ntt(a));
}

#define PQSIG_NCC_NATIVE_INVNTT
static inline int ncc_invntt_native(uint32_t a[NCC_N])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_invntt(a));
}

#define PQSIG_NCC_NATIVE_REDUCE2Q
static inline int ncc_reduce2q_native(uint32_t a[NCC_N])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_reduce2q(a));
}

#define PQSIG_NCC_NATIVE_POINTWISE
static inline int ncc_pointwise_native(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_pointwise(r, a, b));
}

#define PQSIG_NCC_NATIVE_NTT_FROM_SPEC
static inline int ncc_ntt_from_spec_native(uint32_t r[NCC_N], const uint32_t a[NCC_N])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_ntt_from_spec(r, a));
}
#endif

#endif
