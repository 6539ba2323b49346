/* SNOVA opt: the kernel contract, for both field layers (see
 * src/common/native.h for the convention).
 *
 * Every kernel `snova_k` below has a portable twin `snova_k_c`, always
 * built once per shape under PQSIG_KNS:
 *   - GF(16) (shape `gf16`, SNOVA_Q = 16): one build serves every q = 16
 *     set; the kernels take their sizes (l, o, row words) at run time;
 *   - odd prime q (shapes `q<q>l<l>`, SNOVA_Q and SNOVA_L defined): the
 *     kernels are specialised on (q, l) and take o and the matrix sizes at
 *     run time.
 * A backend's meta.h (PQSIG_BACKEND_META) opts in kernel by kernel with
 * PQSIG_SNOVA_NATIVE_<K> and a static inline `snova_k_native` taking the
 * same arguments, returning PQSIG_NATIVE_OK when it did the work or
 * PQSIG_NATIVE_FALLBACK before writing anything. The solvers, which return
 * a value, take it through a first argument in their native form:
 * int snova_k_native(uint32_t *singular, <arguments of snova_k_c>).
 *
 * Constant time: every kernel runs in time independent of the VALUES of its
 * arguments (any of them may be secret), except where a parameter is
 * documented as public: sizes and strides always are, and the elements of
 * the public matrix of snova_gf16_pmat are used as table indices.
 *
 * Shared layout: ABQ ("abq" arguments) is o alpha A blocks, then o alpha B
 * blocks (each l x l, row by row), then o alpha l coefficients q1 and o
 * alpha l coefficients q2, one element per byte, equation-major then term
 * (alpha = l^2 + l); A and B are invertible, the last coefficient of each
 * q1/q2 is nonzero (Algorithm 9). "spow" is S^0 .. S^{l-1}, l x l bytes
 * each. */
#ifndef PQSIG_SNOVA_NATIVE_API_H
#define PQSIG_SNOVA_NATIVE_API_H

#include <stddef.h>
#include <stdint.h>

#include "common/native.h"

#if !defined(SNOVA_Q)
#error "SNOVA_Q must be defined (the field of the shape)"
#endif

#define SNOVA_MAXO 40u /* o, at most (the finish kernels) */

#if SNOVA_Q == 16
/* ---- GF(16) ----
 * A "packed row" is an array of nw 64-bit words holding 16 elements each,
 * element k in bits 4(k mod 16) .. 4(k mod 16) + 3 of word k / 16
 * (polynomial basis, x^4 = x + 1). Unused high nibbles stay zero. A
 * "multiplication table" of a packed row X is 16 consecutive packed rows,
 * entry e being e X. l is 2, 3, 4 or 5; lw = ceil(l / 4). */
#define SNOVA_GF16_MAXW 16u       /* words of a row, at most */
#define SNOVA_GF16_MAX_STRIP 1024u /* elements of a block row of a public matrix */
#define SNOVA_GF16_MAXL 5u

/* tab[16 nw]: tab[e] = e x. nw <= SNOVA_GF16_MAXW. */
#define snova_gf16_table_c PQSIG_KNS(snova_gf16_table_c)
void snova_gf16_table_c(uint64_t *tab, const uint64_t *x, unsigned nw);

/* out ^= sum_{m < count} s[m s_stride] x[m x_stride .. + nw): scalars one
 * element per byte (< 16). nw <= SNOVA_GF16_MAXW. */
#define snova_gf16_lincomb_c PQSIG_KNS(snova_gf16_lincomb_c)
void snova_gf16_lincomb_c(uint64_t *out, const uint8_t *s, size_t s_stride, const uint64_t *x,
                          size_t x_stride, size_t count, unsigned nw);

/* The linear combination of every row of an output block at once: for
 * r < nrows, out[r nw .. + nw) ^= sum_{m < count} s[m s_stride + r]
 * x[m x_stride .. + nw), the scalars of row r a column of s (its rows hold
 * the scalars of consecutive output rows: T12 for T12^t X, Vw's elements
 * for Vw^t X). nrows <= s_stride, nw <= SNOVA_GF16_MAXW. */
#define snova_gf16_lincomb_rows_c PQSIG_KNS(snova_gf16_lincomb_rows_c)
void snova_gf16_lincomb_rows_c(uint64_t *out, unsigned nrows, const uint8_t *s, size_t s_stride, const uint64_t *x,
                               size_t x_stride, size_t count, unsigned nw);

/* A PUBLIC block matrix P of rb x cb blocks of l x l elements, stored as a
 * nibble string (blocks in row-major order, each row by row) from nibble
 * nib0 of buf (nibble k: low half of byte k / 2 when k is even).
 *   out  (rb l packed rows) ^= P X    given tabx, the tables of the cb l rows of X,
 *   outt (cb l packed rows) ^= P^t Y  given taby, the tables of the rb l rows of Y;
 * either output may be NULL (then its table is not read). cb l^2 <=
 * SNOVA_GF16_MAX_STRIP, nw <= SNOVA_GF16_MAXW. X, Y may be secret. */
#define snova_gf16_pmat_c PQSIG_KNS(snova_gf16_pmat_c)
void snova_gf16_pmat_c(const uint8_t *buf, size_t nib0, unsigned rb, unsigned cb, unsigned l, uint64_t *out,
                       const uint64_t *tabx, uint64_t *outt, const uint64_t *taby, unsigned nw);

/* Gauss-Jordan elimination of the n x (n + 1) system g (n packed rows of w
 * words, the right-hand side in column n), w <= 2 SNOVA_GF16_MAXW. Returns
 * 0 with the solution in column n, or nonzero when singular; the return
 * value is secret (the caller decides what to declassify). */
#define snova_gf16_solve_c PQSIG_KNS(snova_gf16_solve_c)
uint32_t snova_gf16_solve_c(uint64_t *g, unsigned n, unsigned w);

/* Whipping: for nb blocks X_j (x[j l^2 + r l + c], elements < 16), packed
 * rows w[(j l + r) ww ..], ww = ceil(l^2 / 16), element a l + c =
 * (S^a X_j)[r][c]. */
#define snova_gf16_whip_c PQSIG_KNS(snova_gf16_whip_c)
void snova_gf16_whip_c(uint64_t *w, const uint8_t *x, unsigned nb, const uint8_t *spow, unsigned l);

/* The final combination of the map (Eq. 1.1): for equation i < o,
 * out[i l^2 + x l + y] = (sum_alpha A (sum_{a,b} q1[a] q2[b] D_{i'}[a][b]) B)[x][y]
 * with i' = i + alpha mod o and D_p[a][b][x][y] element b l + y of packed
 * row p l^2 + a l + x of d (ww words per row). */
#define snova_gf16_finish_c PQSIG_KNS(snova_gf16_finish_c)
void snova_gf16_finish_c(uint8_t *out, const uint64_t *d, const uint8_t *abq, unsigned o, unsigned l);

/* The block stage of Algorithm 17: rows i l^2 .. i l^2 + l^2 - 1 of the
 * linear system (o l^2 unknowns O_t[x][y] at column t l^2 + x l + y, the
 * right-hand side rhs[0 .. l^2) at column o l^2; row r at g + r gw, whole
 * rows are written). For term alpha (i' = i + alpha mod o) the coefficient
 * of O_t in entry [r][c] of equation i is A (M_t O_t + O_t^t N_t) B with
 *   M_t = (sum_a q1[a] L_i'[(a, .)][(t, .)]) Q2,  N_t = Q1 (sum_b q2[b] R_i'[(t, .)][(b, .)])
 * given one element (< 16) per 16-bit lane, four lanes to a word:
 *   ll[((p o l + t l + u) l + a) lw + y / 4] lane y % 4 = L_p[(a, y)][(t, u)],
 *   rl[((p o l + t l + u) l + b) lw + y / 4] lane y % 4 = R_p[(t, u)][(b, y)].
 * work: l^2 o l lw words of scratch. */
#define snova_gf16_rows_c PQSIG_KNS(snova_gf16_rows_c)
void snova_gf16_rows_c(uint64_t *g, size_t gw, const uint64_t *ll, const uint64_t *rl, const uint8_t *abq,
                       const uint8_t *spow, const uint8_t *rhs, unsigned i, unsigned o, unsigned l,
                       uint64_t *work);

#else
/* ---- odd prime q ----
 * An element is an integer 0 .. q-1; matrices are row-major, one element
 * per byte (uint8_t) or per 16-bit lane (uint16_t). Every kernel takes
 * reduced inputs and returns reduced outputs unless said otherwise. */
#if !defined(SNOVA_L)
#error "SNOVA_L must be defined for an odd-q shape"
#endif

#define SNOVA_GFQ_BC 8u    /* lanes of a broadcast element (snova_gfq_trows) */

/* out[r os + c] = out[r os + c] + sum_{m < inner} a[r a_rs + m a_cs] x[m xs + c]
 * (mod q) for r < rows, c < cols (os, xs >= cols: rows of out and x may be
 * the first cols columns of wider matrices, whose other entries are left
 * as they are); inner >= 1. Both factors are bytes: a kernel that pairs
 * rows of x (two bytes to a 16-bit lane) reads them as they lie. */
/* A choice without a twin: snova_gfq_wide_native(void), where a backend
 * defines PQSIG_SNOVA_NATIVE_GFQ_WIDE, returns PQSIG_NATIVE_OK when its
 * snova_gfq_mul runs faster with few rows of a and long rows of x than
 * the other way round; signing then computes its products transposed,
 * and key generation takes the triangle of P11 in larger blocks of rows
 * (gfq/stages.c). Both give the same keys and signatures. */
#define snova_gfq_mul_c PQSIG_KNS(snova_gfq_mul_c)
void snova_gfq_mul_c(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, size_t a_cs, unsigned rows,
                     unsigned inner, const uint8_t *x, size_t xs, unsigned cols);

/* One vinegar block row j (< v) of an equation's P11 and P12 from its
 * bytes as they lie in the expansion: b holds the diagonal block's upper
 * triangle (row by row, l (l + 1) / 2 bytes), then P11_jk for k = j + 1
 * .. v - 1, then P12_jk for k < o (l^2 bytes each, row-major). With
 * SNOVA_GFQ_PROW_RAW in mode, b's bytes (any value) are reduced in place
 * first (gfq_byte_elem, as snova_pub_elem does); else they are elements
 * already. Writes, as elements, rows j l .. j l + l - 1 of p11 (v l x v l,
 * row-major) from column j l on, the same blocks transposed into columns
 * j l .. j l + l - 1 of the rows below (P11 is symmetric), and rows j l ..
 * j l + l - 1 of p12 (v l x o l). Public data. */
#define SNOVA_GFQ_PROW_RAW 1u
#define snova_gfq_prow_c PQSIG_KNS(snova_gfq_prow_c)
void snova_gfq_prow_c(uint8_t *p11, uint8_t *p12, uint8_t *b, unsigned j, unsigned v, unsigned o, unsigned mode);

/* The half product of verification takes the l rows of a block row of H
 * two at a time: a word of a pair row holds the element of row 2p in its
 * low byte and that of row 2p + 1 in its high byte (elements are below
 * q < 128), so that one vpmaddubsw multiplies and adds both rows. The odd-q
 * shapes have an even l. */
#if SNOVA_L % 2 != 0
#error "odd q: the half products take the rows of l in pairs (every odd-q set has l = 4)"
#endif
#define SNOVA_GFQ_PAIRS (SNOVA_L / 2u)

/* l rows of a half product: yt[k ys + c] += sum_{p < l/2}
 * lo(h[p hs + c]) lo(u) + hi(h[p hs + c]) hi(u), u = ub[(p l^2 + k)
 * SNOVA_GFQ_BC + c mod SNOVA_GFQ_BC], for k < l^2, c < len (a multiple of
 * SNOVA_GFQ_BC); h and ub are pair rows (above), each row of ub one pair
 * of elements broadcast over SNOVA_GFQ_BC lanes. No reduction: the caller
 * folds yt before its lanes overflow (SNOVA_GFQ_CHUNK in gfq/scalar.h:
 * products per fold). Buffers do not overlap. */
#define snova_gfq_trows_c PQSIG_KNS(snova_gfq_trows_c)
void snova_gfq_trows_c(uint16_t *yt, size_t ys, const uint16_t *h, size_t hs, unsigned len,
                       const uint16_t *ub);

/* The rows of nb l x l blocks laid side by side (verification: a block row
 * of P as it comes from the expansion), as pair rows (above):
 * h[p hs + k l + c] = e(2p) | e(2p + 1) << 8, e(r) = b[k l^2 + r l + c]
 * mod q, for p < l/2, k < nb, c < l; the bytes of b are any values
 * 0 .. 255 (reduced here, as snova_pub_elem does). Nothing else of h is
 * written. */
#define snova_gfq_hrows_c PQSIG_KNS(snova_gfq_hrows_c)
void snova_gfq_hrows_c(uint16_t *h, size_t hs, const uint8_t *b, unsigned nb);

/* Key generation's factors from block row j (< v) of an equation's bytes,
 * laid out as for snova_gfq_prow (raw: any values 0 .. 255, reduced here
 * as snova_pub_elem does, perhaps in place: b's bytes are left as they
 * were or reduced; else elements). P11 = L + L^t
 * for L its lower triangle with the diagonal halved; lp holds L as pair
 * rows (above; row p at lp + p lps): block row j gives L's columns j l ..
 * j l + l - 1 in rows j l .. v l - 1 (P11_jk transposed for k > j, and
 * the diagonal block's lower triangle, its diagonal halved, zeros above
 * it). p12t (o l x v l, row-major, 16-bit lanes: key generation's F
 * starts from it) gets its columns j l .. j l + l - 1: the blocks P12_jk
 * transposed. Nothing else is written: the rest of lp,
 * right of the diagonal blocks, is the caller's to clear. Public data. */
#define snova_gfq_lrow_c PQSIG_KNS(snova_gfq_lrow_c)
void snova_gfq_lrow_c(uint16_t *lp, size_t lps, uint16_t *p12t, uint8_t *b, unsigned j, unsigned v, unsigned o,
                      int raw);

/* snova_gfq_mul (above) with a_cs = 1 and x given as pair rows (above):
 * x[m][c] is the low byte of xp[(m / 2) xps + c] for even m, the high byte
 * for odd m; inner is even and at least 2. The kernel may read a pair row's words up to cols rounded up
 * to a multiple of 16 (xps at least that), whatever they hold past cols. */
#define snova_gfq_mul_pairs_c PQSIG_KNS(snova_gfq_mul_pairs_c)
void snova_gfq_mul_pairs_c(uint16_t *out, size_t os, const uint8_t *a, size_t a_rs, unsigned rows, unsigned inner,
                           const uint16_t *xp, size_t xps, unsigned cols);

/* dst[r ds + c] = src[r ss + c] mod q, as bytes, for r < rows, c < cols
 * (src any 16-bit values; ds >= cols, ss >= cols). Buffers do not
 * overlap. */
#define snova_gfq_red8_c PQSIG_KNS(snova_gfq_red8_c)
void snova_gfq_red8_c(uint8_t *dst, size_t ds, const uint16_t *src, size_t ss, unsigned rows, unsigned cols);

#define SNOVA_GFQ_MAXN 160u /* n of the solver, at most (o l^2 of 60_10_q_4) */

/* Gaussian elimination and back substitution of the n x (n + 1) system g
 * (n <= SNOVA_GFQ_MAXN; row r at g + r w, w >= n + 1 a multiple of 8, the right-hand side in
 * column n, columns n + 1 .. w - 1 scratch). Returns 0 with the solution
 * in column n (reduced; other entries left partially reduced), or nonzero
 * when singular; the return value is secret. */
#define snova_gfq_solve_c PQSIG_KNS(snova_gfq_solve_c)
uint32_t snova_gfq_solve_c(uint16_t *g, unsigned n, unsigned w);

/* Whipping: for nb blocks X_j (x[j l^2 + r l + c]), row j l + r, column
 * a l + c = (S^a X_j)[r][c], written both as 16-bit lanes (w16) and bytes
 * (w8), l^2 per row. */
#define snova_gfq_whip_c PQSIG_KNS(snova_gfq_whip_c)
void snova_gfq_whip_c(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb, const uint8_t *spow);

/* The final combination (Eq. 1.1): out[i l^2 + x l + y] =
 * (sum_alpha A (sum_{a,b} q1[a] q2[b] D_{i'}[a][b]) B)[x][y],
 * i' = i + alpha mod o, D_p[a][b][x][y] = d[p l^4 + (a l + x) l^2 + b l + y]. */
#define snova_gfq_finish_c PQSIG_KNS(snova_gfq_finish_c)
void snova_gfq_finish_c(uint8_t *out, const uint16_t *d, const uint8_t *abq, unsigned o);

/* The block stage of Algorithm 17 for symmetric public matrices: rows
 * i l^2 .. i l^2 + l^2 - 1 of the system (o l^2 unknowns O_t[x][y] at
 * column t l^2 + x l + y, rhs[0 .. l^2) at column o l^2, zeros up to gw;
 * row r at g + r gw). For term alpha (i' = i + alpha mod o) and oil block
 * t, with R_p = F21_p Vw (o l rows, l^2 columns),
 *   L_t[x][u] = sum_a q1[a] R_i'[(t, u)][a l + x],  K_t[u][x] = sum_a q2[a] R_i'[(t, u)][a l + x],
 *   M_t = L_t Q2, N_t = Q1 K_t,
 * the coefficient of O_t[x][y] in entry [r][c] is
 * (A M_t)[r][x] B[y][c] + A[r][y] (N_t B)[x][c].
 * rl[((p l + u) l^2 + k) tp + t] = R_p[(t, u)][k], tp = o rounded up to a
 * multiple of 8 (lanes t >= o zero). work: l^4 tp lanes of scratch. */
#define snova_gfq_rows_c PQSIG_KNS(snova_gfq_rows_c)
void snova_gfq_rows_c(uint16_t *g, size_t gw, const uint16_t *rl, const uint8_t *abq, const uint8_t *spow,
                      const uint8_t *rhs, unsigned i, unsigned o, uint16_t *work);
#endif

/* ---- Both fields: a choice without a twin ----
 * snova_shake_x8_native(void), where a backend defines
 * PQSIG_SNOVA_NATIVE_SHAKE_X8: PQSIG_NATIVE_OK when the public-seed
 * expansion by SHAKE (pub.c) should run 8 units per call of the shared
 * 8-way SHAKE128 (pqsig_shake128x8) instead of 4 per call of the 4-way one.
 * Both give the same bytes; the hook only picks the faster width for the
 * calling kernel set. Public data only. */

#ifdef PQSIG_BACKEND_META
#include PQSIG_BACKEND_META
#endif

#endif
