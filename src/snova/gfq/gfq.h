/* SNOVA opt for odd prime q: what the files of this frontend share.
 * Internal; every external symbol is namespaced per variant.
 *
 * Design.
 * - Elements are integers 0..q-1, kept one per byte in memory and widened
 *   to 16-bit lanes where they are multiplied: a product of two elements is
 *   below 1024, so sums of many products fit 16 bits with an occasional
 *   partial fold (gfq_k_mul in kern.h). Multiplication by a secret is an
 *   ordinary integer multiply: no table, no secret index. Reductions are
 *   multiply-shift (Barrett) with a masked final subtraction.
 * - The public matrices of equation i (Algorithm 11, symmetric layout) are
 *   contiguous in the public-seed expansion; they are read one equation at
 *   a time into dense P11 (vl x vl, both triangles) and P12 (vl x ol), so
 *   keygen, sign and verify never hold more than one equation of them.
 *   P21 = P12^t and F21 = F12^t are never formed.
 * - The linear system is solved by constant-time Gaussian elimination
 *   (inverse by exponentiation); only "singular, retry" is declassified.
 * - T12 is drawn by rejection sampling over a fixed-length SHAKE256 output,
 *   compacted with masks (gfq_gen_t12). */
#ifndef PQSIG_SNOVA_GFQ_H
#define PQSIG_SNOVA_GFQ_H

#include <stddef.h>
#include <stdint.h>

#include "common/aes.h"
#include "common/ns.h"
#include "snova/gfq/kern.h"
#include "snova/params.h"
#include "snova/pub.h"

#if SNOVA_Q == 16 || !SNOVA_SYMMETRIC
#error "the gfq frontend is for odd prime q"
#endif

#define GFQ_Q SNOVA_Q
#define GFQ_VL (SNOVA_V * SNOVA_L)
#define GFQ_OL (SNOVA_O * SNOVA_L)
#define GFQ_NL (SNOVA_N * SNOVA_L)
#define GFQ_NU (SNOVA_O * SNOVA_L2) /* unknowns of the linear system */
#define GFQ_LT (SNOVA_L * (SNOVA_L + 1) / 2)
#define GFQ_HALF ((SNOVA_Q + 1) / 2) /* 1/2 mod q */

/* ---- Scalars ---- */

/* x mod q for x < 2^31: the quotient estimate is at most one short. */
static inline uint32_t gfq_red32(uint32_t x)
{
    uint32_t t = (uint32_t)(((uint64_t)x * (uint64_t)(0xffffffffu / GFQ_Q)) >> 32);
    uint32_t r = x - t * GFQ_Q - GFQ_Q;
    return r + (GFQ_Q & (0u - (r >> 31)));
}

static inline uint8_t gfq_mul(uint32_t a, uint32_t b)
{
    return (uint8_t)gfq_red32(a * b);
}

/* a^(q-2): the inverse of a nonzero a, 0 for 0 (fixed square-and-multiply). */
static inline uint8_t gfq_inv(uint32_t a)
{
    uint32_t r = 1, s = a, e = GFQ_Q - 2;
    while (e != 0) {
        if (e & 1u) { /* e is public */
            r = gfq_red32(r * s);
        }
        s = gfq_red32(s * s);
        e >>= 1;
    }
    return (uint8_t)r;
}

/* ---- The public-seed expansion, read at any byte position ---- */

/* Bytes of one equation's P11 and P12 (Algorithm 11): for every vinegar
 * block row j the upper triangle of P11_jj, P11_jk for k > j, P12_jk. */
#define GFQ_ROW_BYTES(j) (GFQ_LT + (SNOVA_V - 1 - (j)) * SNOVA_L2 + SNOVA_O * SNOVA_L2)
#define GFQ_EQ_BYTES                                                                               \
    ((size_t)SNOVA_V * (GFQ_LT + SNOVA_O * SNOVA_L2) +                                             \
     (size_t)SNOVA_V * (SNOVA_V - 1) / 2 * SNOVA_L2)
#define GFQ_OFF_EQ(i) ((size_t)(i) * GFQ_EQ_BYTES)
#define GFQ_OFF_ROW(j)                                                                             \
    ((size_t)(j) * (GFQ_LT + SNOVA_O * SNOVA_L2) +                                                 \
     (size_t)SNOVA_L2 * ((size_t)(j) * (SNOVA_V - 1) - (size_t)(j) * ((j) - 1) / 2))
#define GFQ_PUB_P_BYTES GFQ_OFF_EQ(SNOVA_O) /* P11, P12 of every equation */

/* P11 (vl x vl, row-major, both triangles) and P12 (vl x ol) of equation i,
 * reduced mod q. P21 = P12^t. */
void PQSIG_NS(gfq_load_p)(snova_pub *p, unsigned i, uint8_t *p11, uint8_t *p12);

/* ---- Fixed matrices, T12, ABQ ---- */

typedef struct {
    uint8_t e[SNOVA_L][SNOVA_L];
} gfq_blk;

/* S^0 .. S^{l-1} */
void PQSIG_NS(gfq_spow)(gfq_blk spow[SNOVA_L]);

/* T12 as a vl x ol matrix: t12[(j l + r) ol + k l + c] = (T12_jk)[r][c]. */
void PQSIG_NS(gfq_gen_t12)(uint8_t t12[GFQ_VL * GFQ_OL], const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                           const gfq_blk spow[SNOVA_L]);

typedef struct {
    gfq_blk a[SNOVA_O][SNOVA_ALPHA];
    gfq_blk b[SNOVA_O][SNOVA_ALPHA];
    uint8_t q1[SNOVA_O][SNOVA_ALPHA][SNOVA_L];
    uint8_t q2[SNOVA_O][SNOVA_ALPHA][SNOVA_L];
} gfq_abq;

/* Algorithm 9 (public). */
void PQSIG_NS(gfq_gen_abq)(gfq_abq *abq, snova_pub *pub, const gfq_blk spow[SNOVA_L]);

/* ---- Expanded keys (pqsig_expand_sk / pqsig_expand_pk) ----
 * What signing and verification would otherwise recompute from the seeds:
 * the bytes of the public matrices P11, P12 (already reduced mod q, which
 * the readers' own reduction leaves unchanged), ABQ and (secret) T12. Byte
 * arrays only, so any alignment of the body works. */
typedef struct {
    uint8_t p[GFQ_PUB_P_BYTES];
    gfq_abq abq;
    uint8_t t12[GFQ_VL * GFQ_OL];
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];
    uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES];
} gfq_esk;

typedef struct {
    uint8_t p[GFQ_PUB_P_BYTES];
    gfq_abq abq;
    uint8_t pk[SNOVA_PUBLICKEY_BYTES];
} gfq_epk;

/* The public matrices' bytes of every equation, reduced mod q. */
void PQSIG_NS(gfq_read_p)(uint8_t p[GFQ_PUB_P_BYTES], snova_pub *pub);

/* ---- Encodings (Algorithms 3, 4) ---- */

void PQSIG_NS(gfq_pack)(uint8_t *out, const uint8_t *x, size_t n);
/* Returns 0, or -1 when the bytes are not the canonical encoding. Constant
 * time in the bytes (the vinegar is decoded with it). */
int PQSIG_NS(gfq_unpack)(uint8_t *x, const uint8_t *in, size_t n);
/* The same, faster, not constant time: for public bytes. */
int PQSIG_NS(gfq_unpack_pub)(uint8_t *x, const uint8_t *in, size_t n);

/* ---- The map ---- */

/* Whipped point of nb blocks x[j l^2 + r l + c]: row (j l + r), column
 * (a l + c) = (S^a X_j)[r][c], as 16-bit lanes (w16) and bytes (w8). */
void PQSIG_NS(gfq_whip)(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb,
                        const gfq_blk spow[SNOVA_L]);

/* out_i = sum_alpha A (sum_{a,b} q1[a] q2[b] D_{i'}[a][b]) B, where
 * D_p[a][b][x][y] = d[p l^4 + (a l + x) l^2 + b l + y]; out[i l^2 + x l + y]. */
void PQSIG_NS(gfq_finish)(uint8_t out[SNOVA_O * SNOVA_L2], const uint16_t *d, const gfq_abq *abq);

#endif
