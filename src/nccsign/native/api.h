/* NCC-Sign-T: THE kernel interface. The frontend (the .c files of src/nccsign) does the
 * whole scheme and calls the arithmetic that is worth a native version only
 * through these functions. The portable versions live in ntt.c and arith.c;
 * a native backend (native/<arch>/) provides the same functions, with the
 * same contracts, and variants.cmake compiles it in place of the portable
 * file. No function here may branch on or index memory by secret data.
 *
 * Representation: a polynomial is uint32_t[NCC_N]. "< kq" bounds are on the
 * unsigned values. The NTT domain holds the residues modulo the factors of
 * gen_tables.py in the order of this transform, which differs from the
 * specification's at n = 1152 and 2304 (the radix-3 layers run first):
 * a-hat is sampled in the specification's order and converted with
 * ncc_ntt_from_spec.
 * R = 2^32 (Montgomery). */
#ifndef PQSIG_NCCSIGN_NATIVE_API_H
#define PQSIG_NCCSIGN_NATIVE_API_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "nccsign/params.h"

/* Forward NTT in place. In: coefficients < 4q, congruent to f. Out: the
 * residues of f modulo the factors (exactly, no Montgomery factor), lazy:
 * below 32q (ncc_reduce2q brings them below 2q). */
void PQSIG_NS(ncc_ntt)(uint32_t a[NCC_N]);

/* a mod q in [0, 2q), in place, for a < 2^32 (an NTT output kept for
 * several products). */
void PQSIG_NS(ncc_reduce2q)(uint32_t a[NCC_N]);

/* Inverse NTT in place, times R. In: < 4q. Out: canonical, in [0, q).
 * So invntt(pointwise(ntt(f), ntt(g))) = f g in R_q. */
void PQSIG_NS(ncc_invntt)(uint32_t a[NCC_N]);

/* r = a, given in the specification's NTT order, in this transform's
 * order: a permutation of public data, at n = 1152 and 2304 only (where the
 * orders agree the frontend samples a-hat in place). r and a must not
 * alias. */
void PQSIG_NS(ncc_ntt_from_spec)(uint32_t r[NCC_N], const uint32_t a[NCC_N]);

/* r = a * b * R^-1 in the NTT domain: coefficient-wise, or (n = 1536) the
 * products of the degree-2 residues modulo X^3 -+ zeta. In: a < 32q (an
 * NTT output as it comes), b < 2q. Out: < 2q. r may alias a or b. */
void PQSIG_NS(ncc_pointwise)(uint32_t r[NCC_N], const uint32_t a[NCC_N], const uint32_t b[NCC_N]);

/* ExpandA's rejection sampling over public bytes: 3-byte little-endian
 * chunks of buf (buflen a multiple of 3), masked with NCC_UNIFORM_MASK, kept
 * when 0 < t < q, written to a[0..) until len values. Returns how many were
 * written. */
size_t PQSIG_NS(ncc_rej_uniform)(uint32_t *a, size_t len, const uint8_t *buf, size_t buflen);

/* ExpandS's rejection sampling over SECRET bytes: the 2-bit chunks t of each
 * byte (low bits first), kept when t < 3 as 1 - t, written to s[0..) until
 * len values. Which chunks equal 3 is independent of the kept values and is
 * the only thing declassified (PQSIG_CT_DECLASSIFY of the per-chunk
 * keep flags, a pass of bytes at a time). Returns
 * how many were written. */
size_t PQSIG_NS(ncc_rej_eta)(int32_t *s, size_t len, const uint8_t *buf, size_t buflen);

#endif
