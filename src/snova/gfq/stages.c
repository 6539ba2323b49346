/* SNOVA opt, field layer GF(q), odd prime q: the block-product stages of
 * key generation, signing and verification (opt.h), one equation of the
 * public matrices at a time. The public matrices are symmetric: signing
 * reads P11 into a dense matrix (both triangles) and P12 beside it, key
 * generation only P11's lower triangle (as pair rows) and P12^t,
 * verification the upper triangle; P21 = P12^t and F21 = F12^t are never
 * formed. */
#include <string.h>

#include "snova/opt.h"

/* P11 (vl x vl, row-major, both triangles) and P12 (vl x ol) of equation
 * i, reduced mod q (an expanded key holds them reduced already:
 * snova_read_p); row: GFQ_ROW_BYTES(0) bytes of scratch. */
static void load_p(snova_pub *p, unsigned i, uint8_t *p11, uint8_t *p12, uint8_t *row)
{
    const unsigned mode = p->mem == NULL ? SNOVA_GFQ_PROW_RAW : 0;
    unsigned j;
    for (j = 0; j < SNOVA_V; j++) {
        PQSIG_NS(snova_pub_read)(p, row, GFQ_OFF_EQ(i) + GFQ_OFF_ROW(j), GFQ_ROW_BYTES(j));
        snova_gfq_prow(p11, p12, row, j, mode);
    }
}

/* ---- Key generation (Algorithm 13) ----
 *   F12_i = P11_i T12 + P12_i
 *   P22_i = -(T12^t F12_i + P21_i T12),   P21_i = P12_i^t
 * P22_i is symmetric; its upper half goes into the key (Algorithm 12).
 * With P11 symmetric, P11 = L + L^t for L its lower triangle with the
 * diagonal halved, so T12^t P11 T12 = M + M^t with M = T12^t L T12, and
 * P22 = W + W^t for W = F T12, F = T12^t L + P12^t (F is F12^t but for
 * L^t T12 in place of P11 T12). F takes half the products of T12^t P11:
 * L's rows go a block at a time up to the diagonal (the long side in the
 * columns of x, where a vector kernel fills its lanes). snova_gfq_lrow
 * writes L as the product kernel's pair rows, and P12^t; L's upper
 * triangle past the diagonal blocks, never written, stays zero from
 * kg_prepare. */
/* Rows of L a product takes: a block up to the diagonal multiplies the
 * zeros above it, and every call reduces its outputs once. Portable
 * kernel: 16 (32 took 1 % more instructions at SNOVA_24_5_23_4, 3 % fewer
 * at 60_10_19_4; seventeenth session). avx2: 48 (24, 32 and 96 rows took
 * 4 %, 1 % and 1 % more at SNOVA_24_5_23_4; eighteenth session). */
#define KG_TRI 16u
#define KG_TRI_WIDE 48u

void PQSIG_NS(snova_kg_prepare)(snova_keygen_work *w, const uint8_t *t12)
{
    unsigned m, r;
    for (m = 0; m < SNOVA_VL; m++) {
        for (r = 0; r < SNOVA_OL; r++) {
            w->t12t[r * SNOVA_VL + m] = t12[m * SNOVA_OL + r];
        }
    }
    memset(w->t12p, 0, sizeof(w->t12p)); /* and the rows' padding */
    for (m = 0; m < SNOVA_VL; m += 2) {
        for (r = 0; r < SNOVA_OL; r++) {
            w->t12p[m / 2 * GFQ_TPS + r] = (uint16_t)(t12[m * SNOVA_OL + r] | t12[(m + 1) * SNOVA_OL + r] << 8);
        }
    }
    memset(w->lp, 0, sizeof(w->lp));
}

void PQSIG_NS(snova_kg_equation)(snova_keygen_work *w, snova_pub *pub, const uint8_t *t12, unsigned i,
                                 snova_packer *pk)
{
    const unsigned vl = SNOVA_VL, ol = SNOVA_OL, tri = snova_gfq_wide() ? KG_TRI_WIDE : KG_TRI;
    unsigned j, k, r, c;
    (void)t12; /* in the work since kg_prepare */
    for (j = 0; j < SNOVA_V; j++) {
        PQSIG_NS(snova_pub_read)(pub, w->row, GFQ_OFF_EQ(i) + GFQ_OFF_ROW(j), GFQ_ROW_BYTES(j));
        snova_gfq_lrow(w->lp, w->f, w->row, j, pub->mem == NULL);
    }
    for (k = 0; k < vl; k += tri) {
        const unsigned n = vl - k < tri ? vl - k : tri;
        snova_gfq_mul_pairs(w->f, vl, w->t12t + k, vl, ol, n, w->lp + (size_t)k / 2 * GFQ_LPS, GFQ_LPS, k + n);
    }
    for (k = 0; k < vl * ol; k++) {
        w->f8[k] = (uint8_t)w->f[k];
    }
    memset(w->w, 0, sizeof(w->w));
    snova_gfq_mul_pairs(w->w, ol, w->f8, vl, ol, vl, w->t12p, GFQ_TPS, ol);
    /* -P22 = -(W + W^t) whole, in loops that vectorise (f holds W^t, f8
     * the result: both spent), then Algorithm 12 on it: row by row from
     * the diagonal. W's entries are below q, so 2 q - W - W^t
     * > 0. */
    for (r = 0; r < ol; r++) {
        for (c = 0; c < ol; c++) {
            w->f[c * ol + r] = w->w[r * ol + c];
        }
    }
    for (k = 0; k < ol * ol; k++) {
        w->f8[k] = (uint8_t)gfq_red16((uint16_t)(2 * SNOVA_Q - w->w[k] - w->f[k]));
    }
    for (r = 0, k = 0; r < ol; k += ol - r, r++) {
        memcpy(w->up + k, w->f8 + r * ol + r, ol - r);
    }
    PQSIG_NS(snova_packer_put_n)(pk, w->up, k);
}

/* ---- Signing ----
 * With the vinegar blocks V whipped into Vw, equation p contributes
 *   D_p = Vw^t P11_p Vw                   (the vinegar value, Eq. 1.1)
 *   R_p = F21_p Vw = T12^t (P11_p Vw) + P12_p^t Vw
 * and, F21 being F12^t, R_p^t = Vw^t F12_p is all the oil terms need
 * (snova_gfq_rows takes R with the oil blocks as lanes). For a product
 * kernel that fills its vectors along the rows of x (snova_gfq_wide) they
 * run transposed, the long side in the columns: (P11 Vw)^t = Vw^t P11,
 * D = (P11 Vw)^t Vw, R^t = (P11 Vw)^t T12 + Vw^t P12; the portable kernel
 * keeps the rows of P11 in its rows. */

static void sg_products(snova_sign_work *w, const uint8_t *t12, uint16_t *d, uint16_t *rp, int wide)
{
    const unsigned vl = SNOVA_VL, ol = SNOVA_OL, l2 = SNOVA_L2;
    unsigned k;
    memset(w->u.m.pv, 0, sizeof(w->u.m.pv));
    if (wide) {
        snova_gfq_mul(w->u.m.pv, w->vwt, vl, 1, l2, vl, w->u.m.p11, vl);
    } else {
        snova_gfq_mul(w->u.m.pv, w->u.m.p11, vl, 1, vl, vl, w->vw8, l2);
    }
    for (k = 0; k < vl * l2; k++) {
        w->u.m.pv8[k] = (uint8_t)w->u.m.pv[k];
    }
    if (wide) {
        snova_gfq_mul(d, w->u.m.pv8, vl, 1, l2, vl, w->vw8, l2);
        snova_gfq_mul(rp, w->u.m.pv8, vl, 1, l2, vl, t12, ol);
        snova_gfq_mul(rp, w->vwt, vl, 1, l2, vl, w->u.m.p12, ol);
    } else {
        snova_gfq_mul(d, w->vw8, 1, l2, l2, vl, w->u.m.pv8, l2);
        snova_gfq_mul(rp, t12, 1, ol, ol, vl, w->u.m.pv8, l2);
        snova_gfq_mul(rp, w->u.m.p12, 1, ol, ol, vl, w->vw8, l2);
    }
}

void PQSIG_NS(snova_sg_parts)(snova_sign_work *w, snova_pub *pub, const uint8_t *t12, const snova_blk spow[SNOVA_L],
                              const uint8_t *vel)
{
    const unsigned vl = SNOVA_VL, ol = SNOVA_OL, l2 = SNOVA_L2;
    const int wide = snova_gfq_wide();
    unsigned p, t, r, c, k;
    snova_gfq_whip(w->vw16, w->vw8, vel, SNOVA_V, spow);
    for (k = 0; wide && k < vl; k++) {
        for (c = 0; c < l2; c++) {
            w->vwt[c * vl + k] = w->vw8[k * l2 + c];
        }
    }
    memset(w->d, 0, sizeof(w->d));
    memset(w->r, 0, sizeof(w->r));
    for (p = 0; p < SNOVA_O; p++) {
        load_p(pub, p, w->u.m.p11, w->u.m.p12, w->u.m.row);
        sg_products(w, t12, w->d + (size_t)p * l2 * l2, w->r + (size_t)p * ol * l2, wide);
    }
    memset(w->rl, 0, sizeof(w->rl));
    for (p = 0; p < SNOVA_O; p++) {
        for (t = 0; t < SNOVA_O; t++) {
            for (r = 0; r < SNOVA_L; r++) {
                const size_t row = (size_t)p * ol + t * SNOVA_L + r; /* of R_p */
                for (c = 0; c < l2; c++) {
                    w->rl[(((size_t)p * SNOVA_L + r) * l2 + c) * GFQ_TP + t] =
                        w->r[wide ? ((size_t)p * l2 + c) * ol + t * SNOVA_L + r : row * l2 + c];
                }
            }
        }
    }
}

void PQSIG_NS(snova_sg_finish)(uint8_t vv[SNOVA_NU], const snova_sign_work *w, const snova_abq *abq)
{
    snova_gfq_finish(vv, w->d, abq);
}

void PQSIG_NS(snova_sg_rows)(snova_sign_work *w, const snova_abq *abq, const snova_blk spow[SNOVA_L],
                             const uint8_t rhs[SNOVA_L2], unsigned i)
{
    snova_gfq_rows(w->u.sys.g, w->rl, abq, spow, rhs, i, w->u.sys.acc);
}

uint32_t PQSIG_NS(snova_sg_solve)(snova_sign_work *w)
{
    return snova_gfq_solve(w->u.sys.g, SNOVA_NU, GFQ_GW);
}

/* The vinegar blocks as one product, V + T12 O, added in 16-bit lanes: row
 * j l + r of T12 (o l elements) times the o l x l matrix whose row t l + m
 * is row m of O_t (the oil blocks as they lie in sol). The transposed
 * product O^t T12^t, which a kernel preferring long rows of x would take,
 * saved no more (avx2: 29 k against 31.5 k instructions a signature) and
 * cost a transposition and a scatter: one shape serves every kernel.
 * Scratch: the whipped vinegar, spent once the system is solved. */
void PQSIG_NS(snova_sg_signature)(snova_sign_work *w, uint8_t sol[SNOVA_N * SNOVA_L2], const uint8_t *t12,
                                  const uint8_t *vel)
{
    const uint8_t *oil = sol + SNOVA_V * SNOVA_L2;
    uint16_t *acc = w->vw16;
    unsigned k;
    typedef char scratch_fits[SNOVA_V * SNOVA_L2 <= sizeof(w->vw16) / sizeof(w->vw16[0]) ? 1 : -1];
    (void)sizeof(scratch_fits);
    for (k = 0; k < SNOVA_NU; k++) {
        sol[SNOVA_V * SNOVA_L2 + k] = (uint8_t)w->u.sys.g[(size_t)k * GFQ_GW + SNOVA_NU];
    }
    for (k = 0; k < SNOVA_V * SNOVA_L2; k++) {
        acc[k] = vel[k];
    }
    snova_gfq_mul(acc, t12, SNOVA_OL, 1, SNOVA_VL, SNOVA_OL, oil, SNOVA_L);
    for (k = 0; k < SNOVA_V * SNOVA_L2; k++) {
        sol[k] = (uint8_t)acc[k];
    }
}

/* ---- Verification ----
 * With Uw the whipped signature and P_i the symmetric nl x nl matrix of
 * equation i, D_i = Uw^t P_i Uw = Z + Z^t where Z = Uw^t H Uw and H is the
 * upper triangle of P_i with its diagonal halved. H is read l rows at a
 * time as it lies in the expansion (and in the public key for P22),
 * Y^t = Uw^t H is summed on lanes along those rows (snova_gfq_trows), then
 * Z^t = Y^t Uw. */
/* trows calls (l products each) between two folds of yt */
#define YT_FOLD (SNOVA_GFQ_CHUNK / SNOVA_L)

static void fold_yt(uint16_t *yt)
{
    unsigned k;
    for (k = 0; k < SNOVA_L2 * GFQ_YS; k++) {
        yt[k] = gfq_fold16(yt[k]);
    }
}

int PQSIG_NS(snova_vf_load_pk)(snova_verify_work *w, const uint8_t *pk)
{
    return PQSIG_NS(snova_unpack_pub)(w->pke, pk + SNOVA_SEED_PUBLIC_BYTES, SNOVA_PK_ELEMS);
}

void PQSIG_NS(snova_vf_whip)(snova_verify_work *w, const uint8_t *u, const snova_blk spow[SNOVA_L])
{
    unsigned p, x, c;
    snova_gfq_whip(w->uw16, w->uw8, u, SNOVA_N, spow);
    /* pair p of rows 2p, 2p + 1 of Uw (l is even, so a block row's pairs
     * are its own), as pair rows, then each pair broadcast (a loop of its
     * own: it vectorises) */
    for (p = 0; p < SNOVA_NL / 2; p++) {
        const uint16_t *lo = w->uw16 + (size_t)2 * p * SNOVA_L2, *hi = lo + SNOVA_L2;
        for (x = 0; x < GFQ_UPS; x++) {
            w->up[p * GFQ_UPS + x] = (uint16_t)(x < SNOVA_L2 ? lo[x] | hi[x] << 8 : 0);
        }
    }
    for (p = 0; p < SNOVA_NL / 2; p++) {
        for (x = 0; x < SNOVA_L2; x++) {
            uint16_t *o = w->ub + ((size_t)p * SNOVA_L2 + x) * SNOVA_GFQ_BC;
            for (c = 0; c < SNOVA_GFQ_BC; c++) {
                o[c] = w->up[p * GFQ_UPS + x];
            }
        }
    }
}

/* l rows of an upper triangle of H into its pair rows (native/api.h: rows
 * 2p and 2p + 1 share pair row p, the even one in the low byte): columns
 * 0 .. ncol - 1 from src, where row r is zero before column r, then holds
 * its element at r halved and the next ncol - r - 1 elements; columns
 * zero_from .. len - 1 zero; every entry written once. reduce: the bytes of
 * src are any values 0 .. 255 (the expansion's), reduced here. Needs
 * ncol >= l. Returns src past what it read. */
static inline const uint8_t *pair_upper(uint16_t *h, const uint8_t *src, unsigned ncol, unsigned zero_from,
                                        unsigned len, const int reduce)
{
    unsigned p, c;
    for (p = 0; p < SNOVA_GFQ_PAIRS; p++) {
        uint16_t *hp = h + (size_t)p * GFQ_YS;
        const unsigned r = 2 * p;
        const uint8_t *s0 = src, *s1 = src + (ncol - r); /* rows r and r + 1 */
        for (c = 0; c < r; c++) {
            hp[c] = 0;
        }
        hp[r] = gfq_half(reduce ? gfq_byte_elem(s0[0]) : s0[0]);
        hp[r + 1] = (uint16_t)((reduce ? gfq_byte_elem(s0[1]) : s0[1]) |
                               gfq_half(reduce ? gfq_byte_elem(s1[0]) : s1[0]) << 8);
        for (c = r + 2; c < ncol; c++) {
            hp[c] = (uint16_t)(reduce ? gfq_byte_elem(s0[c - r]) | gfq_byte_elem(s1[c - r - 1]) << 8
                                      : s0[c - r] | s1[c - r - 1] << 8);
        }
        for (c = zero_from; c < len; c++) {
            hp[c] = 0;
        }
        src = s1 + (ncol - r - 1);
    }
    return src;
}

void PQSIG_NS(snova_vf_equation)(snova_verify_work *w, snova_pub *pub, const uint8_t *pk, unsigned i)
{
    const unsigned l = SNOVA_L, l2 = SNOVA_L2, vl = SNOVA_VL, ol = SNOVA_OL, nl = SNOVA_NL;
    const uint8_t *e = w->pke + (size_t)i * GFQ_PK_ELEMS_EQ;
    unsigned j, k, r, c, since = 0;
    (void)pk; /* its P22 is in w->pke (snova_vf_load_pk) */
    memset(w->yt, 0, sizeof(w->yt));
    /* Y^t = Uw^t H, l rows of H at a time (as l/2 pair rows: native/api.h):
     * for a vinegar block row j, the diagonal block (its upper triangle,
     * diagonal halved) then P11_jk (k > j) and P12_jk as they lie in the
     * expansion */
    for (j = 0; j < SNOVA_V; j++) {
        const unsigned ncol = (SNOVA_N - j) * l, len = (ncol + SNOVA_GFQ_BC - 1) & ~(SNOVA_GFQ_BC - 1);
        const uint8_t *row;
        PQSIG_NS(snova_pub_read)(pub, w->row, GFQ_OFF_EQ(i) + GFQ_OFF_ROW(j), GFQ_ROW_BYTES(j));
        /* the bytes as they come, reduced (an expanded key's are reduced
         * already, and reducing again keeps them), in pair rows: the
         * diagonal block, then the others by hrows */
        row = pair_upper(w->h, w->row, l, ncol, len, 1);
        snova_gfq_hrows(w->h + l, GFQ_YS, row, SNOVA_N - j - 1);
        snova_gfq_trows(w->yt + (size_t)j * l, GFQ_YS, w->h, GFQ_YS, len,
                        w->ub + (size_t)j * SNOVA_GFQ_PAIRS * l2 * SNOVA_GFQ_BC);
        if (++since == YT_FOLD) {
            since = 0;
            fold_yt(w->yt);
        }
    }
    /* the oil rows, l at a time: P22's upper triangle from the public key,
     * row by row (the first entry of each on the diagonal) */
    for (j = 0; j < SNOVA_O; j++) {
        const unsigned ncol = ol - j * l, len = (ncol + SNOVA_GFQ_BC - 1) & ~(SNOVA_GFQ_BC - 1);
        e = pair_upper(w->h, e, ncol, ncol, len, 0);
        snova_gfq_trows(w->yt + vl + (size_t)j * l, GFQ_YS, w->h, GFQ_YS, len,
                        w->ub + (size_t)(vl / 2 + j * SNOVA_GFQ_PAIRS) * l2 * SNOVA_GFQ_BC);
        if (++since == YT_FOLD) {
            since = 0;
            fold_yt(w->yt);
        }
    }
    /* Z^t = Y^t Uw, D_i = Z + Z^t */
    snova_gfq_red8(w->yt8, nl, w->yt, GFQ_YS, l2, nl);
    memset(w->z, 0, sizeof(w->z));
    snova_gfq_mul_pairs(w->z, l2, w->yt8, nl, l2, nl, w->up, GFQ_UPS, l2);
    /* Z^t's transpose into yt (spent), then D whole in a loop that
     * vectorises (Z's entries are below q) */
    for (r = 0; r < l2; r++) {
        for (c = 0; c < l2; c++) {
            w->yt[c * l2 + r] = w->z[r * l2 + c];
        }
    }
    for (k = 0; k < l2 * l2; k++) {
        w->d[(size_t)i * l2 * l2 + k] = gfq_red16((uint16_t)(w->z[k] + w->yt[k]));
    }
}

void PQSIG_NS(snova_vf_finish)(uint8_t value[SNOVA_NU], const snova_verify_work *w, const snova_abq *abq)
{
    snova_gfq_finish(value, w->d, abq);
}
