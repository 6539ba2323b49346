/* Falcon: the composite hooks over the kernel sets of this build
 * (src/common/kset.h). The core (key generation, signing, verification:
 * the code that calls the kernels, compiled once per floating-point kind)
 * is built with this file as its PQSIG_BACKEND_META and serves opt and
 * every backend implementation: each hook runs a backend's kernel only
 * while that backend's implementation is the calling thread's kernel set,
 * and otherwise declines, so `opt` runs the portable twins. A backend's
 * own meta.h lists what it provides (FALCON_<DIR>_KERNELS, ...). The CPU
 * was checked once, by the implementation's thunk. */
#ifndef PQSIG_FALCON_NATIVE_META_H
#define PQSIG_FALCON_NATIVE_META_H

#include <stdint.h>

#include "common/kset.h"
#include "common/native.h"
#include "falcon/fpr.h"

#if defined(PQSIG_KSET_HAVE_AVX2)
#include "falcon/native/x86_64_avx2/meta.h"
#endif
#if defined(PQSIG_KSET_HAVE_AVX512)
#include "falcon/native/x86_64_avx512/meta.h"
#endif

/* The avx2 kernels serve the avx2 set and every larger one: avx512 has
 * none of its own (x86_64_avx512/meta.h says why). */
#if defined(FALCON_AVX2_KERNELS)
#define PQSIG_FALCON_NATIVE_FFT
static inline int falcon_fft_native(fpr *f, unsigned logn)
{
    PQSIG_KSET_HOOK_IF(PQSIG_KSET_AVX2, falcon_avx2_fft_takes(logn), falcon_fft_avx2(f, logn));
}

#define PQSIG_FALCON_NATIVE_IFFT
static inline int falcon_ifft_native(fpr *f, unsigned logn)
{
    PQSIG_KSET_HOOK_IF(PQSIG_KSET_AVX2, falcon_avx2_fft_takes(logn), falcon_ifft_avx2(f, logn));
}

#define PQSIG_FALCON_NATIVE_SPLIT
static inline int falcon_split_native(fpr *f0, fpr *f1, const fpr *f, unsigned logn)
{
    PQSIG_KSET_HOOK_IF(PQSIG_KSET_AVX2, falcon_avx2_fft_takes(logn), falcon_split_avx2(f0, f1, f, logn));
}

#define PQSIG_FALCON_NATIVE_MERGE
static inline int falcon_merge_native(fpr *f, const fpr *f0, const fpr *f1, unsigned logn)
{
    PQSIG_KSET_HOOK_IF(PQSIG_KSET_AVX2, falcon_avx2_fft_takes(logn), falcon_merge_avx2(f, f0, f1, logn));
}

#define PQSIG_FALCON_NATIVE_MQ_NTT
static inline int falcon_mq_ntt_native(uint16_t *a, unsigned logn)
{
    PQSIG_KSET_HOOK_IF(PQSIG_KSET_AVX2, falcon_avx2_ntt_takes(logn), falcon_mq_ntt_avx2(a, logn));
}

#define PQSIG_FALCON_NATIVE_MQ_INTT
static inline int falcon_mq_intt_native(uint16_t *a, unsigned logn)
{
    PQSIG_KSET_HOOK_IF(PQSIG_KSET_AVX2, falcon_avx2_ntt_takes(logn), falcon_mq_intt_avx2(a, logn));
}

#define PQSIG_FALCON_NATIVE_MQ_MUL_NTT
static inline int falcon_mq_mul_ntt_native(uint16_t *t, const int16_t *s2, const uint16_t *h_ntt, unsigned logn)
{
    PQSIG_KSET_HOOK_IF(PQSIG_KSET_AVX2, falcon_avx2_ntt_takes(logn), falcon_mq_mul_ntt_avx2(t, s2, h_ntt, logn));
}

/* tmp: 4n 16-bit values of the 6n words */
#define PQSIG_FALCON_NATIVE_NTRU_CHECK
static inline int falcon_ntru_check_native(uint32_t *r, const int8_t *f, const int8_t *g, const int8_t *F,
                                           const int8_t *G, unsigned logn, uint32_t *tmp)
{
    PQSIG_KSET_HOOK_IF(PQSIG_KSET_AVX2, falcon_avx2_ntt_takes(logn),
                       *r = falcon_ntru_mismatch_avx2(f, g, F, G, logn, (uint16_t *)(void *)tmp));
}

#define PQSIG_FALCON_NATIVE_CHACHA20X8
static inline int falcon_chacha20x8_native(uint32_t w[128], const uint32_t key[12], uint64_t ctr)
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, falcon_chacha20x8_avx2(w, key, ctr));
}

#define PQSIG_FALCON_NATIVE_BASE_SAMPLER
static inline int falcon_base_sampler_native(int *z, uint64_t lo, uint32_t top)
{
    PQSIG_KSET_HOOK(PQSIG_KSET_AVX2, *z = falcon_base_sampler_avx2(lo, top));
}
#endif

#endif
