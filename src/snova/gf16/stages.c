/* SNOVA opt, field layer GF(16): the block-product stages of key
 * generation, signing and verification (opt.h), one equation of the
 * public matrices at a time. P11, P12 and P21 are separate in the
 * expansion and used as they lie there (packed nibbles) by
 * snova_gf16_pmat. */
#include <string.h>

#include "snova/opt.h"

/* Elements [off, off + count) of the expansion into buf; returns the index
 * within buf of element off (0 or 1). */
static unsigned read_nibs(snova_pub *pub, uint8_t *buf, size_t off, size_t count)
{
    size_t first = off / 2, last = (off + count + 1) / 2;
    PQSIG_NS(snova_pub_read)(pub, buf, first, last - first);
    return (unsigned)(off & 1u);
}

/* ---- Key generation (Algorithm 13) ----
 *   F12_i = P11_i T12 + P12_i                 (public x secret: tables)
 *   P22_i = T12^t F12_i + P21_i T12           (q = 16: -P22 = P22) */

void PQSIG_NS(snova_kg_prepare)(snova_keygen_work *w, const uint8_t *t12)
{
    uint64_t *row = w->f12; /* scratch until the first equation */
    unsigned r;
    for (r = 0; r < SNOVA_VL; r++) {
        gf16_row_from_bytes(row, t12 + r * SNOVA_OL, SNOVA_OL);
        snova_gf16_table(&w->tab_t12[(size_t)r * 16 * SNOVA_WO], row, SNOVA_WO);
    }
}

#if SNOVA_ESK
/* Element e of the ESK_ELEMS / 2 byte area: byte e mod half, low nibble
 * when e < half. The position is public; the value may be secret. */
#define ESK_HALF (SNOVA_ESK_ELEMS / 2)
#define ESK_A 0u
#define ESK_B (ESK_A + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ESK_Q1 (ESK_B + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ESK_Q2 (ESK_Q1 + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ESK_T12 (ESK_Q2 + SNOVA_O * SNOVA_ALPHA * SNOVA_L2)
#define ESK_F11 (ESK_T12 + SNOVA_V * SNOVA_O * SNOVA_L2)
#define ESK_F12 (ESK_F11 + SNOVA_O * SNOVA_V * SNOVA_V * SNOVA_L2)
#define ESK_F21 (ESK_F12 + SNOVA_O * SNOVA_V * SNOVA_O * SNOVA_L2)

/* Writes element e, or when checking a stored key compares it. Whether
 * it checks is public (the operation); the values are secret. */
static void esk_put(snova_keygen_work *w, size_t e, uint8_t x)
{
    if (w->cmp != NULL) {
        uint8_t stored = e < ESK_HALF ? (uint8_t)(w->cmp[e] & 15u) : (uint8_t)(w->cmp[e - ESK_HALF] >> 4);
        w->diff |= (uint8_t)(stored ^ x);
    } else if (e < ESK_HALF) {
        w->esk[e] |= x;
    } else {
        w->esk[e - ESK_HALF] |= (uint8_t)(x << 4);
    }
}

/* Elements e .. e + 7, byte k of v (< 16) the element e + k: eight
 * nibbles of consecutive bytes at once where they lie in one half. */
#define NIB_BYTES 0x0f0f0f0f0f0f0f0full
static void esk_put8(snova_keygen_work *w, size_t e, uint64_t v)
{
    unsigned k;
    if (e + 8 <= ESK_HALF || e >= ESK_HALF) { /* positions are public */
        const size_t at = e < ESK_HALF ? e : e - ESK_HALF;
        const unsigned sh = e < ESK_HALF ? 0u : 4u;
        if (w->cmp != NULL) {
            uint64_t d = ((pqsig_ld64_le(w->cmp + at) >> sh) & NIB_BYTES) ^ v;
            d |= d >> 32;
            d |= d >> 16;
            w->diff |= (uint8_t)(d | d >> 8);
        } else {
            pqsig_st64_le(w->esk + at, pqsig_ld64_le(w->esk + at) | v << sh);
        }
        return;
    }
    for (k = 0; k < 8; k++) {
        esk_put(w, e + k, (uint8_t)(v >> (8 * k)) & 15u);
    }
}

/* A run of consecutive elements from e on, put eight at a time. */
typedef struct {
    snova_keygen_work *w;
    size_t e;
    uint64_t v;
    unsigned n;
} esk_run;

static inline void run_put(esk_run *r, uint8_t x)
{
    r->v |= (uint64_t)x << (8 * r->n);
    if (++r->n == 8u) {
        esk_put8(r->w, r->e, r->v);
        r->e += 8;
        r->v = 0;
        r->n = 0;
    }
}

/* Four elements at once, nibbles of x (a run fed only by run_put4). */
static inline void run_put4(esk_run *r, uint32_t x)
{
    uint64_t v = x & 0xffffu;
    v = (v | v << 8) & 0x00ff00ffu;
    r->v |= ((v | v << 4) & 0x0f0f0f0fu) << (8 * r->n);
    r->n += 4;
    if (r->n == 8u) {
        esk_put8(r->w, r->e, r->v);
        r->e += 8;
        r->v = 0;
        r->n = 0;
    }
}

static void run_end(esk_run *r)
{
    unsigned k;
    for (k = 0; k < r->n; k++) {
        esk_put(r->w, r->e + k, (uint8_t)(r->v >> (8 * k)) & 15u);
    }
}

/* Nibbles n .. n + 7 of buf (which holds them) as the low halves of
 * eight bytes. */
static inline uint64_t nib8(const uint8_t *buf, size_t n)
{
    const uint8_t *b = buf + n / 2;
    uint64_t x = (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24;
    if (n & 1u) {
        x = x >> 4 | (uint64_t)(b[4] & 15u) << 28;
    }
    x = (x | x << 16) & 0x0000ffff0000ffffull;
    x = (x | x << 8) & 0x00ff00ff00ff00ffull;
    return (x | x << 4) & NIB_BYTES;
}

/* Elements e .. e + count - 1 from nibbles n .. of buf. */
static void esk_put_nibs(snova_keygen_work *w, size_t e, const uint8_t *buf, size_t n, size_t count)
{
    size_t q;
    for (q = 0; q + 8 <= count; q += 8) {
        esk_put8(w, e + q, nib8(buf, n + q));
    }
    for (; q < count; q++) {
        esk_put(w, e + q, gf16_nib(buf, n + q));
    }
}

void PQSIG_NS(snova_kg_esk_begin)(snova_keygen_work *w, uint8_t *sk, const uint8_t *cmp, snova_pub *pub,
                                  const snova_blk spow[SNOVA_L], const uint8_t *t12)
{
    uint32_t sps[SNOVA_L][SNOVA_L2]; /* spread S^a, entry r l + c */
    esk_run ra, rb, r1, r2, rt;
    unsigned i, t, c, a, j, k;
    w->esk = sk;
    w->cmp = cmp;
    w->diff = 0;
    if (cmp == NULL) {
        memset(sk, 0, ESK_HALF);
    }
    PQSIG_NS(snova_gen_abq)(&w->abq, pub, spow);
    for (a = 0; a < SNOVA_L; a++) {
        for (c = 0; c < SNOVA_L2; c++) {
            sps[a][c] = gf16_spread(spow[a].e[c / SNOVA_L][c % SNOVA_L]);
        }
    }
    ra = (esk_run){w, ESK_A, 0, 0};
    rb = (esk_run){w, ESK_B, 0, 0};
    r1 = (esk_run){w, ESK_Q1, 0, 0};
    r2 = (esk_run){w, ESK_Q2, 0, 0};
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            /* Q1 = sum_a q1[a] S^a, Q2 likewise: products of spread factors, one fold */
            for (c = 0; c < SNOVA_L2; c++) {
                uint32_t q1 = 0, q2 = 0;
                for (a = 0; a < SNOVA_L; a++) {
                    q1 ^= (uint32_t)w->abq.q1[i][t][a] * sps[a][c];
                    q2 ^= (uint32_t)w->abq.q2[i][t][a] * sps[a][c];
                }
                run_put(&ra, w->abq.a[i][t].e[c / SNOVA_L][c % SNOVA_L]);
                run_put(&rb, w->abq.b[i][t].e[c / SNOVA_L][c % SNOVA_L]);
                run_put(&r1, gf16_fold(q1));
                run_put(&r2, gf16_fold(q2));
            }
        }
    }
    run_end(&ra);
    run_end(&rb);
    run_end(&r1);
    run_end(&r2);
    rt = (esk_run){w, ESK_T12, 0, 0};
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            for (c = 0; c < SNOVA_L2; c++) {
                run_put(&rt, t12[(j * SNOVA_L + c / SNOVA_L) * SNOVA_OL + k * SNOVA_L + c % SNOVA_L]);
            }
        }
    }
    run_end(&rt);
}

/* F11_i = P11_i, as it lies in the expansion. */
static void esk_f11(snova_keygen_work *w, unsigned i, const uint8_t *p11, unsigned n11)
{
    esk_put_nibs(w, ESK_F11 + (size_t)i * SNOVA_V * SNOVA_V * SNOVA_L2, p11, n11,
                 (size_t)SNOVA_V * SNOVA_V * SNOVA_L2);
}

/* 16 nibbles of a word as the low halves of sixteen bytes, put at e. */
static inline void esk_put16(snova_keygen_work *w, size_t e, uint64_t x)
{
    uint64_t lo = x & 0xffffffffu, hi = x >> 32;
    lo = (lo | lo << 16) & 0x0000ffff0000ffffull;
    hi = (hi | hi << 16) & 0x0000ffff0000ffffull;
    lo = (lo | lo << 8) & 0x00ff00ff00ff00ffull;
    hi = (hi | hi << 8) & 0x00ff00ff00ff00ffull;
    esk_put8(w, e, (lo | lo << 4) & NIB_BYTES);
    esk_put8(w, e + 8, (hi | hi << 4) & NIB_BYTES);
}

#if SNOVA_L == 4
/* Nibbles n .. n + 15 of buf as a word (nibble k in bits 4k .. 4k + 3). */
static inline uint64_t nib16(const uint8_t *buf, size_t n)
{
    const uint64_t x = pqsig_ld64_le(buf + n / 2);
    return n & 1u ? x >> 4 | (uint64_t)(buf[n / 2 + 8] & 15u) << 60 : x;
}

/* A 4 x 4 block of nibbles (row r in bits 16 r ..) transposed: swap the
 * off-diagonal elements of each 2 x 2 quarter, then the off-diagonal
 * quarters. */
static inline uint64_t nib_transpose4(uint64_t x)
{
    uint64_t t = ((x >> 12) ^ x) & 0x0000f0f00000f0f0ull;
    x ^= t ^ (t << 12);
    t = ((x >> 24) ^ x) & 0x00000000ff00ff00ull;
    return x ^ t ^ (t << 24);
}
#endif

/* F12_i, and F21_i block (t, j) = P21_i block (t, j) + (T12^t P11_i) block (t, j). */
static void esk_f12_f21(snova_keygen_work *w, unsigned i, const uint8_t *p21, unsigned n21)
{
    const size_t f21 = ESK_F21 + (size_t)i * SNOVA_O * SNOVA_V * SNOVA_L2;
    const size_t f12 = ESK_F12 + (size_t)i * SNOVA_V * SNOVA_O * SNOVA_L2;
    unsigned j, k;
#if SNOVA_L == 4
    /* A row of a block is 16 bits of a word of F12's (or F21^t's) row, so
     * a block is one word of 16 nibbles, row by row (F21's transposed). */
    for (k = 0; k < SNOVA_O; k++) {
        for (j = 0; j < SNOVA_V; j++) {
            const size_t b = (size_t)k * SNOVA_V + j;
            uint64_t t = 0;
            unsigned c;
            for (c = 0; c < 4; c++) {
                t |= ((w->f21t[(j * 4 + c) * SNOVA_WO + k / 4] >> (16 * (k % 4))) & 0xffffu) << (16 * c);
            }
            esk_put16(w, f21 + b * 16, nib16(p21, n21 + b * 16) ^ nib_transpose4(t));
        }
    }
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            uint64_t f = 0;
            unsigned rr;
            for (rr = 0; rr < 4; rr++) {
                f |= ((w->f12[(j * 4 + rr) * SNOVA_WO + k / 4] >> (16 * (k % 4))) & 0xffffu) << (16 * rr);
            }
            esk_put16(w, f12 + ((size_t)j * SNOVA_O + k) * 16, f);
        }
    }
#elif SNOVA_L == 2
    /* A row of a block is byte k of a row of F12 (or F21^t), so a block
     * is 16 bits, row by row (F21's transposed: nibbles 1 and 2 swapped). */
    esk_run r = {w, f21, 0, 0};
    for (k = 0; k < SNOVA_O; k++) {
        for (j = 0; j < SNOVA_V; j++) {
            const size_t n = n21 + ((size_t)k * SNOVA_V + j) * 4u;
            const uint8_t *b = p21 + n / 2;
            const uint32_t p = n & 1u ? (uint32_t)(b[0] >> 4 | b[1] << 4 | (b[2] & 15u) << 12) : (uint32_t)(b[0] | b[1] << 8);
            const uint32_t t = (uint32_t)((w->f21t[(j * 2) * SNOVA_WO + k / 8] >> (8 * (k % 8))) & 0xffu) |
                               (uint32_t)((w->f21t[(j * 2 + 1) * SNOVA_WO + k / 8] >> (8 * (k % 8))) & 0xffu) << 8;
            run_put4(&r, p ^ ((t & 0xf00fu) | ((t >> 4) & 0x00f0u) | ((t << 4) & 0x0f00u)));
        }
    }
    run_end(&r);
    r = (esk_run){w, f12, 0, 0};
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            run_put4(&r, (uint32_t)((w->f12[(j * 2) * SNOVA_WO + k / 8] >> (8 * (k % 8))) & 0xffu) |
                             (uint32_t)((w->f12[(j * 2 + 1) * SNOVA_WO + k / 8] >> (8 * (k % 8))) & 0xffu) << 8);
        }
    }
    run_end(&r);
#else
    esk_run r = {w, f21, 0, 0};
    size_t e = n21;
    unsigned rr, c;
    for (k = 0; k < SNOVA_O; k++) {
        for (j = 0; j < SNOVA_V; j++) {
            for (rr = 0; rr < SNOVA_L; rr++) {
                for (c = 0; c < SNOVA_L; c++) {
                    run_put(&r, (uint8_t)(gf16_nib(p21, e++) ^
                                          gf16_row_get(&w->f21t[(j * SNOVA_L + c) * SNOVA_WO], k * SNOVA_L + rr)));
                }
            }
        }
    }
    run_end(&r);
    r = (esk_run){w, f12, 0, 0};
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            for (rr = 0; rr < SNOVA_L; rr++) {
                const uint64_t *row = &w->f12[(j * SNOVA_L + rr) * SNOVA_WO];
                for (c = 0; c < SNOVA_L; c++) {
                    run_put(&r, gf16_row_get(row, k * SNOVA_L + c));
                }
            }
        }
    }
    run_end(&r);
#endif
}
#endif

/* F12 = P12 (one equation, zeroed rows): block (j, k) of P12 from nibble n0
 * of buf on, row r of the block as elements k l .. k l + l - 1 of row
 * j l + r. Public data. */
static void p12_rows(uint64_t *f12, const uint8_t *buf, unsigned n0)
{
    unsigned j, k, r, c;
#if SNOVA_L == 4
    /* Blocks of 16 nibbles start on bytes: a row of a block is 16 bits of
     * buf, four whole nibbles of a row of F12. */
    if (n0 == 0) {
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                for (r = 0; r < 4; r++) {
                    const uint8_t *b = buf + (((size_t)j * SNOVA_O + k) * 4 + r) * 2;
                    f12[(j * 4 + r) * SNOVA_WO + k / 4] ^= (uint64_t)(b[0] | (b[1] << 8)) << (16 * (k % 4));
                }
            }
        }
        return;
    }
#elif SNOVA_L == 2
    /* Blocks of 4 nibbles: row r of block (j, k) is byte 2 (j o + k) + r
     * of buf, elements 2k and 2k + 1 of row 2j + r, i.e. its byte k. The
     * bytes of one row are every other byte of the block row's 2o. */
    if (n0 == 0) {
        for (j = 0; j < SNOVA_V; j++) {
            for (r = 0; r < 2; r++) {
                uint64_t *row = &f12[(j * 2 + r) * SNOVA_WO];
                const uint8_t *b = buf + (size_t)j * SNOVA_O * 2 + r;
                for (k = 0; k < SNOVA_O; k++) {
                    row[k / 8] ^= (uint64_t)b[2 * k] << (8 * (k % 8));
                }
            }
        }
        return;
    }
#endif
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            for (r = 0; r < SNOVA_L; r++) {
                for (c = 0; c < SNOVA_L; c++) {
                    gf16_row_xor(&f12[(j * SNOVA_L + r) * SNOVA_WO], k * SNOVA_L + c, gf16_nib(buf, n0++));
                }
            }
        }
    }
}

void PQSIG_NS(snova_kg_equation)(snova_keygen_work *w, snova_pub *pub, const uint8_t *t12, unsigned i,
                                 snova_packer *pk)
{
    unsigned j, k, r, c, n0;
    /* F12 = P12 + P11 T12 */
    memset(w->f12, 0, sizeof(w->f12));
    n0 = read_nibs(pub, w->buf, SNOVA_OFF_P12(i), SNOVA_V * SNOVA_O * SNOVA_L2);
    p12_rows(w->f12, w->buf, n0);
    n0 = read_nibs(pub, w->buf, SNOVA_OFF_P11(i), SNOVA_V * SNOVA_V * SNOVA_L2);
#if SNOVA_ESK
    memset(w->f21t, 0, sizeof(w->f21t));
    snova_gf16_pmat(w->buf, n0, SNOVA_V, SNOVA_V, w->f12, w->tab_t12, w->f21t, w->tab_t12, SNOVA_WO);
    esk_f11(w, i, w->buf, n0);
#else
    snova_gf16_pmat(w->buf, n0, SNOVA_V, SNOVA_V, w->f12, w->tab_t12, NULL, NULL, SNOVA_WO);
#endif
    /* P22 = P21 T12 + T12^t F12 */
    n0 = read_nibs(pub, w->buf, SNOVA_OFF_P21(i), SNOVA_O * SNOVA_V * SNOVA_L2);
#if SNOVA_ESK
    esk_f12_f21(w, i, w->buf, n0);
    if (w->cmp != NULL) {
        return; /* checking a stored key: no public key */
    }
#endif
    memset(w->p22, 0, sizeof(w->p22));
    snova_gf16_pmat(w->buf, n0, SNOVA_O, SNOVA_V, w->p22, w->tab_t12, NULL, NULL, SNOVA_WO);
    snova_gf16_lincomb_rows(w->p22, SNOVA_OL, t12, SNOVA_OL, w->f12, SNOVA_WO, SNOVA_VL, SNOVA_WO);
    /* Algorithm 12: every block, row by row. */
#if SNOVA_L == 4
    /* A row of a block is four nibbles of a word of P22's row; at a byte
     * boundary of the key (every equation packs an even count, so always)
     * they are two whole bytes, low nibble first as the packer puts them.
     * (pk->out is NULL only when a stored key is checked, which returned
     * above.) */
    if (pk->count % 2 == 0) {
        uint8_t *o = pk->out + pk->count / 2;
        for (j = 0; j < SNOVA_O; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                for (r = 0; r < 4; r++, o += 2) {
                    const uint64_t word = w->p22[(j * 4 + r) * SNOVA_WO + k / 4] >> (16 * (k % 4));
                    o[0] = (uint8_t)word;
                    o[1] = (uint8_t)(word >> 8);
                }
            }
        }
        pk->count += (size_t)SNOVA_O * SNOVA_O * 16;
        return;
    }
#elif SNOVA_L == 2
    /* A row of a block is one byte of P22's row, low nibble first: block
     * (j, k) row r is byte k of row 2j + r. */
    if (pk->count % 2 == 0) {
        uint8_t *o = pk->out + pk->count / 2;
        for (j = 0; j < SNOVA_O; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                for (r = 0; r < 2; r++) {
                    *o++ = (uint8_t)(w->p22[(j * 2 + r) * SNOVA_WO + k / 8] >> (8 * (k % 8)));
                }
            }
        }
        pk->count += (size_t)SNOVA_O * SNOVA_O * 4;
        return;
    }
#endif
    for (j = 0; j < SNOVA_O; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            for (r = 0; r < SNOVA_L; r++) {
                for (c = 0; c < SNOVA_L; c++) {
                    snova_packer_put(pk, gf16_row_get(&w->p22[(j * SNOVA_L + r) * SNOVA_WO], k * SNOVA_L + c));
                }
            }
        }
    }
}

/* ---- Signing ----
 * With the vinegar blocks V whipped into Vw (rows (j, r), columns (a, c):
 * (S^a V_j)[r][c]) everything the linear system needs from equation p is
 *   D_p = Vw^t P11_p Vw                      (the vinegar value, Eq. 1.1)
 *   L_p = Vw^t F12_p = (P11_p^t Vw)^t T12 + Vw^t P12_p
 *   R_p = F21_p Vw   = T12^t (P11_p Vw) + P21_p Vw
 * with F12 = P11 T12 + P12, F21 = T12^t P11 + P21 never formed: the
 * products with the public P come from tables of the rows of Vw, the two
 * products with T12 are bitsliced. snova_gf16_rows takes L and R in
 * 16-bit lanes. */

PQSIG_NO_LOOP_VECTORIZE
void PQSIG_NS(snova_sg_parts)(snova_sign_work *w, snova_pub *pub, const uint8_t *t12, const snova_blk spow[SNOVA_L],
                              const uint8_t *vel)
{
    unsigned p, k, c, n0;
    snova_gf16_whip(w->vw, vel, SNOVA_V, spow);
    for (k = 0; k < SNOVA_VL; k++) {
        for (c = 0; c < SNOVA_L2; c++) {
            w->vwb[k * SNOVA_L2 + c] = gf16_row_get(&w->vw[k * SNOVA_WW], c);
        }
        snova_gf16_table(&w->tabv[(size_t)k * 16 * SNOVA_WW], &w->vw[k * SNOVA_WW], SNOVA_WW);
    }
    memset(w->d, 0, sizeof(w->d));
    memset(w->lt, 0, sizeof(w->lt));
    memset(w->r, 0, sizeof(w->r));
    for (p = 0; p < SNOVA_O; p++) {
        uint64_t *d = w->d + (size_t)p * SNOVA_L2 * SNOVA_WW;
        uint64_t *lt = w->lt + (size_t)p * SNOVA_OL * SNOVA_WW;
        uint64_t *rr = w->r + (size_t)p * SNOVA_OL * SNOVA_WW;
        memset(w->pv, 0, sizeof(w->pv));
        memset(w->vpt, 0, sizeof(w->vpt));
        n0 = read_nibs(pub, w->buf, SNOVA_OFF_P11(p), SNOVA_V * SNOVA_V * SNOVA_L2);
        snova_gf16_pmat(w->buf, n0, SNOVA_V, SNOVA_V, w->pv, w->tabv, w->vpt, w->tabv, SNOVA_WW);
        snova_gf16_lincomb_rows(d, SNOVA_L2, w->vwb, SNOVA_L2, w->pv, SNOVA_WW, SNOVA_VL, SNOVA_WW);
        n0 = read_nibs(pub, w->buf, SNOVA_OFF_P12(p), SNOVA_V * SNOVA_O * SNOVA_L2);
        snova_gf16_pmat(w->buf, n0, SNOVA_V, SNOVA_O, NULL, NULL, lt, w->tabv, SNOVA_WW);
        n0 = read_nibs(pub, w->buf, SNOVA_OFF_P21(p), SNOVA_O * SNOVA_V * SNOVA_L2);
        snova_gf16_pmat(w->buf, n0, SNOVA_O, SNOVA_V, rr, w->tabv, NULL, NULL, SNOVA_WW);
        snova_gf16_lincomb_rows(lt, SNOVA_OL, t12, SNOVA_OL, w->vpt, SNOVA_WW, SNOVA_VL, SNOVA_WW);
        snova_gf16_lincomb_rows(rr, SNOVA_OL, t12, SNOVA_OL, w->pv, SNOVA_WW, SNOVA_VL, SNOVA_WW);
    }
    /* ll[p][t][u][a]: lanes x = L_p[(a, x)][(t, u)]; rl[p][t][u][b]: lanes y = R_p[(t, u)][(b, y)] */
    memset(w->ll, 0, sizeof(w->ll));
    memset(w->rl, 0, sizeof(w->rl));
    for (k = 0; k < SNOVA_O * SNOVA_OL; k++) {
        for (c = 0; c < SNOVA_L2; c++) {
            unsigned a = c / SNOVA_L, x = c % SNOVA_L;
            size_t at = ((size_t)k * SNOVA_L + a) * SNOVA_LW + x / 4;
            w->ll[at] |= (uint64_t)gf16_row_get(&w->lt[k * SNOVA_WW], c) << (16 * (x % 4));
            w->rl[at] |= (uint64_t)gf16_row_get(&w->r[k * SNOVA_WW], c) << (16 * (x % 4));
        }
    }
}

void PQSIG_NS(snova_sg_finish)(uint8_t vv[SNOVA_NU], const snova_sign_work *w, const snova_abq *abq)
{
    snova_gf16_finish(vv, w->d, abq);
}

void PQSIG_NS(snova_sg_rows)(snova_sign_work *w, const snova_abq *abq, const snova_blk spow[SNOVA_L],
                             const uint8_t rhs[SNOVA_L2], unsigned i)
{
    snova_gf16_rows(w->g, w->ll, w->rl, abq, spow, rhs, i, w->acc);
}

uint32_t PQSIG_NS(snova_sg_solve)(snova_sign_work *w)
{
    return snova_gf16_solve(w);
}

void PQSIG_NS(snova_sg_signature)(snova_sign_work *w, uint8_t sol[SNOVA_N * SNOVA_L2], const uint8_t *t12,
                                  const uint8_t *vel)
{
    const uint8_t *oil = sol + SNOVA_V * SNOVA_L2;
    unsigned j, r, c, t, m;
    for (t = 0; t < SNOVA_NU; t++) {
        sol[SNOVA_V * SNOVA_L2 + t] = gf16_row_get(&w->g[(size_t)t * SNOVA_WG], SNOVA_NU);
    }
    for (j = 0; j < SNOVA_V; j++) {
        for (r = 0; r < SNOVA_L; r++) {
            const uint8_t *trow = t12 + (j * SNOVA_L + r) * SNOVA_OL;
            for (c = 0; c < SNOVA_L; c++) {
                uint32_t acc = 0;
                for (t = 0; t < SNOVA_O; t++) {
                    for (m = 0; m < SNOVA_L; m++) {
                        acc = fe_macc(acc, trow[t * SNOVA_L + m], oil[(t * SNOVA_L + m) * SNOVA_L + c]);
                    }
                }
                sol[j * SNOVA_L2 + r * SNOVA_L + c] = fe_add(vel[j * SNOVA_L2 + r * SNOVA_L + c], fe_red(acc));
            }
        }
    }
}

/* ---- Verification ----
 * With Uw the whipped signature (rows (j, r), columns (a, c):
 * (S^a U_j)[r][c]) and P_i the full nl x nl matrix of equation i,
 * D_i = Uw^t (P_i Uw). */

int PQSIG_NS(snova_vf_load_pk)(snova_verify_work *w, const uint8_t *pk)
{
    (void)w;
    (void)pk;
#if SNOVA_PK_ELEMS % 2
    /* Canonical encoding: an odd element count leaves a zero high nibble. */
    if ((pk[SNOVA_SEED_PUBLIC_BYTES + SNOVA_PK_ELEMS / 2] >> 4) != 0) {
        return -1;
    }
#endif
    return 0;
}

void PQSIG_NS(snova_vf_whip)(snova_verify_work *w, const uint8_t *u, const snova_blk spow[SNOVA_L])
{
    unsigned r;
    memset(w->d, 0, sizeof(w->d));
    snova_gf16_whip(w->uw, u, SNOVA_N, spow);
    for (r = 0; r < SNOVA_NL; r++) {
        snova_gf16_table(&w->tabu[(size_t)r * 16 * SNOVA_WW], &w->uw[r * SNOVA_WW], SNOVA_WW);
    }
}

#if SNOVA_L == 4
typedef char snova_pu_blocks_fit[SNOVA_N * SNOVA_L * 8 <= SNOVA_PBUF ? 1 : -1];

/* The rows of P Uw (n l rows of 16 elements, a word each) as the nibble
 * string of a block matrix (pmat's layout: n x l blocks of 4 x 4, each row
 * by row): row x of block (j, b) is bits 16 b .. 16 b + 15 of row 4 j + x. */
static void pu_blocks(uint8_t *out, const uint64_t *pu)
{
    unsigned j, b, x, e;
    for (j = 0; j < SNOVA_N; j++) {
        for (b = 0; b < SNOVA_L; b++) {
            uint8_t *blk = out + ((size_t)j * SNOVA_L + b) * 8;
            for (x = 0; x < 4; x++) {
                const uint64_t row = pu[j * 4 + x] >> (16 * b);
                for (e = 0; e < 2; e++) {
                    blk[2 * x + e] = (uint8_t)(row >> (8 * e));
                }
            }
        }
    }
}

/* The transpose of the 16 x 16 matrix of elements m[k] element c, in
 * place: four rounds that swap the off-diagonal halves of blocks of 8, 4,
 * 2 and 1 elements. */
static void transpose16(uint64_t m[16])
{
    static const uint64_t keep[4] = {0x00000000ffffffffull, 0x0000ffff0000ffffull, 0x00ff00ff00ff00ffull,
                                     0x0f0f0f0f0f0f0f0full};
    unsigned round, k;
    for (round = 0; round < 4; round++) {
        const unsigned s = 8u >> round, sh = 4 * s;
        const uint64_t lo = keep[round];
        for (k = 0; k < 16; k++) {
            if ((k & s) == 0) {
                const uint64_t a = m[k], b = m[k + s];
                m[k] = (a & lo) | ((b & lo) << sh);
                m[k + s] = ((a >> sh) & lo) | (b & ~lo);
            }
        }
    }
}
#endif

PQSIG_NO_LOOP_VECTORIZE
void PQSIG_NS(snova_vf_equation)(snova_verify_work *w, snova_pub *pub, const uint8_t *pk, unsigned i)
{
    uint64_t *pu_o = w->pu + SNOVA_VL * SNOVA_WW; /* rows of the oil part */
    const uint64_t *tab_o = w->tabu + (size_t)SNOVA_VL * 16 * SNOVA_WW;
    uint64_t dt[SNOVA_L2 * SNOVA_WW];
    unsigned n0, c;
    memset(w->pu, 0, sizeof(w->pu));
    n0 = read_nibs(pub, w->buf, SNOVA_OFF_P11(i), SNOVA_V * SNOVA_V * SNOVA_L2);
    snova_gf16_pmat(w->buf, n0, SNOVA_V, SNOVA_V, w->pu, w->tabu, NULL, NULL, SNOVA_WW);
    n0 = read_nibs(pub, w->buf, SNOVA_OFF_P12(i), SNOVA_V * SNOVA_O * SNOVA_L2);
    snova_gf16_pmat(w->buf, n0, SNOVA_V, SNOVA_O, w->pu, tab_o, NULL, NULL, SNOVA_WW);
    n0 = read_nibs(pub, w->buf, SNOVA_OFF_P21(i), SNOVA_O * SNOVA_V * SNOVA_L2);
    snova_gf16_pmat(w->buf, n0, SNOVA_O, SNOVA_V, pu_o, w->tabu, NULL, NULL, SNOVA_WW);
    snova_gf16_pmat(pk + SNOVA_SEED_PUBLIC_BYTES, (size_t)i * SNOVA_O * SNOVA_O * SNOVA_L2, SNOVA_O, SNOVA_O, pu_o,
                    tab_o, NULL, NULL, SNOVA_WW);
    /* D^t = (P Uw)^t Uw: the entries of P Uw are public here, so they
     * index the tables of the rows of Uw. */
    memset(dt, 0, sizeof(dt));
#if SNOVA_L == 4
    /* As the public matrix product P^t Y of the pmat kernel: P Uw (n x l
     * blocks; row r is one word) laid out as a public block matrix, then
     * D^t transposed into the rows of D. */
    pu_blocks(w->buf, w->pu);
    snova_gf16_pmat(w->buf, 0, SNOVA_N, SNOVA_L, NULL, NULL, dt, w->tabu, SNOVA_WW);
    transpose16(dt);
    for (c = 0; c < SNOVA_L2; c++) {
        w->d[(size_t)i * SNOVA_L2 + c] ^= dt[c];
    }
#else
    {
        unsigned r, k, x;
        for (r = 0; r < SNOVA_NL; r++) {
            const uint64_t *pr = &w->pu[r * SNOVA_WW];
            const uint64_t *tr = &w->tabu[(size_t)r * 16 * SNOVA_WW];
            for (k = 0; k < SNOVA_L2; k++) {
                const uint64_t *t = tr + gf16_row_get(pr, k) * SNOVA_WW;
                for (x = 0; x < SNOVA_WW; x++) {
                    dt[k * SNOVA_WW + x] ^= t[x];
                }
            }
        }
        for (k = 0; k < SNOVA_L2; k++) {
            for (c = 0; c < SNOVA_L2; c++) {
                gf16_row_xor(w->d + ((size_t)i * SNOVA_L2 + c) * SNOVA_WW, k, gf16_row_get(&dt[k * SNOVA_WW], c));
            }
        }
    }
#endif
}

void PQSIG_NS(snova_vf_finish)(uint8_t value[SNOVA_NU], const snova_verify_work *w, const snova_abq *abq)
{
    snova_gf16_finish(value, w->d, abq);
}
