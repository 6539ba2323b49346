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

#if defined(NCC_AVX2_RECOMPILED)
#define PQSIG_NCC_NATIVE_REJ_UNIFORM
static inline int ncc_rej_uniform_native(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen, size_t *count)
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, *count = ncc_avx2_rej_uniform(a, len, buf, buflen));
}

#define PQSIG_NCC_NATIVE_REJ_ETA
static inline int ncc_rej_eta_native(int32_t *s, size_t len, const uint8_t *buf, size_t buflen, size_t *count)
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, *count = ncc_avx2_rej_eta(s, len, buf, buflen));
}

#define PQSIG_NCC_NATIVE_CHALLENGE_DENSE
static inline int ncc_challenge_dense_native(uint8_t dense[NCC_N], const uint32_t pos[NCC_TAU],
                                             const uint32_t neg[NCC_TAU])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_challenge_dense(dense, pos, neg));
}

#define PQSIG_NCC_NATIVE_DECOMPOSE
static inline int ncc_decompose_native(uint8_t w1[NCC_N], int32_t w0[NCC_N], const uint32_t w[NCC_N])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_decompose(w1, w0, w));
}

#define PQSIG_NCC_NATIVE_MAKE_HINT
static inline int ncc_make_hint_native(uint8_t h[NCC_N], const int32_t r0[NCC_N], const uint8_t w1[NCC_N],
                                       uint32_t *count)
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, *count = ncc_avx2_make_hint(h, r0, w1));
}

#define PQSIG_NCC_NATIVE_USE_HINT
static inline int ncc_use_hint_native(uint8_t w1[NCC_N], const uint32_t r[NCC_N], const uint8_t h[NCC_N])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_use_hint(w1, r, h));
}

#define PQSIG_NCC_NATIVE_PACK_W1
static inline int ncc_pack_w1_native(uint8_t out[NCC_POLYW1_BYTES], const uint8_t w1[NCC_N])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_pack_w1(out, w1));
}

#define PQSIG_NCC_NATIVE_UNPACK_Z
static inline int ncc_unpack_z_native(int32_t z[NCC_N], const uint8_t in[NCC_POLYZ_BYTES])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_unpack_z(z, in));
}

#define PQSIG_NCC_NATIVE_UNPACK_T1
static inline int ncc_unpack_t1_native(uint32_t t1[NCC_N], const uint8_t in[NCC_POLYT1_BYTES])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_unpack_t1(t1, in));
}
#endif

#if defined(NCC_AVX2_SUB_CT1)
#define PQSIG_NCC_NATIVE_SUB_CT1
static inline int ncc_sub_ct1_native(uint32_t w[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU],
                                     const uint32_t t1[NCC_N], int32_t wide[2 * NCC_N])
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, ncc_avx2_sub_ct1(w, pos, neg, t1, wide));
}
#endif

#endif
