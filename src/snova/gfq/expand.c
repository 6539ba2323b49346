/* SNOVA opt, odd prime q: seeds to matrices, encodings, and the two ends
 * of the map evaluation. The public-seed expansion (Algorithm 8) is read at
 * any byte position so that the public matrices can be streamed one
 * equation at a time (Algorithm 11); T12 (Algorithm 7), S and F_q[S]
 * (Algorithms 1, 2), ABQ (Algorithm 9), conversions (Algorithms 3, 4),
 * whipping and the final combination of Eq. 1.1. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "snova/gfq/gfq.h"

/* Public bytes to elements (the bias of b mod q is part of the scheme):
 * floor(b ceil(2^16 / q) / 2^16) is floor(b / q) for every b < 256 (the
 * excess stays below 1/q), which vectorises better than b % q. */
#define BYTE_DIV_M ((65536u + GFQ_Q - 1u) / GFQ_Q)
static inline uint8_t byte_elem(uint8_t b)
{
    return (uint8_t)(b - ((b * BYTE_DIV_M) >> 16) * GFQ_Q);
}

void PQSIG_NS(gfq_load_p)(snova_pub *p, unsigned i, uint8_t *p11, uint8_t *p12)
{
    const unsigned l = SNOVA_L, vl = GFQ_VL, ol = GFQ_OL;
    uint8_t buf[GFQ_ROW_BYTES(0)];
    unsigned j, k, r, c;
    for (j = 0; j < SNOVA_V; j++) {
        const size_t len = GFQ_ROW_BYTES(j);
        const uint8_t *b = buf;
        PQSIG_NS(snova_pub_read)(p, buf, GFQ_OFF_EQ(i) + GFQ_OFF_ROW(j), len);
        /* to elements first, in one pass over the row (it vectorises);
         * an expanded key holds them reduced already (gfq_read_p) */
        if (p->mem == NULL) {
            for (k = 0; k < len; k++) {
                buf[k] = byte_elem(buf[k]);
            }
        }
        /* diagonal block: upper triangle, mirrored */
        for (r = 0; r < l; r++) {
            for (c = r; c < l; c++) {
                p11[(j * l + r) * vl + j * l + c] = *b;
                p11[(j * l + c) * vl + j * l + r] = *b++;
            }
        }
        /* P11_jk for k > j (rows copied), and P11_kj = P11_jk^t */
        for (k = j + 1; k < SNOVA_V; k++) {
            for (r = 0; r < l; r++) {
                memcpy(&p11[(j * l + r) * vl + k * l], b + r * l, l);
                for (c = 0; c < l; c++) {
                    p11[(k * l + c) * vl + j * l + r] = b[r * l + c];
                }
            }
            b += SNOVA_L2;
        }
        for (k = 0; k < SNOVA_O; k++) {
            for (r = 0; r < l; r++) {
                memcpy(&p12[(j * l + r) * ol + k * l], b + r * l, l);
            }
            b += SNOVA_L2;
        }
    }
}

void PQSIG_NS(gfq_read_p)(uint8_t p[GFQ_PUB_P_BYTES], snova_pub *pub)
{
    size_t k;
    PQSIG_NS(snova_pub_read)(pub, p, 0, GFQ_PUB_P_BYTES);
    for (k = 0; k < GFQ_PUB_P_BYTES; k++) {
        p[k] = byte_elem(p[k]);
    }
}

/* ---- S and F_q[S] ---- */

void PQSIG_NS(gfq_spow)(gfq_blk spow[SNOVA_L])
{
    gfq_blk s;
    unsigned a, r, c, k;
    for (r = 0; r < SNOVA_L; r++) {
        for (c = 0; c < SNOVA_L; c++) {
            s.e[r][c] = (uint8_t)(((SNOVA_S_QA + r + c) & SNOVA_S_QB) % GFQ_Q);
            spow[0].e[r][c] = (uint8_t)(r == c);
        }
    }
    s.e[SNOVA_L - 1][SNOVA_L - 1] = (uint8_t)(SNOVA_S_QC % GFQ_Q);
    for (a = 1; a < SNOVA_L; a++) {
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                uint32_t acc = 0;
                for (k = 0; k < SNOVA_L; k++) {
                    acc += (uint32_t)spow[a - 1].e[r][k] * s.e[k][c];
                }
                spow[a].e[r][c] = (uint8_t)gfq_red32(acc);
            }
        }
    }
}

/* Algorithm 1: a zero leading coefficient becomes q - c0 (q - 1 when
 * c0 = 0), without a branch on c (secret for T12). */
static void fqs_fix(uint8_t c[SNOVA_L])
{
    uint32_t lead_zero = pqsig_ct_eq_mask_u32(c[SNOVA_L - 1], 0);
    uint32_t c0_zero = pqsig_ct_eq_mask_u32(c[0], 0);
    uint32_t repl = GFQ_Q - pqsig_ct_select_u32(c0_zero, 1, c[0]);
    c[SNOVA_L - 1] = (uint8_t)pqsig_ct_select_u32(lead_zero, repl, c[SNOVA_L - 1]);
}

/* ---- T12 (Algorithm 7) ----
 * The coefficients are the SHAKE256(sk_seed) bytes below floor(256/q) q,
 * taken mod q, in order. Which bytes are skipped is secret (it tells how
 * many bytes were consumed), so a fixed-length output is compacted with
 * masks: every accepted byte carries its shift d (the number of rejected
 * bytes before it) and moves left by 2^s in stage s when bit s of d is set;
 * with d non-decreasing along the buffer, no two bytes ever meet. Bytes
 * with d > T12_SPARE are dropped; the first T12_NEED accepted bytes all have
 * d <= T12_SPARE once the buffer holds T12_NEED accepted ones. */
#define T12_NEED (SNOVA_V * SNOVA_O * SNOVA_L)
#define T12_STAGES 8u
#define T12_SPARE ((1u << T12_STAGES) - 1u)
#define T12_BUF (T12_NEED + T12_SPARE)
#define T12_LIM ((256u / GFQ_Q) * GFQ_Q)
/* The bound on the failure probability below holds for a rejection rate of
 * at most 9/256 (q = 7, 11, 13, 17, 19, 23, 31). */
#if 256u - T12_LIM > 9u
#error "T12 sampling margin not analysed for this q"
#endif

/* Coefficients from the fixed-length buffer. Returns
 * the (secret) number of usable accepted bytes. */
static uint32_t t12_compact(uint8_t coef[T12_NEED], const uint8_t *bytes)
{
    uint32_t w[T12_BUF];
    uint32_t d = 0, valid_count = 0;
    unsigned i, s;
    for (i = 0; i < T12_BUF; i++) {
        uint32_t b = bytes[i];
        uint32_t acc = (b - T12_LIM) >> 31;              /* 1: accepted */
        uint32_t keep = acc & ((d - (T12_SPARE + 1)) >> 31); /* and d <= SPARE */
        w[i] = (b | (1u << 8) | (d << 9)) & (0u - keep);
        valid_count += keep;
        d += 1u - acc;
    }
    for (s = 0; s < T12_STAGES; s++) {
        const unsigned step = 1u << s;
        for (i = 0; i < T12_BUF; i++) {
            uint32_t cur = w[i], nxt = i + step < T12_BUF ? w[i + step] : 0;
            uint32_t mcur = 0u - ((cur >> 8) & (cur >> (9 + s)) & 1u);
            uint32_t mnxt = 0u - ((nxt >> 8) & (nxt >> (9 + s)) & 1u);
            w[i] = (cur & ~mcur) | (nxt & mnxt);
        }
    }
    for (i = 0; i < T12_NEED; i++) {
        coef[i] = (uint8_t)gfq_red32(w[i] & 255u);
    }
    pqsig_zeroize(w, sizeof(w));
    return valid_count;
}

void PQSIG_NS(gfq_gen_t12)(uint8_t t12[GFQ_VL * GFQ_OL], const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                           const gfq_blk spow[SNOVA_L])
{
    uint8_t bytes[T12_BUF];
    uint8_t coef[T12_NEED];
    uint32_t count, enough;
    unsigned j, k, a, r, c;

    pqsig_shake256(bytes, sizeof(bytes), sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    count = t12_compact(coef, bytes);
    enough = 1u - ((count - T12_NEED) >> 31);
    /* Whether the fixed buffer held enough accepted bytes depends only on
     * the rejected bytes, which are discarded and independent of the
     * accepted values; it is false with probability below 2^-100. */
    PQSIG_CT_DECLASSIFY(&enough, sizeof(enough));
    if (!enough) {
        /* Plain rejection sampling over the unbounded stream (never taken
         * in practice); the skipped positions are declassified as above. */
        pqsig_shake_ctx ctx;
        uint8_t blk[136];
        unsigned pos = sizeof(blk);
        pqsig_shake256_init(&ctx);
        pqsig_shake_absorb(&ctx, sk_seed, SNOVA_SEED_PRIVATE_BYTES);
        for (k = 0; k < T12_NEED; k++) {
            uint8_t b;
            do {
                if (pos == sizeof(blk)) {
                    pqsig_shake_squeeze(&ctx, blk, sizeof(blk));
                    pos = 0;
                }
                b = blk[pos++];
                PQSIG_CT_DECLASSIFY(&b, 1);
            } while (b >= T12_LIM);
            coef[k] = (uint8_t)(b % GFQ_Q);
        }
        pqsig_shake_release(&ctx);
        pqsig_zeroize(blk, sizeof(blk));
    }

    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            uint8_t *cf = coef + (j * SNOVA_O + k) * SNOVA_L;
            fqs_fix(cf);
            for (r = 0; r < SNOVA_L; r++) {
                for (c = 0; c < SNOVA_L; c++) {
                    uint32_t acc = 0;
                    for (a = 0; a < SNOVA_L; a++) {
                        acc += (uint32_t)cf[a] * spow[a].e[r][c];
                    }
                    t12[(j * SNOVA_L + r) * GFQ_OL + k * SNOVA_L + c] = (uint8_t)gfq_red32(acc);
                }
            }
        }
    }
    pqsig_zeroize(bytes, sizeof(bytes));
    pqsig_zeroize(coef, sizeof(coef));
}

/* ---- ABQ (public) ---- */

static int blk_invertible(const gfq_blk *m)
{
#if SNOVA_L == 4
    /* the determinant over the integers by 2 x 2 minors of rows (0, 1) and
     * (2, 3): |det| < 6 * 2 (q - 1)^2 * 2 (q - 1)^2 < 2^31 */
    int32_t a[4][4], s[6], c[6], det;
    unsigned r, k;
    for (r = 0; r < 4; r++) {
        for (k = 0; k < 4; k++) {
            a[r][k] = m->e[r][k];
        }
    }
    s[0] = a[0][0] * a[1][1] - a[0][1] * a[1][0];
    s[1] = a[0][0] * a[1][2] - a[0][2] * a[1][0];
    s[2] = a[0][0] * a[1][3] - a[0][3] * a[1][0];
    s[3] = a[0][1] * a[1][2] - a[0][2] * a[1][1];
    s[4] = a[0][1] * a[1][3] - a[0][3] * a[1][1];
    s[5] = a[0][2] * a[1][3] - a[0][3] * a[1][2];
    c[0] = a[2][2] * a[3][3] - a[2][3] * a[3][2];
    c[1] = a[2][1] * a[3][3] - a[2][3] * a[3][1];
    c[2] = a[2][1] * a[3][2] - a[2][2] * a[3][1];
    c[3] = a[2][0] * a[3][3] - a[2][3] * a[3][0];
    c[4] = a[2][0] * a[3][2] - a[2][2] * a[3][0];
    c[5] = a[2][0] * a[3][1] - a[2][1] * a[3][0];
    det = s[0] * c[0] - s[1] * c[1] + s[2] * c[2] + s[3] * c[3] - s[4] * c[4] + s[5] * c[5];
    return det % (int32_t)GFQ_Q != 0; /* A and B are public */
#else
    uint32_t t[SNOVA_L][SNOVA_L];
    unsigned col, r, c;
    for (r = 0; r < SNOVA_L; r++) {
        for (c = 0; c < SNOVA_L; c++) {
            t[r][c] = m->e[r][c];
        }
    }
    for (col = 0; col < SNOVA_L; col++) {
        unsigned piv = col;
        uint32_t inv;
        while (piv < SNOVA_L && t[piv][col] == 0) {
            piv++;
        }
        if (piv == SNOVA_L) {
            return 0;
        }
        for (c = 0; c < SNOVA_L; c++) {
            uint32_t x = t[col][c];
            t[col][c] = t[piv][c];
            t[piv][c] = x;
        }
        inv = gfq_inv(t[col][col]);
        for (r = col + 1; r < SNOVA_L; r++) {
            uint32_t f = GFQ_Q - gfq_red32(t[r][col] * inv);
            for (c = col; c < SNOVA_L; c++) {
                t[r][c] = gfq_red32(t[r][c] + f * t[col][c]);
            }
        }
    }
    return 1;
#endif
}

/* Algorithm 2 as the official code runs it: add f S for f = 1, 2, ...
 * while singular (the additions accumulate). */
static void make_invertible(gfq_blk *m, const gfq_blk *s)
{
    unsigned f, r, c;
    for (f = 1; f < GFQ_Q && !blk_invertible(m); f++) {
        for (r = 0; r < SNOVA_L; r++) {
            for (c = 0; c < SNOVA_L; c++) {
                m->e[r][c] = (uint8_t)gfq_red32(m->e[r][c] + f * s->e[r][c]);
            }
        }
    }
}

#define ABQ_AB_BYTES (SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ABQ_Q_BYTES (SNOVA_O * SNOVA_ALPHA * SNOVA_L)

void PQSIG_NS(gfq_gen_abq)(gfq_abq *abq, snova_pub *pub, const gfq_blk spow[SNOVA_L])
{
    uint8_t buf[2 * ABQ_AB_BYTES + 2 * ABQ_Q_BYTES];
    unsigned i, t, r, c, a;
    size_t at = 0;
#if SNOVA_FIXED_ABQ
    static const uint8_t abq_seed[9] = {'S', 'N', 'O', 'V', 'A', '_', 'A', 'B', 'Q'};
    (void)pub;
    pqsig_shake256(buf, sizeof(buf), abq_seed, sizeof(abq_seed));
#else
    PQSIG_NS(snova_pub_read)(pub, buf, GFQ_PUB_P_BYTES, sizeof(buf));
#endif
    /* all A, all B (blocks row by row), all q1, all q2 */
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            for (r = 0; r < SNOVA_L; r++) {
                for (c = 0; c < SNOVA_L; c++) {
                    abq->a[i][t].e[r][c] = byte_elem(buf[at]);
                    abq->b[i][t].e[r][c] = byte_elem(buf[at + ABQ_AB_BYTES]);
                    at++;
                }
            }
        }
    }
    at = 2 * ABQ_AB_BYTES;
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            for (a = 0; a < SNOVA_L; a++) {
                abq->q1[i][t][a] = byte_elem(buf[at]);
                abq->q2[i][t][a] = byte_elem(buf[at + ABQ_Q_BYTES]);
                at++;
            }
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            make_invertible(&abq->a[i][t], &spow[1]);
            make_invertible(&abq->b[i][t], &spow[1]);
            fqs_fix(abq->q1[i][t]);
            fqs_fix(abq->q2[i][t]);
        }
    }
}

/* ---- Conversions ---- */

/* v / q and v mod q for a 64-bit v, as a long division by 16-bit digits
 * (each step divides a number below 2^21 by multiply-shift): no division
 * instruction, whose timing may depend on the operands. */
static uint64_t divmod_q(uint64_t v, uint32_t *rem)
{
    uint64_t quo = 0;
    uint32_t r = 0;
    int k;
    for (k = 3; k >= 0; k--) {
        uint32_t cur = (r << 16) | (uint32_t)((v >> (16 * k)) & 0xffffu);
        uint32_t t = (uint32_t)(((uint64_t)cur * (uint64_t)(0xffffffffu / GFQ_Q)) >> 32);
        uint32_t x = cur - t * GFQ_Q - GFQ_Q;
        uint32_t neg = x >> 31; /* 1: t was exact */
        r = x + (GFQ_Q & (0u - neg));
        t += 1u - neg;
        quo |= (uint64_t)t << (16 * k);
    }
    *rem = r;
    return quo;
}

void PQSIG_NS(gfq_pack)(uint8_t *out, const uint8_t *x, size_t n)
{
    size_t first;
    for (first = 0; first < n; first += SNOVA_PACK_GF) {
        size_t count = n - first < SNOVA_PACK_GF ? n - first : SNOVA_PACK_GF;
        size_t b0 = SNOVA_BYTES_GF(first), b1 = SNOVA_BYTES_GF(first + count), i;
        uint64_t value = 0;
        for (i = count; i > 0; i--) {
            value = value * GFQ_Q + x[first + i - 1];
        }
        for (i = b0; i < b1; i++) {
            out[i] = (uint8_t)value;
            value >>= 8;
        }
    }
}

/* Both decoders: secret bytes (ct = 1) divide with divmod_q; public bytes
 * (ct = 0, verification) use ordinary division by the constant q, which
 * compilers turn into a multiplication on 64-bit targets and which may take
 * variable time elsewhere. ct is a constant in each caller. */
static inline int unpack(uint8_t *x, const uint8_t *in, size_t n, const int ct)
{
    uint64_t excess = 0;
    size_t first;
    for (first = 0; first < n; first += SNOVA_PACK_GF) {
        size_t count = n - first < SNOVA_PACK_GF ? n - first : SNOVA_PACK_GF;
        size_t b0 = SNOVA_BYTES_GF(first), b1 = SNOVA_BYTES_GF(first + count), i;
        uint64_t value = 0;
        for (i = b1; i > b0; i--) {
            value = (value << 8) | in[i - 1];
        }
        for (i = 0; i < count; i++) {
            uint32_t r;
            if (ct) {
                value = divmod_q(value, &r);
            } else {
                r = (uint32_t)(value % GFQ_Q);
                value /= GFQ_Q;
            }
            x[first + i] = (uint8_t)r;
        }
        /* canonical only when the number was below q^count */
        excess |= value;
    }
    return (int)pqsig_ct_nonzero_mask_u32((uint32_t)excess | (uint32_t)(excess >> 32));
}

int PQSIG_NS(gfq_unpack)(uint8_t *x, const uint8_t *in, size_t n)
{
    return unpack(x, in, n, 1);
}

int PQSIG_NS(gfq_unpack_pub)(uint8_t *x, const uint8_t *in, size_t n)
{
    return unpack(x, in, n, 0);
}

/* ---- Whipping, finish, target ---- */

/* On l^2 lanes (a, c): row r of the whipped block is
 * sum_m sc[r][m][(a, c)] xr[m][(a, c)] with sc[r][m][(a, c)] = (S^a)[r][m]
 * and xr[m][(a, c)] = X[m][c]. */
void PQSIG_NS(gfq_whip)(uint16_t *w16, uint8_t *w8, const uint8_t *x, unsigned nb,
                        const gfq_blk spow[SNOVA_L])
{
    uint16_t sc[SNOVA_L][SNOVA_L][SNOVA_L2], xr[SNOVA_L][SNOVA_L2];
    unsigned j, a, r, c, m, k;
    for (r = 0; r < SNOVA_L; r++) {
        for (m = 0; m < SNOVA_L; m++) {
            for (a = 0; a < SNOVA_L; a++) {
                for (c = 0; c < SNOVA_L; c++) {
                    sc[r][m][a * SNOVA_L + c] = spow[a].e[r][m];
                }
            }
        }
    }
    for (j = 0; j < nb; j++) {
        const uint8_t *xj = x + (size_t)j * SNOVA_L2;
        for (m = 0; m < SNOVA_L; m++) {
            for (a = 0; a < SNOVA_L; a++) {
                for (c = 0; c < SNOVA_L; c++) {
                    xr[m][a * SNOVA_L + c] = xj[m * SNOVA_L + c];
                }
            }
        }
        for (r = 0; r < SNOVA_L; r++) {
            const size_t row = ((size_t)j * SNOVA_L + r) * SNOVA_L2;
            uint16_t acc[SNOVA_L2];
#pragma GCC unroll 1
            for (k = 0; k < SNOVA_L2; k++) {
                acc[k] = 0;
            }
            for (m = 0; m < SNOVA_L; m++) {
#pragma GCC unroll 1
                for (k = 0; k < SNOVA_L2; k++) {
                    acc[k] = (uint16_t)(acc[k] + sc[r][m][k] * xr[m][k]);
                }
            }
#pragma GCC unroll 1
            for (k = 0; k < SNOVA_L2; k++) {
                const uint16_t e = gfq_red16(acc[k]);
                w16[row + k] = e;
                w8[row + k] = (uint8_t)e;
            }
        }
    }
}

/* The sums over (a, b) run on l^2 lanes: D is first laid out as
 * dt[p][a][b][x][y]; l^2 products of two elements fit 16 bits, and so do
 * the l alpha products summed into each entry of the result. */
#if SNOVA_L2 * (SNOVA_Q - 1) * (SNOVA_Q - 1) > 65535 ||                                            \
    SNOVA_L * SNOVA_ALPHA * (SNOVA_Q - 1) * (SNOVA_Q - 1) > 65535
#error "gfq_finish needs wider lanes"
#endif

void PQSIG_NS(gfq_finish)(uint8_t out[SNOVA_O * SNOVA_L2], const uint16_t *d, const gfq_abq *abq)
{
    const unsigned l = SNOVA_L, l2 = SNOVA_L2;
    uint16_t dt[SNOVA_O][SNOVA_L2][SNOVA_L2];
    unsigned i, t, a, b, x, y, k;
    for (i = 0; i < SNOVA_O; i++) {
        for (a = 0; a < l; a++) {
            for (x = 0; x < l; x++) {
                for (b = 0; b < l; b++) {
                    for (y = 0; y < l; y++) {
                        dt[i][a * l + b][x * l + y] = d[(size_t)i * l2 * l2 + (a * l + x) * l2 + b * l + y];
                    }
                }
            }
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        uint16_t acc[SNOVA_L][SNOVA_L];
        memset(acc, 0, sizeof(acc));
        for (t = 0; t < SNOVA_ALPHA; t++) {
            const unsigned p = (i + t) % SNOVA_O;
            const gfq_blk *am = &abq->a[i][t], *bm = &abq->b[i][t];
            uint16_t midv[SNOVA_L2], mid[SNOVA_L][SNOVA_L], left[SNOVA_L][SNOVA_L];
            memset(midv, 0, sizeof(midv));
            for (a = 0; a < l; a++) {
                for (b = 0; b < l; b++) {
                    const uint16_t f = gfq_mul(abq->q1[i][t][a], abq->q2[i][t][b]);
#pragma GCC unroll 1
                    for (k = 0; k < l2; k++) {
                        midv[k] = (uint16_t)(midv[k] + f * dt[p][a * l + b][k]);
                    }
                }
            }
            for (x = 0; x < l; x++) {
                for (y = 0; y < l; y++) {
                    mid[x][y] = gfq_red16(midv[x * l + y]);
                }
            }
            /* left = A mid (reduced), acc += left B (reduced at the end) */
            for (x = 0; x < l; x++) {
                uint16_t s[SNOVA_L] = {0};
                for (k = 0; k < l; k++) {
                    const uint16_t ax = am->e[x][k];
                    for (y = 0; y < l; y++) {
                        s[y] = (uint16_t)(s[y] + ax * mid[k][y]);
                    }
                }
                for (y = 0; y < l; y++) {
                    left[x][y] = gfq_red16(s[y]);
                }
            }
            for (x = 0; x < l; x++) {
                for (k = 0; k < l; k++) {
                    const uint16_t lx = left[x][k];
                    for (y = 0; y < l; y++) {
                        acc[x][y] = (uint16_t)(acc[x][y] + lx * bm->e[k][y]);
                    }
                }
            }
        }
        for (x = 0; x < l; x++) {
            for (y = 0; y < l; y++) {
                out[i * l2 + x * l + y] = (uint8_t)gfq_red16(acc[x][y]);
            }
        }
    }
    pqsig_zeroize(dt, sizeof(dt));
}
