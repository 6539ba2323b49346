/* Falcon round 3: signing with the expanded key computed on the fly
 * ("sign_dyn" of round 3): the basis B = [[g, -f], [G, -F]] and its Gram
 * matrix in FFT form, Fast Fourier sampling (ffSampling, specification
 * v1.2 algorithm 11) of a lattice point close to (hm, 0) * B^-1, and the
 * norm check; s2 is bit-for-bit round 3's for the same inputs and the same
 * SHAKE256 context. */
#ifndef PQSIG_FALCON_SIGN_H
#define PQSIG_FALCON_SIGN_H

#include <stddef.h>
#include <stdint.h>

#include "common/fips202.h"
#include "falcon/fpr.h"
#include "falcon/ns.h"

/* Scratch for signing: 9 polynomials of fpr (72 * n bytes), aligned on
 * 8 bytes; the same as round 3's. */
#define FALCON_SIGN_TMP_BYTES(logn) ((size_t)72 << (logn))

/* A SamplerZ: an integer drawn around mu with standard deviation
 * 1/isigma. */
typedef int (*falcon_samplerz_fn)(void *ctx, fpr mu, fpr isigma);

/* Scratch for falcon_sign_tree: the basis (4n), the tree ((logn + 1) n)
 * and 8n values of work area, aligned on 8 bytes. */
#define FALCON_SIGN_TREE_TMP_BYTES(logn) ((size_t)(8 * ((logn) + 13)) << (logn))

#define falcon_sign_dyn FALCON_NS(falcon_sign_dyn)
#define falcon_sign_tree FALCON_NS(falcon_sign_tree)
#define falcon_sign_attempt FALCON_NS(falcon_sign_attempt)

/* Sign the hashed message hm (n values mod q) with the secret basis f, g,
 * F, G: each attempt keys the sampler's generator with the next 56 bytes
 * of rng (a SHAKE256 context; round 3 seeds it with 48 random bytes), and
 * a new attempt follows when (s1, s2) is too long. s2 gets n values; it
 * may overlap hm (it is written only at the end). Constant time in the
 * key, apart from the sampler's rejection pattern (see sampler.c) and the
 * number of attempts. tmp: FALCON_SIGN_TMP_BYTES(logn), 8-byte aligned. */
void falcon_sign_dyn(int16_t *s2, pqsig_shake_ctx *rng, const int8_t *f, const int8_t *g, const int8_t *F,
                     const int8_t *G, const uint16_t *hm, unsigned logn, uint8_t *tmp);

/* The same signature (bit for bit) the way the specification computes it:
 * the expanded key (the basis in FFT form and the Falcon tree of
 * ffLDL*) first, then ffSampling over the tree (sign_tree.c; the signer
 * of ref). tmp: FALCON_SIGN_TREE_TMP_BYTES(logn). */
void falcon_sign_tree(int16_t *s2, pqsig_shake_ctx *rng, const int8_t *f, const int8_t *g, const int8_t *F,
                      const int8_t *G, const uint16_t *hm, unsigned logn, uint8_t *tmp);

/* The signer of this build: ref (FALCON_SIGN_TREE) follows the
 * specification's schedule, the others round 3's sign_dyn. */
#if defined(FALCON_SIGN_TREE) && FALCON_SIGN_TREE
#define falcon_sign falcon_sign_tree
#define FALCON_SIGNER_TMP_BYTES FALCON_SIGN_TREE_TMP_BYTES
#else
#define falcon_sign falcon_sign_dyn
#define FALCON_SIGNER_TMP_BYTES FALCON_SIGN_TMP_BYTES
#endif

#define falcon_basis_fft FALCON_NS(falcon_basis_fft)
#define falcon_sign_finish FALCON_NS(falcon_sign_finish)

/* The basis B = [[g, -f], [G, -F]] in FFT form: b00 = g, b01 = -f,
 * b10 = G, b11 = -F (n values each). */
void falcon_basis_fft(fpr *b00, fpr *b01, fpr *b10, fpr *b11, const int8_t *f, const int8_t *g, const int8_t *F,
                      const int8_t *G, unsigned logn);

/* The end of an attempt, from (t0, t1) = z B in coefficient form:
 * s1 = hm - round(t0), s2 = -round(t1); 1 and s2 written when
 * |(s1, s2)|^2 is within the bound (the result is declassified), 0
 * otherwise. work: 2n int32 (may overlap neither t0 nor t1). */
int falcon_sign_finish(int16_t *s2, const uint16_t *hm, const fpr *t0, const fpr *t1, unsigned logn,
                       int32_t *work);

/* One attempt with the given SamplerZ (for tests): 1 and s2 written when
 * (s1, s2) is short enough, 0 otherwise. */
int falcon_sign_attempt(int16_t *s2, falcon_samplerz_fn samp, void *samp_ctx, const int8_t *f, const int8_t *g,
                        const int8_t *F, const int8_t *G, const uint16_t *hm, unsigned logn, uint8_t *tmp);

#endif
