/* SNOVA opt, field layer GF(q) for an odd prime q: what the frontend
 * (opt.h) needs from the field. Elements are integers 0 .. q-1, one per
 * byte of the public-seed expansion (b mod q, public); the public matrices
 * are symmetric and the expansion holds, per equation and vinegar block
 * row j, the upper triangle of P11_jj, P11_jk for k > j and P12_jk
 * (Algorithm 11); P21 = P12^t, and F21 = F12^t is never formed. Matrices
 * in the hot stages are row-major, one element per byte or 16-bit lane
 * (native/api.h); a product is an ordinary integer multiply, so no secret
 * ever indexes memory. Included by opt.h only. */
#ifndef PQSIG_SNOVA_GFQ_FIELD_H
#define PQSIG_SNOVA_GFQ_FIELD_H

#include "snova/gfq/scalar.h"
#include "snova/native/api.h"

#if !SNOVA_SYMMETRIC
#error "the odd-q field layer needs symmetric public matrices"
#endif

/* ---- Elements ---- */

/* b prepared once for many products a b (fe_macc_prep). */
static inline uint32_t fe_prep(uint8_t b)
{
    return b;
}

static inline uint32_t fe_macc_prep(uint32_t acc, uint8_t a, uint32_t pb)
{
    return acc + (uint32_t)a * pb;
}

static inline uint32_t fe_macc(uint32_t acc, uint8_t a, uint8_t b)
{
    return acc + (uint32_t)a * b;
}

static inline uint8_t fe_red(uint32_t acc)
{
    return (uint8_t)gfq_red32(acc);
}

static inline uint8_t fe_add(uint8_t a, uint8_t b)
{
    return (uint8_t)gfq_red32((uint32_t)a + b);
}

static inline uint8_t fe_sub(uint8_t a, uint8_t b)
{
    return (uint8_t)gfq_red32(SNOVA_Q + (uint32_t)a - b);
}

static inline uint8_t fe_neg(uint8_t a)
{
    return (uint8_t)gfq_red32(SNOVA_Q - (uint32_t)a);
}

static inline uint8_t fe_mul_pub(uint8_t a, uint8_t b)
{
    return gfq_mul(a, b);
}

/* S (section 1.8, Table 5): S[i][j] = (QA + i + j) & QB, S[l-1][l-1] = QC. */
static inline uint8_t fe_s_entry(unsigned r, unsigned c)
{
    if (r == SNOVA_L - 1 && c == SNOVA_L - 1) {
        return (uint8_t)(SNOVA_S_QC % SNOVA_Q);
    }
    return (uint8_t)(((SNOVA_S_QA + r + c) & SNOVA_S_QB) % SNOVA_Q);
}

/* ---- The public-seed expansion ---- */

static inline uint8_t snova_pub_elem(const uint8_t *buf, size_t k)
{
    return gfq_byte_elem(buf[k]);
}

#define SNOVA_PUB_EPB 1u /* elements per byte */
#define GFQ_LT (SNOVA_L * (SNOVA_L + 1) / 2)
/* Bytes of one equation's P11 and P12 from vinegar block row j on. */
#define GFQ_ROW_BYTES(j) (GFQ_LT + (SNOVA_V - 1 - (j)) * SNOVA_L2 + SNOVA_O * SNOVA_L2)
#define GFQ_EQ_BYTES                                                                               \
    ((size_t)SNOVA_V * (GFQ_LT + SNOVA_O * SNOVA_L2) + (size_t)SNOVA_V * (SNOVA_V - 1) / 2 * SNOVA_L2)
#define GFQ_OFF_EQ(i) ((size_t)(i) * GFQ_EQ_BYTES)
#define GFQ_OFF_ROW(j)                                                                             \
    ((size_t)(j) * (GFQ_LT + SNOVA_O * SNOVA_L2) +                                                 \
     (size_t)SNOVA_L2 * ((size_t)(j) * (SNOVA_V - 1) - (size_t)(j) * ((j) - 1) / 2))
#define SNOVA_PUB_P_ELEMS GFQ_OFF_EQ(SNOVA_O)
#define SNOVA_PUB_P_BYTES SNOVA_PUB_P_ELEMS

/* ---- T12's coefficients: rejection sampling of SHAKE256(sk_seed) ----
 * (Algorithm 7; field.c), one SHAKE256 block at a time. */
#define GFQ_T12_NEED (SNOVA_V * SNOVA_O * SNOVA_L)
typedef struct {
    uint8_t block[136];
    uint8_t coef[SNOVA_V * SNOVA_O * SNOVA_L];
} snova_t12_scratch;

/* ---- Work areas of the block stages (stages.c) ----
 * Every array 64-byte aligned (PQSIG_ALIGNED64, common/native.h): the
 * kernels' vector loads then fall where their row strides put them,
 * whatever the sizes of the arrays before. */
#define GFQ_GW ((SNOVA_NU + 8) & ~7) /* a row of the linear system, whole vectors */
#if SNOVA_NU > SNOVA_GFQ_MAXN
#error "the linear system is larger than the solver kernels take (SNOVA_GFQ_MAXN)"
#endif
#define GFQ_TP ((SNOVA_O + 7) & ~7)  /* oil blocks as vector lanes, padded */
/* A row of yt and h: nl columns, and room for a last lane vector that
 * starts at any multiple of l. */
#define GFQ_YS (((SNOVA_NL + 2 * SNOVA_GFQ_BC - 1) / SNOVA_GFQ_BC) * SNOVA_GFQ_BC)
#define GFQ_PK_ELEMS_EQ (SNOVA_O * SNOVA_L * (SNOVA_OL + 1) / 2)

/* A pair row of key generation's L: v l words, and room for the product
 * kernel's last vector of 16 (native/api.h: snova_gfq_mul_pairs). */
#define GFQ_LPS ((SNOVA_VL + 15u) & ~15u)
#define GFQ_TPS ((SNOVA_OL + 15u) & ~15u) /* the same for T12 */
#define GFQ_UPS ((SNOVA_L2 + 15u) & ~15u) /* and for verification's Uw */

typedef struct {
    uint16_t lp[SNOVA_VL / 2 * GFQ_LPS] PQSIG_ALIGNED64; /* L as pair rows (gfq/stages.c) */
    uint8_t t12t[SNOVA_OL * SNOVA_VL] PQSIG_ALIGNED64; /* T12^t */
    uint16_t t12p[SNOVA_VL / 2 * GFQ_TPS] PQSIG_ALIGNED64; /* T12 as pair rows */
    uint16_t f[SNOVA_OL * SNOVA_VL] PQSIG_ALIGNED64;  /* P12^t, then F = T12^t L + P12^t */
    uint8_t f8[SNOVA_OL * SNOVA_VL] PQSIG_ALIGNED64;  /* F as bytes */
    uint16_t w[SNOVA_OL * SNOVA_OL] PQSIG_ALIGNED64;  /* W = F T12 */
    uint8_t up[SNOVA_OL * (SNOVA_OL + 1) / 2] PQSIG_ALIGNED64; /* -P22's upper triangle */
    uint8_t row[GFQ_ROW_BYTES(0)] PQSIG_ALIGNED64;
} PQSIG_ALIGNED64 snova_keygen_work;

typedef struct {
    uint16_t vw16[SNOVA_VL * SNOVA_L2] PQSIG_ALIGNED64;
    uint8_t vw8[SNOVA_VL * SNOVA_L2] PQSIG_ALIGNED64;
    uint8_t vwt[SNOVA_L2 * SNOVA_VL] PQSIG_ALIGNED64; /* Vw^t, when transposed */
    uint16_t d[SNOVA_O * SNOVA_L2 * SNOVA_L2] PQSIG_ALIGNED64;
    uint16_t r[SNOVA_O * SNOVA_OL * SNOVA_L2] PQSIG_ALIGNED64; /* R_p, or R_p^t when transposed */
    uint16_t rl[SNOVA_O * SNOVA_L * SNOVA_L2 * GFQ_TP] PQSIG_ALIGNED64; /* R_p[(t, u)][k] at lane t */
    /* one equation's public matrices, then the linear system: never both */
    union {
        struct {
            uint8_t p11[SNOVA_VL * SNOVA_VL] PQSIG_ALIGNED64;
            uint8_t p12[SNOVA_VL * SNOVA_OL] PQSIG_ALIGNED64;
            uint16_t pv[SNOVA_VL * SNOVA_L2] PQSIG_ALIGNED64; /* P11 Vw, or its transpose */
            uint8_t pv8[SNOVA_VL * SNOVA_L2] PQSIG_ALIGNED64;
            uint8_t row[GFQ_ROW_BYTES(0)] PQSIG_ALIGNED64;
        } m;
        struct {
            uint16_t acc[SNOVA_L2 * SNOVA_L2 * GFQ_TP] PQSIG_ALIGNED64;
            uint16_t g[SNOVA_NU * GFQ_GW] PQSIG_ALIGNED64;
        } sys;
    } u;
} PQSIG_ALIGNED64 snova_sign_work;

typedef struct {
    uint8_t pke[SNOVA_PK_ELEMS] PQSIG_ALIGNED64;
    uint16_t uw16[SNOVA_NL * SNOVA_L2] PQSIG_ALIGNED64;
    uint8_t uw8[SNOVA_NL * SNOVA_L2] PQSIG_ALIGNED64;
    uint16_t ub[SNOVA_NL / 2 * SNOVA_L2 * SNOVA_GFQ_BC] PQSIG_ALIGNED64; /* pair rows (native/api.h) */
    uint16_t up[SNOVA_NL / 2 * GFQ_UPS] PQSIG_ALIGNED64; /* Uw's pair rows, once */
    uint8_t row[SNOVA_N * SNOVA_L2] PQSIG_ALIGNED64;
    uint16_t h[SNOVA_GFQ_PAIRS * GFQ_YS] PQSIG_ALIGNED64; /* pair rows */
    uint16_t yt[SNOVA_L2 * GFQ_YS] PQSIG_ALIGNED64;
    uint8_t yt8[SNOVA_L2 * SNOVA_NL] PQSIG_ALIGNED64;
    uint16_t z[SNOVA_L2 * SNOVA_L2] PQSIG_ALIGNED64;
    uint16_t d[SNOVA_O * SNOVA_L2 * SNOVA_L2] PQSIG_ALIGNED64;
} PQSIG_ALIGNED64 snova_verify_work;

/* ---- Kernel dispatchers (native/api.h) ---- */

/* Rows of out and x os and xs entries apart (native/api.h). */
static inline void snova_gfq_mul_strided(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs,
                                         unsigned rows, unsigned inner, const uint8_t *x, size_t xs, unsigned cols)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_MUL)
    if (snova_gfq_mul_native(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_mul_c(out, os, a, a_rs, a_cs, rows, inner, x, xs, cols);
}

/* Rows of out and x cols entries long. */
static inline void snova_gfq_mul(uint16_t *out, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                                 unsigned inner, const uint8_t *x, unsigned cols)
{
    snova_gfq_mul_strided(out, cols, a, a_rs, a_cs, rows, inner, x, cols, cols);
}

/* x as pair rows, xps words apart (native/api.h). */
static inline void snova_gfq_mul_pairs(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, unsigned rows,
                                       unsigned inner, const uint16_t *xp, size_t xps, unsigned cols)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_MUL_PAIRS)
    if (snova_gfq_mul_pairs_native(out, os, a, a_rs, rows, inner, xp, xps, cols) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_mul_pairs_c(out, os, a, a_rs, rows, inner, xp, xps, cols);
}

/* Whether signing runs its products transposed (native/api.h). */
static inline int snova_gfq_wide(void)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_WIDE)
    return snova_gfq_wide_native() == PQSIG_NATIVE_OK;
#else
    return 0;
#endif
}

static inline void snova_gfq_prow(uint8_t *p11, uint8_t *p12, uint8_t *b, unsigned j, unsigned mode)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_PROW)
    if (snova_gfq_prow_native(p11, p12, b, j, SNOVA_V, SNOVA_O, mode) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_prow_c(p11, p12, b, j, SNOVA_V, SNOVA_O, mode);
}

static inline void snova_gfq_lrow(uint16_t *lp, uint16_t *p12t, uint8_t *b, unsigned j, int raw)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_LROW)
    if (snova_gfq_lrow_native(lp, GFQ_LPS, p12t, b, j, SNOVA_V, SNOVA_O, raw) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_lrow_c(lp, GFQ_LPS, p12t, b, j, SNOVA_V, SNOVA_O, raw);
}

static inline void snova_gfq_hrows(uint16_t *h, size_t hs, const uint8_t *b, unsigned nb)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_HROWS)
    if (snova_gfq_hrows_native(h, hs, b, nb) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_hrows_c(h, hs, b, nb);
}

static inline void snova_gfq_red8(uint8_t *dst, size_t ds, const uint16_t *src, size_t ss, unsigned rows,
                                  unsigned cols)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_RED8)
    if (snova_gfq_red8_native(dst, ds, src, ss, rows, cols) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_red8_c(dst, ds, src, ss, rows, cols);
}

static inline void snova_gfq_trows(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len,
                                   const uint16_t *ub)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_TROWS)
    if (snova_gfq_trows_native(yt, ys, h, hs, len, ub) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_trows_c(yt, ys, h, hs, len, ub);
}

static inline uint32_t snova_gfq_solve(uint16_t *g, unsigned n, unsigned w)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_SOLVE)
    uint32_t singular;
    if (snova_gfq_solve_native(&singular, g, n, w) == PQSIG_NATIVE_OK) {
        return singular;
    }
#endif
    return snova_gfq_solve_c(g, n, w);
}

static inline void snova_gfq_whip(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb,
                                  const snova_blk spow[SNOVA_L])
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_WHIP)
    if (snova_gfq_whip_native(w16, w8, x, nb, &spow[0].e[0][0]) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_whip_c(w16, w8, x, nb, &spow[0].e[0][0]);
}

static inline void snova_gfq_finish(uint8_t *out, const uint16_t *d, const snova_abq *abq)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_FINISH)
    if (snova_gfq_finish_native(out, d, &abq->a[0][0].e[0][0], SNOVA_O) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_finish_c(out, d, &abq->a[0][0].e[0][0], SNOVA_O);
}

static inline void snova_gfq_rows(uint16_t *g, const uint16_t *rl, const snova_abq *abq,
                                  const snova_blk spow[SNOVA_L], const uint8_t *rhs, unsigned i, uint16_t *work)
{
#if defined(PQSIG_SNOVA_NATIVE_GFQ_ROWS)
    if (snova_gfq_rows_native(g, GFQ_GW, rl, &abq->a[0][0].e[0][0], &spow[0].e[0][0], rhs, i, SNOVA_O, work) ==
        PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gfq_rows_c(g, GFQ_GW, rl, &abq->a[0][0].e[0][0], &spow[0].e[0][0], rhs, i, SNOVA_O, work);
}

#endif
