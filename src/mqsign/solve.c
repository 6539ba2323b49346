/* MQ-Sign: the portable twin of mqs_solve (contract in native/api.h), the
 * linear system of one signing attempt, in constant time.
 *
 *   L = [[A, B], [C, D]] (h = o/2), r = (r1, r2):
 *   S = D - C A^-1 B,  x2 = S^-1 (r2 - C A^-1 r1),  x1 = A^-1 (r1 - B x2).
 *
 * The system is worked on by columns when the o-byte columns fill whole
 * 16-byte blocks (o = 96), else by rows (the o + 1 bytes of a row then fit
 * the same number of blocks as a column). Row or column updates use
 * expanded vectors: when one row meets many scalars, its 8 multiples by
 * 2^t are precomputed and selected with the scalar's bits (8 AND and 8 XOR
 * per 16 products on pairs of words). */
#include <string.h>

#include "mqsign/arith.h"
#include "mqsign/native/api.h"

#define HB MQS_H
#define BY_COLUMNS (MQS_O % 16 == 0)
/* Words per row: o + 1 bytes ([A | B | r1] is 2h + 1 wide), rounded up to
 * whole 16-byte blocks; per column: o bytes (one per equation), likewise. */
#define RW (2 * ((MQS_O + 16) / 16))
#define CW (2 * ((MQS_O + 15) / 16))

/* The inverse of a pivot: mqs_gf_inv (arith.h), or a backend's own with
 * the same results (declared here, defined after the include). */
#ifdef MQS_GF_INV
static inline uint8_t MQS_GF_INV(uint8_t a);
#else
#define MQS_GF_INV mqs_gf_inv
#endif

typedef struct {
#if BY_COLUMNS
    uint64_t cols[MQS_O + 1][CW]; /* [L | r], column by column */
    uint64_t srows[HB][RW];       /* [S | r2'], row by row */
    uint8_t zadd[HB * HB];        /* column additions of the pivot search */
    uint8_t ipiv[HB];
    uint8_t acc[8 * CW];
#else
    uint64_t sys[MQS_O][RW]; /* [L | r], row by row */
#endif
    uint64_t scratch[8]; /* planes of dot, expanded scalar of axpy */
    uint8_t x[MQS_O + 16];
} solve_work;

typedef char mqs_check_solve_work[sizeof(solve_work) <= MQS_SOLVE_WORK_BYTES ? 1 : -1];

static inline uint8_t row_byte(const uint64_t *row, unsigned i)
{
    return ((const uint8_t *)row)[i];
}

/* Broadcast of the low 32 bits of a mask to 64. */
static inline uint64_t mask64(uint32_t m)
{
    return (uint64_t)m * ((1ull << 32) + 1);
}

/* dst[0..n) ^= src[0..n) & z (n even; two rows of the system, never the
 * same). A backend that includes this file may define MQS_ADD_MASKED to
 * the name of its own (declared here, defined after the include). */
#ifdef MQS_ADD_MASKED
static inline void MQS_ADD_MASKED(uint64_t *restrict dst, const uint64_t *restrict src, uint64_t z, unsigned n);
#else
#define MQS_ADD_MASKED add_masked
#endif
PQSIG_MAYBE_UNUSED
static inline void add_masked(uint64_t *restrict dst, const uint64_t *restrict src, uint64_t z, unsigned n)
{
    unsigned w;
    for (w = 0; w < n; w += 2) {
        dst[w] ^= src[w] & z;
        dst[w + 1] ^= src[w + 1] & z;
    }
}

/* sum_k a[k] b[k] over the words from..to of a row and of x (bit planes
 * of the lane products, folded once). pl is scratch in the work area,
 * which the caller wipes once instead of after every call. A backend that
 * includes this file may define MQS_DOT to the name of its own (declared
 * here, defined after the include), with the same results. */
#ifdef MQS_DOT
static inline uint8_t MQS_DOT(uint64_t *restrict pl, const uint64_t *a, const uint8_t *x, unsigned from,
                              unsigned to);
#else
#define MQS_DOT dot
#endif
PQSIG_MAYBE_UNUSED
static uint8_t dot(uint64_t *restrict pl, const uint64_t *a, const uint8_t *x, unsigned from, unsigned to)
{
    uint64_t v;
    unsigned k, t;
    for (t = 0; t < 8; t++) {
        pl[t] = 0;
    }
    for (k = from; k < to; k++) {
        memcpy(&v, x + 8 * k, 8);
        for (t = 0; t < 8; t++) {
            pl[t] ^= a[k] & mqs_lane_mask(v, t);
        }
    }
    return mqs_lane_sum(mqs_fold_word(pl));
}

/* dst[w0..nw) ^= s * u (nw, w0 even), the row u given by its 8 multiples
 * xe[t] = u * 2^t, selected by the bits of s (8 AND and 8 XOR per 16
 * bytes). */
PQSIG_MAYBE_UNUSED
static inline void add_multiple(uint64_t *dst, const uint64_t (*xe)[RW], uint8_t s, unsigned w0, unsigned nw)
{
    uint64_t m[8], m2[8][2];
    unsigned w, t;
    mqs_bit_masks(m, s);
    for (t = 0; t < 8; t++) {
        m2[t][0] = m2[t][1] = m[t];
    }
    for (w = w0; w < nw; w += 2) {
        uint64_t a[2];
        a[0] = dst[w];
        a[1] = dst[w + 1];
        for (t = 0; t < 8; t++) {
            a[0] ^= m2[t][0] & xe[t][w];
            a[1] ^= m2[t][1] & xe[t][w + 1];
        }
        dst[w] = a[0];
        dst[w + 1] = a[1];
    }
}

/* One pivot's elimination on rows of rw words (rows[r * rw ..]): row i,
 * whose entry in column c is inv^-1, is scaled to a unit pivot, then each
 * row j of i+1 .. nrows-1 gains (its entry in column c) times row i, which
 * clears that entry. Only words w0 .. nw (nw even) are read or changed.
 * be and xe are scratch (the caller wipes them). A backend that includes
 * this file may define MQS_ELIM_STEP to the name of its own (declared
 * here, defined after the include), with the same results. */
#ifdef MQS_ELIM_STEP
static void MQS_ELIM_STEP(uint64_t *rows, size_t rw, unsigned i, unsigned nrows, unsigned c, uint8_t inv,
                          unsigned w0, unsigned nw, uint64_t *be, uint64_t (*xe)[RW]);
#else
#define MQS_ELIM_STEP elim_step
static void elim_step(uint64_t *rows, size_t rw, unsigned i, unsigned nrows, unsigned c, uint8_t inv,
                      unsigned w0, unsigned nw, uint64_t *be, uint64_t (*xe)[RW])
{
    uint64_t *ri = rows + (size_t)i * rw;
    unsigned j, w, t;
    mqs_scalar_expand(be, inv);
    for (w = w0; w < nw; w++) {
        uint64_t e[8];
        ri[w] = mqs_mul_expanded(ri[w], be);
        mqs_expand_word(e, ri[w]);
        for (t = 0; t < 8; t++) {
            xe[t][w] = e[t];
        }
    }
    for (j = i + 1; j < nrows; j++) {
        uint64_t *rj = rows + (size_t)j * rw;
        add_multiple(rj, (const uint64_t(*)[RW])xe, row_byte(rj, c), w0, nw);
    }
}
#endif

/* Forward Gaussian elimination of rows of RW words (only the first nw
 * words, nw even, are read or changed): pivot i (i < npiv) sits in row i,
 * column col0 + i. It is made nonzero by adding rows i+1, ...,
 * i+window-1 (those below npiv) to row i, each only while the pivot is
 * still zero; then row i is scaled to a unit pivot and the column cleared
 * in rows i+1, ..., nrows-1. Rows must be zero left of column col0 + i
 * when pivot i is reached. Returns all-ones when every pivot was nonzero,
 * else 0. */
static uint64_t gauss(uint64_t (*rows)[RW], unsigned npiv, unsigned nrows, unsigned col0, unsigned window,
                      unsigned nw)
{
    uint64_t ok = ~(uint64_t)0, be[8], xe[8][RW];
    unsigned i, j, stop;
    for (i = 0; i < npiv; i++) {
        /* Rows are zero left of column c (but for the unit pivots of rows
         * above): work from the 16-byte block holding column c on. */
        unsigned c = col0 + i, w0 = (c / 16) * 2;
        uint8_t piv;
        stop = i + window < npiv ? i + window : npiv;
        for (j = i + 1; j < stop; j++) {
            /* Add row j while the pivot is still zero. */
            MQS_ADD_MASKED(rows[i] + w0, rows[j] + w0, mask64(~pqsig_ct_nonzero_mask_u32(row_byte(rows[i], c))),
                       nw - w0);
        }
        piv = row_byte(rows[i], c);
        ok &= mask64(pqsig_ct_nonzero_mask_u32(piv));
        MQS_ELIM_STEP(&rows[0][0], RW, i, nrows, c, MQS_GF_INV(piv), w0, nw, be, xe);
    }
    pqsig_zeroize(xe, sizeof xe);
    pqsig_zeroize(be, sizeof be);
    return ok;
}

#if BY_COLUMNS
/* One pivot's updates of a system stored by columns (elim_cols): the
 * multipliers of the rows below i, column i times ip (the pivot's
 * inverse), zero in rows 0..i, then each column k of i+1 .. ncols-1 gains
 * (its entry in row i) times them. Only words w0 .. CW are read or
 * changed. be and fe are scratch (the caller wipes them). A backend that
 * includes this file may define MQS_COLS_STEP to the name of its own
 * (declared here, defined after the include), with the same results. */
#ifdef MQS_COLS_STEP
static void MQS_COLS_STEP(uint64_t (*cols)[CW], unsigned i, unsigned ncols, uint8_t ip, unsigned w0, uint64_t *be,
                          uint64_t (*fe)[RW]);
#else
#define MQS_COLS_STEP cols_step
static void cols_step(uint64_t (*cols)[CW], unsigned i, unsigned ncols, uint8_t ip, unsigned w0, uint64_t *be,
                      uint64_t (*fe)[RW])
{
    unsigned k, w, t;
    /* the multipliers, expanded (8 multiples) for the updates */
    mqs_scalar_expand(be, ip);
    for (w = w0; w < CW; w++) {
        uint64_t e[8], f = mqs_mul_expanded(cols[i][w], be);
        if (8 * w + 7 <= i) {
            f = 0;
        } else if (8 * w <= i) {
            f &= ~(uint64_t)0 << (8 * (i - 8 * w) + 8);
        }
        mqs_expand_word(e, f);
        for (t = 0; t < 8; t++) {
            fe[t][w] = e[t];
        }
    }
    for (k = i + 1; k < ncols; k++) {
        add_multiple(cols[k], (const uint64_t(*)[RW])fe, row_byte(cols[k], i), w0, CW);
    }
}
#endif

/* Forward elimination of the first npiv columns of a system stored by
 * columns (ncols columns of CW words; the last is the right hand side).
 * Pivot i sits in row i, column i; when it is zero, columns i+1, ...,
 * npiv-1 are added to column i in turn, each only while the pivot is still
 * zero (zadd[i*npiv + j] records 0xff for an addition made, else 0: the
 * solution is mapped back through them). Then the column is cleared in the
 * rows below i (row i and the rows above are kept; the pivots are not
 * scaled, their inverses go to ipiv[i]). The entries of column i below row
 * i are left as they are (not read again). Returns all-ones when every
 * pivot was nonzero (the leading npiv x npiv block was invertible), else 0. */
static uint64_t elim_cols(uint64_t (*cols)[CW], unsigned npiv, unsigned ncols, uint8_t *zadd, uint8_t *ipiv)
{
    uint64_t ok = ~(uint64_t)0, be[8], fe[8][RW]; /* RW >= CW */
    unsigned i, j;
    for (i = 0; i < npiv; i++) {
        /* Rows up to i do not change from here on: work from the 16-byte
         * block holding row i. */
        unsigned w0 = (i / 16) * 2;
        uint8_t piv, ip;
        for (j = i + 1; j < npiv; j++) {
            /* Add column j while the pivot is still zero (all rows: a
             * column operation, undone on the solution). */
            uint32_t z32 = ~pqsig_ct_nonzero_mask_u32(row_byte(cols[i], i));
            zadd[i * npiv + j] = (uint8_t)z32;
            MQS_ADD_MASKED(cols[i], cols[j], mask64(z32), CW);
        }
        piv = row_byte(cols[i], i);
        ok &= mask64(pqsig_ct_nonzero_mask_u32(piv));
        ip = MQS_GF_INV(piv);
        ipiv[i] = ip;
        MQS_COLS_STEP(cols, i, ncols, ip, w0, be, fe);
    }
    pqsig_zeroize(fe, sizeof fe);
    pqsig_zeroize(be, sizeof be);
    return ok;
}

/* acc[0..8n) ^= s * col[0..8n) (n words); be is scratch in the work area.
 * A backend that includes this file may define MQS_AXPY to the name of its
 * own (declared here, defined after the include), with the same results. */
#ifdef MQS_AXPY
static inline void MQS_AXPY(uint64_t *restrict be, uint8_t *acc, const uint64_t *col, uint8_t s, unsigned n);
#else
#define MQS_AXPY axpy
#endif
PQSIG_MAYBE_UNUSED
static void axpy(uint64_t *restrict be, uint8_t *acc, const uint64_t *col, uint8_t s, unsigned n)
{
    uint64_t a;
    unsigned k;
    mqs_scalar_expand(be, s);
    for (k = 0; k < n; k++) {
        memcpy(&a, acc + 8 * k, 8);
        a ^= mqs_mul_expanded(col[k], be);
        memcpy(acc + 8 * k, &a, 8);
    }
}

static uint64_t solve(solve_work *w, const uint8_t *lin, const uint8_t *rhs)
{
    uint64_t okA, okS;
    unsigned r, c;
    const unsigned hw = (HB + 7) / 8; /* words holding rows 0..h-1 */

    /* [L | r] column by column (o bytes, zero-padded). */
    for (c = 0; c <= MQS_O; c++) {
        memset(w->cols[c], 0, sizeof w->cols[c]);
        memcpy(w->cols[c], c < MQS_O ? lin + c * MQS_O : rhs, MQS_O);
    }
    /* Eliminate the columns of A below their pivots, in every row below:
     * the rows of [C | D | r2] become [0 | S | r2 - C A^-1 r1], S = D -
     * C A^-1 B (the Schur complement does not depend on how the pivots of
     * A are found; a pivot search fails exactly when A is singular). */
    okA = elim_cols(w->cols, HB, MQS_O + 1, w->zadd, w->ipiv);

    /* The specification's elimination of S (rows, windowed pivots). */
    for (r = 0; r < HB; r++) {
        uint8_t *b = (uint8_t *)w->srows[r];
        memset(w->srows[r], 0, sizeof w->srows[r]);
        for (c = 0; c <= HB; c++) {
            b[c] = ((const uint8_t *)w->cols[HB + c])[HB + r];
        }
    }
    okS = gauss(w->srows, HB, HB, 0, MQS_SCHUR_WINDOW, 2 * ((HB + 16) / 16));

    /* x2: back substitution on the unit upper triangular S, from the last
     * unknown (unknown entries are zero and meet zeros of the row). */
    memset(w->x, 0, sizeof w->x);
    for (r = HB; r-- > 0;) {
        const uint8_t *b = (const uint8_t *)w->srows[r];
        w->x[HB + r] = (uint8_t)(b[HB] ^ MQS_DOT(w->scratch, w->srows[r], w->x + HB, r / 8, (HB + 7) / 8));
    }
    /* x1 (of the column-added system): rows 0..h-1 are upper triangular
     * with pivots ipiv^-1; sweep the columns from the last. */
    memset(w->acc, 0, sizeof w->acc);
    for (c = MQS_O; c-- > HB;) {
        MQS_AXPY(w->scratch, w->acc, w->cols[c], w->x[c], hw);
    }
    for (c = HB; c-- > 0;) {
        const uint8_t *r1 = (const uint8_t *)w->cols[MQS_O];
        w->x[c] = mqs_gf_mul((uint8_t)(r1[c] ^ w->acc[c]), w->ipiv[c]);
        MQS_AXPY(w->scratch, w->acc, w->cols[c], w->x[c], hw);
    }
    /* Undo the column additions: x_j += x_i for each addition of column
     * j to column i, the last ones first. */
    for (r = HB; r-- > 0;) {
        for (c = r + 1; c < HB; c++) {
            w->x[c] ^= (uint8_t)(w->zadd[r * HB + c] & w->x[r]);
        }
    }
    return okA & okS;
}

#else
static uint64_t solve(solve_work *w, const uint8_t *lin, const uint8_t *rhs)
{
    uint64_t okA, okS;
    unsigned r, c;

    /* [L | r] row by row (o + 1 bytes, zero-padded). */
    for (r = 0; r < MQS_O; r++) {
        uint8_t *b = (uint8_t *)w->sys[r];
        memset(w->sys[r], 0, sizeof w->sys[r]);
        for (c = 0; c < MQS_O; c++) {
            b[c] = lin[c * MQS_O + r];
        }
        b[MQS_O] = rhs[r];
    }
    /* Eliminate the columns of A with pivots from the rows of A only (any
     * of them: this fails exactly when A is singular), clearing them in
     * every row below, those of [C | D | r2] included, which become
     * [0 | S | r2 - C A^-1 r1] with S = D - C A^-1 B. */
    okA = gauss(w->sys, HB, MQS_O, 0, HB, RW);
    /* The specification's elimination of S (windowed pivots). */
    okS = gauss(w->sys + HB, HB, HB, HB, MQS_SCHUR_WINDOW, RW);

    /* Back substitution on the unit upper triangular system, from the
     * last unknown: x fills from the end (unknown entries are zero and
     * meet zeros of the row, the known ones give the sum). */
    memset(w->x, 0, sizeof w->x);
    for (r = MQS_O; r-- > 0;) {
        const uint8_t *b = (const uint8_t *)w->sys[r];
        w->x[r] = (uint8_t)(b[MQS_O] ^ MQS_DOT(w->scratch, w->sys[r], w->x, r / 8, (MQS_O + 7) / 8));
    }
    return okA & okS;
}
#endif

uint64_t mqs_solve_c(uint8_t x[MQS_O], const uint8_t *lin, const uint8_t rhs[MQS_O], void *work)
{
    solve_work *w = MQS_WORK(work);
    uint64_t ok = solve(w, lin, rhs);
    memcpy(x, w->x, MQS_O);
    return ok;
}
