/* Falcon backend x86_64_avx2 (impl avx2):
 *  - the FFT, the inverse FFT, split and merge on four binary64 lanes
 *    (fft_avx2.c):
 *    every output is computed by the same correctly rounded operations as
 *    the portable twins (fft.c), only four at a time, so the results are
 *    bit-identical and the known answers unchanged; degrees 2^4 and up
 *    (key generation asks for smaller ones, which decline);
 *  - the NTT and inverse NTT modulo q on sixteen 16-bit lanes (ntt_avx2.c),
 *    for degrees 512 and 1024; canonical outputs, equal to the twins';
 *    verification's product s2 h on them, the pointwise products kept in
 *    Montgomery form up to the inverse NTT's last factor;
 *  - the sampler generator's eight ChaCha20 blocks, one per 32-bit lane
 *    (chacha_avx2.c);
 *  - BaseSampler's table lookup, four entries per vector (sampler_avx2.c);
 *  - the NTRU equation of a secret key, modulo q and modulo 18433 on the
 *    NTT above (q * 18433 exceeds twice any coefficient of f G - g F - q).
 * Every kernel declines on a CPU without AVX2. SamplerZ and HashToPoint
 * run portably for now. Included by native/api.h. */
#ifndef PQSIG_FALCON_NATIVE_X86_64_AVX2_META_H
#define PQSIG_FALCON_NATIVE_X86_64_AVX2_META_H

#include <stdint.h>

#include "common/cpu.h"
#include "common/native.h"
#include "falcon/fpr.h"
#include "falcon/ns.h"

#if FALCON_FPEMU
#error "the avx2 backend works on native binary64 (FALCON_FPEMU=0)"
#endif

/* The smallest degree the vector code takes: the layers of span 2 and 1
 * handle two and four groups per step. */
#define FALCON_AVX2_MIN_LOGN 4u

#define falcon_fft_avx2 FALCON_NS(falcon_fft_avx2)
#define falcon_ifft_avx2 FALCON_NS(falcon_ifft_avx2)
void falcon_fft_avx2(fpr *f, unsigned logn);
void falcon_ifft_avx2(fpr *f, unsigned logn);

#define falcon_mq_ntt_avx2 FALCON_NS(falcon_mq_ntt_avx2)
#define falcon_mq_intt_avx2 FALCON_NS(falcon_mq_intt_avx2)
void falcon_mq_ntt_avx2(uint16_t *a, unsigned logn);
void falcon_mq_intt_avx2(uint16_t *a, unsigned logn);
#define falcon_mq_mul_ntt_avx2 FALCON_NS(falcon_mq_mul_ntt_avx2)
void falcon_mq_mul_ntt_avx2(uint16_t *t, const int16_t *s2, const uint16_t *h_ntt, unsigned logn);

#define PQSIG_FALCON_NATIVE_FFT
#define PQSIG_FALCON_NATIVE_IFFT
#define PQSIG_FALCON_NATIVE_SPLIT
#define PQSIG_FALCON_NATIVE_MERGE

#define falcon_split_avx2 FALCON_NS(falcon_split_avx2)
#define falcon_merge_avx2 FALCON_NS(falcon_merge_avx2)
void falcon_split_avx2(fpr *f0, fpr *f1, const fpr *f, unsigned logn);
void falcon_merge_avx2(fpr *f, const fpr *f0, const fpr *f1, unsigned logn);
#define PQSIG_FALCON_NATIVE_MQ_NTT
#define PQSIG_FALCON_NATIVE_MQ_INTT
#define PQSIG_FALCON_NATIVE_MQ_MUL_NTT
#define PQSIG_FALCON_NATIVE_CHACHA20X8
#define PQSIG_FALCON_NATIVE_BASE_SAMPLER
#define PQSIG_FALCON_NATIVE_NTRU_CHECK

#define falcon_ntru_mismatch_avx2 FALCON_NS(falcon_ntru_mismatch_avx2)
uint32_t falcon_ntru_mismatch_avx2(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G,
                                   unsigned logn, uint16_t *tmp);

#define falcon_base_sampler_avx2 FALCON_NS(falcon_base_sampler_avx2)
int falcon_base_sampler_avx2(uint64_t lo, uint32_t top);

#define falcon_chacha20x8_avx2 FALCON_NS(falcon_chacha20x8_avx2)
void falcon_chacha20x8_avx2(uint32_t w[128], const uint32_t key[12], uint64_t ctr);

static inline int falcon_avx2_takes(unsigned logn)
{
    return logn >= FALCON_AVX2_MIN_LOGN && logn <= 10u && (pqsig_cpu_features() & PQSIG_CPU_AVX2) != 0;
}

static inline int falcon_fft_native(fpr *f, unsigned logn)
{
    if (!falcon_avx2_takes(logn)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    falcon_fft_avx2(f, logn);
    return PQSIG_NATIVE_OK;
}

static inline int falcon_ifft_native(fpr *f, unsigned logn)
{
    if (!falcon_avx2_takes(logn)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    falcon_ifft_avx2(f, logn);
    return PQSIG_NATIVE_OK;
}

static inline int falcon_avx2_ntt_takes(unsigned logn)
{
    return (logn == 9u || logn == 10u) && (pqsig_cpu_features() & PQSIG_CPU_AVX2) != 0;
}

static inline int falcon_mq_ntt_native(uint16_t *a, unsigned logn)
{
    if (!falcon_avx2_ntt_takes(logn)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    falcon_mq_ntt_avx2(a, logn);
    return PQSIG_NATIVE_OK;
}

static inline int falcon_mq_intt_native(uint16_t *a, unsigned logn)
{
    if (!falcon_avx2_ntt_takes(logn)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    falcon_mq_intt_avx2(a, logn);
    return PQSIG_NATIVE_OK;
}

static inline int falcon_mq_mul_ntt_native(uint16_t *t, const int16_t *s2, const uint16_t *h_ntt, unsigned logn)
{
    if (!falcon_avx2_ntt_takes(logn)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    falcon_mq_mul_ntt_avx2(t, s2, h_ntt, logn);
    return PQSIG_NATIVE_OK;
}

static inline int falcon_chacha20x8_native(uint32_t w[128], const uint32_t key[12], uint64_t ctr)
{
    if (!(pqsig_cpu_features() & PQSIG_CPU_AVX2)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    falcon_chacha20x8_avx2(w, key, ctr);
    return PQSIG_NATIVE_OK;
}

static inline int falcon_base_sampler_native(int *z, uint64_t lo, uint32_t top)
{
    if (!(pqsig_cpu_features() & PQSIG_CPU_AVX2)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    *z = falcon_base_sampler_avx2(lo, top);
    return PQSIG_NATIVE_OK;
}

static inline int falcon_ntru_check_native(uint32_t *r, const int8_t *f, const int8_t *g, const int8_t *F,
                                           const int8_t *G, unsigned logn, uint32_t *tmp)
{
    if (!falcon_avx2_ntt_takes(logn)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    /* 4n 16-bit values of the 6n words */
    *r = falcon_ntru_mismatch_avx2(f, g, F, G, logn, (uint16_t *)(void *)tmp);
    return PQSIG_NATIVE_OK;
}

/* Split and merge take four complex slots per step: degrees 2^4 and up
 * (the recursion's small degrees decline). */
static inline int falcon_split_native(fpr *f0, fpr *f1, const fpr *f, unsigned logn)
{
    if (!falcon_avx2_takes(logn)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    falcon_split_avx2(f0, f1, f, logn);
    return PQSIG_NATIVE_OK;
}

static inline int falcon_merge_native(fpr *f, const fpr *f0, const fpr *f1, unsigned logn)
{
    if (!falcon_avx2_takes(logn)) {
        return PQSIG_NATIVE_FALLBACK;
    }
    falcon_merge_avx2(f, f0, f1, logn);
    return PQSIG_NATIVE_OK;
}

#endif
