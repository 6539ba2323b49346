/* SNOVA reference: what the files of the reference share. Internal; every
 * symbol is namespaced per variant. */
#ifndef PQSIG_SNOVA_REF_H
#define PQSIG_SNOVA_REF_H

#include <stddef.h>
#include <stdint.h>

#include "common/aes.h"
#include "common/fips202.h"
#include "common/ns.h"
#include "snova/ref/gf.h"

/* ---- Byte and element streams ---- */

#define SNOVA_STREAM_PUBLIC 0u   /* expansion of the public seed (Algorithm 8) */
#define SNOVA_STREAM_SHAKE256 1u /* plain SHAKE256 of some input */
#define SNOVA_STREAM_BUF 168u    /* one SNOVA-SHAKE block */

typedef struct {
    unsigned kind;
    pqsig_shake_ctx shake; /* SHAKE256 stream */
#if SNOVA_AES
    pqsig_aes_ctr_stream aes;
#else
    uint8_t seed[SNOVA_SEED_PUBLIC_BYTES];
    uint64_t block; /* next SNOVA-SHAKE block index */
#endif
    uint8_t buf[SNOVA_STREAM_BUF];
    unsigned pos;    /* next unread byte of buf */
    unsigned nibble; /* q = 16: 1 while the high nibble of buf[pos - 1] is unread */
} snova_stream;

/* The expansion of a public seed: SNOVA-SHAKE or AES-128-CTR (zero IV). */
void PQSIG_NS(snova_stream_public)(snova_stream *st, const uint8_t seed[SNOVA_SEED_PUBLIC_BYTES]);
/* SHAKE256(in). */
void PQSIG_NS(snova_stream_shake256)(snova_stream *st, const uint8_t *in, size_t inlen);
uint8_t PQSIG_NS(snova_stream_byte)(snova_stream *st);
/* The next element by Algorithm 5: q = 16 two per byte, low nibble first;
 * odd q one per byte, the byte modulo q. */
gf PQSIG_NS(snova_stream_elem)(snova_stream *st);
void PQSIG_NS(snova_stream_release)(snova_stream *st);

/* ---- Encodings ---- */

/* Algorithm 3: n elements to SNOVA_BYTES_GF(n) bytes. */
void PQSIG_NS(snova_pack)(uint8_t *out, const gf *x, size_t n);
/* Algorithm 4: SNOVA_BYTES_GF(n) bytes to n elements. Returns 0, or -1 if
 * the bytes are not the canonical encoding of the elements. */
int PQSIG_NS(snova_unpack)(gf *x, const uint8_t *in, size_t n);

/* ---- The fixed matrices and F_q[S] ---- */

/* S^0, ..., S^{l-1}. */
void PQSIG_NS(snova_s_powers)(blk spow[SNOVA_L]);
/* Algorithm 1: coefficients c of a nonzero element c0 + c1 S + ... of
 * F_q[S]. snova_fqs_fix replaces a zero leading coefficient; snova_fqs
 * forms the matrix. */
void PQSIG_NS(snova_fqs_fix)(gf c[SNOVA_L]);
void PQSIG_NS(snova_fqs)(blk *out, const gf c[SNOVA_L], const blk spow[SNOVA_L]);

/* ---- Key material ---- */

/* A, B, and the coefficients of Q1, Q2, for every equation i and term alpha. */
typedef struct {
    blk a[SNOVA_O][SNOVA_ALPHA];
    blk b[SNOVA_O][SNOVA_ALPHA];
    gf q1[SNOVA_O][SNOVA_ALPHA][SNOVA_L];
    gf q2[SNOVA_O][SNOVA_ALPHA][SNOVA_L];
} snova_abq;

/* Algorithm 9. pub is the public stream just after P21 (unused for fixed ABQ). */
void PQSIG_NS(snova_abq_generate)(snova_abq *abq, snova_stream *pub, const blk spow[SNOVA_L]);

/* Algorithm 7: T12 from the 32-byte private seed. */
void PQSIG_NS(snova_t12)(blk t12[SNOVA_V][SNOVA_O], const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                         const blk spow[SNOVA_L]);

/* The parts of each [P_i] that come from the public seed. */
#define SNOVA_P11 0u /* v x v blocks */
#define SNOVA_P12 1u /* v x o */
#define SNOVA_P21 2u /* o x v */

/* Called once for every block P^part_{i,j,k} (equation i, block row j,
 * block column k); the order of the calls is not meaningful. */
typedef void (*snova_visit_fn)(void *ctx, unsigned part, unsigned i, unsigned j, unsigned k,
                               const blk *p);

/* Algorithms 10 and 11: read P11, P12, P21 of every equation from the
 * public stream and show each block to visit. Leaves the stream at the
 * data that follows (the ABQ data when it is not fixed). */
void PQSIG_NS(snova_walk_public)(snova_stream *pub, snova_visit_fn visit, void *ctx);

/* ---- Message hashing (Algorithms 6 and 15) ---- */

/* SHAKE256(pk_seed || input || salt) to SNOVA_HASH_BYTES, where input is
 * the digest md or (2.1, odd q) the message. */
void PQSIG_NS(snova_target_bytes)(uint8_t out[SNOVA_HASH_BYTES],
                                  const uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES],
                                  const uint8_t *input, size_t inlen,
                                  const uint8_t salt[SNOVA_SALT_BYTES]);

/* ---- Evaluation of the map in two steps (section 1.9.3, Eq. 1.1) ---- */

/* D[i][a][b] = sum_{j,k} (S^a X_j)^t M_{i,jk} (S^b X_k) for the matrices M_i
 * of a quadratic map and a point X. */
typedef struct {
    blk d[SNOVA_O][SNOVA_L][SNOVA_L];
} snova_whip;

/* sx[a] = S^a x */
void PQSIG_NS(snova_whip_point)(blk sx[SNOVA_L], const blk *x, const blk spow[SNOVA_L]);
/* D[i][.][.] += the terms of one block m = M_{i,jk}, given sxj = S^. X_j
 * and sxk = S^. X_k. */
void PQSIG_NS(snova_whip_add)(snova_whip *w, unsigned i, const blk sxj[SNOVA_L], const blk *m,
                              const blk sxk[SNOVA_L]);
/* out_i = sum_alpha A_{i,alpha} (sum_{a,b} q1_{i,alpha}[a] q2_{i,alpha}[b]
 * D[i'][a][b]) B_{i,alpha}, i' = (i + alpha) mod o. */
void PQSIG_NS(snova_whip_finish)(blk out[SNOVA_O], const snova_whip *w, const snova_abq *abq);

/* ---- Linear algebra ---- */

/* Gauss-Jordan elimination of the n x (n + 1) matrix g (rows of n + 1
 * elements): on return 0 the last column holds the unique solution of
 * g[.][0..n-1] x = g[.][n]; -1 when the system is singular. Runs in time
 * independent of the entries. */
int PQSIG_NS(snova_solve)(gf *g, unsigned n);

/* ---- Round-2 expanded secret key: element access ---- */
#if SNOVA_ESK
/* Element offsets inside the expanded key. */
#define SNOVA_ESK_A 0u
#define SNOVA_ESK_B (SNOVA_ESK_A + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define SNOVA_ESK_Q1 (SNOVA_ESK_B + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define SNOVA_ESK_Q2 (SNOVA_ESK_Q1 + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define SNOVA_ESK_T12 (SNOVA_ESK_Q2 + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define SNOVA_ESK_F11 (SNOVA_ESK_T12 + SNOVA_V * SNOVA_O * SNOVA_L2)
#define SNOVA_ESK_F12 (SNOVA_ESK_F11 + SNOVA_O * SNOVA_V * SNOVA_V * SNOVA_L2)
#define SNOVA_ESK_F21 (SNOVA_ESK_F12 + SNOVA_O * SNOVA_V * SNOVA_O * SNOVA_L2)
#define SNOVA_ESK_SEEDS (SNOVA_ESK_ELEMS / 2) /* byte offset of pk_seed || sk_seed */

void PQSIG_NS(snova_esk_put)(uint8_t *esk, size_t index, const blk *b);
/* keygen.c: PQSIG_OK if the stored matrices of the expanded secret key are
 * the ones its seeds give, else PQSIG_ERR_MALFORMED_KEY. */
int PQSIG_NS(snova_esk_check)(const uint8_t *sk);
void PQSIG_NS(snova_esk_get)(blk *b, const uint8_t *esk, size_t index);
#endif

#endif
