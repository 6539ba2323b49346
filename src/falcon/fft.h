/* Falcon: polynomials over the reals in FFT representation.
 *
 * A real polynomial f mod X^n + 1 (n = 2^logn) is evaluated at the roots
 * w_j = exp(i*pi*(2j+1)/n). Since f is real, f(conj w) = conj f(w), so only
 * n/2 complex values are kept, and they fill the same n slots as the
 * coefficients: with hn = n/2, the value at the root w^rev(k) (k < hn, rev
 * the logn-bit reversal) has its real part in f[k] and its imaginary part
 * in f[k + hn]. This is the layout of the round-3 reference code, and every
 * function returns the same bits as its round-3 namesake (same sequence of
 * correctly rounded operations).
 *
 * A polynomial that equals its own adjoint ("auto-adjoint") has only real
 * FFT values; functions taking one as an argument read only its first hn
 * slots. All functions accept logn from 1 to 10. Unless stated otherwise,
 * distinct pointer arguments must not overlap. */
#ifndef PQSIG_FALCON_FFT_H
#define PQSIG_FALCON_FFT_H

#include <stddef.h>

#include "falcon/fpr.h"

/* falcon_FFT (coefficients -> FFT representation, in place) and
 * falcon_iFFT (back) are kernels: native/api.h, kernels.h. */
#include "falcon/kernels.h"

/* a <- a + b (either representation). */
#define falcon_poly_add FALCON_NS(falcon_poly_add)
void falcon_poly_add(fpr *restrict a, const fpr *restrict b, unsigned logn);

/* a <- a - b (either representation). */
#define falcon_poly_sub FALCON_NS(falcon_poly_sub)
void falcon_poly_sub(fpr *restrict a, const fpr *restrict b, unsigned logn);

/* a <- -a (either representation). */
#define falcon_poly_neg FALCON_NS(falcon_poly_neg)
void falcon_poly_neg(fpr *a, unsigned logn);

/* a <- adj(a) (FFT: complex conjugate of every value). */
#define falcon_poly_adj_fft FALCON_NS(falcon_poly_adj_fft)
void falcon_poly_adj_fft(fpr *a, unsigned logn);

/* a <- a * b (FFT). */
#define falcon_poly_mul_fft FALCON_NS(falcon_poly_mul_fft)
void falcon_poly_mul_fft(fpr *restrict a, const fpr *restrict b, unsigned logn);

/* a <- a * adj(b) (FFT). */
#define falcon_poly_muladj_fft FALCON_NS(falcon_poly_muladj_fft)
void falcon_poly_muladj_fft(fpr *restrict a, const fpr *restrict b, unsigned logn);

/* a <- a * adj(a) (FFT); the result is auto-adjoint, and its (zero)
 * imaginary parts are written too. */
#define falcon_poly_mulselfadj_fft FALCON_NS(falcon_poly_mulselfadj_fft)
void falcon_poly_mulselfadj_fft(fpr *a, unsigned logn);

/* a <- a * x for a real constant x (either representation). */
#define falcon_poly_mulconst FALCON_NS(falcon_poly_mulconst)
void falcon_poly_mulconst(fpr *a, fpr x, unsigned logn);

/* a <- a / b (FFT). */
#define falcon_poly_div_fft FALCON_NS(falcon_poly_div_fft)
void falcon_poly_div_fft(fpr *restrict a, const fpr *restrict b, unsigned logn);

/* d <- 1 / (a*adj(a) + b*adj(b)) (FFT). The result is auto-adjoint: only
 * d[0 .. n/2-1] is written. */
#define falcon_poly_invnorm2_fft FALCON_NS(falcon_poly_invnorm2_fft)
void falcon_poly_invnorm2_fft(fpr *restrict d, const fpr *restrict a,
                              const fpr *restrict b, unsigned logn);

/* d <- F*adj(f) + G*adj(g) (FFT); d overlaps none of the inputs. */
#define falcon_poly_add_muladj_fft FALCON_NS(falcon_poly_add_muladj_fft)
void falcon_poly_add_muladj_fft(fpr *restrict d, const fpr *restrict F,
                                const fpr *restrict G, const fpr *restrict f,
                                const fpr *restrict g, unsigned logn);

/* a <- a * b for an auto-adjoint b (FFT; b has n/2 real values). */
#define falcon_poly_mul_autoadj_fft FALCON_NS(falcon_poly_mul_autoadj_fft)
void falcon_poly_mul_autoadj_fft(fpr *restrict a, const fpr *restrict b,
                                 unsigned logn);

/* a <- a / b for an auto-adjoint b (FFT; b has n/2 real values). */
#define falcon_poly_div_autoadj_fft FALCON_NS(falcon_poly_div_autoadj_fft)
void falcon_poly_div_autoadj_fft(fpr *restrict a, const fpr *restrict b,
                                 unsigned logn);

/* LDL* decomposition of the auto-adjoint 2x2 matrix G = [[g00, g01],
 * [adj(g01), g11]] (FFT), in place: G = L*D*L* with L = [[1, 0], [l10, 1]],
 * D = diag(g00, d11). On return g01 holds l10 = adj(g01/g00) and g11 holds
 * d11 = g11 - |g01|^2/g00; g00 is unchanged. */
#define falcon_poly_LDL_fft FALCON_NS(falcon_poly_LDL_fft)
void falcon_poly_LDL_fft(const fpr *restrict g00, fpr *restrict g01,
                         fpr *restrict g11, unsigned logn);

/* Same decomposition, results to d11 and l10; the inputs are left intact.
 * g00 and g11 may be the same array (read only). */
#define falcon_poly_LDLmv_fft FALCON_NS(falcon_poly_LDLmv_fft)
void falcon_poly_LDLmv_fft(fpr *restrict d11, fpr *restrict l10,
                           const fpr *g00, const fpr *g01, const fpr *g11,
                           unsigned logn);

/* Split (f(x) = f0(x^2) + x*f1(x^2)) and merge, its inverse, are kernels:
 * falcon_poly_split_fft and falcon_poly_merge_fft in kernels.h. */

#endif
