/* NCC-Sign-T test backend "decline": opts in every kernel of native/api.h
 * and declines every call, so that a build with it (impl `decline`) runs
 * each native hook and then the fallback to the portable twin. Each hook
 * asks ncc_decline (decline.c, another translation unit) so that the
 * compiler cannot drop the hook. Included by native/api.h. */
#ifndef PQSIG_NCCSIGN_NATIVE_DECLINE_META_H
#define PQSIG_NCCSIGN_NATIVE_DECLINE_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/native.h"
#include "nccsign/params.h"

#define ncc_decline PQSIG_KNS(ncc_decline)
/* PQSIG_NATIVE_FALLBACK, having written nothing. */
int ncc_decline(void);

#define PQSIG_NCC_NATIVE_NTT
#define PQSIG_NCC_NATIVE_INVNTT
#define PQSIG_NCC_NATIVE_REDUCE2Q
#define PQSIG_NCC_NATIVE_NTT_FROM_SPEC
#define PQSIG_NCC_NATIVE_POINTWISE
#define PQSIG_NCC_NATIVE_REJ_UNIFORM
#define PQSIG_NCC_NATIVE_REJ_ETA
#define PQSIG_NCC_NATIVE_DECOMPOSE
#define PQSIG_NCC_NATIVE_MAKE_HINT
#define PQSIG_NCC_NATIVE_USE_HINT
#define PQSIG_NCC_NATIVE_PACK_W1
#define PQSIG_NCC_NATIVE_UNPACK_Z
#define PQSIG_NCC_NATIVE_UNPACK_T1

static inline int ncc_ntt_native(uint32_t a[NCC_N])
{
    (void)a;
    return ncc_decline();
}

static inline int ncc_invntt_native(uint32_t a[NCC_N])
{
    (void)a;
    return ncc_decline();
}

static inline int ncc_reduce2q_native(uint32_t a[NCC_N])
{
    (void)a;
    return ncc_decline();
}

static inline int ncc_ntt_from_spec_native(uint32_t r[NCC_N], const uint32_t a[NCC_N])
{
    (void)r;
    (void)a;
    return ncc_decline();
}

static inline int ncc_pointwise_native(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N])
{
    (void)r;
    (void)a;
    (void)b;
    return ncc_decline();
}

static inline int ncc_rej_uniform_native(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen,
                                         size_t *count)
{
    (void)a;
    (void)len;
    (void)buf;
    (void)buflen;
    (void)count;
    return ncc_decline();
}

static inline int ncc_rej_eta_native(int32_t *s, size_t len, const uint8_t *buf, size_t buflen, size_t *count)
{
    (void)s;
    (void)len;
    (void)buf;
    (void)buflen;
    (void)count;
    return ncc_decline();
}

static inline int ncc_decompose_native(uint8_t w1[NCC_N], int32_t w0[NCC_N], const uint32_t w[NCC_N])
{
    (void)w1;
    (void)w0;
    (void)w;
    return ncc_decline();
}

static inline int ncc_make_hint_native(uint8_t h[NCC_N], const int32_t r0[NCC_N], const uint8_t w1[NCC_N],
                                       uint32_t *count)
{
    (void)h;
    (void)r0;
    (void)w1;
    (void)count;
    return ncc_decline();
}

static inline int ncc_use_hint_native(uint8_t w1[NCC_N], const uint32_t r[NCC_N], const uint8_t h[NCC_N])
{
    (void)w1;
    (void)r;
    (void)h;
    return ncc_decline();
}

static inline int ncc_pack_w1_native(uint8_t out[NCC_POLYW1_BYTES], const uint8_t w1[NCC_N])
{
    (void)out;
    (void)w1;
    return ncc_decline();
}

static inline int ncc_unpack_z_native(int32_t z[NCC_N], const uint8_t in[NCC_POLYZ_BYTES])
{
    (void)z;
    (void)in;
    return ncc_decline();
}

static inline int ncc_unpack_t1_native(uint32_t t1[NCC_N], const uint8_t in[NCC_POLYT1_BYTES])
{
    (void)t1;
    (void)in;
    return ncc_decline();
}

#endif
