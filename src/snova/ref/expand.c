/* SNOVA reference: from seeds and bytes to field elements and matrices.
 * Streams (Algorithm 8), conversions (Algorithms 3-5), S and F_q[S]
 * (Algorithms 1, 2), T12 (Algorithm 7), ABQ (Algorithm 9) and the public
 * matrices P11, P12, P21 (Algorithms 10, 11). */
#include <string.h>

#include "common/ct.h"
#include "snova/ref/ref.h"

/* ---- Streams ---- */

static void stream_refill(snova_stream *st)
{
    if (st->kind == SNOVA_STREAM_SHAKE256) {
        pqsig_shake_squeeze(&st->shake, st->buf, sizeof(st->buf));
    } else {
#if SNOVA_AES
        /* AES-128-CTR keystream, key = public seed, counter from zero. */
        pqsig_aes_ctr_stream_read(&st->aes, st->buf, sizeof(st->buf));
#else
        /* SNOVA-SHAKE: block b is SHAKE128(seed || b as 8 bytes little
         * endian), of which the first 168 bytes are used. */
        pqsig_shake_ctx ctx;
        uint8_t index[8];
        unsigned i;
        for (i = 0; i < 8; i++) {
            index[i] = (uint8_t)(st->block >> (8 * i));
        }
        pqsig_shake128_init(&ctx);
        pqsig_shake_absorb(&ctx, st->seed, sizeof(st->seed));
        pqsig_shake_absorb(&ctx, index, sizeof(index));
        pqsig_shake_squeeze(&ctx, st->buf, sizeof(st->buf));
        pqsig_shake_release(&ctx);
        st->block++;
#endif
    }
    st->pos = 0;
}

void PQSIG_NS(snova_stream_public)(snova_stream *st, const uint8_t seed[SNOVA_SEED_PUBLIC_BYTES])
{
    memset(st, 0, sizeof(*st));
    st->kind = SNOVA_STREAM_PUBLIC;
#if SNOVA_AES
    {
        static const uint8_t zero_iv[16] = {0};
        pqsig_aes_ctr_stream_init(&st->aes, seed, SNOVA_SEED_PUBLIC_BYTES, zero_iv);
    }
#else
    memcpy(st->seed, seed, SNOVA_SEED_PUBLIC_BYTES);
    st->block = 0;
#endif
    st->pos = SNOVA_STREAM_BUF;
}

void PQSIG_NS(snova_stream_shake256)(snova_stream *st, const uint8_t *in, size_t inlen)
{
    memset(st, 0, sizeof(*st));
    st->kind = SNOVA_STREAM_SHAKE256;
    pqsig_shake256_init(&st->shake);
    pqsig_shake_absorb(&st->shake, in, inlen);
    st->pos = SNOVA_STREAM_BUF;
}

uint8_t PQSIG_NS(snova_stream_byte)(snova_stream *st)
{
    if (st->pos == SNOVA_STREAM_BUF) {
        stream_refill(st);
    }
    st->nibble = 0;
    return st->buf[st->pos++];
}

gf PQSIG_NS(snova_stream_elem)(snova_stream *st)
{
#if SNOVA_Q == 16
    if (st->nibble) {
        st->nibble = 0;
        return (gf)(st->buf[st->pos - 1] >> 4);
    }
    {
        uint8_t b = PQSIG_NS(snova_stream_byte)(st);
        st->nibble = 1;
        return (gf)(b & 15u);
    }
#else
    return (gf)(PQSIG_NS(snova_stream_byte)(st) % SNOVA_Q);
#endif
}

void PQSIG_NS(snova_stream_release)(snova_stream *st)
{
    pqsig_shake_release(&st->shake);
#if SNOVA_AES
    if (st->kind == SNOVA_STREAM_PUBLIC) {
        pqsig_aes_ctr_stream_release(&st->aes);
    }
#endif
    pqsig_zeroize(st, sizeof(*st));
}

/* ---- Conversion between elements and bytes (Algorithms 3, 4) ---- */

/* Elements [first, first + count) of a run form one base-q number stored in
 * bytes [BYTES_GF(first), BYTES_GF(first + count)): a full group of
 * SNOVA_PACK_GF elements takes SNOVA_PACK_BYTES bytes, the last group what
 * it needs. */
void PQSIG_NS(snova_pack)(uint8_t *out, const gf *x, size_t n)
{
    size_t first;
    for (first = 0; first < n; first += SNOVA_PACK_GF) {
        size_t count = n - first < SNOVA_PACK_GF ? n - first : SNOVA_PACK_GF;
        size_t b0 = SNOVA_BYTES_GF(first), b1 = SNOVA_BYTES_GF(first + count);
        uint64_t value = 0;
        size_t i;
        for (i = count; i > 0; i--) {
            value = value * SNOVA_Q + x[first + i - 1];
        }
        for (i = b0; i < b1; i++) {
            out[i] = (uint8_t)value;
            value >>= 8;
        }
    }
}

int PQSIG_NS(snova_unpack)(gf *x, const uint8_t *in, size_t n)
{
    uint64_t excess = 0;
    size_t first;
    for (first = 0; first < n; first += SNOVA_PACK_GF) {
        size_t count = n - first < SNOVA_PACK_GF ? n - first : SNOVA_PACK_GF;
        size_t b0 = SNOVA_BYTES_GF(first), b1 = SNOVA_BYTES_GF(first + count);
        uint64_t value = 0;
        size_t i;
        for (i = b1; i > b0; i--) {
            value = (value << 8) | in[i - 1];
        }
        for (i = 0; i < count; i++) {
            x[first + i] = (gf)(value % SNOVA_Q);
            value /= SNOVA_Q;
        }
        /* Canonical only if the number was below q^count. */
        excess |= value;
    }
    return excess == 0 ? 0 : -1;
}

/* ---- S and F_q[S] (section 1.8, Algorithm 1) ---- */

static void fixed_s(blk *s)
{
    unsigned i, j;
    for (i = 0; i < SNOVA_L; i++) {
        for (j = 0; j < SNOVA_L; j++) {
#if SNOVA_Q == 16
            s->e[i][j] = gf_from_int(8 - (i + j));
#else
            s->e[i][j] = gf_from_int((SNOVA_S_QA + i + j) & SNOVA_S_QB);
#endif
        }
    }
#if SNOVA_Q == 16
#if SNOVA_L == 5
    s->e[4][4] = gf_from_int(9);
#endif
#else
    s->e[SNOVA_L - 1][SNOVA_L - 1] = gf_from_int(SNOVA_S_QC);
#endif
}

void PQSIG_NS(snova_s_powers)(blk spow[SNOVA_L])
{
    unsigned a;
    blk s;
    fixed_s(&s);
    blk_scalar(&spow[0], 1);
    for (a = 1; a < SNOVA_L; a++) {
        blk_mul(&spow[a], &spow[a - 1], &s);
    }
}

void PQSIG_NS(snova_fqs_fix)(gf c[SNOVA_L])
{
    /* A zero leading coefficient becomes the integer q - c0 (q - 1 when
     * c0 = 0) read as an element; no branch on c, which may be secret. */
    uint32_t lead_zero = pqsig_ct_eq_mask_u32(c[SNOVA_L - 1], 0);
    uint32_t c0_zero = pqsig_ct_eq_mask_u32(c[0], 0);
    uint32_t repl = SNOVA_Q - pqsig_ct_select_u32(c0_zero, 1, c[0]);
    c[SNOVA_L - 1] = (gf)pqsig_ct_select_u32(lead_zero, repl, c[SNOVA_L - 1]);
}

void PQSIG_NS(snova_fqs)(blk *out, const gf c[SNOVA_L], const blk spow[SNOVA_L])
{
    unsigned a;
    blk_zero(out);
    for (a = 0; a < SNOVA_L; a++) {
        blk_add_scaled(out, c[a], &spow[a]);
    }
}

/* ---- T12 (Algorithm 7) ---- */

void PQSIG_NS(snova_t12)(blk t12[SNOVA_V][SNOVA_O], const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                         const blk spow[SNOVA_L])
{
    snova_stream st;
    gf c[SNOVA_L];
    unsigned j, k, a;

    PQSIG_NS(snova_stream_shake256)(&st, sk_seed, SNOVA_SEED_PRIVATE_BYTES);
    for (j = 0; j < SNOVA_V; j++) {
        for (k = 0; k < SNOVA_O; k++) {
            for (a = 0; a < SNOVA_L; a++) {
#if SNOVA_Q == 16
                c[a] = PQSIG_NS(snova_stream_elem)(&st);
#else
                /* Rejection sampling: bytes >= q * floor(256 / q) are skipped.
                 * Which bytes are skipped depends only on SHAKE output that
                 * is then discarded. */
                uint8_t byte;
                unsigned reject;
                do {
                    byte = PQSIG_NS(snova_stream_byte)(&st);
                    /* only the accept/reject bit is public */
                    reject = byte >= (256 / SNOVA_Q) * SNOVA_Q;
                    PQSIG_CT_DECLASSIFY(&reject, sizeof(reject));
                } while (reject);
                c[a] = (gf)(byte % SNOVA_Q);
#endif
            }
            PQSIG_NS(snova_fqs_fix)(c);
            PQSIG_NS(snova_fqs)(&t12[j][k], c, spow);
        }
    }
    pqsig_zeroize(c, sizeof(c));
    PQSIG_NS(snova_stream_release)(&st);
}

/* ---- A, B, Q1, Q2 (Algorithms 2, 9) ---- */

/* Public data only: elimination with branches. */
static int blk_invertible(const blk *m)
{
    blk t = *m;
    unsigned col, r, c;
    for (col = 0; col < SNOVA_L; col++) {
        unsigned piv = col;
        gf inv;
        while (piv < SNOVA_L && t.e[piv][col] == 0) {
            piv++;
        }
        if (piv == SNOVA_L) {
            return 0;
        }
        if (piv != col) {
            for (c = 0; c < SNOVA_L; c++) {
                gf x = t.e[col][c];
                t.e[col][c] = t.e[piv][c];
                t.e[piv][c] = x;
            }
        }
        inv = gf_inv(t.e[col][col]);
        for (r = col + 1; r < SNOVA_L; r++) {
            gf f = gf_mul(t.e[r][col], inv);
            for (c = col; c < SNOVA_L; c++) {
                t.e[r][c] = gf_sub(t.e[r][c], gf_mul(f, t.e[col][c]));
            }
        }
    }
    return 1;
}

/* Algorithm 2 as the official code runs it: while the matrix is singular,
 * add f S for f = 1, 2, ..., q - 1 in turn (the additions accumulate). */
static void make_invertible(blk *m, const blk *s)
{
    unsigned f;
    for (f = 1; f < SNOVA_Q && !blk_invertible(m); f++) {
        blk_add_scaled(m, gf_from_int(f), s);
    }
}

static void read_blk(blk *b, snova_stream *st)
{
    unsigned r, c;
    for (r = 0; r < SNOVA_L; r++) {
        for (c = 0; c < SNOVA_L; c++) {
            b->e[r][c] = PQSIG_NS(snova_stream_elem)(st);
        }
    }
}

static void read_ab(snova_abq *abq, snova_stream *st)
{
    unsigned i, t;
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            read_blk(&abq->a[i][t], st);
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            read_blk(&abq->b[i][t], st);
        }
    }
}

static void read_q(snova_abq *abq, snova_stream *st)
{
    unsigned i, t, a;
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            for (a = 0; a < SNOVA_L; a++) {
                abq->q1[i][t][a] = PQSIG_NS(snova_stream_elem)(st);
            }
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            for (a = 0; a < SNOVA_L; a++) {
                abq->q2[i][t][a] = PQSIG_NS(snova_stream_elem)(st);
            }
        }
    }
}

void PQSIG_NS(snova_abq_generate)(snova_abq *abq, snova_stream *pub, const blk spow[SNOVA_L])
{
    unsigned i, t;
#if SNOVA_FIXED_ABQ
    static const uint8_t abq_seed[9] = {'S', 'N', 'O', 'V', 'A', '_', 'A', 'B', 'Q'};
    snova_stream st;
    (void)pub;
    PQSIG_NS(snova_stream_shake256)(&st, abq_seed, sizeof(abq_seed));
    read_ab(abq, &st);
#if SNOVA_ROUND2_ABQ_OFFSET
    /* Round 2 takes q1, q2 from byte alpha * l^2 on. */
    PQSIG_NS(snova_stream_release)(&st);
    PQSIG_NS(snova_stream_shake256)(&st, abq_seed, sizeof(abq_seed));
    for (i = 0; i < SNOVA_ALPHA * SNOVA_L2; i++) {
        (void)PQSIG_NS(snova_stream_byte)(&st);
    }
#endif
    read_q(abq, &st);
    PQSIG_NS(snova_stream_release)(&st);
#else
    read_ab(abq, pub);
    read_q(abq, pub);
#endif
    for (i = 0; i < SNOVA_O; i++) {
        for (t = 0; t < SNOVA_ALPHA; t++) {
            make_invertible(&abq->a[i][t], &spow[1]);
            make_invertible(&abq->b[i][t], &spow[1]);
            PQSIG_NS(snova_fqs_fix)(abq->q1[i][t]);
            PQSIG_NS(snova_fqs_fix)(abq->q2[i][t]);
        }
    }
}

/* ---- P11, P12, P21 (Algorithms 10, 11) ---- */

void PQSIG_NS(snova_walk_public)(snova_stream *pub, snova_visit_fn visit, void *ctx)
{
    unsigned i, j, k;
    blk p;
#if !SNOVA_SYMMETRIC
    /* q = 16: all of P11, then all of P12, then all of P21, each block row
     * by row. */
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_V; k++) {
                read_blk(&p, pub);
                visit(ctx, SNOVA_P11, i, j, k, &p);
            }
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_V; j++) {
            for (k = 0; k < SNOVA_O; k++) {
                read_blk(&p, pub);
                visit(ctx, SNOVA_P12, i, j, k, &p);
            }
        }
    }
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_O; j++) {
            for (k = 0; k < SNOVA_V; k++) {
                read_blk(&p, pub);
                visit(ctx, SNOVA_P21, i, j, k, &p);
            }
        }
    }
#else
    /* Odd q: [P_i] is symmetric. For each equation and each vinegar row j:
     * the upper triangle of the diagonal block P11_jj, the blocks P11_jk
     * for k > j (P11_kj is the transpose), then P12_jk for every oil k
     * (P21_kj is the transpose). */
    unsigned r, c;
    blk pt;
    for (i = 0; i < SNOVA_O; i++) {
        for (j = 0; j < SNOVA_V; j++) {
            for (r = 0; r < SNOVA_L; r++) {
                for (c = r; c < SNOVA_L; c++) {
                    p.e[r][c] = PQSIG_NS(snova_stream_elem)(pub);
                    p.e[c][r] = p.e[r][c];
                }
            }
            visit(ctx, SNOVA_P11, i, j, j, &p);
            for (k = j + 1; k < SNOVA_V; k++) {
                read_blk(&p, pub);
                blk_transpose(&pt, &p);
                visit(ctx, SNOVA_P11, i, j, k, &p);
                visit(ctx, SNOVA_P11, i, k, j, &pt);
            }
            for (k = 0; k < SNOVA_O; k++) {
                read_blk(&p, pub);
                blk_transpose(&pt, &p);
                visit(ctx, SNOVA_P12, i, j, k, &p);
                visit(ctx, SNOVA_P21, i, k, j, &pt);
            }
        }
    }
#endif
}

/* ---- Message hash (Algorithm 6) ---- */

void PQSIG_NS(snova_target_bytes)(uint8_t out[SNOVA_HASH_BYTES],
                                  const uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES],
                                  const uint8_t *input, size_t inlen,
                                  const uint8_t salt[SNOVA_SALT_BYTES])
{
    pqsig_shake_ctx ctx;
    pqsig_shake256_init(&ctx);
    pqsig_shake_absorb(&ctx, pk_seed, SNOVA_SEED_PUBLIC_BYTES);
    pqsig_shake_absorb(&ctx, input, inlen);
    pqsig_shake_absorb(&ctx, salt, SNOVA_SALT_BYTES);
    pqsig_shake_squeeze(&ctx, out, SNOVA_HASH_BYTES);
    pqsig_shake_release(&ctx);
}

/* ---- Round-2 expanded secret key ---- */
#if SNOVA_ESK
/* Element e of the key sits in byte e mod half, low nibble when e < half. */
void PQSIG_NS(snova_esk_put)(uint8_t *esk, size_t index, const blk *b)
{
    const size_t half = SNOVA_ESK_ELEMS / 2;
    unsigned r, c;
    for (r = 0; r < SNOVA_L; r++) {
        for (c = 0; c < SNOVA_L; c++) {
            size_t e = index + r * SNOVA_L + c;
            if (e < half) {
                esk[e] = (uint8_t)((esk[e] & 0xf0u) | b->e[r][c]);
            } else {
                esk[e - half] = (uint8_t)((esk[e - half] & 0x0fu) | (b->e[r][c] << 4));
            }
        }
    }
}

void PQSIG_NS(snova_esk_get)(blk *b, const uint8_t *esk, size_t index)
{
    const size_t half = SNOVA_ESK_ELEMS / 2;
    unsigned r, c;
    for (r = 0; r < SNOVA_L; r++) {
        for (c = 0; c < SNOVA_L; c++) {
            size_t e = index + r * SNOVA_L + c;
            b->e[r][c] = (gf)(e < half ? esk[e] & 0x0fu : esk[e - half] >> 4);
        }
    }
}
#endif
