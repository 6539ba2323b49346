/* NCC-Sign-T opt: the frontend's one entry per kernel of native/api.h. Each
 * runs the backend's version when the backend's meta.h opts in
 * (PQSIG_NCC_NATIVE_<K>) and it takes the call, else the portable twin. The
 * frontend calls only these, never k_c or k_native. */
#ifndef PQSIG_NCCSIGN_KERNELS_H
#define PQSIG_NCCSIGN_KERNELS_H

#include "nccsign/native/api.h"

static inline void ncc_ntt(uint32_t a[NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_NTT)
    if (ncc_ntt_native(a) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_ntt_c(a);
}

static inline void ncc_invntt(uint32_t a[NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_INVNTT)
    if (ncc_invntt_native(a) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_invntt_c(a);
}

static inline void ncc_reduce2q(uint32_t a[NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_REDUCE2Q)
    if (ncc_reduce2q_native(a) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_reduce2q_c(a);
}

static inline void ncc_ntt_from_spec(uint32_t r[NCC_N], const uint32_t a[NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_NTT_FROM_SPEC)
    if (ncc_ntt_from_spec_native(r, a) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_ntt_from_spec_c(r, a);
}

static inline void ncc_pointwise(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_POINTWISE)
    if (ncc_pointwise_native(r, a, b) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_pointwise_c(r, a, b);
}

static inline size_t ncc_rej_uniform(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen)
{
#if defined(PQSIG_NCC_NATIVE_REJ_UNIFORM)
    size_t count = 0;
    if (ncc_rej_uniform_native(a, len, buf, buflen, &count) == PQSIG_NATIVE_OK) {
        return count;
    }
#endif
    return ncc_rej_uniform_c(a, len, buf, buflen);
}

static inline size_t ncc_rej_eta(int32_t *s, size_t len, const uint8_t *buf, size_t buflen)
{
#if defined(PQSIG_NCC_NATIVE_REJ_ETA)
    size_t count = 0;
    if (ncc_rej_eta_native(s, len, buf, buflen, &count) == PQSIG_NATIVE_OK) {
        return count;
    }
#endif
    return ncc_rej_eta_c(s, len, buf, buflen);
}

static inline void ncc_challenge_dense(uint8_t dense[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU])
{
#if defined(PQSIG_NCC_NATIVE_CHALLENGE_DENSE)
    if (ncc_challenge_dense_native(dense, pos, neg) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_challenge_dense_c(dense, pos, neg);
}

static inline void ncc_decompose(uint8_t w1[NCC_N], int32_t w0[NCC_N], const uint32_t w[NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_DECOMPOSE)
    if (ncc_decompose_native(w1, w0, w) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_decompose_c(w1, w0, w);
}

static inline uint32_t ncc_make_hint(uint8_t h[NCC_N], const int32_t r0[NCC_N], const uint8_t w1[NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_MAKE_HINT)
    uint32_t count = 0;
    if (ncc_make_hint_native(h, r0, w1, &count) == PQSIG_NATIVE_OK) {
        return count;
    }
#endif
    return ncc_make_hint_c(h, r0, w1);
}

static inline void ncc_use_hint(uint8_t w1[NCC_N], const uint32_t r[NCC_N], const uint8_t h[NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_USE_HINT)
    if (ncc_use_hint_native(w1, r, h) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_use_hint_c(w1, r, h);
}

static inline void ncc_sub_ct1(uint32_t w[NCC_N], const uint32_t pos[NCC_TAU], const uint32_t neg[NCC_TAU],
                               const uint32_t t1[NCC_N], int32_t wide[2 * NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_SUB_CT1)
    if (ncc_sub_ct1_native(w, pos, neg, t1, wide) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_sub_ct1_c(w, pos, neg, t1, wide);
}

static inline void ncc_pack_w1(uint8_t out[NCC_POLYW1_BYTES], const uint8_t w1[NCC_N])
{
#if defined(PQSIG_NCC_NATIVE_PACK_W1)
    if (ncc_pack_w1_native(out, w1) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_pack_w1_c(out, w1);
}

static inline void ncc_unpack_z(int32_t z[NCC_N], const uint8_t in[NCC_POLYZ_BYTES])
{
#if defined(PQSIG_NCC_NATIVE_UNPACK_Z)
    if (ncc_unpack_z_native(z, in) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_unpack_z_c(z, in);
}

static inline void ncc_unpack_t1(uint32_t t1[NCC_N], const uint8_t in[NCC_POLYT1_BYTES])
{
#if defined(PQSIG_NCC_NATIVE_UNPACK_T1)
    if (ncc_unpack_t1_native(t1, in) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    ncc_unpack_t1_c(t1, in);
}

#endif
