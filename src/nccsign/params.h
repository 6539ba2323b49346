/* NCC-Sign-T (trinomial NCC-Sign, KpqC round 2, specification v2.1): the
 * parameters of one set. The build selects the set by its ring degree and
 * the stream used for expansion:
 *
 *   NCCSIGN_N    1152 (level 1), 1536 (level 3), 2304 (level 5), 2048 (level 5')
 *   NCCSIGN_AES  0: SHAKE128/SHAKE256 streams, 1: AES-256-CTR streams
 *
 * Ring: R_q = Z_q[X] / (X^n - X^(n/2) + 1), the 3n-th cyclotomic polynomial.
 * Everything below is data from the specification's parameter table
 * (Table 5) and the sizes of its encodings (section 3). */
#ifndef PQSIG_NCCSIGN_PARAMS_H
#define PQSIG_NCCSIGN_PARAMS_H

#ifndef NCCSIGN_N
#error "NCCSIGN_N (ring degree of the set: 1152, 1536, 2304 or 2048) must be defined"
#endif
#ifndef NCCSIGN_AES
#define NCCSIGN_AES 0
#endif

#define NCC_SEEDBYTES 32 /* zeta, K, tr, c~ */
#define NCC_CRHBYTES 64  /* mu, rho, the 64-byte seeds of ExpandS / ExpandMask */
#define NCC_OMEGA 80     /* maximum weight of the hint, every set */

#if NCCSIGN_N == 1152
#define NCC_LEVEL 1
#define NCC_Q 8401537
#define NCC_D 12
#define NCC_TAU 25
#define NCC_GAMMA1_BITS 18
#define NCC_GAMMA2 131274
#define NCC_BETA 50
#elif NCCSIGN_N == 1536
#define NCC_LEVEL 3
#define NCC_Q 8397313
#define NCC_D 12
#define NCC_TAU 29
#define NCC_GAMMA1_BITS 18
#define NCC_GAMMA2 131208
#define NCC_BETA 58
#elif NCCSIGN_N == 2304
#define NCC_LEVEL 5
#define NCC_Q 8404993
#define NCC_D 13
#define NCC_TAU 32
#define NCC_GAMMA1_BITS 19
#define NCC_GAMMA2 262656
#define NCC_BETA 64
#elif NCCSIGN_N == 2048
#define NCC_LEVEL 5
#define NCC_Q 8380417
#define NCC_D 11
#define NCC_TAU 32
#define NCC_GAMMA1_BITS 18
#define NCC_GAMMA2 130944
#define NCC_BETA 64
#else
#error "NCCSIGN_N must be 1152, 1536, 2304 or 2048"
#endif

#define NCC_N NCCSIGN_N

/* The NTT (spec section 4): a is sampled in the NTT domain, so the factor
 * order is part of the scheme. rho is the primitive root of order
 * NCC_NTT_ORDER that fixes it (gen_tables.py describes the order); the
 * transform ends at factors of degree NCC_NTT_BASE (3 at n = 1536, where q
 * is not 1 mod 3n). */
#if NCC_N == 1152
#define NCC_NTT_ROOT 174396
#define NCC_NTT_ORDER 3456
#define NCC_NTT_BASE 1
#elif NCC_N == 1536
#define NCC_NTT_ROOT 86054
#define NCC_NTT_ORDER 1536
#define NCC_NTT_BASE 3
#elif NCC_N == 2304
#define NCC_NTT_ROOT 4184677
#define NCC_NTT_ORDER 6912
#define NCC_NTT_BASE 1
#else
#define NCC_NTT_ROOT 834
#define NCC_NTT_ORDER 6144
#define NCC_NTT_BASE 1
#endif
#define NCC_GAMMA1 (1 << NCC_GAMMA1_BITS)

/* High bits of w take values 0 .. (q-1)/(2 gamma2) - 1 (32, or 16 at n = 2304). */
#define NCC_W1_MODULUS ((NCC_Q - 1) / (2 * NCC_GAMMA2))
#if NCC_W1_MODULUS == 32
#define NCC_W1_BITS 5
#elif NCC_W1_MODULUS == 16
#define NCC_W1_BITS 4
#else
#error "unexpected (q-1)/(2 gamma2)"
#endif

/* Bits per coefficient of the encodings. t1 < 2^(ceil(log2 q) - d): q < 2^23
 * only at n = 2048. z is stored as gamma1 - z in gamma1_bits + 1 bits. */
#if NCC_Q < (1 << 23)
#define NCC_T1_BITS (23 - NCC_D)
#else
#define NCC_T1_BITS (24 - NCC_D)
#endif
#define NCC_Z_BITS (NCC_GAMMA1_BITS + 1)
#define NCC_ETA_BITS 3 /* eta = 1, stored as 1 - s in 3 bits */

/* ExpandA keeps 24-bit (23-bit for q < 2^23) little-endian chunks below q. */
#if NCC_Q < (1 << 23)
#define NCC_UNIFORM_MASK 0x7FFFFFu
#else
#define NCC_UNIFORM_MASK 0xFFFFFFu
#endif
/* SampleInBall draws indices of 11 bits (12 at n = 2304) from two bytes. */
#if NCC_N > 2048
#define NCC_CHALLENGE_LOW_BITS 4
#else
#define NCC_CHALLENGE_LOW_BITS 3
#endif

/* The largest t1 that key generation produces: Power2Round of t <= q (the
 * official key generation can leave t = q, see keygen). */
#define NCC_T1_MAX ((NCC_Q + (1 << (NCC_D - 1)) - 1) >> NCC_D)

#define NCC_POLYT1_BYTES (NCC_N * NCC_T1_BITS / 8)
#define NCC_POLYT0_BYTES (NCC_N * NCC_D / 8)
#define NCC_POLYETA_BYTES (NCC_N * NCC_ETA_BITS / 8)
#define NCC_POLYZ_BYTES (NCC_N * NCC_Z_BITS / 8)
#define NCC_POLYW1_BYTES (NCC_N * NCC_W1_BITS / 8)
#define NCC_POLYH_BYTES (NCC_N / 8) /* the hint as an n-bit map */

#define NCC_PK_BYTES (NCC_SEEDBYTES + NCC_POLYT1_BYTES)
#define NCC_SK_BYTES (3 * NCC_SEEDBYTES + 2 * NCC_POLYETA_BYTES + NCC_POLYT0_BYTES)
#define NCC_SIG_BYTES (NCC_SEEDBYTES + NCC_POLYZ_BYTES + NCC_POLYH_BYTES)

/* Key generation draws zeta (32 bytes) and then the 32-byte seed of the
 * secret in two separate calls; the derand form takes them concatenated. */
#define NCC_KEYPAIR_SEED_BYTES (2 * NCC_SEEDBYTES)

#endif
