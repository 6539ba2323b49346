/* SNOVA opt: what the files of the portable frontend share. One frontend
 * (expand.c, codec.c, keygen.c, sign.c, verify.c) runs over a field layer:
 *   GF(16), packed nibbles           src/snova/gf16/ (field.h, field.c, stages.c)
 *   GF(q), q an odd prime, symmetric  src/snova/gfq/  (same files)
 * The field layer gives element arithmetic (fe_*), the layout of the
 * public-seed expansion, T12's coefficients, and the block-product stages
 * of key generation, signing and verification (kg_*, sg_*, vf_*), which
 * reach the kernels of native/api.h through one dispatcher each.
 *
 * Design: the public-seed expansion is read at any position (pub.h), so
 * every operation streams the public matrices one equation at a time; the
 * linear system is solved in constant time and only "singular, retry" is
 * declassified. Internal; every external symbol is namespaced per variant. */
#ifndef PQSIG_SNOVA_OPT_H
#define PQSIG_SNOVA_OPT_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "snova/params.h"
#include "snova/pub.h"

#define SNOVA_VL (SNOVA_V * SNOVA_L)
#define SNOVA_OL (SNOVA_O * SNOVA_L)
#define SNOVA_NL (SNOVA_N * SNOVA_L)
#define SNOVA_NU (SNOVA_O * SNOVA_L2) /* unknowns of the linear system */

typedef struct {
    uint8_t e[SNOVA_L][SNOVA_L];
} snova_blk;

/* Algorithm 9, in the layout of native/api.h ("abq"). */
typedef struct {
    snova_blk a[SNOVA_O][SNOVA_ALPHA];
    snova_blk b[SNOVA_O][SNOVA_ALPHA];
    uint8_t q1[SNOVA_O][SNOVA_ALPHA][SNOVA_L];
    uint8_t q2[SNOVA_O][SNOVA_ALPHA][SNOVA_L];
} snova_abq;

#if SNOVA_Q == 16
#include "snova/gf16/field.h"
#else
#include "snova/gfq/field.h"
#endif

/* ---- expand.c: S, T12, ABQ ---- */

/* S^0 .. S^{l-1} (Algorithm 1). */
void PQSIG_NS(snova_spow)(snova_blk spow[SNOVA_L]);

/* T12 (Algorithm 7) as a vl x ol matrix: t12[(j l + r) ol + k l + c] =
 * (T12_jk)[r][c]. Secret. */
void PQSIG_NS(snova_gen_t12)(uint8_t t12[SNOVA_VL * SNOVA_OL], const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                             const snova_blk spow[SNOVA_L], snova_t12_scratch *scratch);

/* Algorithm 9 (public). */
void PQSIG_NS(snova_gen_abq)(snova_abq *abq, snova_pub *pub, const snova_blk spow[SNOVA_L]);

/* The bytes of the public matrices of every equation, as the expanded keys
 * keep them (snova_pub then reads from them). */
void PQSIG_NS(snova_read_p)(uint8_t p[SNOVA_PUB_P_BYTES], snova_pub *pub);

/* ---- codec.c: F_q <-> bytes (Algorithms 3, 4, Table 6) ---- */

/* A stream of elements into bytes, PACK_GF elements per PACK_BYTES. */
typedef struct {
    uint8_t *out;
    uint64_t value, scale;
    size_t count;
} snova_packer;

void PQSIG_NS(snova_packer_init)(snova_packer *pk, uint8_t *out);

/* The group of n elements that ends at element pk->count (a packer with no
 * output, as the check of a stored key uses, drops it). */
static inline void snova_packer_flush(snova_packer *pk, size_t n)
{
    size_t b = SNOVA_BYTES_GF(pk->count - n), b1 = SNOVA_BYTES_GF(pk->count);
    for (; b < b1 && pk->out != NULL; b++) {
        pk->out[b] = (uint8_t)pk->value;
        pk->value >>= 8;
    }
    pk->value = 0;
    pk->scale = 1;
}

/* Inline: the public key's elements go through it one by one. */
static inline void snova_packer_put(snova_packer *pk, uint8_t x)
{
    pk->value += pk->scale * x;
    pk->scale *= SNOVA_Q;
    pk->count++;
    if (pk->count % SNOVA_PACK_GF == 0) {
        snova_packer_flush(pk, SNOVA_PACK_GF);
    }
}

/* n elements at once (whole groups by Horner's rule). */
void PQSIG_NS(snova_packer_put_n)(snova_packer *pk, const uint8_t *x, size_t n);
/* Writes the last, partial group. */
void PQSIG_NS(snova_packer_end)(snova_packer *pk);
void PQSIG_NS(snova_pack)(uint8_t *out, const uint8_t *x, size_t n);
/* Returns 0, or -1 when the bytes are not the canonical encoding. Constant
 * time in the bytes (the vinegar and the target are decoded with it). */
int PQSIG_NS(snova_unpack)(uint8_t *x, const uint8_t *in, size_t n);
/* The same for public bytes (the signature in verification). */
int PQSIG_NS(snova_unpack_pub)(uint8_t *x, const uint8_t *in, size_t n);

/* ---- The field layer (<field>/field.c, <field>/stages.c) ---- */

/* Whether a PUBLIC l x l block is invertible (Algorithm 2). */
int PQSIG_NS(snova_blk_invertible)(const snova_blk *m);
/* The v o l coefficients of T12 (Algorithm 7), before the fix of the
 * leading one. Secret. */
void PQSIG_NS(snova_t12_coefs)(uint8_t coef[SNOVA_V * SNOVA_O * SNOVA_L],
                               const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES], snova_t12_scratch *scratch);

/* Key generation (Algorithm 13), one equation at a time: kg_prepare once
 * with T12, then kg_equation for i = 0 .. o-1, which puts the elements of
 * the public key's P22_i (Algorithm 12) into pk. */
void PQSIG_NS(snova_kg_prepare)(snova_keygen_work *w, const uint8_t *t12);
void PQSIG_NS(snova_kg_equation)(snova_keygen_work *w, snova_pub *pub, const uint8_t *t12, unsigned i,
                                 snova_packer *pk);

/* Signing (Algorithms 16, 17) for the vinegar elements vel: sg_parts
 * evaluates the vinegar part of every equation (streaming the public
 * matrices from pub), sg_finish gives its value (Eq. 1.1), sg_rows the
 * rows of equation i with right-hand side rhs (l^2 elements), sg_solve
 * solves the system (nonzero: singular; secret), sg_signature writes the
 * signature's elements U = (V + T12 O, O) from its solution O (the
 * work's other contents are spent by then). */
void PQSIG_NS(snova_sg_parts)(snova_sign_work *w, snova_pub *pub, const uint8_t *t12, const snova_blk spow[SNOVA_L],
                              const uint8_t *vel);
void PQSIG_NS(snova_sg_finish)(uint8_t vv[SNOVA_NU], const snova_sign_work *w, const snova_abq *abq);
void PQSIG_NS(snova_sg_rows)(snova_sign_work *w, const snova_abq *abq, const snova_blk spow[SNOVA_L],
                             const uint8_t rhs[SNOVA_L2], unsigned i);
uint32_t PQSIG_NS(snova_sg_solve)(snova_sign_work *w);
void PQSIG_NS(snova_sg_signature)(snova_sign_work *w, uint8_t sol[SNOVA_N * SNOVA_L2], const uint8_t *t12,
                                  const uint8_t *vel);

/* Verification (Algorithm 19), everything public: vf_load_pk checks the
 * encoding of P22 (0, or -1 when not canonical), vf_whip takes the
 * signature elements u, vf_equation evaluates equation i, vf_finish gives
 * the value of the map. */
int PQSIG_NS(snova_vf_load_pk)(snova_verify_work *w, const uint8_t *pk);
void PQSIG_NS(snova_vf_whip)(snova_verify_work *w, const uint8_t *u, const snova_blk spow[SNOVA_L]);
void PQSIG_NS(snova_vf_equation)(snova_verify_work *w, snova_pub *pub, const uint8_t *pk, unsigned i);
void PQSIG_NS(snova_vf_finish)(uint8_t value[SNOVA_NU], const snova_verify_work *w, const snova_abq *abq);

/* ---- Expanded keys (pqsig_expand_sk / pqsig_expand_pk) ----
 * What signing and verification would otherwise recompute from the seeds:
 * the public matrices as snova_read_p gives them, ABQ and (secret) T12.
 * Byte arrays only, so any alignment of the body works. */
typedef struct {
    uint8_t p[SNOVA_PUB_P_BYTES];
    snova_abq abq;
    uint8_t t12[SNOVA_VL * SNOVA_OL];
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];
    uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES];
} snova_esk;

typedef struct {
    uint8_t p[SNOVA_PUB_P_BYTES];
    snova_abq abq;
    uint8_t pk[SNOVA_PUBLICKEY_BYTES];
} snova_epk;

#endif
