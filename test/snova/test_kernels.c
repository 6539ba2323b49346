/* Unit tests of the SNOVA kernels (src/snova/native/api.h) of one shape.
 * Every portable twin k_c is checked against a plain element-by-element
 * computation (reference below: the same formulas over either field); where
 * the kernel set under test (--kset: a backend, through the composite
 * meta.h) opts in to a kernel, k_native runs on the same inputs and must give the twin's output,
 * or decline without touching its output. Random and edge (all q - 1)
 * inputs, every l for the run-time-sized q = 16 kernels. */
#include <stdlib.h>
#include <string.h>

#include "common/kset.h"
#include "check.h"
#include "snova/native/api.h"
#include "unit.h"

#if SNOVA_Q == 16
#include "snova/gf16/scalar.h"
#define LMIN 2u
#define LMAX 5u
#else
#include "snova/gfq/scalar.h"
#define LMIN SNOVA_L
#define LMAX SNOVA_L
#endif

/* ---- Plain arithmetic ---- */

static uint8_t emul(uint8_t a, uint8_t b)
{
#if SNOVA_Q == 16
    unsigned p = 0, i;
    for (i = 0; i < 4; i++) {
        if ((b >> i) & 1u) {
            p ^= (unsigned)a << i;
        }
    }
    for (i = 6; i >= 4; i--) {
        if ((p >> i) & 1u) {
            p ^= 0x13u << (i - 4);
        }
    }
    return (uint8_t)p;
#else
    return (uint8_t)((unsigned)a * b % SNOVA_Q);
#endif
}

static uint8_t eadd(uint8_t a, uint8_t b)
{
#if SNOVA_Q == 16
    return (uint8_t)(a ^ b);
#else
    return (uint8_t)((a + b) % SNOVA_Q);
#endif
}

static int edge; /* 1: every element q - 1 */

static uint8_t relem(void)
{
    return edge ? (uint8_t)(SNOVA_Q - 1) : (uint8_t)(rnd64() % SNOVA_Q);
}

/* A native result against the twin's, or a decline that left out alone. */
static void compare_native(int rc, const void *out, const void *c_out, const void *before, size_t len,
                           const char *what)
{
    if (rc == PQSIG_NATIVE_OK) {
        CHECK(memcmp(out, c_out, len) == 0, "%s: native differs from the portable twin", what);
    } else {
        CHECK(rc == PQSIG_NATIVE_FALLBACK && memcmp(out, before, len) == 0, "%s: a decline wrote its output",
              what);
    }
}

/* ---- References over plain element arrays (shared by both fields) ---- */

#define MAXO 11u
#define MAXTP (((MAXO + 7u) / 8u) * 8u) /* lanes of the odd-q rows: o rounded up to 8 */
#define ML 5u /* l, at most */
#define ML2 (ML * ML)
#define MAXALPHA (ML2 + ML)

typedef struct {
    uint8_t a[MAXO][MAXALPHA][ML][ML], b[MAXO][MAXALPHA][ML][ML];
    uint8_t q1[MAXO][MAXALPHA][ML], q2[MAXO][MAXALPHA][ML];
} ref_abq;

/* The kernels' flat layout of ABQ for (o, l). */
static void abq_flat(uint8_t *flat, const ref_abq *z, unsigned o, unsigned l)
{
    const unsigned alpha = l * l + l;
    size_t n = 0;
    unsigned i, t, r, c, part;
    for (part = 0; part < 2; part++) {
        for (i = 0; i < o; i++) {
            for (t = 0; t < alpha; t++) {
                for (r = 0; r < l; r++) {
                    for (c = 0; c < l; c++) {
                        flat[n++] = part ? z->b[i][t][r][c] : z->a[i][t][r][c];
                    }
                }
            }
        }
    }
    for (part = 0; part < 2; part++) {
        for (i = 0; i < o; i++) {
            for (t = 0; t < alpha; t++) {
                for (r = 0; r < l; r++) {
                    flat[n++] = part ? z->q2[i][t][r] : z->q1[i][t][r];
                }
            }
        }
    }
}

static void rnd_abq(ref_abq *z)
{
    uint8_t *p = &z->a[0][0][0][0];
    size_t k;
    for (k = 0; k < sizeof(*z); k++) {
        p[k] = relem();
    }
}

/* m = A B for l x l matrices (row stride ML). */
static void mat_mul(uint8_t m[ML][ML], uint8_t a[ML][ML], uint8_t b[ML][ML], unsigned l)
{
    unsigned r, c, k;
    for (r = 0; r < l; r++) {
        for (c = 0; c < l; c++) {
            uint8_t s = 0;
            for (k = 0; k < l; k++) {
                s = eadd(s, emul(a[r][k], b[k][c]));
            }
            m[r][c] = s;
        }
    }
}

/* Q = sum_a q[a] S^a */
static void fqs(uint8_t m[ML][ML], const uint8_t *q, const uint8_t *spow, unsigned l)
{
    unsigned r, c, a;
    for (r = 0; r < l; r++) {
        for (c = 0; c < l; c++) {
            uint8_t s = 0;
            for (a = 0; a < l; a++) {
                s = eadd(s, emul(q[a], spow[(a * l + r) * l + c]));
            }
            m[r][c] = s;
        }
    }
}

/* out[i][x][y] = sum_alpha A (sum_{a,b} q1[a] q2[b] D_{i'}[a][b]) B, with
 * D_p[a][b][x][y] = d[p][(a l + x) l^2 + b l + y]. */
static void ref_finish(uint8_t *out, const uint8_t *d, ref_abq *z, unsigned o, unsigned l)
{
    const unsigned l2 = l * l, alpha = l2 + l;
    unsigned i, t, a, b, x, y;
    for (i = 0; i < o; i++) {
        uint8_t acc[ML][ML];
        memset(acc, 0, sizeof(acc));
        for (t = 0; t < alpha; t++) {
            const uint8_t *dp = d + (size_t)((i + t) % o) * l2 * l2;
            uint8_t mid[ML][ML], am[ML][ML], amb[ML][ML];
            for (x = 0; x < l; x++) {
                for (y = 0; y < l; y++) {
                    uint8_t s = 0;
                    for (a = 0; a < l; a++) {
                        for (b = 0; b < l; b++) {
                            s = eadd(s, emul(emul(z->q1[i][t][a], z->q2[i][t][b]), dp[(a * l + x) * l2 + b * l + y]));
                        }
                    }
                    mid[x][y] = s;
                }
            }
            mat_mul(am, z->a[i][t], mid, l);
            mat_mul(amb, am, z->b[i][t], l);
            for (x = 0; x < l; x++) {
                for (y = 0; y < l; y++) {
                    acc[x][y] = eadd(acc[x][y], amb[x][y]);
                }
            }
        }
        for (x = 0; x < l; x++) {
            for (y = 0; y < l; y++) {
                out[i * l2 + x * l + y] = acc[x][y];
            }
        }
    }
}

/* Rows of equation i (Algorithm 17): row[r l + c][t l^2 + x l + y] =
 * sum_alpha (A M_t)[r][x] B[y][c] + A[r][y] (N_t B)[x][c], with
 * Lp[p][(a l + x) ol + t l + u] = L_p[(a, x)][(t, u)] and
 * Rp[p][(t l + u) l^2 + b l + y] = R_p[(t, u)][(b, y)]. */
static void ref_rows(uint8_t *row, const uint8_t *lp, const uint8_t *rp, ref_abq *z, const uint8_t *spow,
                     unsigned i, unsigned o, unsigned l)
{
    const unsigned l2 = l * l, alpha = l2 + l, ol = o * l, nu = o * l2;
    unsigned al, t, a, x, y, u, r, c;
    memset(row, 0, (size_t)l2 * nu);
    for (al = 0; al < alpha; al++) {
        const unsigned p = (i + al) % o;
        uint8_t q1m[ML][ML], q2m[ML][ML];
        fqs(q1m, z->q1[i][al], spow, l);
        fqs(q2m, z->q2[i][al], spow, l);
        for (t = 0; t < o; t++) {
            uint8_t ls[ML][ML], rs[ML][ML], m[ML][ML], n[ML][ML], am[ML][ML], nb[ML][ML];
            for (x = 0; x < l; x++) {
                for (u = 0; u < l; u++) {
                    uint8_t s1 = 0, s2 = 0;
                    for (a = 0; a < l; a++) {
                        s1 = eadd(s1, emul(z->q1[i][al][a], lp[((size_t)p * l2 + a * l + x) * ol + t * l + u]));
                        s2 = eadd(s2, emul(z->q2[i][al][a], rp[((size_t)p * ol + t * l + u) * l2 + a * l + x]));
                    }
                    ls[x][u] = s1;
                    rs[u][x] = s2;
                }
            }
            mat_mul(m, ls, q2m, l);
            mat_mul(n, q1m, rs, l);
            mat_mul(am, z->a[i][al], m, l);
            mat_mul(nb, n, z->b[i][al], l);
            for (r = 0; r < l; r++) {
                for (c = 0; c < l; c++) {
                    for (x = 0; x < l; x++) {
                        for (y = 0; y < l; y++) {
                            uint8_t *e = &row[(size_t)(r * l + c) * nu + t * l2 + x * l + y];
                            *e = eadd(*e, eadd(emul(am[r][x], z->b[i][al][y][c]), emul(z->a[i][al][r][y], nb[x][c])));
                        }
                    }
                }
            }
        }
    }
}

/* out[(j l + r) l^2 + a l + c] = (S^a X_j)[r][c] */
static void ref_whip(uint8_t *out, const uint8_t *x, unsigned nb, const uint8_t *spow, unsigned l)
{
    const unsigned l2 = l * l;
    unsigned j, r, a, c, m;
    for (j = 0; j < nb; j++) {
        for (r = 0; r < l; r++) {
            for (a = 0; a < l; a++) {
                for (c = 0; c < l; c++) {
                    uint8_t s = 0;
                    for (m = 0; m < l; m++) {
                        s = eadd(s, emul(spow[(a * l + r) * l + m], x[j * l2 + m * l + c]));
                    }
                    out[(j * l + r) * l2 + a * l + c] = s;
                }
            }
        }
    }
}

/* Shared buffers (large for the stack of a test). */
#define NB 3u
static ref_abq zabq;
static uint8_t flat[2 * MAXO * MAXALPHA * ML2 + 2 * MAXO * MAXALPHA * ML];
static uint8_t spow[ML * ML2], xin[NB * ML2], wref[NB * ML * ML2];
static uint8_t dref[MAXO * ML2 * ML2], fin_ref[MAXO * ML2], fin_c[MAXO * ML2], fin_n[MAXO * ML2];
static uint8_t lpe[MAXO * ML2 * MAXO * ML], rpe[MAXO * MAXO * ML * ML2], rows_ref[ML2 * MAXO * ML2];
static uint8_t rhs[ML2];

static void rnd_common(unsigned o, unsigned l)
{
    unsigned k;
    rnd_abq(&zabq);
    abq_flat(flat, &zabq, o, l);
    for (k = 0; k < sizeof(spow); k++) {
        spow[k] = relem();
    }
    for (k = 0; k < sizeof(xin); k++) {
        xin[k] = relem();
    }
    for (k = 0; k < sizeof(dref); k++) {
        dref[k] = relem();
    }
    for (k = 0; k < sizeof(lpe); k++) {
        lpe[k] = relem();
    }
    for (k = 0; k < sizeof(rhs); k++) {
        rhs[k] = relem();
    }
#if SNOVA_Q == 16
    for (k = 0; k < sizeof(rpe); k++) {
        rpe[k] = relem();
    }
#else
    /* symmetric public matrices: L_p = R_p^t */
    {
        const unsigned l2 = l * l, ol = o * l;
        unsigned p, ax, tu;
        for (p = 0; p < o; p++) {
            for (ax = 0; ax < l2; ax++) {
                for (tu = 0; tu < ol; tu++) {
                    rpe[((size_t)p * ol + tu) * l2 + ax] = lpe[((size_t)p * l2 + ax) * ol + tu];
                }
            }
        }
    }
#endif
}

#if SNOVA_Q == 16
/* ======================= GF(16) ======================= */
#define NMAX 48u
#define WMAX GF16_WORDS(NMAX)

static void rnd_row(uint64_t *row, unsigned n)
{
    unsigned k;
    memset(row, 0, GF16_WORDS(n) * sizeof(uint64_t));
    for (k = 0; k < n; k++) {
        gf16_row_xor(row, k, relem());
    }
}

static void test_table_lincomb(void)
{
    uint64_t x[8][WMAX], tab[16 * WMAX], out[WMAX], outc[WMAX], before[WMAX];
    uint8_t s[8];
    unsigned n, e, k, m;
    for (n = 1; n <= NMAX; n += 7) {
        unsigned nw = GF16_WORDS(n);
        int rc = PQSIG_NATIVE_FALLBACK;
        for (m = 0; m < 8; m++) {
            rnd_row(x[m], n);
            s[m] = relem();
        }
        snova_gf16_table_c(tab, x[0], nw);
        for (e = 0; e < 16; e++) {
            for (k = 0; k < n; k++) {
                CHECK(gf16_row_get(&tab[e * nw], k) == emul((uint8_t)e, gf16_row_get(x[0], k)), "table");
            }
        }
#if defined(PQSIG_SNOVA_NATIVE_GF16_TABLE)
        {
            uint64_t tn[16 * WMAX], tb[16 * WMAX];
            memset(tn, 0xa5, sizeof(tn));
            memcpy(tb, tn, sizeof(tb));
            rc = snova_gf16_table_native(tn, x[0], nw);
            compare_native(rc, tn, tab, tb, 16 * nw * sizeof(uint64_t), "table");
        }
#endif
        memset(outc, 0, sizeof(outc));
        snova_gf16_lincomb_c(outc, s, 1, x[0], WMAX, 8, nw);
        for (k = 0; k < n; k++) {
            uint8_t want = 0;
            for (m = 0; m < 8; m++) {
                want ^= emul(s[m], gf16_row_get(x[m], k));
            }
            CHECK(gf16_row_get(outc, k) == want, "lincomb");
        }
#if defined(PQSIG_SNOVA_NATIVE_GF16_LINCOMB)
        memset(out, 0, sizeof(out));
        memcpy(before, out, sizeof(out));
        rc = snova_gf16_lincomb_native(out, s, 1, x[0], WMAX, 8, nw);
        compare_native(rc, out, outc, before, nw * sizeof(uint64_t), "lincomb");
#endif
        (void)rc;
        (void)out;
        (void)before;
    }
}

#if defined(PQSIG_SNOVA_NATIVE_GF16_LINCOMB)
/* count random packed rows x (a row every xs words, all words random) and
 * count rows of scalars sc (ss bytes each), each allocated to its exact
 * size. */
static void rnd_terms(uint64_t **x, uint8_t **sc, size_t count, size_t xs, size_t ss)
{
    size_t k;
    *x = malloc(count * xs * sizeof(uint64_t));
    *sc = malloc(count * ss);
    if (*x == NULL || *sc == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (k = 0; k < count * xs; k++) {
        rnd_row(&(*x)[k], 16);
    }
    for (k = 0; k < count * ss; k++) {
        (*sc)[k] = relem();
    }
}
#endif

/* The native linear combination against the twin over every row width
 * (1 .. SNOVA_GF16_MAXW words), term counts that do and do not fill a
 * vector, packed and padded strides; x is allocated to its exact size, so
 * a read past the last row shows under ASan. */
static void test_lincomb_shapes(void)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_LINCOMB)
    static const unsigned counts[] = {1, 2, 3, 4, 5, 7, 8, 13, 96};
    uint64_t out[SNOVA_GF16_MAXW], outc[SNOVA_GF16_MAXW], before[SNOVA_GF16_MAXW];
    unsigned nw, ci, pad, ss;
    for (nw = 1; nw <= SNOVA_GF16_MAXW; nw++) {
        for (ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
            for (pad = 0; pad < 2; pad++) {
                for (ss = 1; ss <= 3; ss += 2) {
                    const size_t count = counts[ci], xs = nw + pad;
                    uint64_t *x;
                    uint8_t *sc;
                    rnd_terms(&x, &sc, count, xs, ss);
                    rnd_row(out, 16 * nw);
                    memcpy(outc, out, nw * sizeof(uint64_t));
                    memcpy(before, out, nw * sizeof(uint64_t));
                    snova_gf16_lincomb_c(outc, sc, ss, x, xs, count, nw);
                    compare_native(snova_gf16_lincomb_native(out, sc, ss, x, xs, count, nw), out, outc, before,
                                   nw * sizeof(uint64_t), "lincomb (shapes)");
                    free(x);
                    free(sc);
                }
            }
        }
    }
#endif
}

/* Every row of a block at once against the twin (itself the per-row
 * twin, checked above, row by row): row counts that do and do not fill a
 * vector of four rows, every row width, the strides of the callers (the
 * scalars' rows as long as the block or longer); s and x allocated to
 * their exact sizes. */
static void test_lincomb_rows(void)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_LINCOMB_ROWS)
    static const unsigned rows[] = {1, 3, 4, 6, 16, 20, 41};
    static const unsigned counts[] = {1, 5, 96};
    enum { RMAX = 41 };
    uint64_t out[RMAX * SNOVA_GF16_MAXW], outc[RMAX * SNOVA_GF16_MAXW], before[RMAX * SNOVA_GF16_MAXW];
    unsigned nw, ri, ci, extra, k;
    for (nw = 1; nw <= SNOVA_GF16_MAXW; nw++) {
        for (ri = 0; ri < sizeof rows / sizeof rows[0]; ri++) {
            for (ci = 0; ci < sizeof counts / sizeof counts[0]; ci++) {
                for (extra = 0; extra < 2; extra++) {
                    const unsigned nr = rows[ri];
                    const size_t count = counts[ci], ss = nr + 2 * extra, xs = nw + extra;
                    uint64_t *x;
                    uint8_t *sc;
                    rnd_terms(&x, &sc, count, xs, ss);
                    for (k = 0; k < nr; k++) {
                        rnd_row(&out[k * nw], 16 * nw);
                    }
                    memcpy(outc, out, nr * nw * sizeof(uint64_t));
                    memcpy(before, out, nr * nw * sizeof(uint64_t));
                    snova_gf16_lincomb_rows_c(outc, nr, sc, ss, x, xs, count, nw);
                    for (k = 0; k < nr; k++) {
                        uint64_t one[SNOVA_GF16_MAXW];
                        memcpy(one, &before[k * nw], nw * sizeof(uint64_t));
                        snova_gf16_lincomb_c(one, sc + k, ss, x, xs, count, nw);
                        CHECK(memcmp(one, &outc[k * nw], nw * sizeof(uint64_t)) == 0, "lincomb_rows twin");
                    }
                    compare_native(snova_gf16_lincomb_rows_native(out, nr, sc, ss, x, xs, count, nw), out, outc,
                                   before, nr * nw * sizeof(uint64_t), "lincomb_rows");
                    free(x);
                    free(sc);
                }
            }
        }
    }
#endif
}

#define RB 3u
#define CB 2u
#define XW 2u /* words of the X and Y rows */

static void test_pmat(void)
{
    uint8_t buf[RB * CB * ML2 / 2 + 2];
    static uint64_t x[CB * ML][XW], y[RB * ML][XW];
    static uint64_t tabx[CB * ML * 16 * XW], taby[RB * ML * 16 * XW];
    uint64_t out[RB * ML * XW], outt[CB * ML * XW];
    unsigned l, nib0, i, j, k, r, c, col;
    for (l = LMIN; l <= LMAX; l++) {
        for (nib0 = 0; nib0 < 2; nib0++) {
            for (i = 0; i < sizeof(buf); i++) {
                buf[i] = edge ? 0xff : (uint8_t)rnd64();
            }
            for (i = 0; i < CB * l; i++) {
                rnd_row(x[i], 16 * XW);
                snova_gf16_table_c(&tabx[i * 16 * XW], x[i], XW);
            }
            for (i = 0; i < RB * l; i++) {
                rnd_row(y[i], 16 * XW);
                snova_gf16_table_c(&taby[i * 16 * XW], y[i], XW);
            }
            memset(out, 0, sizeof(out));
            memset(outt, 0, sizeof(outt));
            snova_gf16_pmat_c(buf, nib0, RB, CB, l, out, tabx, outt, taby, XW);
            for (col = 0; col < 16 * XW; col++) {
                uint8_t px[RB * ML], pty[CB * ML];
                memset(px, 0, sizeof(px));
                memset(pty, 0, sizeof(pty));
                for (j = 0; j < RB; j++) {
                    for (k = 0; k < CB; k++) {
                        for (r = 0; r < l; r++) {
                            for (c = 0; c < l; c++) {
                                uint8_t p = gf16_nib(buf, nib0 + ((j * CB + k) * l + r) * l + c);
                                px[j * l + r] ^= emul(p, gf16_row_get(x[k * l + c], col));
                                pty[k * l + c] ^= emul(p, gf16_row_get(y[j * l + r], col));
                            }
                        }
                    }
                }
                for (i = 0; i < RB * l; i++) {
                    CHECK(gf16_row_get(&out[i * XW], col) == px[i], "pmat P X (l = %u)", l);
                }
                for (i = 0; i < CB * l; i++) {
                    CHECK(gf16_row_get(&outt[i * XW], col) == pty[i], "pmat P^t Y (l = %u)", l);
                }
            }
#if defined(PQSIG_SNOVA_NATIVE_GF16_PMAT)
            {
                uint64_t on[RB * ML * XW], otn[CB * ML * XW], ob[RB * ML * XW], otb[CB * ML * XW];
                int rc;
                memset(on, 0, sizeof(on));
                memset(otn, 0, sizeof(otn));
                memcpy(ob, on, sizeof(on));
                memcpy(otb, otn, sizeof(otn));
                rc = snova_gf16_pmat_native(buf, nib0, RB, CB, l, on, tabx, otn, taby, XW);
                compare_native(rc, on, out, ob, sizeof(on), "pmat P X");
                compare_native(rc, otn, outt, otb, sizeof(otn), "pmat P^t Y");
            }
#endif
        }
    }
}

/* The native product against the twin: one- and two-word rows, every l,
 * odd and even first nibble, either output alone, outputs that start
 * nonzero. */
static void test_pmat_shapes(void)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_PMAT)
    enum { PRB = 3, PCB = 5 };
    static uint64_t tabx[PCB * ML * 16 * 2], taby[PRB * ML * 16 * 2];
    uint8_t buf[PRB * PCB * ML2 / 2 + 2];
    uint64_t out[PRB * ML * 2], outt[PCB * ML * 2], oc[PRB * ML * 2], otc[PCB * ML * 2], ob[PRB * ML * 2],
        otb[PCB * ML * 2];
    unsigned l, nw, nib0, which, i;
    for (l = LMIN; l <= LMAX; l++) {
        for (nw = 1; nw <= 2; nw++) {
            for (nib0 = 0; nib0 < 2; nib0++) {
                for (which = 1; which <= 3; which++) { /* bit 0: P X, bit 1: P^t Y */
                    int rc;
                    for (i = 0; i < sizeof(buf); i++) {
                        buf[i] = edge ? 0xff : (uint8_t)rnd64();
                    }
                    for (i = 0; i < PCB * l; i++) {
                        uint64_t row[2];
                        rnd_row(row, 16 * nw);
                        snova_gf16_table_c(&tabx[i * 16 * nw], row, nw);
                    }
                    for (i = 0; i < PRB * l; i++) {
                        uint64_t row[2];
                        rnd_row(row, 16 * nw);
                        snova_gf16_table_c(&taby[i * 16 * nw], row, nw);
                    }
                    rnd_row(out, 16 * PRB * ML * 2);
                    rnd_row(outt, 16 * PCB * ML * 2);
                    memcpy(oc, out, sizeof(out));
                    memcpy(otc, outt, sizeof(outt));
                    memcpy(ob, out, sizeof(out));
                    memcpy(otb, outt, sizeof(outt));
                    snova_gf16_pmat_c(buf, nib0, PRB, PCB, l, (which & 1u) ? oc : NULL, tabx,
                                      (which & 2u) ? otc : NULL, taby, nw);
                    rc = snova_gf16_pmat_native(buf, nib0, PRB, PCB, l, (which & 1u) ? out : NULL, tabx,
                                                (which & 2u) ? outt : NULL, taby, nw);
                    compare_native(rc, out, oc, ob, sizeof(out), "pmat (shapes) P X");
                    compare_native(rc, outt, otc, otb, sizeof(outt), "pmat (shapes) P^t Y");
                }
            }
        }
    }
#endif
}

/* l = 2 and l = 4 at the sizes of the parameter sets and past them (the
 * native kernels work on groups of eight rows, pairs of block columns,
 * passes of 128 blocks and chunks of tables): rows of one to five words
 * (and of four elements only, as l = 2 verification's are), either output
 * or both, outputs that start nonzero. The matrix ends at the end of its
 * array, so that a read past it shows under AddressSanitizer. */
#if defined(PQSIG_SNOVA_NATIVE_GF16_PMAT)
#define PM_MAXB 140u
#define PM_MAXW 5u
#define PM_MAXL 5u
static uint8_t pm_buf[PM_MAXB * PM_MAXB * PM_MAXL * PM_MAXL / 2];
static uint64_t pm_tabx[PM_MAXL * PM_MAXB * 16 * PM_MAXW], pm_taby[PM_MAXL * PM_MAXB * 16 * PM_MAXW];
static uint64_t pm_out[2][PM_MAXL * PM_MAXB * PM_MAXW], pm_outt[2][PM_MAXL * PM_MAXB * PM_MAXW];
static uint64_t pm_ob[PM_MAXL * PM_MAXB * PM_MAXW], pm_otb[PM_MAXL * PM_MAXB * PM_MAXW];

static void pmat_case(unsigned l, unsigned rb, unsigned cb, unsigned nw, unsigned elems, unsigned which,
                      unsigned nib0)
{
    const size_t bytes = (nib0 + (size_t)rb * cb * l * l + 1u) / 2u, no = (size_t)l * rb * nw,
                 not = (size_t)l * cb * nw;
    uint8_t *p = pm_buf + sizeof(pm_buf) - bytes;
    unsigned i;
    int rc;
    for (i = 0; i < bytes; i++) {
        p[i] = edge ? 0xff : (uint8_t)rnd64();
    }
    for (i = 0; i < l * cb; i++) {
        uint64_t row[PM_MAXW];
        rnd_row(row, elems);
        snova_gf16_table_c(&pm_tabx[(size_t)i * 16 * nw], row, nw);
    }
    for (i = 0; i < l * rb; i++) {
        uint64_t row[PM_MAXW];
        rnd_row(row, elems);
        snova_gf16_table_c(&pm_taby[(size_t)i * 16 * nw], row, nw);
    }
    rnd_row(pm_out[0], (unsigned)(16 * no));
    rnd_row(pm_outt[0], (unsigned)(16 * not));
    memcpy(pm_out[1], pm_out[0], no * 8);
    memcpy(pm_outt[1], pm_outt[0], not * 8);
    memcpy(pm_ob, pm_out[0], no * 8);
    memcpy(pm_otb, pm_outt[0], not * 8);
    snova_gf16_pmat_c(p, nib0, rb, cb, l, (which & 1u) ? pm_out[1] : NULL, pm_tabx,
                      (which & 2u) ? pm_outt[1] : NULL, pm_taby, nw);
    rc = snova_gf16_pmat_native(p, nib0, rb, cb, l, (which & 1u) ? pm_out[0] : NULL, pm_tabx,
                                (which & 2u) ? pm_outt[0] : NULL, pm_taby, nw);
    compare_native(rc, pm_out[0], pm_out[1], pm_ob, no * 8, "pmat (set sizes) P X");
    compare_native(rc, pm_outt[0], pm_outt[1], pm_otb, not * 8, "pmat (set sizes) P^t Y");
}

static void test_pmat_sizes(void)
{
    static const unsigned sizes[] = {1, 2, 3, 7, 8, 9, 17, 25, 37};
    unsigned l, a, b, nw, which;
    for (l = 2; l <= 5; l++) {
        for (a = 0; a < sizeof sizes / sizeof sizes[0]; a++) {
            for (b = 0; b < sizeof sizes / sizeof sizes[0]; b++) {
                for (which = 1; which <= 3; which++) {
                    if (l == 2) {
                        pmat_case(l, sizes[a], sizes[b], 1, 4, which, 0);
                    }
                    for (nw = 1; nw <= PM_MAXW; nw++) {
                        pmat_case(l, sizes[a], sizes[b], nw, 16 * nw - (nw > 2 ? 6 : 0), which, 0);
                    }
                    if (l % 2 == 1) { /* odd l: blocks start on either half of a byte anyway */
                        pmat_case(l, sizes[a], sizes[b], 1 + (a + b) % 2, 16, which, 1);
                    }
                }
            }
        }
    }
    /* more than one pass of 128 blocks each way */
    pmat_case(2, PM_MAXB, 130, 1, 16, 3, 0);
    pmat_case(2, 129, PM_MAXB, 2, 20, 3, 0);
    pmat_case(2, 97, PM_MAXB, 5, 66, 1, 0);
    pmat_case(4, 66, 60, 3, 40, 1, 0);
    /* odd l at the longest block row of the contract (cb l^2 = 1024 at most) */
    pmat_case(3, 40, 113, 2, 25, 3, 1);
    pmat_case(5, 30, 40, 2, 30, 3, 0);
}
#else
static void test_pmat_sizes(void)
{
}
#endif

#define SN 21u
#define SW GF16_WORDS(SN + 1)

static void test_solve(void)
{
    uint64_t g[SN * SW], g0[SN * SW];
    unsigned trial, r, k, solved = 0;
    for (trial = 0; trial < 40; trial++) {
        uint32_t sing;
        for (r = 0; r < SN; r++) {
            rnd_row(&g[r * SW], SN + 1);
        }
        if (trial % 10 == 9) {
            memcpy(&g[3 * SW], &g[5 * SW], SW * sizeof(uint64_t)); /* singular */
        }
        memcpy(g0, g, sizeof(g));
        sing = snova_gf16_solve_c(g, SN, SW);
#if defined(PQSIG_SNOVA_NATIVE_GF16_SOLVE)
        {
            uint64_t gn[SN * SW];
            uint32_t sn = 0;
            int rc;
            memcpy(gn, g0, sizeof(gn));
            rc = snova_gf16_solve_native(&sn, gn, SN, SW);
            if (rc == PQSIG_NATIVE_OK) {
                CHECK((sn != 0) == (sing != 0), "solve: native singularity differs");
                if (sing == 0) {
                    for (r = 0; r < SN; r++) {
                        CHECK(gf16_row_get(&gn[r * SW], SN) == gf16_row_get(&g[r * SW], SN), "solve: native solution");
                    }
                }
            } else {
                compare_native(rc, gn, g, g0, sizeof(gn), "solve");
            }
        }
#endif
        if (sing != 0) {
            continue; /* a random system is singular with probability about 1/16 */
        }
        CHECK(trial % 10 != 9, "solve accepted a singular system");
        solved++;
        for (r = 0; r < SN; r++) {
            uint8_t acc = 0;
            for (k = 0; k < SN; k++) {
                acc ^= emul(gf16_row_get(&g0[r * SW], k), gf16_row_get(&g[k * SW], SN));
            }
            CHECK(acc == gf16_row_get(&g0[r * SW], SN), "solve solution");
        }
    }
    CHECK(solved > 20, "solve: too many random systems singular");
}

/* The native solver against the twin on the sizes of the sets (n = o l^2
 * up to 160) and around the vector boundaries, packed and padded rows,
 * with zero leading columns (pivot search) and a singular system. */
static void test_solve_shapes(void)
{
#if defined(PQSIG_SNOVA_NATIVE_GF16_SOLVE)
    static const unsigned sizes[] = {1, 15, 16, 63, 64, 80, 100, 125, 128, 132, 150, 160, 255};
    unsigned si, pad, trial, r;
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        for (pad = 0; pad < 2; pad++) {
            for (trial = 0; trial < 3; trial++) {
                const unsigned n = sizes[si], w = GF16_WORDS(n + 1) + pad;
                uint64_t *g = malloc((size_t)n * w * sizeof(uint64_t)), *gn = malloc((size_t)n * w * sizeof(uint64_t));
                uint32_t sing, sn = 0;
                int rc;
                if (g == NULL || gn == NULL) {
                    fprintf(stderr, "out of memory\n");
                    exit(2);
                }
                for (r = 0; r < n; r++) {
                    memset(&g[r * w], 0, w * sizeof(uint64_t));
                    rnd_row(&g[r * w], n + 1);
                    if (trial == 1 && r + 1 < n) {
                        g[r * w] &= ~(uint64_t)0xff; /* columns 0 and 1 zero but in the last row */
                    }
                }
                if (trial == 2 && n > 1) {
                    memcpy(&g[0], &g[(n - 1) * w], w * sizeof(uint64_t)); /* singular */
                }
                memcpy(gn, g, (size_t)n * w * sizeof(uint64_t));
                sing = snova_gf16_solve_c(g, n, w);
                rc = snova_gf16_solve_native(&sn, gn, n, w);
                if (rc == PQSIG_NATIVE_OK) {
                    CHECK((sn != 0) == (sing != 0), "solve (n %u, w %u): singularity differs", n, w);
                    CHECK(trial != 2 || n == 1 || sn != 0, "solve (n %u): singular system accepted", n);
                    for (r = 0; sing == 0 && r < n; r++) {
                        CHECK(gf16_row_get(&gn[r * w], n) == gf16_row_get(&g[r * w], n), "solve (n %u, w %u): solution",
                              n, w);
                    }
                }
                free(g);
                free(gn);
            }
        }
    }
#endif
}

/* words of a row of the linear system, at most */
#define GW_MAX GF16_WORDS(MAXO * ML2 + 1u)

static void test_map(void)
{
    unsigned l, o;
    for (l = LMIN; l <= LMAX; l++) {
        for (o = 2; o <= MAXO; o += 3) {
            const unsigned l2 = l * l, ww = GF16_WORDS(l2), lw = (l + 3) / 4, ol = o * l, nu = o * l2;
            const unsigned gw = GF16_WORDS(nu + 1);
            static uint64_t w[NB * ML * 2], d[MAXO * ML2 * 2], ll[MAXO * MAXO * ML * ML * 2],
                rl[MAXO * MAXO * ML * ML * 2], work[ML2 * MAXO * ML * 2], g[MAXO * ML2 * GW_MAX], gn[MAXO * ML2 * GW_MAX],
                gb[MAXO * ML2 * GW_MAX];
            unsigned k, j, p, a, x, t, u, c, eq;
            rnd_common(o, l);
            /* whip */
            ref_whip(wref, xin, NB, spow, l);
            snova_gf16_whip_c(w, xin, NB, spow, l);
            for (k = 0; k < NB * l; k++) {
                for (j = 0; j < l2; j++) {
                    CHECK(gf16_row_get(&w[k * ww], j) == wref[k * l2 + j], "whip (l = %u)", l);
                }
            }
#if defined(PQSIG_SNOVA_NATIVE_GF16_WHIP)
            {
                uint64_t wn[NB * ML * 2], wb[NB * ML * 2];
                memset(wn, 0x5a, sizeof(wn));
                memcpy(wb, wn, sizeof(wb));
                compare_native(snova_gf16_whip_native(wn, xin, NB, spow, l), wn, w, wb, NB * l * ww * 8, "whip");
            }
#endif
            /* finish: d rows p l^2 + a l + x, element b l + y */
            memset(d, 0, sizeof(d));
            for (p = 0; p < o; p++) {
                for (k = 0; k < l2; k++) {
                    for (j = 0; j < l2; j++) {
                        gf16_row_xor(&d[(p * l2 + k) * ww], j, dref[(p * l2 + k) * l2 + j]);
                    }
                }
            }
            ref_finish(fin_ref, dref, &zabq, o, l);
            snova_gf16_finish_c(fin_c, d, flat, o, l);
            CHECK(memcmp(fin_c, fin_ref, o * l2) == 0, "finish (l = %u, o = %u)", l, o);
#if defined(PQSIG_SNOVA_NATIVE_GF16_FINISH)
            {
                uint8_t fb[MAXO * ML2];
                memset(fin_n, 0x77, sizeof(fin_n));
                memcpy(fb, fin_n, sizeof(fb));
                compare_native(snova_gf16_finish_native(fin_n, d, flat, o, l), fin_n, fin_c, fb, o * l2, "finish");
            }
#endif
            /* rows of equation 1 */
            memset(ll, 0, sizeof(ll));
            memset(rl, 0, sizeof(rl));
            for (p = 0; p < o; p++) {
                for (t = 0; t < o; t++) {
                    for (u = 0; u < l; u++) {
                        for (a = 0; a < l; a++) {
                            for (x = 0; x < l; x++) {
                                size_t at = (((size_t)p * ol + t * l + u) * l + a) * lw + x / 4;
                                ll[at] |= (uint64_t)lpe[((size_t)p * l2 + a * l + x) * ol + t * l + u] << (16 * (x % 4));
                                rl[at] |= (uint64_t)rpe[((size_t)p * ol + t * l + u) * l2 + a * l + x] << (16 * (x % 4));
                            }
                        }
                    }
                }
            }
            /* equations 0, 1 and o - 1: the terms' equations i + alpha wrap around o */
            for (eq = 0; eq < 3; eq++) {
                const unsigned ei = eq == 0 ? 1u : eq == 1 ? 0u : o - 1u;
                if (eq == 2 && o - 1u <= 1u) {
                    break;
                }
                ref_rows(rows_ref, lpe, rpe, &zabq, spow, ei, o, l);
                memset(g, 0xee, sizeof(g));
                snova_gf16_rows_c(g, gw, ll, rl, flat, spow, rhs, ei, o, l, work);
                for (k = 0; k < l2; k++) {
                    const uint64_t *gr = &g[(ei * l2 + k) * gw];
                    for (c = 0; c < nu; c++) {
                        CHECK(gf16_row_get(gr, c) == rows_ref[k * nu + c], "rows (l = %u, o = %u, i = %u)", l, o, ei);
                    }
                    CHECK(gf16_row_get(gr, nu) == rhs[k], "rows: right-hand side");
                }
#if defined(PQSIG_SNOVA_NATIVE_GF16_ROWS)
                memset(gn, 0xee, sizeof(gn));
                memcpy(gb, gn, sizeof(gb));
                compare_native(snova_gf16_rows_native(gn, gw, ll, rl, flat, spow, rhs, ei, o, l, work),
                               gn + ei * l2 * gw, g + ei * l2 * gw, gb + ei * l2 * gw, (size_t)l2 * gw * 8, "rows");
#endif
            }
            (void)gn;
            (void)gb;
        }
    }
}

/* The block stage for l = 2 at the sets' o (17, 25, 33) and around the
 * native kernel's vectors of 16 and 64 blocks, native against the twin
 * (test_map checks the twin against the reference at small o): random
 * lanes, ABQ and S, equations 0, 1 and o - 1. */
#define R2_O 64u
#define R2_ALPHA 6u
#define R2_GW GF16_WORDS(R2_O * 4u + 1u)
static void test_rows_l2(void)
{
    static const unsigned os[] = {12, 15, 16, 17, 25, 31, 33, 40, 47, 63, 64};
    static uint64_t ll[R2_O * R2_O * 4], rl[R2_O * R2_O * 4], g[R2_O * 4 * R2_GW], gn[R2_O * 4 * R2_GW],
        gb[R2_O * 4 * R2_GW], work[R2_O * 8];
    static uint8_t abq[R2_O * R2_ALPHA * 12], sp[8], rh[4];
    unsigned oi, eq, k;
    for (oi = 0; oi < sizeof os / sizeof os[0]; oi++) {
        const unsigned o = os[oi], gw = GF16_WORDS(o * 4u + 1u);
        for (k = 0; k < o * o * 4u; k++) {
            ll[k] = (uint64_t)relem() | (uint64_t)relem() << 16;
            rl[k] = (uint64_t)relem() | (uint64_t)relem() << 16;
        }
        for (k = 0; k < o * R2_ALPHA * 12u; k++) {
            abq[k] = relem();
        }
        for (k = 0; k < 8; k++) {
            sp[k] = relem();
        }
        for (k = 0; k < 4; k++) {
            rh[k] = relem();
        }
        for (eq = 0; eq < 3; eq++) {
            const unsigned ei = eq == 0 ? 0u : eq == 1 ? 1u : o - 1u;
            memset(g, 0xee, sizeof(g));
            snova_gf16_rows_c(g, gw, ll, rl, abq, sp, rh, ei, o, 2, work);
#if defined(PQSIG_SNOVA_NATIVE_GF16_ROWS)
            memset(gn, 0xee, sizeof(gn));
            memcpy(gb, gn, sizeof(gb));
            compare_native(snova_gf16_rows_native(gn, gw, ll, rl, abq, sp, rh, ei, o, 2, work), gn + ei * 4 * gw,
                           g + ei * 4 * gw, gb + ei * 4 * gw, (size_t)4 * gw * 8, "rows (l = 2, wide o)");
            CHECK(memcmp(gn, gb, (size_t)ei * 4 * gw * 8) == 0 &&
                      memcmp(gn + (ei + 1) * 4 * gw, gb, (size_t)(o - 1 - ei) * 4 * gw * 8) == 0,
                  "rows (l = 2): only the rows of equation i are written");
#endif
        }
    }
    (void)gn;
    (void)gb;
}

static void run_all(void)
{
    test_table_lincomb();
    test_lincomb_shapes();
    test_lincomb_rows();
    test_pmat();
    test_pmat_shapes();
    test_pmat_sizes();
    if (!edge) { /* an all-(q - 1) system is singular */
        test_solve();
        test_solve_shapes();
    }
    test_map();
    test_rows_l2();
}

#else
/* ======================= odd prime q ======================= */

/* Elements of the largest factors and product of test_mul's shapes (rows
 * x inner, inner x cols, rows x cols); static, and small enough for the
 * Cortex-M4's 4 MiB. */
#define MUL_A 28800u
#define MUL_X 57600u
#define MUL_O 9600u

static uint8_t ma[MUL_A], mx[MUL_X];
static uint16_t mo[MUL_O], mref[MUL_O], mn[MUL_O], mb[MUL_O];

static void test_mul(void)
{
    static const unsigned shapes[][3] = {{1, 1, 1},      {3, 7, 16},     {104, 104, 16}, {20, 104, 20},
                                         {16, 280, 16},  {40, 240, 40},  {5, 300, 33},   {2, 9, 48},
                                         {20, 96, 96},   {16, 104, 104}, {40, 240, 240}, {16, 148, 148},
                                         {3, 129, 300},  {7, 130, 127},  {2, 17, 129},   {1, 5, 65}};
    unsigned sh, orient, strided, r, m, c;
    for (sh = 0; sh < sizeof(shapes) / sizeof(shapes[0]); sh++) {
        for (orient = 0; orient < 4; orient++) {
            /* orient & 1: a transposed; orient & 2: rows of out and x
             * inside wider matrices (their other entries must stay) */
            unsigned rows = shapes[sh][0], inner = shapes[sh][1], cols = shapes[sh][2];
            size_t os = cols, xs = cols;
            strided = (orient & 2) != 0;
            if (strided) {
                os = cols + 9;
                xs = cols + 5;
                if ((size_t)rows * os > MUL_O || (size_t)inner * xs > MUL_X) {
                    continue; /* the widest shapes: tested unstrided */
                }
            }
            if (rows * inner > MUL_A || inner * cols > MUL_X || rows * cols > MUL_O) {
                CHECK(0, "mul %ux%ux%u: larger than the test's arrays", rows, inner, cols);
                continue;
            }
            size_t a_rs = orient & 1 ? 1 : inner, a_cs = orient & 1 ? rows : 1;
            size_t no = (rows - 1) * os + cols, nx = (inner - 1) * xs + cols;
            for (r = 0; r < rows * inner; r++) {
                ma[r] = relem();
            }
            for (r = 0; r < nx; r++) {
                mx[r] = relem();
            }
            for (r = 0; r < no; r++) {
                mo[r] = relem();
                mref[r] = mo[r];
                mn[r] = mo[r];
                mb[r] = mo[r];
            }
            for (r = 0; r < rows; r++) {
                for (c = 0; c < cols; c++) {
                    uint64_t s = mref[r * os + c];
                    for (m = 0; m < inner; m++) {
                        s += (uint64_t)ma[r * a_rs + m * a_cs] * mx[m * xs + c];
                    }
                    mref[r * os + c] = (uint16_t)(s % SNOVA_Q);
                }
            }
            snova_gfq_mul_c(mo, os, ma, a_rs, a_cs, rows, inner, mx, xs, cols);
            CHECK(memcmp(mo, mref, no * sizeof(uint16_t)) == 0, "mul %ux%ux%u (strides %zu, %zu)", rows, inner,
                  cols, os, xs);
#if defined(PQSIG_SNOVA_NATIVE_GFQ_MUL)
            {
                /* on copies of their exact sizes (a kernel may read a
                 * vector whole where it stays inside a matrix) */
                const size_t na = (size_t)rows * inner;
                uint8_t *ea = malloc(na), *ex = malloc(nx);
                uint16_t *eo = malloc(no * sizeof(uint16_t));
                CHECK(ea != NULL && ex != NULL && eo != NULL, "mul: out of memory");
                if (ea != NULL && ex != NULL && eo != NULL) {
                    memcpy(ea, ma, na);
                    memcpy(ex, mx, nx);
                    memcpy(eo, mn, no * sizeof(uint16_t));
                    compare_native(snova_gfq_mul_native(eo, os, ea, a_rs, a_cs, rows, inner, ex, xs, cols), eo, mo,
                                   mb, no * sizeof(uint16_t), "mul");
                }
                free(ea);
                free(ex);
                free(eo);
            }
#endif
        }
    }
}

#define TLEN 48u
#define L2 (SNOVA_L * SNOVA_L)

/* Blocks side by side as pair rows, from bytes of any value (every byte
 * 255 in the edge run), for each count of blocks up to a row of TLEN
 * columns. */
static void test_hrows(void)
{
    static uint8_t b[TLEN / SNOVA_L * L2];
    static uint16_t h[SNOVA_GFQ_PAIRS * TLEN], hc[SNOVA_GFQ_PAIRS * TLEN], hn[SNOVA_GFQ_PAIRS * TLEN];
    unsigned nb, k, p, c;
    for (k = 0; k < sizeof(b); k++) {
        b[k] = edge ? 255 : (uint8_t)rnd64();
    }
    for (nb = 0; nb <= TLEN / SNOVA_L; nb++) {
        for (k = 0; k < SNOVA_GFQ_PAIRS * TLEN; k++) {
            h[k] = (uint16_t)rnd64();
        }
        memcpy(hc, h, sizeof(h));
        memcpy(hn, h, sizeof(h));
        snova_gfq_hrows_c(hc, TLEN, b, nb);
        for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
            for (c = 0; c < TLEN; c++) {
                const unsigned k0 = c / SNOVA_L, x = c % SNOVA_L;
                const unsigned lo = b[k0 * L2 + 2 * p * SNOVA_L + x] % SNOVA_Q;
                const unsigned hi = b[k0 * L2 + (2 * p + 1) * SNOVA_L + x] % SNOVA_Q;
                const uint16_t want = (uint16_t)(k0 < nb ? lo | hi << 8 : h[p * TLEN + c]);
                CHECK(hc[p * TLEN + c] == want, "hrows: nb %u, pair %u, column %u", nb, p, c);
            }
        }
#if defined(PQSIG_SNOVA_NATIVE_GFQ_HROWS)
        compare_native(snova_gfq_hrows_native(hn, TLEN, b, nb), hn, hc, h, sizeof(h), "hrows");
#endif
    }
    (void)hn;
}

/* A block row's bytes b (raw: any value, 255 in the edge run; else
 * elements), their elements e, and two copies of b (bc, bn) for the twin
 * and the native kernel; 0 (all freed) when out of memory. */
typedef struct {
    uint8_t *b, *bc, *bn, *e;
} row_bytes;

static void row_free(row_bytes *rb)
{
    free(rb->b);
    free(rb->bc);
    free(rb->bn);
    free(rb->e);
}

static int row_make(row_bytes *rb, size_t len, unsigned raw)
{
    size_t k;
    rb->b = malloc(len);
    rb->bc = malloc(len);
    rb->bn = malloc(len);
    rb->e = malloc(len);
    CHECK(rb->b != NULL && rb->bc != NULL && rb->bn != NULL && rb->e != NULL, "row bytes: out of memory");
    if (rb->b == NULL || rb->bc == NULL || rb->bn == NULL || rb->e == NULL) {
        row_free(rb);
        return 0;
    }
    for (k = 0; k < len; k++) {
        rb->b[k] = raw ? (edge ? 255 : (uint8_t)rnd64()) : relem();
        rb->e[k] = (uint8_t)(rb->b[k] % SNOVA_Q);
    }
    memcpy(rb->bc, rb->b, len);
    memcpy(rb->bn, rb->b, len);
    return 1;
}

/* A block row of P11 and P12 from its bytes (raw: any value, 255 in the
 * edge run; else elements) against the blocks placed by hand, mirrored
 * and reduced, for every block row j of four shapes (rows of 26 to 1,114
 * bytes), raw or not; the whole of p11, p12 and b compared (what is not
 * written stays), on buffers of their exact sizes. */
static void test_prow(void)
{
    static const unsigned shapes[][2] = {{24, 5}, {26, 5}, {60, 10}, {2, 1}};
    const unsigned l = SNOVA_L;
    unsigned sh, j, mode, r, c, k;
    for (sh = 0; sh < sizeof(shapes) / sizeof(shapes[0]); sh++) {
        const unsigned v = shapes[sh][0], o = shapes[sh][1], vl = v * l, ol = o * l;
        const size_t n11 = (size_t)vl * vl, n12 = (size_t)vl * ol;
        uint8_t *m = malloc(4 * (n11 + n12)); /* before, twin, native, reference */
        CHECK(m != NULL, "prow: out of memory");
        for (j = 0; m != NULL && j < v; j++) {
            for (mode = 0; mode <= SNOVA_GFQ_PROW_RAW; mode++) {
                const unsigned raw = mode & SNOVA_GFQ_PROW_RAW;
                const size_t len = l * (l + 1) / 2 + (size_t)(v - 1 - j + o) * L2;
                uint8_t *p11[4], *p12[4];
                size_t at = 0;
                unsigned i;
                row_bytes rb;
                if (!row_make(&rb, len, raw)) {
                    break;
                }
                for (i = 0; i < 4; i++) {
                    p11[i] = m + i * (n11 + n12);
                    p12[i] = p11[i] + n11;
                }
                for (k = 0; k < n11 + n12; k++) {
                    p11[0][k] = (uint8_t)rnd64();
                }
                for (i = 1; i < 4; i++) {
                    memcpy(p11[i], p11[0], n11 + n12);
                }
                /* the reference: blocks placed by hand */
                for (r = 0; r < l; r++) {
                    for (c = r; c < l; c++, at++) {
                        p11[3][(j * l + r) * vl + j * l + c] = rb.e[at];
                        p11[3][(j * l + c) * vl + j * l + r] = rb.e[at];
                    }
                }
                for (k = j + 1; k < v + o; k++, at += L2) {
                    for (r = 0; r < l; r++) {
                        for (c = 0; c < l; c++) {
                            const uint8_t x = rb.e[at + r * l + c];
                            if (k < v) {
                                p11[3][(j * l + r) * vl + k * l + c] = x;
                                p11[3][(k * l + c) * vl + j * l + r] = x;
                            } else {
                                p12[3][(j * l + r) * ol + (k - v) * l + c] = x;
                            }
                        }
                    }
                }
                snova_gfq_prow_c(p11[1], p12[1], rb.bc, j, v, o, mode);
                CHECK(memcmp(p11[1], p11[3], n11 + n12) == 0, "prow: v %u, o %u, j %u, mode %u", v, o, j, mode);
                CHECK(memcmp(rb.bc, raw ? rb.e : rb.b, len) == 0, "prow: the bytes (v %u, j %u, mode %u)", v, j, mode);
#if defined(PQSIG_SNOVA_NATIVE_GFQ_PROW)
                {
                    uint8_t *q11 = malloc(n11), *q12 = malloc(n12); /* exact sizes */
                    int rc;
                    CHECK(q11 != NULL && q12 != NULL, "prow: out of memory");
                    if (q11 != NULL && q12 != NULL) {
                        memcpy(q11, p11[0], n11);
                        memcpy(q12, p12[0], n12);
                        rc = snova_gfq_prow_native(q11, q12, rb.bn, j, v, o, mode);
                        memcpy(p11[2], q11, n11);
                        memcpy(p12[2], q12, n12);
                        compare_native(rc, p11[2], p11[1], p11[0], n11 + n12, "prow");
                        compare_native(rc, rb.bn, rb.bc, rb.b, len, "prow bytes");
                    }
                    free(q11);
                    free(q12);
                }
#endif
                row_free(&rb);
            }
        }
        free(m);
    }
}

/* Key generation's L as pair rows and P12^t from a block row's bytes
 * (raw: any value, 255 in the edge run; else elements) against the blocks
 * placed by hand, for every block row j of the four shapes of test_prow,
 * raw or not: the whole of lp (its rows padded by 5 words) and p12t
 * compared (what is not written stays), on buffers of their exact sizes;
 * b's bytes left as they were or reduced. */
static void test_lrow(void)
{
    static const unsigned shapes[][2] = {{24, 5}, {26, 5}, {60, 10}, {2, 1}};
    const unsigned l = SNOVA_L, half = (SNOVA_Q + 1) / 2;
    unsigned sh, j, raw, r, c, k, i;
    for (sh = 0; sh < sizeof(shapes) / sizeof(shapes[0]); sh++) {
        const unsigned v = shapes[sh][0], o = shapes[sh][1], vl = v * l;
        const size_t lps = vl + 5, nl = vl / 2 * lps, nt = (size_t)o * l * vl, n = (nl + nt) * 2;
        uint8_t *m = malloc(4 * n); /* before, twin, native, reference: lp's words, then p12t's */
        CHECK(m != NULL, "lrow: out of memory");
        for (j = 0; m != NULL && j < v; j++) {
            for (raw = 0; raw < 2; raw++) {
                const size_t len = l * (l + 1) / 2 + (size_t)(v - 1 - j + o) * L2;
                uint16_t *lp[4], *pt[4];
                size_t at = 0;
                row_bytes rb;
                if (!row_make(&rb, len, raw)) {
                    break;
                }
                for (i = 0; i < 4; i++) {
                    lp[i] = (uint16_t *)(void *)(m + i * n);
                    pt[i] = lp[i] + nl;
                }
                for (k = 0; k < n; k++) {
                    m[k] = (uint8_t)rnd64();
                }
                for (i = 1; i < 4; i++) {
                    memcpy(m + i * n, m, n);
                }
                /* the reference: L[x][y] set byte by byte in its pair row */
#define SET_L(x, y, val)                                                                                   \
    lp[3][(x) / 2 * lps + (y)] = (uint16_t)((lp[3][(x) / 2 * lps + (y)] & (0xff00u >> 8 * ((x) % 2))) |      \
                                            (unsigned)(val) << 8 * ((x) % 2))
                for (r = 0; r < l; r++) {
                    for (c = 0; c < l; c++) {
                        if (c < r) { /* above the diagonal of L */
                            SET_L(j * l + c, j * l + r, 0);
                        }
                    }
                    for (c = r; c < l; c++, at++) { /* L[jl + c][jl + r] = P11[jl + r][jl + c] */
                        SET_L(j * l + c, j * l + r, c == r ? rb.e[at] * half % SNOVA_Q : rb.e[at]);
                    }
                }
                for (k = j + 1; k < v + o; k++, at += L2) {
                    for (r = 0; r < l; r++) {
                        for (c = 0; c < l; c++) {
                            const uint8_t x = rb.e[at + r * l + c];
                            if (k < v) {
                                SET_L(k * l + c, j * l + r, x);
                            } else {
                                pt[3][((k - v) * l + c) * vl + j * l + r] = x;
                            }
                        }
                    }
                }
#undef SET_L
                snova_gfq_lrow_c(lp[1], lps, pt[1], rb.bc, j, v, o, (int)raw);
                CHECK(memcmp(m + n, m + 3 * n, n) == 0, "lrow: v %u, o %u, j %u, raw %u", v, o, j, raw);
                for (k = 0, i = 0; k < len; k++) {
                    i += rb.bc[k] != rb.b[k] && rb.bc[k] != rb.e[k];
                }
                CHECK(i == 0, "lrow: %u bytes changed to other values (v %u, j %u, raw %u)", i, v, j, raw);
#if defined(PQSIG_SNOVA_NATIVE_GFQ_LROW)
                {
                    uint16_t *ql = malloc(nl * 2), *qt = malloc(nt * 2); /* exact sizes */
                    int rc;
                    CHECK(ql != NULL && qt != NULL, "lrow: out of memory");
                    if (ql != NULL && qt != NULL) {
                        memcpy(ql, lp[0], nl * 2);
                        memcpy(qt, pt[0], nt * 2);
                        rc = snova_gfq_lrow_native(ql, lps, qt, rb.bn, j, v, o, (int)raw);
                        memcpy(lp[2], ql, nl * 2);
                        memcpy(pt[2], qt, nt * 2);
                        compare_native(rc, m + 2 * n, m + n, m, n, "lrow");
                        for (k = 0, i = 0; k < len; k++) {
                            i += rb.bn[k] != rb.b[k] && rb.bn[k] != rb.e[k];
                        }
                        CHECK(i == 0, "lrow native: %u bytes changed to other values (v %u, j %u)", i, v, j);
                    }
                    free(ql);
                    free(qt);
                }
#endif
                row_free(&rb);
            }
        }
        free(m);
    }
}

/* The product with x as pair rows against snova_gfq_mul_c on x's bytes:
 * shapes across the avx2 kernel's strips (112 columns) and blocks (104
 * rows of x), pair rows padded to a multiple of 16 words (and 8 more),
 * their padding random; native on buffers of their exact sizes. */
static void test_mul_pairs(void)
{
    static const unsigned shapes[][3] = {{1, 2, 1},    {3, 8, 16},    {20, 48, 48},  {20, 48, 96}, {20, 96, 20},
                                         {20, 16, 104}, {40, 240, 40}, {5, 210, 33}, {2, 106, 129},
                                         {7, 130, 240}, {30, 48, 240}};
    unsigned sh, pad, r, m, c;
    for (sh = 0; sh < sizeof(shapes) / sizeof(shapes[0]); sh++) {
        for (pad = 0; pad < 2; pad++) {
            const unsigned rows = shapes[sh][0], inner = shapes[sh][1], cols = shapes[sh][2];
            const size_t xps = ((cols + 15) & ~15u) + 8 * pad, os = cols + 3 * pad;
            const size_t np = inner / 2 * xps, no = (rows - 1) * os + cols;
            uint16_t *xp = malloc(np * sizeof(uint16_t));
            CHECK(xp != NULL, "mul_pairs: out of memory");
            if (xp == NULL || rows * inner > MUL_A || inner * cols > MUL_X || no > MUL_O) {
                CHECK(xp == NULL, "mul_pairs %ux%ux%u: larger than the test's arrays", rows, inner, cols);
                free(xp);
                continue;
            }
            for (r = 0; r < rows * inner; r++) {
                ma[r] = relem();
            }
            for (m = 0; m < inner; m++) {
                for (c = 0; c < cols; c++) {
                    mx[m * cols + c] = relem();
                }
            }
            for (r = 0; r < np; r++) {
                xp[r] = (uint16_t)rnd64(); /* the padding: anything */
            }
            for (m = 0; m < inner; m += 2) {
                for (c = 0; c < cols; c++) {
                    xp[m / 2 * xps + c] = (uint16_t)(mx[m * cols + c] | mx[(m + 1) * cols + c] << 8);
                }
            }
            for (r = 0; r < no; r++) {
                mo[r] = relem();
                mref[r] = mo[r];
                mn[r] = mo[r];
                mb[r] = mo[r];
            }
            snova_gfq_mul_c(mref, os, ma, inner, 1, rows, inner, mx, cols, cols);
            snova_gfq_mul_pairs_c(mo, os, ma, inner, rows, inner, xp, xps, cols);
            CHECK(memcmp(mo, mref, no * sizeof(uint16_t)) == 0, "mul_pairs %ux%ux%u (pad %u)", rows, inner, cols,
                  pad);
#if defined(PQSIG_SNOVA_NATIVE_GFQ_MUL_PAIRS)
            {
                const size_t na = (size_t)rows * inner;
                uint8_t *ea = malloc(na);
                uint16_t *eo = malloc(no * sizeof(uint16_t));
                CHECK(ea != NULL && eo != NULL, "mul_pairs: out of memory");
                if (ea != NULL && eo != NULL) {
                    memcpy(ea, ma, na);
                    memcpy(eo, mn, no * sizeof(uint16_t));
                    compare_native(snova_gfq_mul_pairs_native(eo, os, ea, inner, rows, inner, xp, xps, cols), eo, mo,
                                   mb, no * sizeof(uint16_t), "mul_pairs");
                }
                free(ea);
                free(eo);
            }
#endif
            free(xp);
        }
    }
}

/* Words of any value (all 65535 in the edge run) to bytes mod q, for
 * widths 1 to 40 (short rows, whole vectors, overlapping tails) on rows
 * 3 words apart more than their width; what is not written stays. The
 * native kernel on buffers of their exact sizes. */
static void test_red8(void)
{
    enum { ROWS = 3, W = 40, SS = W + 3, DS = W + 2 };
    static uint16_t src[ROWS * SS];
    static uint8_t dst[ROWS * DS], dc[ROWS * DS], want[ROWS * DS];
    unsigned cols, r, c;
    for (cols = 1; cols <= W; cols++) {
        for (r = 0; r < ROWS * SS; r++) {
            src[r] = edge ? 65535 : (uint16_t)rnd64();
        }
        for (r = 0; r < ROWS * DS; r++) {
            dst[r] = (uint8_t)rnd64();
        }
        memcpy(want, dst, sizeof(dst));
        memcpy(dc, dst, sizeof(dst));
        for (r = 0; r < ROWS; r++) {
            for (c = 0; c < cols; c++) {
                want[r * DS + c] = (uint8_t)(src[r * SS + c] % SNOVA_Q);
            }
        }
        snova_gfq_red8_c(dc, DS, src, SS, ROWS, cols);
        CHECK(memcmp(dc, want, sizeof(dst)) == 0, "red8: %u columns", cols);
#if defined(PQSIG_SNOVA_NATIVE_GFQ_RED8)
        {
            const size_t ns = (ROWS - 1) * SS + cols, nd = (ROWS - 1) * DS + cols;
            uint16_t *es = malloc(ns * sizeof(uint16_t));
            uint8_t *ed = malloc(nd);
            CHECK(es != NULL && ed != NULL, "red8: out of memory");
            if (es != NULL && ed != NULL) {
                memcpy(es, src, ns * sizeof(uint16_t));
                memcpy(ed, dst, nd);
                compare_native(snova_gfq_red8_native(ed, DS, es, SS, ROWS, cols), ed, dc, dst, nd, "red8");
            }
            free(es);
            free(ed);
        }
#endif
    }
}

/* The half product on pair rows against sums over the unpacked rows. */
static void test_trows(void)
{
    static uint16_t yt[L2 * TLEN], yc[L2 * TLEN], yn[L2 * TLEN], hr[SNOVA_L][TLEN], h[SNOVA_GFQ_PAIRS * TLEN];
    static uint16_t ur[SNOVA_L][L2], ub[SNOVA_GFQ_PAIRS * L2 * SNOVA_GFQ_BC];
    unsigned k, c, r, len;
    for (k = 0; k < L2 * TLEN; k++) {
        yt[k] = (uint16_t)rnd64(); /* any value: the sums wrap modulo 2^16 */
    }
    for (r = 0; r < SNOVA_L; r++) {
        for (c = 0; c < TLEN; c++) {
            hr[r][c] = relem();
        }
        for (k = 0; k < L2; k++) {
            ur[r][k] = relem();
        }
    }
    for (r = 0; r < SNOVA_GFQ_PAIRS; r++) {
        for (c = 0; c < TLEN; c++) {
            h[r * TLEN + c] = (uint16_t)(hr[2 * r][c] | hr[2 * r + 1][c] << 8);
        }
        for (k = 0; k < L2; k++) {
            for (c = 0; c < SNOVA_GFQ_BC; c++) {
                ub[(r * L2 + k) * SNOVA_GFQ_BC + c] = (uint16_t)(ur[2 * r][k] | ur[2 * r + 1][k] << 8);
            }
        }
    }
    memcpy(yc, yt, sizeof(yt));
    memcpy(yn, yt, sizeof(yt));
    snova_gfq_trows_c(yc, TLEN, h, TLEN, TLEN, ub);
    for (k = 0; k < L2; k++) {
        for (c = 0; c < TLEN; c++) {
            uint32_t s = yt[k * TLEN + c];
            for (r = 0; r < SNOVA_L; r++) {
                s += (uint32_t)hr[r][c] * ur[r][k];
            }
            CHECK(yc[k * TLEN + c] == (uint16_t)s, "trows");
        }
    }
#if defined(PQSIG_SNOVA_NATIVE_GFQ_TROWS)
    /* every length: whole vectors of each width and the rest */
    for (len = SNOVA_GFQ_BC; len <= TLEN; len += SNOVA_GFQ_BC) {
        memcpy(yc, yt, sizeof(yt));
        memcpy(yn, yt, sizeof(yt));
        snova_gfq_trows_c(yc, TLEN, h, TLEN, len, ub);
        compare_native(snova_gfq_trows_native(yn, TLEN, h, TLEN, len, ub), yn, yc, yt, sizeof(yt), "trows");
    }
#endif
    (void)yn;
    (void)len;
}

#define NS 160u
static uint16_t gs[NS * (NS + 8)], gsn[NS * (NS + 8)], gs0[NS * (NS + 8)];
static uint8_t a0[NS * (NS + 8)];

static void test_solve(void)
{
    unsigned trial, r, c;
    for (trial = 0; trial < 12; trial++) {
        unsigned n = trial < 4 ? 16 + trial : (trial < 8 ? 80 : NS), w = (n + 8) & ~7u;
        uint32_t sing;
        int make_singular = trial % 4 == 3;
        for (r = 0; r < n; r++) {
            for (c = 0; c < w; c++) { /* columns after n: scratch */
                a0[r * w + c] = relem();
            }
        }
        if (trial % 4 == 1) {
            /* zero leading columns force pivot swaps */
            for (r = 0; r + 1 < n; r++) {
                a0[r * w] = 0;
                a0[r * w + 1] = 0;
            }
        }
        if (make_singular) {
            /* row n-1 = row 0 + row 1 on the left side */
            for (c = 0; c < n; c++) {
                a0[(n - 1) * w + c] = (uint8_t)((a0[c] + a0[w + c]) % SNOVA_Q);
            }
        }
        for (r = 0; r < n * w; r++) {
            gs[r] = a0[r];
        }
        memcpy(gs0, gs, sizeof(gs));
        sing = snova_gfq_solve_c(gs, n, w);
#if defined(PQSIG_SNOVA_NATIVE_GFQ_SOLVE)
        {
            uint32_t sn = 0;
            int rc;
            memcpy(gsn, gs0, sizeof(gsn));
            rc = snova_gfq_solve_native(&sn, gsn, n, w);
            if (rc == PQSIG_NATIVE_OK) {
                CHECK((sn != 0) == (sing != 0), "solve: native singularity differs");
                for (r = 0; r < n && sing == 0; r++) {
                    CHECK(gsn[r * w + n] == gs[r * w + n], "solve: native solution");
                }
            } else {
                compare_native(rc, gsn, gs, gs0, sizeof(gsn), "solve");
            }
        }
#endif
        if (make_singular) {
            CHECK(sing != 0, "singular system detected");
            continue;
        }
        if (sing != 0) {
            continue; /* a random system can be singular; rare */
        }
        for (r = 0; r < n; r++) {
            uint64_t s = 0;
            for (c = 0; c < n; c++) {
                s += (uint64_t)a0[r * w + c] * gs[c * w + n];
            }
            CHECK(s % SNOVA_Q == a0[r * w + n] && gs[r * w + n] < SNOVA_Q, "solution");
        }
    }
    (void)gsn;
}

static void test_map(void)
{
    const unsigned l = SNOVA_L, l2 = L2;
    unsigned o;
    for (o = 2; o <= MAXO; o += 3) {
        const unsigned ol = o * l, nu = o * l2, tp = (o + 7u) & ~7u, gw = (nu + 8) & ~7u;
        static uint16_t w16[NB * ML * ML2], d[MAXO * ML2 * ML2], rl[MAXO * ML * ML2 * MAXTP], work[ML2 * ML2 * MAXTP];
        static uint16_t g[MAXO * ML2 * (MAXO * ML2 + 8)], gn[MAXO * ML2 * (MAXO * ML2 + 8)],
            gb[MAXO * ML2 * (MAXO * ML2 + 8)];
        static uint8_t w8[NB * ML * ML2];
        unsigned k, j, p, t, u, c;
        rnd_common(o, l);
        ref_whip(wref, xin, NB, spow, l);
        snova_gfq_whip_c(w16, w8, xin, NB, spow);
        for (k = 0; k < NB * l * l2; k++) {
            CHECK(w16[k] == wref[k] && w8[k] == wref[k], "whip");
        }
#if defined(PQSIG_SNOVA_NATIVE_GFQ_WHIP)
        {
            static uint16_t wn16[NB * ML * ML2], wb16[NB * ML * ML2];
            static uint8_t wn8[NB * ML * ML2], wb8[NB * ML * ML2];
            int rc;
            memset(wn16, 0x5a, sizeof(wn16));
            memset(wn8, 0x5a, sizeof(wn8));
            memcpy(wb16, wn16, sizeof(wb16));
            memcpy(wb8, wn8, sizeof(wb8));
            rc = snova_gfq_whip_native(wn16, wn8, xin, NB, spow);
            compare_native(rc, wn16, w16, wb16, NB * l * l2 * 2, "whip (lanes)");
            compare_native(rc, wn8, w8, wb8, NB * l * l2, "whip (bytes)");
        }
#endif
        for (k = 0; k < o * l2 * l2; k++) {
            d[k] = dref[k];
        }
        ref_finish(fin_ref, dref, &zabq, o, l);
        snova_gfq_finish_c(fin_c, d, flat, o);
        CHECK(memcmp(fin_c, fin_ref, o * l2) == 0, "finish (o = %u)", o);
#if defined(PQSIG_SNOVA_NATIVE_GFQ_FINISH)
        {
            uint8_t fb[MAXO * ML2];
            memset(fin_n, 0x77, sizeof(fin_n));
            memcpy(fb, fin_n, sizeof(fb));
            compare_native(snova_gfq_finish_native(fin_n, d, flat, o), fin_n, fin_c, fb, o * l2, "finish");
        }
#endif
        memset(rl, 0, sizeof(rl));
        for (p = 0; p < o; p++) {
            for (t = 0; t < o; t++) {
                for (u = 0; u < l; u++) {
                    for (k = 0; k < l2; k++) {
                        rl[(((size_t)p * l + u) * l2 + k) * tp + t] = rpe[((size_t)p * ol + t * l + u) * l2 + k];
                    }
                }
            }
        }
        ref_rows(rows_ref, lpe, rpe, &zabq, spow, 1, o, l);
        memset(g, 0xee, sizeof(g));
        snova_gfq_rows_c(g, gw, rl, flat, spow, rhs, 1, o, work);
        for (k = 0; k < l2; k++) {
            const uint16_t *gr = &g[(l2 + k) * gw];
            for (c = 0; c < nu; c++) {
                CHECK(gr[c] == rows_ref[k * nu + c], "rows (o = %u)", o);
            }
            CHECK(gr[nu] == rhs[k], "rows: right-hand side");
            for (j = nu + 1; j < gw; j++) {
                CHECK(gr[j] == 0, "rows: padding");
            }
        }
#if defined(PQSIG_SNOVA_NATIVE_GFQ_ROWS)
        memset(gn, 0xee, sizeof(gn));
        memcpy(gb, gn, sizeof(gb));
        compare_native(snova_gfq_rows_native(gn, gw, rl, flat, spow, rhs, 1, o, work), gn + l2 * gw, g + l2 * gw,
                       gb + l2 * gw, (size_t)l2 * gw * 2, "rows");
#endif
        (void)gn;
        (void)gb;
    }
}

static void run_all(void)
{
    test_mul();
    test_prow();
    test_lrow();
    test_mul_pairs();
    test_hrows();
    test_red8();
    test_trows();
    if (!edge) { /* an all-(q - 1) system is singular */
        test_solve();
    }
    test_map();
}
#endif

int main(int argc, char **argv)
{
    const char *kset = check_kset(argc, argv);
    char name[64];
    unsigned t;
    (void)compare_native; /* unused where the backend opts in to nothing */
    (void)fin_n;
    /* Every kernel (no CPU trait), then the declines of every trait
     * (common/cpu.h): the kernels a trait leaves out are tested on every CPU,
     * and so are the shapes the composite hooks then give to the next one. */
    for (t = 0; t < 2; t++) {
        pqsig_cpu_traits_force(t == 0 ? 0 : PQSIG_CPU_TRAITS_ALL);
        for (edge = 0; edge < 2; edge++) {
            run_all();
        }
    }
    snprintf(name, sizeof name, "test_snova_kernels (%s)", kset);
    return check_done(name);
}
