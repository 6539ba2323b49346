/* SNOVA opt, field layer GF(16) (q = 16): what the frontend (opt.h) needs
 * from the field. Elements are nibbles; the public-seed expansion holds two
 * per byte, low nibble first, and P11, P12, P21 of every equation in full
 * (Algorithms 8-11). Matrices in the hot stages are nibble-packed rows
 * (native/api.h); public x secret products index tables of multiples of
 * the secret rows by the public element (snova_gf16_pmat), secret x secret
 * products are bitsliced linear combinations (snova_gf16_lincomb).
 * Included by opt.h only. */
#ifndef PQSIG_SNOVA_GF16_FIELD_H
#define PQSIG_SNOVA_GF16_FIELD_H

#include "snova/gf16/scalar.h"
#include "snova/native/api.h"

/* ---- Elements ---- */

/* b prepared once for many products a b (fe_macc_prep). */
static inline uint32_t fe_prep(uint8_t b)
{
    return gf16_spread(b);
}

static inline uint32_t fe_macc_prep(uint32_t acc, uint8_t a, uint32_t pb)
{
    return acc ^ (uint32_t)a * pb;
}

static inline uint32_t fe_macc(uint32_t acc, uint8_t a, uint8_t b)
{
    return acc ^ (uint32_t)a * gf16_spread(b);
}

static inline uint8_t fe_red(uint32_t acc)
{
    return gf16_fold(acc);
}

static inline uint8_t fe_add(uint8_t a, uint8_t b)
{
    return (uint8_t)(a ^ b);
}

static inline uint8_t fe_sub(uint8_t a, uint8_t b)
{
    return (uint8_t)(a ^ b);
}

static inline uint8_t fe_neg(uint8_t a)
{
    return a;
}

/* Products of PUBLIC elements (A, B while made invertible): a table,
 * indexed by public values only. */
static inline uint8_t fe_mul_pub(uint8_t a, uint8_t b)
{
    static const uint8_t mul[256] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        0, 2, 4, 6, 8, 10, 12, 14, 3, 1, 7, 5, 11, 9, 15, 13,
        0, 3, 6, 5, 12, 15, 10, 9, 11, 8, 13, 14, 7, 4, 1, 2,
        0, 4, 8, 12, 3, 7, 11, 15, 6, 2, 14, 10, 5, 1, 13, 9,
        0, 5, 10, 15, 7, 2, 13, 8, 14, 11, 4, 1, 9, 12, 3, 6,
        0, 6, 12, 10, 11, 13, 7, 1, 5, 3, 9, 15, 14, 8, 2, 4,
        0, 7, 14, 9, 15, 8, 1, 6, 13, 10, 3, 4, 2, 5, 12, 11,
        0, 8, 3, 11, 6, 14, 5, 13, 12, 4, 15, 7, 10, 2, 9, 1,
        0, 9, 1, 8, 2, 11, 3, 10, 4, 13, 5, 12, 6, 15, 7, 14,
        0, 10, 7, 13, 14, 4, 9, 3, 15, 5, 8, 2, 1, 11, 6, 12,
        0, 11, 5, 14, 10, 1, 15, 4, 7, 12, 2, 9, 13, 6, 8, 3,
        0, 12, 11, 7, 5, 9, 14, 2, 10, 6, 1, 13, 15, 3, 4, 8,
        0, 13, 9, 4, 1, 12, 8, 5, 2, 15, 11, 6, 3, 14, 10, 7,
        0, 14, 15, 1, 13, 3, 2, 12, 9, 7, 6, 8, 4, 10, 11, 5,
        0, 15, 13, 2, 9, 6, 4, 11, 1, 14, 12, 3, 8, 7, 5, 10,
    };
    return mul[((unsigned)a << 4) | b];
}

/* S (section 1.8): S[i][j] = 8 - (i + j), and S[4][4] = 9 for l = 5. */
static inline uint8_t fe_s_entry(unsigned r, unsigned c)
{
    if (SNOVA_L == 5 && r == 4 && c == 4) {
        return 9;
    }
    return (uint8_t)((8u - (r + c)) & 15u);
}

/* ---- The public-seed expansion ---- */

/* Element k of expansion bytes. */
static inline uint8_t snova_pub_elem(const uint8_t *buf, size_t k)
{
    return gf16_nib(buf, k);
}

#define SNOVA_PUB_EPB 2u /* elements per byte */
#define SNOVA_OFF_P11(i) ((size_t)(i) * SNOVA_V * SNOVA_V * SNOVA_L2)
#define SNOVA_OFF_P12(i) (SNOVA_OFF_P11(SNOVA_O) + (size_t)(i) * SNOVA_V * SNOVA_O * SNOVA_L2)
#define SNOVA_OFF_P21(i) (SNOVA_OFF_P12(SNOVA_O) + (size_t)(i) * SNOVA_O * SNOVA_V * SNOVA_L2)
#define SNOVA_PUB_P_ELEMS SNOVA_OFF_P21(SNOVA_O)
#define SNOVA_PUB_P_BYTES ((SNOVA_PUB_P_ELEMS + 1u) / 2u)

/* ---- T12's coefficients: nibbles of SHAKE256(sk_seed) (Algorithm 7) ---- */
typedef struct {
    uint8_t bytes[(SNOVA_V * SNOVA_O * SNOVA_L + 1) / 2];
    uint8_t coef[SNOVA_V * SNOVA_O * SNOVA_L];
} snova_t12_scratch;

/* ---- Work areas of the block stages (stages.c) ---- */
#define SNOVA_WO GF16_WORDS(SNOVA_OL)
#define SNOVA_WW GF16_WORDS(SNOVA_L2)   /* a whipped row: l^2 elements */
#define SNOVA_WG GF16_WORDS(SNOVA_NU + 1) /* a row of the linear system */
#define SNOVA_LW ((SNOVA_L + 3) / 4)     /* 16-bit lanes: words per l elements */
#define SNOVA_PBUF ((SNOVA_V * SNOVA_V * SNOVA_L2) / 2 + 2)

typedef struct {
    uint64_t tab_t12[SNOVA_VL * 16 * SNOVA_WO]; /* e * (row of T12) */
    uint64_t f12[SNOVA_VL * SNOVA_WO];
    uint64_t p22[SNOVA_OL * SNOVA_WO];
#if SNOVA_ESK
    uint64_t f21t[SNOVA_VL * SNOVA_WO]; /* (T12^t P11)^t */
    snova_abq abq;
    uint8_t *esk;       /* the expanded key being written, or NULL when checking */
    const uint8_t *cmp; /* checking: the stored expanded key */
    uint8_t diff;       /* checking: OR of stored ^ derived */
#endif
    uint8_t buf[SNOVA_PBUF];
} PQSIG_ALIGNED64 snova_keygen_work;

typedef struct {
    uint8_t vwb[SNOVA_VL * SNOVA_L2]; /* Vw as elements */
    uint64_t vw[SNOVA_VL * SNOVA_WW];
    uint64_t tabv[SNOVA_VL * 16 * SNOVA_WW];
    uint64_t pv[SNOVA_VL * SNOVA_WW];
    uint64_t vpt[SNOVA_VL * SNOVA_WW];
    uint64_t d[SNOVA_O * SNOVA_L2 * SNOVA_WW];
    uint64_t lt[SNOVA_O * SNOVA_OL * SNOVA_WW];
    uint64_t r[SNOVA_O * SNOVA_OL * SNOVA_WW];
    uint64_t ll[SNOVA_O * SNOVA_OL * SNOVA_L * SNOVA_LW];
    uint64_t rl[SNOVA_O * SNOVA_OL * SNOVA_L * SNOVA_LW];
    uint64_t acc[SNOVA_L2 * SNOVA_O * SNOVA_L * SNOVA_LW];
    uint64_t g[SNOVA_NU * SNOVA_WG];
    uint8_t buf[SNOVA_PBUF];
} PQSIG_ALIGNED64 snova_sign_work;

typedef struct {
    uint64_t uw[SNOVA_NL * SNOVA_WW];
    uint64_t tabu[SNOVA_NL * 16 * SNOVA_WW];
    uint64_t pu[SNOVA_NL * SNOVA_WW];
    uint64_t d[SNOVA_O * SNOVA_L2 * SNOVA_WW];
    uint8_t buf[SNOVA_PBUF];
} PQSIG_ALIGNED64 snova_verify_work;

#if SNOVA_ESK
/* Round-2 expanded secret key (stages.c): A, B, Q1, Q2 (as matrices) and
 * T12 before the equations, whose F11, F12, F21 kg_equation adds. With
 * cmp != NULL nothing is written: each derived element is compared with
 * the stored key cmp instead, and w->diff collects the differences. */
void PQSIG_NS(snova_kg_esk_begin)(snova_keygen_work *w, uint8_t *sk, const uint8_t *cmp, snova_pub *pub,
                                  const snova_blk spow[SNOVA_L], const uint8_t *t12);
#endif

/* ---- Kernel dispatchers (native/api.h) ---- */

static inline void snova_gf16_table(uint64_t *tab, const uint64_t *x, unsigned nw)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_TABLE)
    if (snova_gf16_table_native(tab, x, nw) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gf16_table_c(tab, x, nw);
}

static inline void snova_gf16_lincomb(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                                      size_t x_stride, size_t count, unsigned nw)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_LINCOMB)
    if (snova_gf16_lincomb_native(out, s, s_stride, x, x_stride, count, nw) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gf16_lincomb_c(out, s, s_stride, x, x_stride, count, nw);
}

/* Without a native kernel for the whole block, row by row through the
 * dispatcher above (a backend's lincomb still serves). */
static inline void snova_gf16_lincomb_rows(uint64_t *out, unsigned nrows, const uint8_t *s, size_t s_stride,
                                           const uint64_t *x, size_t x_stride, size_t count, unsigned nw)
{
    unsigned r;
#if defined(PQSIG_SNOVA_NATIVE_GF16_LINCOMB_ROWS)
    if (snova_gf16_lincomb_rows_native(out, nrows, s, s_stride, x, x_stride, count, nw) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    for (r = 0; r < nrows; r++) {
        snova_gf16_lincomb(out + (size_t)r * nw, s + r, s_stride, x, x_stride, count, nw);
    }
}

static inline void snova_gf16_pmat(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, uint64_t *out,
                                   const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, unsigned nw)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_PMAT)
    if (snova_gf16_pmat_native(buf, nib0, rb, cb, SNOVA_L, out, tabx, outt, taby, nw) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gf16_pmat_c(buf, nib0, rb, cb, SNOVA_L, out, tabx, outt, taby, nw);
}

/* The linear system of signing (Algorithm 17), in w->g. */
static inline uint32_t snova_gf16_solve(snova_sign_work *w)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_SOLVE)
    uint32_t singular;
    if (snova_gf16_solve_native(&singular, w->g, SNOVA_NU, SNOVA_WG) == PQSIG_NATIVE_OK) {
        return singular;
    }
#endif
    return snova_gf16_solve_c(w->g, SNOVA_NU, SNOVA_WG);
}

static inline void snova_gf16_whip(uint64_t *w, const uint8_t *x, unsigned nb, const snova_blk spow[SNOVA_L])
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_WHIP)
    if (snova_gf16_whip_native(w, x, nb, &spow[0].e[0][0], SNOVA_L) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gf16_whip_c(w, x, nb, &spow[0].e[0][0], SNOVA_L);
}

static inline void snova_gf16_finish(uint8_t *out, const uint64_t *d, const snova_abq *abq)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_FINISH)
    if (snova_gf16_finish_native(out, d, &abq->a[0][0].e[0][0], SNOVA_O, SNOVA_L) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gf16_finish_c(out, d, &abq->a[0][0].e[0][0], SNOVA_O, SNOVA_L);
}

static inline void snova_gf16_rows(uint64_t *g, const uint64_t *ll, const uint64_t *rl, const snova_abq *abq,
                                   const snova_blk spow[SNOVA_L], const uint8_t *rhs, unsigned i,
                                   uint64_t *work)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_ROWS)
    if (snova_gf16_rows_native(g, SNOVA_WG, ll, rl, &abq->a[0][0].e[0][0], &spow[0].e[0][0], rhs, i, SNOVA_O,
                               SNOVA_L, work) == PQSIG_NATIVE_OK) {
        return;
    }
#endif
    snova_gf16_rows_c(g, SNOVA_WG, ll, rl, &abq->a[0][0].e[0][0], &spow[0].e[0][0], rhs, i, SNOVA_O, SNOVA_L,
                      work);
}

#endif
