/* Falcon backend x86_64_avx2 (impl avx2): the kernels it provides. The
 * composite ../meta.h gives each its hook, taken while the calling thread
 * runs the avx2 kernel set or a larger one (src/common/kset.h: the avx512
 * implementation runs these where it has nothing better).
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
 * SamplerZ and HashToPoint run portably. */
#ifndef PQSIG_FALCON_NATIVE_X86_64_AVX2_META_H
#define PQSIG_FALCON_NATIVE_X86_64_AVX2_META_H

#include <stdint.h>

#include "falcon/fpr.h"
#include "falcon/ns.h"

#if FALCON_FPEMU
#error "the avx2 backend works on native binary64 (FALCON_FPEMU=0)"
#endif

#define FALCON_AVX2_KERNELS

/* The smallest degree the vector FFT, split and merge take: the layers of
 * span 2 and 1 handle two and four groups per step. */
#define FALCON_AVX2_MIN_LOGN 4u

static inline int falcon_avx2_fft_takes(unsigned logn)
{
    return logn >= FALCON_AVX2_MIN_LOGN && logn <= 10u;
}

/* The NTT mod q: the two degrees of the sets. */
static inline int falcon_avx2_ntt_takes(unsigned logn)
{
    return logn == 9u || logn == 10u;
}

#define falcon_fft_avx2 FALCON_NS(falcon_fft_avx2)
#define falcon_ifft_avx2 FALCON_NS(falcon_ifft_avx2)
void falcon_fft_avx2(fpr *f, unsigned logn);
void falcon_ifft_avx2(fpr *f, unsigned logn);

#define falcon_split_avx2 FALCON_NS(falcon_split_avx2)
#define falcon_merge_avx2 FALCON_NS(falcon_merge_avx2)
void falcon_split_avx2(fpr *f0, fpr *f1, const fpr *f, unsigned logn);
void falcon_merge_avx2(fpr *f, const fpr *f0, const fpr *f1, unsigned logn);

#define falcon_mq_ntt_avx2 FALCON_NS(falcon_mq_ntt_avx2)
#define falcon_mq_intt_avx2 FALCON_NS(falcon_mq_intt_avx2)
#define falcon_mq_mul_ntt_avx2 FALCON_NS(falcon_mq_mul_ntt_avx2)
void falcon_mq_ntt_avx2(uint16_t *a, unsigned logn);
void falcon_mq_intt_avx2(uint16_t *a, unsigned logn);
void falcon_mq_mul_ntt_avx2(uint16_t *t, const int16_t *s2, const uint16_t *h_ntt, unsigned logn);

/* f G - g F - q vanishes modulo q and modulo 18433: zero if so. tmp: 4n
 * 16-bit values. */
#define falcon_ntru_mismatch_avx2 FALCON_NS(falcon_ntru_mismatch_avx2)
uint32_t falcon_ntru_mismatch_avx2(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G,
                                   unsigned logn, uint16_t *tmp);

#define falcon_base_sampler_avx2 FALCON_NS(falcon_base_sampler_avx2)
int falcon_base_sampler_avx2(uint64_t lo, uint32_t top);

#define falcon_chacha20x8_avx2 FALCON_NS(falcon_chacha20x8_avx2)
void falcon_chacha20x8_avx2(uint32_t w[128], const uint32_t key[12], uint64_t ctr);

#endif
