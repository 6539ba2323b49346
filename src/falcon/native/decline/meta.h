/* Falcon test backend "decline": opts in every kernel of native/api.h and
 * declines every call, so that a build with it (impl `decline`) runs each
 * native hook and then the fallback to the portable twin. Each hook asks
 * falcon_decline (decline.c, another translation unit) so that the
 * compiler cannot drop the hook. Included by native/api.h. */
#ifndef PQSIG_FALCON_NATIVE_DECLINE_META_H
#define PQSIG_FALCON_NATIVE_DECLINE_META_H

#include <stdint.h>

#include "common/fips202.h"
#include "common/native.h"
#include "falcon/fpr.h"
#include "falcon/ns.h"
#include "falcon/sampler.h"

#define falcon_decline FALCON_NS(falcon_decline)
/* PQSIG_NATIVE_FALLBACK, having written nothing. */
int falcon_decline(void);

#define PQSIG_FALCON_NATIVE_FFT
#define PQSIG_FALCON_NATIVE_IFFT
#define PQSIG_FALCON_NATIVE_SAMPLER_Z
#define PQSIG_FALCON_NATIVE_MQ_NTT
#define PQSIG_FALCON_NATIVE_MQ_INTT
#define PQSIG_FALCON_NATIVE_MQ_MUL_NTT
#define PQSIG_FALCON_NATIVE_HASH_TO_POINT
#define PQSIG_FALCON_NATIVE_CHACHA20X8
#define PQSIG_FALCON_NATIVE_BASE_SAMPLER
#define PQSIG_FALCON_NATIVE_NTRU_CHECK
#define PQSIG_FALCON_NATIVE_SPLIT
#define PQSIG_FALCON_NATIVE_MERGE

static inline int falcon_fft_native(fpr *f, unsigned logn)
{
    (void)f;
    (void)logn;
    return falcon_decline();
}

static inline int falcon_ifft_native(fpr *f, unsigned logn)
{
    (void)f;
    (void)logn;
    return falcon_decline();
}

static inline int falcon_sampler_z_native(int *z, falcon_sampler_ctx *ctx, fpr mu, fpr isigma)
{
    (void)z;
    (void)ctx;
    (void)mu;
    (void)isigma;
    return falcon_decline();
}

static inline int falcon_mq_ntt_native(uint16_t *a, unsigned logn)
{
    (void)a;
    (void)logn;
    return falcon_decline();
}

static inline int falcon_mq_intt_native(uint16_t *a, unsigned logn)
{
    (void)a;
    (void)logn;
    return falcon_decline();
}

static inline int falcon_mq_mul_ntt_native(uint16_t *t, const int16_t *s2, const uint16_t *h_ntt, unsigned logn)
{
    (void)t;
    (void)s2;
    (void)h_ntt;
    (void)logn;
    return falcon_decline();
}

static inline int falcon_hash_to_point_native(pqsig_shake_ctx *sc, uint16_t *c, unsigned logn)
{
    (void)sc;
    (void)c;
    (void)logn;
    return falcon_decline();
}

static inline int falcon_chacha20x8_native(uint32_t w[128], const uint32_t key[12], uint64_t ctr)
{
    (void)w;
    (void)key;
    (void)ctr;
    return falcon_decline();
}

static inline int falcon_base_sampler_native(int *z, uint64_t lo, uint32_t top)
{
    (void)z;
    (void)lo;
    (void)top;
    return falcon_decline();
}

static inline int falcon_ntru_check_native(uint32_t *r, const int8_t *f, const int8_t *g, const int8_t *F,
                                           const int8_t *G, unsigned logn, uint32_t *tmp)
{
    (void)r;
    (void)f;
    (void)g;
    (void)F;
    (void)G;
    (void)logn;
    (void)tmp;
    return falcon_decline();
}

static inline int falcon_split_native(fpr *f0, fpr *f1, const fpr *f, unsigned logn)
{
    (void)f0;
    (void)f1;
    (void)f;
    (void)logn;
    return falcon_decline();
}

static inline int falcon_merge_native(fpr *f, const fpr *f0, const fpr *f1, unsigned logn)
{
    (void)f;
    (void)f0;
    (void)f1;
    (void)logn;
    return falcon_decline();
}

#endif
