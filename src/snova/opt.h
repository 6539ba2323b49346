/* SNOVA opt: what the files of the portable frontend share (q = 16).
 * Internal; every external symbol is namespaced per variant.
 *
 * Design. The blocks of one equation form ordinary matrices over GF(16)
 * (P11_i is vl x vl, T12 is vl x ol, ...), kept as nibble-packed rows.
 * - public x secret products (P11 T12, P11 Vw, P11^t Vw, ...) index a
 *   16-entry table of multiples of each secret row by the public element
 *   (snova_k_pmat): the index is public, the data secret;
 * - secret x secret products (T12^t F12, Vw^t (P11 Vw), ...) are bitsliced
 *   linear combinations with a single lazy reduction (snova_k_lincomb);
 * - small l x l work uses the "spread" form below with 16-bit lanes, four
 *   per 64-bit multiplication, folded once;
 * - the public-seed expansion is read at any position, so keygen, sign and
 *   verify stream one equation at a time: no expanded key is ever held and
 *   every set stays below 200 KB of stack;
 * - the linear system is solved by constant-time Gauss-Jordan
 *   (snova_k_solve); only the fact "singular, retry" is declassified. */
#ifndef PQSIG_SNOVA_OPT_H
#define PQSIG_SNOVA_OPT_H

#include <stddef.h>
#include <stdint.h>

#include "common/aes.h"
#include "common/ns.h"
#include "snova/native/api.h"
#include "snova/params.h"
#include "snova/pub.h"

#if SNOVA_Q != 16
#error "the opt frontend supports q = 16 only so far"
#endif

/* Sizes in elements and in packed words. */
#define SNOVA_VL (SNOVA_V * SNOVA_L)
#define SNOVA_OL (SNOVA_O * SNOVA_L)
#define SNOVA_NL (SNOVA_N * SNOVA_L)
#define SNOVA_WORDS(n) (((n) + 15u) / 16u)
#define SNOVA_WO SNOVA_WORDS(SNOVA_OL)
#define SNOVA_WW SNOVA_WORDS(SNOVA_L2) /* a whipped row: l^2 elements */
#define SNOVA_NU (SNOVA_O * SNOVA_L2)   /* unknowns of the linear system */
#define SNOVA_WG SNOVA_WORDS(SNOVA_NU + 1)

/* Element offsets (nibbles) of the parts of the public-seed expansion
 * (Algorithms 9-11): P11, P12, P21 of all equations, then A, B, Q1, Q2. */
#define SNOVA_OFF_P11(i) ((size_t)(i) * SNOVA_V * SNOVA_V * SNOVA_L2)
#define SNOVA_OFF_P12(i) (SNOVA_OFF_P11(SNOVA_O) + (size_t)(i) * SNOVA_V * SNOVA_O * SNOVA_L2)
#define SNOVA_OFF_P21(i) (SNOVA_OFF_P12(SNOVA_O) + (size_t)(i) * SNOVA_O * SNOVA_V * SNOVA_L2)
#define SNOVA_OFF_ABQ SNOVA_OFF_P21(SNOVA_O)

/* ---- Scalar GF(16): "spread" form (bit i of b at bit 4i) ----
 * x * spread(b) for a 4-bit x is the carry-less product as four nibbles;
 * such products XOR-accumulate in 16 bits and are folded once (lazy). */
static inline uint32_t gf16_spread(uint32_t b)
{
    return (b & 1u) | ((b & 2u) << 3) | ((b & 4u) << 6) | ((b & 8u) << 9);
}

static inline uint8_t gf16_fold(uint32_t acc)
{
    uint32_t p = (acc & 15u) ^ (((acc >> 4) & 15u) << 1) ^ (((acc >> 8) & 15u) << 2) ^
                 (((acc >> 12) & 15u) << 3);
    uint32_t h = p >> 4;
    return (uint8_t)((p ^ h ^ (h << 1)) & 15u);
}

static inline uint8_t gf16_mul(uint8_t a, uint8_t b)
{
    return gf16_fold((uint32_t)a * gf16_spread(b));
}

static inline uint8_t gf16_inv(uint8_t a)
{
    uint8_t a2 = gf16_mul(a, a), a4 = gf16_mul(a2, a2), a8 = gf16_mul(a4, a4);
    return gf16_mul(gf16_mul(a8, a4), a2); /* a^14 */
}

/* Nibble k of a string of bytes (low half first). */
static inline uint8_t snova_nib(const uint8_t *buf, size_t k)
{
    return (uint8_t)((buf[k >> 1] >> ((k & 1u) * 4u)) & 15u);
}

static inline uint8_t snova_row_get(const uint64_t *row, unsigned k)
{
    return (uint8_t)((row[k >> 4] >> ((k & 15u) * 4u)) & 15u);
}

static inline void snova_row_xor(uint64_t *row, unsigned k, uint8_t x)
{
    row[k >> 4] ^= (uint64_t)x << ((k & 15u) * 4u);
}

/* ---- The public-seed expansion (snova/pub.h) ---- */

/* Bytes of the expansion that hold P11, P12 and P21 of every equation. */
#define SNOVA_PUB_P_BYTES ((SNOVA_OFF_ABQ + 1u) / 2u)

/* Nibbles [nib, nib + count): writes the covering bytes to out and returns
 * the nibble index within out of element nib (0 or 1). */
unsigned PQSIG_NS(snova_pub_nibs)(snova_pub *p, uint8_t *out, size_t nib, size_t count);

/* ---- Fixed matrices, T12, ABQ ---- */
typedef struct {
    uint8_t e[SNOVA_L][SNOVA_L];
} snova_blk;

/* S^0 .. S^{l-1} */
void PQSIG_NS(snova_spow)(snova_blk spow[SNOVA_L]);

/* T12 as a vl x ol matrix of elements: t12[(j l + r) * ol + k l + c]. */
void PQSIG_NS(snova_gen_t12)(uint8_t t12[SNOVA_VL * SNOVA_OL], const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                             const snova_blk spow[SNOVA_L]);

typedef struct {
    snova_blk a[SNOVA_O][SNOVA_ALPHA];
    snova_blk b[SNOVA_O][SNOVA_ALPHA];
    uint8_t q1[SNOVA_O][SNOVA_ALPHA][SNOVA_L];
    uint8_t q2[SNOVA_O][SNOVA_ALPHA][SNOVA_L];
} snova_abq_t;

/* Algorithm 9 (public data). */
void PQSIG_NS(snova_gen_abq)(snova_abq_t *abq, snova_pub *pub, const snova_blk spow[SNOVA_L]);

/* ---- Expanded keys (pqsig_expand_sk / pqsig_expand_pk) ----
 * What signing and verification would otherwise recompute from the seeds
 * every time: the public matrices as the expansion gives them, ABQ, and
 * (secret) T12. Byte arrays only, so any alignment of the body works. */
typedef struct {
    uint8_t p[SNOVA_PUB_P_BYTES];
    snova_abq_t abq;
    uint8_t t12[SNOVA_VL * SNOVA_OL];
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];
    uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES];
} snova_esk;

typedef struct {
    uint8_t p[SNOVA_PUB_P_BYTES];
    snova_abq_t abq;
    uint8_t pk[SNOVA_PUBLICKEY_BYTES];
} snova_epk;

/* Whipped point: w[(j l + r) * ww ..] packed, element a l + c = (S^a X_j)[r][c],
 * for nb blocks X_j given as element bytes x[j * l^2 + r l + c]. Constant time. */
void PQSIG_NS(snova_whip)(uint64_t *w, const uint8_t *x, unsigned nb, const snova_blk spow[SNOVA_L]);

/* The public map evaluated from whipped data: for equation i,
 * out_i = sum_alpha A (sum_{a,b} q1[a] q2[b] D_{i'}[a][b]) B with
 * D_p row a l + x, element b l + y = D_p[a][b][x][y] (l^2 packed rows of ww
 * words per p). out[i * l^2 + x l + y]. */
void PQSIG_NS(snova_finish)(uint8_t out[SNOVA_O * SNOVA_L2], const uint64_t *d, const snova_abq_t *abq);

#endif
