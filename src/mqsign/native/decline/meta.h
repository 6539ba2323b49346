/* MQ-Sign test backend "decline": opts in to every kernel of ../api.h and
 * declines every call, so a build with it (impl decline, test builds only)
 * runs every native hook and every fallback path of the frontend. The
 * refusal comes from decline.c, another translation unit, so the compiler
 * cannot fold the hook away. */
#ifndef PQSIG_MQSIGN_NATIVE_DECLINE_META_H
#define PQSIG_MQSIGN_NATIVE_DECLINE_META_H

#define PQSIG_MQS_NATIVE_MASKS
#define PQSIG_MQS_NATIVE_MATVEC
#define PQSIG_MQS_NATIVE_SOLVE
#define PQSIG_MQS_NATIVE_PUBMAP

#define mqs_decline PQSIG_KNS(mqs_decline)

/* Returns PQSIG_NATIVE_FALLBACK, touches nothing. */
int mqs_decline(void);

static inline int mqs_masks_native(uint64_t (*mk)[8][2], const uint8_t *s, size_t count)
{
    (void)mk;
    (void)s;
    (void)count;
    return mqs_decline();
}

static inline int mqs_matvec_native(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                                    const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    (void)out;
    (void)vecs;
    (void)stride;
    (void)dstride;
    (void)mk;
    (void)count;
    (void)len;
    return mqs_decline();
}

static inline int mqs_solve_native(uint8_t x[MQS_O], const uint8_t *lin, const uint8_t rhs[MQS_O], void *work,
                                   uint64_t *ok)
{
    (void)x;
    (void)lin;
    (void)rhs;
    (void)work;
    (void)ok;
    return mqs_decline();
}

static inline int mqs_pubmap_native(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work)
{
    (void)z;
    (void)p;
    (void)w;
    (void)work;
    return mqs_decline();
}

#endif
