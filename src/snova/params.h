/* SNOVA: the parameters of one set and the rules that tell the releases
 * apart. Everything here derives from the numbers the build passes:
 *
 *   SNOVA_V, SNOVA_O, SNOVA_Q, SNOVA_L   the set (v, o, q, l)
 *   SNOVA_VERSION  22 = SNOVA 2.2, 21 = SNOVA 2.1, 20 = NIST round 2
 *   SNOVA_AES      1: public key expanded with AES-128-CTR, 0: SNOVA-SHAKE
 *   SNOVA_ESK      1: round-2 "expanded" secret key, 0: 48-byte seed
 *   SNOVA_EXTRA    1: a set the 2.2 code builds but 2.2 does not recommend
 *
 * Section and algorithm numbers refer to the SNOVA 2.2 specification. */
#ifndef PQSIG_SNOVA_PARAMS_H
#define PQSIG_SNOVA_PARAMS_H

#if !defined(SNOVA_V) || !defined(SNOVA_O) || !defined(SNOVA_Q) || !defined(SNOVA_L) || \
    !defined(SNOVA_VERSION)
#error "SNOVA_V, SNOVA_O, SNOVA_Q, SNOVA_L and SNOVA_VERSION must be defined"
#endif
#ifndef SNOVA_AES
#define SNOVA_AES 0
#endif
#ifndef SNOVA_ESK
#define SNOVA_ESK 0
#endif
#ifndef SNOVA_EXTRA
#define SNOVA_EXTRA 0
#endif

#if SNOVA_VERSION != 20 && SNOVA_VERSION != 21 && SNOVA_VERSION != 22
#error "SNOVA_VERSION must be 20 (round 2), 21 or 22"
#endif
#if SNOVA_L < 2 || SNOVA_L > 5
#error "SNOVA supports 2 <= l <= 5"
#endif
#if SNOVA_ESK && (SNOVA_VERSION != 20)
#error "expanded secret keys exist only in round 2"
#endif

/* Derived sizes (section 1.3). */
#define SNOVA_N (SNOVA_V + SNOVA_O)
#define SNOVA_L2 (SNOVA_L * SNOVA_L)
#define SNOVA_ALPHA (SNOVA_L2 + SNOVA_L) /* N_alpha: terms of the central map */

#define SNOVA_SEED_PUBLIC_BYTES 16
#define SNOVA_SEED_PRIVATE_BYTES 32
#define SNOVA_SEED_BYTES (SNOVA_SEED_PUBLIC_BYTES + SNOVA_SEED_PRIVATE_BYTES)
#define SNOVA_SALT_BYTES 16
#define SNOVA_DIGEST_BYTES 64 /* md = SHAKE256(M, 64), section 1.6.3 */

/* Odd q: the public matrices are symmetric and only one half is stored
 * (section 1.7, Algorithms 11, 12, 19). */
#define SNOVA_SYMMETRIC (SNOVA_Q != 16)

/* Conversion F_q <-> bytes (Table 6): PACK_GF elements in PACK_BYTES bytes,
 * as one base-q number written little endian. */
#if SNOVA_Q == 16
#define SNOVA_PACK_GF 2
#define SNOVA_PACK_BYTES 1
#elif SNOVA_Q == 7
#define SNOVA_PACK_GF 17
#define SNOVA_PACK_BYTES 6
#elif SNOVA_Q == 11
#define SNOVA_PACK_GF 16
#define SNOVA_PACK_BYTES 7
#elif SNOVA_Q == 13
#define SNOVA_PACK_GF 15
#define SNOVA_PACK_BYTES 7
#elif SNOVA_Q == 17
#define SNOVA_PACK_GF 15
#define SNOVA_PACK_BYTES 8
#elif SNOVA_Q == 19
#define SNOVA_PACK_GF 15
#define SNOVA_PACK_BYTES 8
#elif SNOVA_Q == 23
#define SNOVA_PACK_GF 7
#define SNOVA_PACK_BYTES 4
#elif SNOVA_Q == 29
#define SNOVA_PACK_GF 13
#define SNOVA_PACK_BYTES 8
#elif SNOVA_Q == 31
#define SNOVA_PACK_GF 8
#define SNOVA_PACK_BYTES 5
#else
#error "unsupported q"
#endif

/* The symmetric matrix S for odd q (section 1.8, Table 5):
 * S[i][j] = (QA + i + j) & QB, except S[l-1][l-1] = QC. */
#if SNOVA_Q == 7
#define SNOVA_S_QA 4
#define SNOVA_S_QB 6
#define SNOVA_S_QC (SNOVA_L == 3 ? 5 : 1)
#elif SNOVA_Q == 11
#define SNOVA_S_QA 0
#define SNOVA_S_QB 3
#define SNOVA_S_QC 6
#elif SNOVA_Q == 13
#define SNOVA_S_QA 2
#define SNOVA_S_QB 11
#define SNOVA_S_QC 3
#elif SNOVA_Q == 17
#define SNOVA_S_QA 1
#define SNOVA_S_QB 11
#define SNOVA_S_QC 10
#elif SNOVA_Q == 19
#define SNOVA_S_QA 1
#define SNOVA_S_QB 3
#define SNOVA_S_QC 15
#elif SNOVA_Q == 23
#define SNOVA_S_QA 1
#define SNOVA_S_QB 11
#define SNOVA_S_QC 22
#elif SNOVA_Q == 29
#define SNOVA_S_QA 3
#define SNOVA_S_QB 12
#define SNOVA_S_QC 11
#elif SNOVA_Q == 31
#define SNOVA_S_QA 2
#define SNOVA_S_QB 5
#define SNOVA_S_QC 8
#endif

/* Bytes needed for x elements. */
#define SNOVA_BYTES_GF(x) ((SNOVA_PACK_BYTES * (x) + SNOVA_PACK_GF - 1) / SNOVA_PACK_GF)

/* Elements of the stored public matrix P22 (Algorithm 12). */
#if SNOVA_SYMMETRIC
#define SNOVA_PK_ELEMS (SNOVA_O * SNOVA_O * SNOVA_L * (SNOVA_O * SNOVA_L + 1) / 2)
#else
#define SNOVA_PK_ELEMS (SNOVA_O * SNOVA_O * SNOVA_O * SNOVA_L2)
#endif
#define SNOVA_SIG_ELEMS (SNOVA_N * SNOVA_L2)
#define SNOVA_HASH_ELEMS (SNOVA_O * SNOVA_L2)
#define SNOVA_HASH_BYTES SNOVA_BYTES_GF(SNOVA_HASH_ELEMS)
#define SNOVA_VINEGAR_BYTES SNOVA_BYTES_GF(SNOVA_V * SNOVA_L2)

#define SNOVA_PUBLICKEY_BYTES (SNOVA_SEED_PUBLIC_BYTES + SNOVA_BYTES_GF(SNOVA_PK_ELEMS))
#define SNOVA_SIGNATURE_BYTES (SNOVA_BYTES_GF(SNOVA_SIG_ELEMS) + SNOVA_SALT_BYTES)

/* Round-2 expanded secret key: the elements of A, B, Q1, Q2 (matrices),
 * T12, F11, F12, F21, packed two per byte (element e and e + half share a
 * byte), then the public and the private seed. */
#define SNOVA_ESK_ELEMS                                                                           \
    (SNOVA_L2 * (4 * SNOVA_O * SNOVA_ALPHA + SNOVA_V * SNOVA_O +                                   \
                 SNOVA_O * (SNOVA_V * SNOVA_V + 2 * SNOVA_V * SNOVA_O)))
#if SNOVA_ESK
#if SNOVA_Q != 16 || SNOVA_ESK_ELEMS % 2 != 0
#error "the expanded secret key format needs q = 16 and an even element count"
#endif
#define SNOVA_SECRETKEY_BYTES (SNOVA_ESK_ELEMS / 2 + SNOVA_SEED_BYTES)
#else
#define SNOVA_SECRETKEY_BYTES SNOVA_SEED_BYTES
#endif

/* Signing gives up after this many vinegar choices (Algorithm 18: numsig
 * is one byte and 255 means failure). */
#define SNOVA_MAX_SIGN_ATTEMPTS 254

/* ---- The rules that differ between releases, each one named. ---- */

/* Fixed ABQ (Algorithm 9): A, B, Q1, Q2 come from SHAKE256("SNOVA_ABQ")
 * instead of the public-seed expansion. 2.2: when l < 4 or q != 16;
 * 2.1 and round 2: when l < 4. */
#if SNOVA_VERSION >= 22
#define SNOVA_FIXED_ABQ (SNOVA_Q != 16 || SNOVA_L < 4)
#else
#define SNOVA_FIXED_ABQ (SNOVA_L < 4)
#endif

/* Round 2 reads the fixed q1, q2 coefficients starting at byte
 * alpha * l^2 of the SHAKE256("SNOVA_ABQ") output (just after the first
 * equation's A matrices) instead of after all A and B matrices; it squeezes
 * o * alpha * (l^2 + l) bytes. */
#define SNOVA_ROUND2_ABQ_OFFSET (SNOVA_VERSION == 20)

/* SNOVA 2.1 with odd q hashes the message itself into the target,
 * SHAKE256(pk_seed || M || salt), and seeds the vinegar with
 * sk_seed || target-hash bytes || numsig. All other cases use the digest
 * md = SHAKE256(M, 64): target SHAKE256(pk_seed || md || salt), vinegar
 * SHAKE256(sk_seed || md || salt || numsig) (Algorithms 6, 15). */
#define SNOVA_RAW_MESSAGE_HASH (SNOVA_VERSION == 21 && SNOVA_Q != 16)

/* Odd q: no signature matrix may be symmetric (Algorithms 18, 20). */
#define SNOVA_REJECT_SYMMETRIC_SIG (SNOVA_Q != 16)

#endif
