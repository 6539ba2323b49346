/* NCC-Sign-T: the facts of one variant for the registry (src/common/variant.c)
 * and the core operations every NCC-Sign implementation provides.
 *
 * Names. The registry uses NCC-Sign-1, -3, -5 (n = 2304) and -5p (n = 2048,
 * "5'"), with "-AES" for the AES-256-CTR sets, following the KAT headers of
 * NIMS-Cryptography/NCC-Sign-MQ-Sign (8acccca): "NCC-Sign5" = n 2304,
 * "NCC-Sign5prime" = n 2048. The later repository NIMS-Cryptography/NCC-Sign-T
 * (bb32927) renames the two level-5 sets: its "NCC-Sign5" is n = 2048 and
 * "NCC-Sign5plus" is n = 2304; its KAT files differ from these only in that
 * header line. Files are named by secret-key size: PQCsignKAT_<sk bytes>.rsp. */
#ifndef PQSIG_NCCSIGN_VARIANT_H
#define PQSIG_NCCSIGN_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "nccsign/params.h"
#include "pqsig.h"

#if NCCSIGN_N == 1152
#define NCC_SET_NAME "NCC-Sign-1"
#define PQSIG_V_KAT_HEADER "NCC-Sign1"
#define NCC_KAT_SK "2688"
#elif NCCSIGN_N == 1536
#define NCC_SET_NAME "NCC-Sign-3"
#define PQSIG_V_KAT_HEADER "NCC-Sign3"
#define NCC_KAT_SK "3552"
#elif NCCSIGN_N == 2304
#define NCC_SET_NAME "NCC-Sign-5"
#define PQSIG_V_KAT_HEADER "NCC-Sign5"
#define NCC_KAT_SK "5568"
#else
#define NCC_SET_NAME "NCC-Sign-5p"
#define PQSIG_V_KAT_HEADER "NCC-Sign5prime"
#define NCC_KAT_SK "4448"
#endif

#if NCCSIGN_AES
#define PQSIG_V_NAME NCC_SET_NAME "-AES"
#define PQSIG_V_KAT_FILE "nccsign/AES/PQCsignKAT_" NCC_KAT_SK ".rsp"
#else
#define PQSIG_V_NAME NCC_SET_NAME
#define PQSIG_V_KAT_FILE "nccsign/SHAKE/PQCsignKAT_" NCC_KAT_SK ".rsp"
#endif

#define PQSIG_V_SCHEME "nccsign"
#define PQSIG_V_VERSION "2.1"
#define PQSIG_V_LEVEL NCC_LEVEL
#define PQSIG_V_PK_BYTES NCC_PK_BYTES
#define PQSIG_V_SK_BYTES NCC_SK_BYTES
#define PQSIG_V_SIG_BYTES NCC_SIG_BYTES
#define PQSIG_V_SEED_BYTES NCC_KEYPAIR_SEED_BYTES
#define PQSIG_V_RND_BYTES 0
#define PQSIG_V_SM_LAYOUT PQSIG_SM_SIG_MSG
#define PQSIG_V_FLAGS PQSIG_FLAG_DETERMINISTIC
/* The official key generation calls randombytes twice (zeta, then the seed). */
#define PQSIG_V_KEYPAIR_RNG 1

/* keypair_derand: seed is 64 bytes, zeta (public seed of a) || the 32-byte
 * secret seed; keypair_rng draws them in two 32-byte calls, as the official
 * code does. sign_derand is deterministic: rnd is ignored (PQSIG_V_RND_BYTES
 * = 0). verify is strict: exact length, canonical encodings,
 * ||z|| < gamma1 - beta and at most omega hint bits (the official verifier
 * omits the last check). */

#if !defined(PQSIG_IMPL_ref)
/* The opt family's _temp forms: the operation's state lives in tmp
 * (PQSIG_V_TEMP_BYTES bytes, aligned to 64, contents on entry irrelevant),
 * so each uses at most a few KiB of stack (src/nccsign/README.md has the
 * figures). The largest state is signing's: nine polynomials of n 32-bit
 * coefficients, the high bits and the hint (n bytes each), up to 352 bytes of
 * seeds, hashes and the key pointer, and room for packed masks: 4 in the SHAKE sets (a batch
 * drawn by the 4-way SHAKE256 where it runs natively: internal.h), 1 in the
 * AES sets. The size is the same on every platform. Keygen and sign wipe their state
 * before returning; verification's state is public. */
#define PQSIG_V_TEMP_BYTES (38 * NCC_N + 352 + (NCCSIGN_AES ? 1 : 4) * NCC_POLYZ_BYTES)

/* Expanded keys (pqsig_expand_sk / pqsig_expand_pk): what signing and
 * verification derive from a key alone, so that repeated use skips it
 * (ExpandA, the NTTs of the secret key, H(pk)). The secret one holds the
 * NTTs of a, of s1 + 2^8 s2 and of t0, then K and tr (sign.c); the public
 * one the NTT of a, t1 and tr (verify.c). */
#define NCC_ESK_BYTES (3 * 4 * NCC_N + 2 * NCC_SEEDBYTES)
#define NCC_EPK_BYTES (2 * 4 * NCC_N + NCC_SEEDBYTES)
#define PQSIG_V_EXPANDED 1
#define PQSIG_V_ESK_BYTES NCC_ESK_BYTES
#define PQSIG_V_EPK_BYTES NCC_EPK_BYTES
#endif

#include "common/variant_api.h"

#endif
