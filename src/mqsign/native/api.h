/* MQ-Sign: THE kernel contract. The frontend (keygen.c, sign.c, verify.c)
 * does the whole scheme and reaches the arithmetic worth a native version
 * only through the dispatchers of kernels.h, one per kernel k below. Each
 * k has a portable twin k_c, always built, once per shape (v, o) (the
 * kernels depend on MQS_V and MQS_O alone; shape ids v72o46, v112o72,
 * v148o96). A backend (native/<dir>/meta.h, included at the end of this
 * file when the build names it in PQSIG_BACKEND_META) opts in kernel by
 * kernel: it defines PQSIG_MQS_NATIVE_<K> and
 *     static inline int k_native(<the arguments of k_c>[, result out])
 * which returns PQSIG_NATIVE_OK after doing the work, or
 * PQSIG_NATIVE_FALLBACK before writing anything (a shape or a CPU feature
 * it does not cover). A kernel whose twin returns a value (mqs_solve)
 * gives it to the dispatcher through its last argument.
 *
 * Field: GF(256) in the tower representation of the specification (see
 * ../arith.h, the portable field layer), not the AES polynomial. Vectors
 * of field elements are bytes; an "o-byte vector" holds one coefficient
 * per equation. Kernels marked secret see secrets in key generation or
 * signing: they must take the same time and touch the same addresses
 * whatever the values of those bytes (lengths, counts and strides are
 * public). Scratch ("work") is caller memory of the size given in
 * ../shape.h, aligned to 64 bytes, with any content on entry; a kernel
 * may leave secrets there (the caller wipes it). */
#ifndef PQSIG_MQSIGN_NATIVE_API_H
#define PQSIG_MQSIGN_NATIVE_API_H

#include <stddef.h>
#include <stdint.h>

#include "common/native.h"
#include "mqsign/shape.h"

/* A kernel's work pointer with the contract's alignment told to the
 * compiler (aligned vector operations on it). */
#if defined(__GNUC__)
#define MQS_WORK(p) __builtin_assume_aligned((p), 64)
#else
#define MQS_WORK(p) (p)
#endif

#define mqs_masks_c PQSIG_KNS(mqs_masks_c)
#define mqs_matvec_c PQSIG_KNS(mqs_matvec_c)
#define mqs_solve_c PQSIG_KNS(mqs_solve_c)
#define mqs_pubmap_c PQSIG_KNS(mqs_pubmap_c)

/* mqs_masks (secret s): the selection masks of count scalars, the layout
 * mqs_matvec takes them in: mk[i][t][0] = mk[i][t][1] = all-ones when bit t
 * of s[i] is set, else 0 (one 16-byte block per bit). A backend that wants
 * the scalars back gets s[i] = sum_t (mk[i][t][0] & 1) << t. */
void mqs_masks_c(uint64_t (*mk)[8][2], const uint8_t *s, size_t count);

/* mqs_matvec (secret scalars and vectors): a matrix-vector product as a
 * linear combination of byte vectors,
 *   out[0..len) = sum_{i < count} s_i * vecs[off_i .. off_i + len),
 *   off_0 = 0, off_{i+1} = off_i + stride + i * dstride,
 * s_i given by their masks (mqs_masks). dstride 0: evenly spaced vectors
 * (F2 and T1 in signing, rows of F1); dstride -o: a column of a row-by-row
 * upper-triangular array of o-byte vectors (the public key in key
 * generation: stride (n - 1) o). Every offset is >= 0; exactly len bytes
 * of each vector are read, len >= 16 (the frontend's lengths are o, o^2
 * and v); vectors may overlap (stride 1: the sliding windows of the LR
 * evaluation). out does not overlap vecs; count may be 0 (out = 0). */
void mqs_matvec_c(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                  const uint64_t (*mk)[8][2], size_t count, size_t len);

/* Prepared scalars, kernels WITHOUT portable twins: a backend provides
 * all three or none (kernels.h falls back to mqs_matvec). For key
 * generation, which multiplies by the same scalars (a column of T1) about
 * 2 v + o times:
 *   mqs_tables (secret): tab[i] = s_i prepared, 32 bytes in a layout of
 *     the backend's own, which only its two products read (avx2: the
 *     products s_i * k and then s_i * 16 k, k < 16; avx512: the GFNI
 *     matrix of s_i), from the masks (mqs_masks) of count scalars;
 *   mqs_matvec_tab (secret): mqs_matvec's product, the scalars given by
 *     their tables; may decline a length (before writing anything);
 *   mqs_matvec_tab2 (secret): two such products of the same vectors by two
 *     sets of count scalars, into out0 and out1 (each vector read once for
 *     both); may decline a length (before writing anything).
 * A table is only ever an operand of register shuffles: reading one at
 * an address that depends on a vector byte would not be constant time. */
/* mqs_solve (secret): one signing attempt's linear system L x = r, L the
 * o x o matrix stored by columns (entry (e, c) at lin[c * o + e]: equation
 * e, oil variable c), solved as the specification's signer does (spec 4.2;
 * h = o / 2): by blocks L = [[A, B], [C, D]], S = D - C A^-1 B, and the
 * windowed elimination of S (a zero pivot i gains the first of rows
 * i + 1 .. i + MQS_SCHUR_WINDOW - 1 with a nonzero entry in its column).
 * Returns all-ones when A is invertible and every pivot of S was found in
 * its window, with x the (unique) solution; else 0, with x unspecified
 * (the attempt is discarded: the known answers depend on exactly this
 * rule). The return value is secret until the caller declassifies it.
 * work: MQS_SOLVE_WORK_BYTES. */
uint64_t mqs_solve_c(uint8_t x[MQS_O], const uint8_t *lin, const uint8_t rhs[MQS_O], void *work);

/* mqs_pubmap (public inputs only, may branch and index on them): the public
 * map z = P(w) of verification, P as in the public key: o-byte vectors, one
 * per monomial w_i w_j (0 <= i <= j < n), row by row (MQS_TRI(n) vectors).
 * work: MQS_PUBMAP_WORK_BYTES. */
void mqs_pubmap_c(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work);

#if defined(PQSIG_BACKEND_META)
#include PQSIG_BACKEND_META
#endif

#endif
