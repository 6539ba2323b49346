/* Falcon: the kernels a backend may replace (src/common/native.h has the
 * convention). Each kernel k has a portable twin k_c, always built; a
 * backend's meta.h (included at the end) defines PQSIG_FALCON_NATIVE_<K>
 * and a static inline k_native that returns PQSIG_NATIVE_OK having done
 * the work, or PQSIG_NATIVE_FALLBACK having written nothing. The core calls
 * the dispatchers of falcon/kernels.h only.
 *
 * Every kernel takes logn at run time (9 and 10 for the two degrees; the
 * FFT also serves the smaller degrees of key generation and of the
 * sampling recursion, 1 to 10). Results must be BIT-IDENTICAL to the
 * twin's: the known answers depend on every rounding of the floating
 * point, so a vector FFT must perform, per output, the same sequence of
 * correctly rounded binary64 operations (no fused multiply-add, no
 * reassociation); a vector sampler must consume the PRNG bytes in the same
 * order. */
#ifndef PQSIG_FALCON_NATIVE_API_H
#define PQSIG_FALCON_NATIVE_API_H

#include <stdint.h>

#include "common/fips202.h"
#include "common/native.h"
#include "falcon/fpr.h"
#include "falcon/ns.h"
#include "falcon/sampler.h"

#define falcon_fft_c FALCON_NS(falcon_fft_c)
#define falcon_ifft_c FALCON_NS(falcon_ifft_c)
#define falcon_sampler_z_c FALCON_NS(falcon_sampler_z_c)
#define falcon_mq_ntt_c FALCON_NS(falcon_mq_ntt_c)
#define falcon_mq_intt_c FALCON_NS(falcon_mq_intt_c)
#define falcon_mq_mul_ntt_c FALCON_NS(falcon_mq_mul_ntt_c)
#define falcon_hash_to_point_c FALCON_NS(falcon_hash_to_point_c)
#define falcon_chacha20x8_c FALCON_NS(falcon_chacha20x8_c)
#define falcon_base_sampler_c FALCON_NS(falcon_base_sampler_c)
#define falcon_ntru_check_c FALCON_NS(falcon_ntru_check_c)
#define falcon_split_c FALCON_NS(falcon_split_c)
#define falcon_merge_c FALCON_NS(falcon_merge_c)

/* FFT: n = 2^logn real coefficients, in place, to the FFT representation
 * of fft.h (real parts in f[0..n/2), imaginary parts in f[n/2..n), roots
 * in bit-reversed order); iFFT: back, including the division by n/2.
 * Secret data (signing, key generation): constant time, no data-dependent
 * branch or address. f is 8-byte aligned. */
void falcon_fft_c(fpr *f, unsigned logn);
void falcon_ifft_c(fpr *f, unsigned logn);

/* Split: f (degree n = 2^logn, FFT form) to f0, f1 (degree n/2, FFT form)
 * with f(x) = f0(x^2) + x f1(x^2); merge: the inverse. Bit-identical to
 * the twins (fft.c), like the FFT. logn from 1 to 10; the three arrays
 * do not overlap. Secret data: constant time. */
void falcon_split_c(fpr *restrict f0, fpr *restrict f1, const fpr *restrict f, unsigned logn);
void falcon_merge_c(fpr *restrict f, const fpr *restrict f0, const fpr *restrict f1, unsigned logn);

/* SamplerZ (specification v1.2, algorithm 15): one integer of the discrete
 * Gaussian of centre mu and standard deviation 1/isigma (sigma in
 * [sigma_min, 1.8205]), reading the bytes of ctx's ChaCha20 PRNG exactly as
 * round 3 does (sampler.h). mu, isigma and the PRNG state are secret: the
 * time may depend only on the number of rejected attempts and on how many
 * bytes each Bernoulli trial reads (both declassified, as in round 3). */
int falcon_sampler_z_c(falcon_sampler_ctx *ctx, fpr mu, fpr isigma);

/* NTT modulo q = 12289 (vrfy.h): n values in [0, q) in place, to the
 * evaluations at the odd powers of psi = 7^(1024/n) in bit-reversed order,
 * outputs in [0, q); intt the inverse. Used on secret data (h = g/f, G)
 * as well as on public data: constant time. */
void falcon_mq_ntt_c(uint16_t *a, unsigned logn);
void falcon_mq_intt_c(uint16_t *a, unsigned logn);

/* Verification's product (vrfy.c): t = s2 h modulo x^n + 1 and q, for h
 * given in NTT form (h_ntt, values in [0, q)) and s2 any 16-bit values
 * (taken modulo q), outputs in [0, q). The NTT, the pointwise products and
 * the inverse NTT in one, so that a backend may keep its own
 * representation between them. Public data (a signature and a public
 * key); constant time all the same. */
void falcon_mq_mul_ntt_c(uint16_t *t, const int16_t *s2, const uint16_t *h_ntt, unsigned logn);

/* HashToPoint (hash.h): n values in [0, q) from a SHAKE256 context that
 * has absorbed nonce || message, 16-bit big-endian words below 5q kept.
 * Public data only: may be variable time. */
void falcon_hash_to_point_c(pqsig_shake_ctx *sc, uint16_t *c, unsigned logn);

/* BaseSampler's table lookup (specification v1.2, algorithm 12): for the
 * 72-bit uniform value u = top * 2^64 + lo (top < 256), the number of
 * entries of the reverse cumulative table (sampler.c) that exceed u, in
 * [0, 18]. u is secret: constant time. SamplerZ reads u from the
 * generator and calls this. */
int falcon_base_sampler_c(uint64_t lo, uint32_t top);

/* The NTRU equation of a secret key: zero when f G - g F = q exactly in
 * Z[x]/(x^n + 1), nonzero otherwise, for f, g, F, G with coefficients in
 * [-127, 127]. The twin works modulo a 31-bit prime (keygen_solve.c);
 * any modulus (or product of moduli) above 2^27 decides it. Secret:
 * constant time (the caller declassifies the verdict). tmp: 6n words. */
uint32_t falcon_ntru_check_c(const int8_t *f, const int8_t *g, const int8_t *F, const int8_t *G, unsigned logn,
                             uint32_t *tmp);

/* The sampler's generator (prng.h): eight ChaCha20 blocks (20 rounds) of
 * the state "expand 32-byte k" || key[0..11], blocks ctr .. ctr + 7, each
 * with its 64-bit counter XORed into state words 14 and 15 (low word
 * first) before the rounds and in the feed-forward, as round 3 does.
 * Output: w[8 v + j] = word v of block j. key and the output are secret:
 * constant time. */
void falcon_chacha20x8_c(uint32_t w[128], const uint32_t key[12], uint64_t ctr);

#ifdef PQSIG_BACKEND_META
#include PQSIG_BACKEND_META
#endif

#endif
