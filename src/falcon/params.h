/* Falcon round 3 (specification v1.2, implementation 2020-09-30): the sizes
 * and bounds of both degrees. The core takes logn (9: Falcon-512, 10:
 * Falcon-1024) at run time; these macros and tables give what depends on it. */
#ifndef PQSIG_FALCON_PARAMS_H
#define PQSIG_FALCON_PARAMS_H

#include <stdint.h>

#define FALCON_Q 12289u
#define FALCON_NONCE_BYTES 40u
#define FALCON_MAX_LOGN 10u
#define FALCON_N(logn) ((size_t)1 << (logn))

/* Public key: 0x00 + logn, then h with 14 bits per coefficient. */
#define FALCON_PK_BYTES(logn) (1u + (14u << (logn)) / 8u)
/* Secret key: 0x50 + logn, then f and g with FALCON_FG_BITS(logn) bits per
 * coefficient and F with 8 (G is recomputed from the others). */
#define FALCON_FG_BITS(logn) ((logn) <= 9u ? 6u : 5u)
#define FALCON_BIG_FG_BITS 8u
#define FALCON_SK_BYTES(logn) (1u + ((2u * FALCON_FG_BITS(logn) + FALCON_BIG_FG_BITS) << (logn)) / 8u)

/* Detached signatures (the PQClean/liboqs formats):
 *  compressed: 0x30 + logn, nonce, compressed s2; at most 752 / 1462 bytes
 *              (the most any s2 that passes the norm bound can take);
 *  padded:     the same, zero-padded to exactly 666 / 1280 bytes.
 * The NIST signed message of round 3 is siglen (2 bytes, big-endian) ||
 * nonce || message || (0x20 + logn) || compressed s2, with the compressed
 * s2 limited to CRYPTO_BYTES - 43 = 647 / 1287 bytes. */
#define FALCON_SIG_COMPRESSED_BYTES(logn) ((logn) <= 9u ? 752u : 1462u)
#define FALCON_SIG_PADDED_BYTES(logn) ((logn) <= 9u ? 666u : 1280u)
#define FALCON_NIST_BYTES(logn) ((logn) <= 9u ? 690u : 1330u)

/* The squared-norm bound floor(beta^2) on (s1, s2). */
#define FALCON_L2_BOUND(logn) ((logn) <= 9u ? UINT32_C(34034726) : UINT32_C(70265242))

#endif
