/* Falcon: the core's one entry per kernel of native/api.h. Each runs the
 * backend's version when the backend's meta.h opts in
 * (PQSIG_FALCON_NATIVE_<K>) and it takes the call, else the portable twin.
 * The core calls only these. */
#ifndef PQSIG_FALCON_KERNELS_H
#define PQSIG_FALCON_KERNELS_H

#include "falcon/native/api.h"

static inline void falcon_FFT(fpr *f, unsigned logn)
{
#if defined(PQSIG_FALCON_NATIVE_FFT)
    if (falcon_fft_native(f, logn) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    falcon_fft_c(f, logn);
}

static inline void falcon_iFFT(fpr *f, unsigned logn)
{
#if defined(PQSIG_FALCON_NATIVE_IFFT)
    if (falcon_ifft_native(f, logn) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    falcon_ifft_c(f, logn);
}

static inline int falcon_sampler_z(falcon_sampler_ctx *ctx, fpr mu, fpr isigma)
{
#if defined(PQSIG_FALCON_NATIVE_SAMPLER_Z)
    int z = 0;
    if (falcon_sampler_z_native(&z, ctx, mu, isigma) == PQSIG_NATIVE_OK) {
        return z;
    }
#endif
    return falcon_sampler_z_c(ctx, mu, isigma);
}

static inline void falcon_mq_ntt(uint16_t *a, unsigned logn)
{
#if defined(PQSIG_FALCON_NATIVE_MQ_NTT)
    if (falcon_mq_ntt_native(a, logn) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    falcon_mq_ntt_c(a, logn);
}

static inline void falcon_mq_intt(uint16_t *a, unsigned logn)
{
#if defined(PQSIG_FALCON_NATIVE_MQ_INTT)
    if (falcon_mq_intt_native(a, logn) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    falcon_mq_intt_c(a, logn);
}

static inline void falcon_mq_mul_ntt(uint16_t *t, const int16_t *s2, const uint16_t *h_ntt, unsigned logn)
{
#if defined(PQSIG_FALCON_NATIVE_MQ_MUL_NTT)
    if (falcon_mq_mul_ntt_native(t, s2, h_ntt, logn) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    falcon_mq_mul_ntt_c(t, s2, h_ntt, logn);
}

static inline void falcon_hash_to_point(pqsig_shake_ctx *sc, uint16_t *c, unsigned logn)
{
#if defined(PQSIG_FALCON_NATIVE_HASH_TO_POINT)
    if (falcon_hash_to_point_native(sc, c, logn) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    falcon_hash_to_point_c(sc, c, logn);
}

static inline void falcon_chacha20x8(uint32_t w[128], const uint32_t key[12], uint64_t ctr)
{
#if defined(PQSIG_FALCON_NATIVE_CHACHA20X8)
    if (falcon_chacha20x8_native(w, key, ctr) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    falcon_chacha20x8_c(w, key, ctr);
}

static inline int falcon_base_sampler(uint64_t lo, uint32_t top)
{
#if defined(PQSIG_FALCON_NATIVE_BASE_SAMPLER)
    int z = 0;
    if (falcon_base_sampler_native(&z, lo, top) == PQSIG_NATIVE_OK) {
        return z;
    }
#endif
    return falcon_base_sampler_c(lo, top);
}

static inline uint32_t falcon_ntru_check(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G,
                                         unsigned logn, uint32_t *tmp)
{
#if defined(PQSIG_FALCON_NATIVE_NTRU_CHECK)
    uint32_t r = 0;
    if (falcon_ntru_check_native(&r, f, g, F, G, logn, tmp) == PQSIG_NATIVE_OK) {
        return r;
    }
#endif
    return falcon_ntru_check_c(f, g, F, G, logn, tmp);
}

static inline void falcon_poly_split_fft(fpr *restrict f0, fpr *restrict f1, const fpr *restrict f, unsigned logn)
{
#if defined(PQSIG_FALCON_NATIVE_SPLIT)
    if (falcon_split_native(f0, f1, f, logn) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    falcon_split_c(f0, f1, f, logn);
}

static inline void falcon_poly_merge_fft(fpr *restrict f, const fpr *restrict f0, const fpr *restrict f1, unsigned logn)
{
#if defined(PQSIG_FALCON_NATIVE_MERGE)
    if (falcon_merge_native(f, f0, f1, logn) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    falcon_merge_c(f, f0, f1, logn);
}

#endif
