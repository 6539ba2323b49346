/* MQ-Sign v2.1 (KpqC round 2): the parameter sets as data.
 *
 * A build selects one set with MQS_LEVEL (1, 3, 5) and one variant with
 * MQS_VARIANT (below). Everything the code needs is derived here, so the
 * frontend and the reference are written once for all twelve sets.
 *
 * Variants (spec v2.1 section 4; the official code keeps them in separate
 * directories that differ only in these two rules):
 *   RR-s  F1 random upper-triangular; digest binds ph = H(P), the whole public map
 *   RR-m  F1 random upper-triangular; digest binds ph = H(a tail of P, rule 2)
 *   RR-o  F1 random upper-triangular; no binding
 *   LR    F1 built from v random "lines" (circulant structure); no binding.
 *         BROKEN: universal forgery in 2^112 operations at level I
 *         (Ran and Trimoska, ePrint 2024/1891). Kept for the known answers. */
#ifndef PQSIG_MQSIGN_PARAMS_H
#define PQSIG_MQSIGN_PARAMS_H

#define MQS_VARIANT_RR_S 1
#define MQS_VARIANT_RR_M 2
#define MQS_VARIANT_RR_O 3
#define MQS_VARIANT_LR 4

#if !defined(MQS_LEVEL) || !defined(MQS_VARIANT)
#error "MQS_LEVEL and MQS_VARIANT select the MQ-Sign parameter set"
#endif

/* (q, v, o) = (256, v, o); m = o equations in n = v + o variables. */
#if MQS_LEVEL == 1
#define MQS_V 72
#define MQS_O 46
#elif MQS_LEVEL == 3
#define MQS_V 112
#define MQS_O 72
#elif MQS_LEVEL == 5
#define MQS_V 148
#define MQS_O 96
#else
#error "MQ-Sign levels are 1, 3 and 5"
#endif

/* Rule 1: how the vinegar-vinegar block F1 is stored and expanded. */
#if MQS_VARIANT == MQS_VARIANT_LR
#define MQS_LINES 1
#else
#define MQS_LINES 0
#endif

/* Rule 2: what the message digest binds: 0 nothing, 1 all of P, 2 the
 * last v o + o(o+1)/2 coefficient vectors of P in the key's order (the
 * official code hashes from pk + o v(v+1)/2, the size of P2 || P3, but the
 * key is stored by monomial rows: the vectors left out are the first
 * v(v+1)/2 monomials, x_0 x_0 .. x_24 x_95 at level 1, vinegar-oil ones
 * among them, and those hashed include vinegar-vinegar ones). */
#if MQS_VARIANT == MQS_VARIANT_RR_S
#define MQS_BIND 1
#elif MQS_VARIANT == MQS_VARIANT_RR_M
#define MQS_BIND 2
#else
#define MQS_BIND 0
#endif

#include "mqsign/shape.h" /* n, h, the triangle sizes, the solver window */

#define MQS_SEED_BYTES 32
#define MQS_SALT_BYTES 32
#define MQS_HASH_BYTES 64 /* SHAKE256 output of H, also the length of ph */
#define MQS_PH_BYTES (MQS_BIND ? MQS_HASH_BYTES : 0)

/* Public key: P as o-byte coefficient vectors, one per monomial x_i x_j
 * (i <= j, row by row), then ph, then one zero byte. */
#define MQS_P_BYTES ((unsigned long)MQS_O * MQS_TRI(MQS_N))
#define MQS_PK_BYTES (MQS_P_BYTES + MQS_PH_BYTES + 1)
/* Offset and length of the region RR-m hashes (rule 2). */
#define MQS_P23_OFFSET ((unsigned long)MQS_O * MQS_TRI(MQS_V))
#define MQS_P23_BYTES (MQS_P_BYTES - MQS_P23_OFFSET)

/* Secret key: seed, T1, F1 (or the lines L), F2, [ph], one zero byte. */
#define MQS_T1_BYTES ((unsigned long)MQS_V * MQS_O)
#if MQS_LINES
#define MQS_F1_BYTES ((unsigned long)MQS_V * MQS_V)
#else
#define MQS_F1_BYTES ((unsigned long)MQS_O * MQS_TRI(MQS_V))
#endif
#define MQS_F2_BYTES ((unsigned long)MQS_V * MQS_O * MQS_O)
#define MQS_SK_T1 MQS_SEED_BYTES
#define MQS_SK_F1 (MQS_SK_T1 + MQS_T1_BYTES)
#define MQS_SK_F2 (MQS_SK_F1 + MQS_F1_BYTES)
#define MQS_SK_PH (MQS_SK_F2 + MQS_F2_BYTES)
#define MQS_SK_BYTES (MQS_SK_PH + MQS_PH_BYTES + 1)

/* Signature: w (n bytes) || salt. */
#define MQS_SIG_BYTES (MQS_N + MQS_SALT_BYTES)

/* Signing tries at most this many vinegar vectors (official code: 127). */
#define MQS_MAX_ATTEMPTS 127

#endif
