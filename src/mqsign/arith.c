/* MQ-Sign: the portable kernels (see arith.h for the contracts).
 *
 * Two ways to multiply many elements by many scalars without tables:
 *  - bit-plane accumulation (matvec): for each bit t, XOR together the
 *    vectors whose scalar has bit t set (masked, so in constant time), and
 *    fold the 8 planes with the constants 2^t once at the end;
 *  - expanded vectors (elimination): when one row meets many scalars,
 *    precompute its 8 multiples x*2^t and select them with the scalar's bits.
 * Both cost 8 AND and 8 XOR per 16 products on 128-bit words (the loops are
 * written on pairs of 64-bit words, which compilers turn into SSE2/NEON). */
#include <string.h>

#include "arith.h"

static inline uint64_t load_word(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

void mqs_k_masks(uint64_t (*mk)[8][2], const uint8_t *s, size_t count)
{
    size_t i;
    unsigned t;
    for (i = 0; i < count; i++) {
        uint64_t m[8];
        mqs_bit_masks(m, s[i]);
        for (t = 0; t < 8; t++) {
            mk[i][t][0] = mk[i][t][1] = m[t];
        }
    }
}

/* One 16-byte block of the product: eight planes of two words stay in
 * registers while every vector passes (loads of 16 bytes, or of `part`
 * bytes for the last block), two vectors per step, then they are folded. */
static inline void load_part(uint64_t x[2], const uint8_t *p, size_t part)
{
    if (part == 16) {
        memcpy(x, p, 16);
    } else {
        x[0] = x[1] = 0;
        memcpy(x, p, part);
    }
}

static inline void matvec_block(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                                const uint64_t (*mk)[8][2], size_t count, size_t part)
{
    uint64_t pl[8][2], x[2], y[2], r[2];
    const uint8_t *p = vecs;
    ptrdiff_t st = stride;
    size_t i;
    unsigned t;
    memset(pl, 0, sizeof pl);
    for (i = 0; i + 2 <= count; i += 2) {
        load_part(x, p, part);
        p += st;
        st += dstride;
        load_part(y, p, part);
        p += st;
        st += dstride;
        for (t = 0; t < 8; t++) {
            pl[t][0] ^= (x[0] & mk[i][t][0]) ^ (y[0] & mk[i + 1][t][0]);
            pl[t][1] ^= (x[1] & mk[i][t][1]) ^ (y[1] & mk[i + 1][t][1]);
        }
    }
    if (i < count) {
        load_part(x, p, part);
        for (t = 0; t < 8; t++) {
            pl[t][0] ^= x[0] & mk[i][t][0];
            pl[t][1] ^= x[1] & mk[i][t][1];
        }
    }
    for (i = 0; i < 2; i++) {
        uint64_t q[8];
        for (t = 0; t < 8; t++) {
            q[t] = pl[t][i];
        }
        r[i] = mqs_fold_word(q);
    }
    memcpy(out, r, part);
}

static inline void matvec_body(uint8_t *out, const uint8_t *vecs, ptrdiff_t stride, ptrdiff_t dstride,
                               const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    size_t at;
    for (at = 0; at + 16 <= len; at += 16) {
        matvec_block(out + at, vecs + at, stride, dstride, mk, count, 16);
    }
    if (at < len) {
        matvec_block(out + at, vecs + at, stride, dstride, mk, count, len - at);
    }
}

void mqs_k_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, const uint64_t (*mk)[8][2],
                  size_t count, size_t len)
{
    matvec_body(out, vecs, (ptrdiff_t)stride, 0, mk, count, len);
}

void mqs_k_matvec_o(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                    const uint64_t (*mk)[8][2], size_t count)
{
    matvec_body(out, vecs, (ptrdiff_t)stride, dstride, mk, count, MQS_O);
}

void mqs_k_matvec_h1(uint8_t *out, const uint8_t *vecs, size_t stride, const uint64_t (*mk)[8][2],
                     size_t count)
{
    matvec_body(out, vecs, (ptrdiff_t)stride, 0, mk, count, MQS_H + 1);
}

static inline uint8_t row_byte(const uint64_t *row, unsigned i)
{
    return ((const uint8_t *)row)[i];
}

/* Broadcast of the low 32 bits of a mask to 64. */
static inline uint64_t mask64(uint32_t m)
{
    return (uint64_t)m * ((1ull << 32) + 1);
}

uint64_t mqs_k_gauss(uint64_t (*rows)[MQS_RW], unsigned npiv, unsigned nrows, unsigned col0,
                     unsigned window, unsigned nw)
{
    uint64_t ok = ~(uint64_t)0, be[8], xe[8][MQS_RW];
    unsigned i, j, w, t, stop;
    for (i = 0; i < npiv; i++) {
        /* Rows are zero left of column c (but for the unit pivots of rows
         * above): work from the 16-byte block holding column c on. */
        unsigned c = col0 + i, w0 = (c / 16) * 2;
        uint8_t piv;
        stop = i + window < npiv ? i + window : npiv;
        for (j = i + 1; j < stop; j++) {
            /* Add row j while the pivot is still zero. */
            uint64_t z[2];
            z[0] = z[1] = mask64(~pqsig_ct_nonzero_mask_u32(row_byte(rows[i], c)));
            for (w = w0; w < nw; w += 2) {
                rows[i][w] ^= rows[j][w] & z[0];
                rows[i][w + 1] ^= rows[j][w + 1] & z[1];
            }
        }
        piv = row_byte(rows[i], c);
        ok &= mask64(pqsig_ct_nonzero_mask_u32(piv));
        mqs_scalar_expand(be, mqs_gf_inv(piv));
        for (w = w0; w < nw; w++) {
            uint64_t e[8];
            rows[i][w] = mqs_mul_expanded(rows[i][w], be);
            mqs_expand_word(e, rows[i][w]);
            for (t = 0; t < 8; t++) {
                xe[t][w] = e[t];
            }
        }
        for (j = i + 1; j < nrows; j++) {
            uint64_t m[8], m2[8][2];
            mqs_bit_masks(m, row_byte(rows[j], c));
            for (t = 0; t < 8; t++) {
                m2[t][0] = m2[t][1] = m[t];
            }
            for (w = w0; w < nw; w += 2) {
                uint64_t a[2];
                a[0] = rows[j][w];
                a[1] = rows[j][w + 1];
                for (t = 0; t < 8; t++) {
                    a[0] ^= m2[t][0] & xe[t][w];
                    a[1] ^= m2[t][1] & xe[t][w + 1];
                }
                rows[j][w] = a[0];
                rows[j][w + 1] = a[1];
            }
        }
    }
    pqsig_zeroize(xe, sizeof xe);
    pqsig_zeroize(be, sizeof be);
    return ok;
}

uint64_t mqs_k_elim_cols(uint64_t (*cols)[MQS_CW], unsigned npiv, unsigned ncols, uint8_t *zadd,
                         uint8_t *ipiv)
{
    uint64_t ok = ~(uint64_t)0, be[8], fe[8][MQS_CW];
    unsigned i, j, k, w, t;
    for (i = 0; i < npiv; i++) {
        /* Rows up to i do not change from here on: work from the 16-byte
         * block holding row i. */
        unsigned w0 = (i / 16) * 2;
        uint8_t piv, ip;
        for (j = i + 1; j < npiv; j++) {
            /* Add column j while the pivot is still zero (all rows: a
             * column operation, undone on the solution by the caller). */
            uint32_t z32 = ~pqsig_ct_nonzero_mask_u32(row_byte(cols[i], i));
            uint64_t z[2];
            z[0] = z[1] = mask64(z32);
            zadd[i * npiv + j] = (uint8_t)z32;
            for (w = 0; w < MQS_CW; w += 2) {
                cols[i][w] ^= cols[j][w] & z[0];
                cols[i][w + 1] ^= cols[j][w + 1] & z[1];
            }
        }
        piv = row_byte(cols[i], i);
        ok &= mask64(pqsig_ct_nonzero_mask_u32(piv));
        ip = mqs_gf_inv(piv);
        ipiv[i] = ip;
        /* The multipliers of the rows below i: column i over its pivot,
         * zero in rows 0..i; expanded (8 multiples) for the updates. */
        mqs_scalar_expand(be, ip);
        for (w = w0; w < MQS_CW; w++) {
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
        /* Column k gains (its entry in row i) * multipliers. */
        for (k = i + 1; k < ncols; k++) {
            uint64_t m[8], m2[8][2];
            mqs_bit_masks(m, row_byte(cols[k], i));
            for (t = 0; t < 8; t++) {
                m2[t][0] = m2[t][1] = m[t];
            }
            for (w = w0; w < MQS_CW; w += 2) {
                uint64_t a[2];
                a[0] = cols[k][w];
                a[1] = cols[k][w + 1];
                for (t = 0; t < 8; t++) {
                    a[0] ^= m2[t][0] & fe[t][w];
                    a[1] ^= m2[t][1] & fe[t][w + 1];
                }
                cols[k][w] = a[0];
                cols[k][w + 1] = a[1];
            }
        }
    }
    pqsig_zeroize(fe, sizeof fe);
    pqsig_zeroize(be, sizeof be);
    return ok;
}

void mqs_k_pubmap(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N])
{
    /* z = sum over monomials of (w_i w_j) * P_ij. The products w_i w_j are
     * public here, so the o-byte vectors are first summed per product value
     * (256 buckets, only XORs, addressed by the public value), and the
     * buckets then weighted by their value through bit planes. */
    uint64_t bucket[256][MQS_OW], planes[8][MQS_OW], be[8], v[MQS_OW];
    uint8_t wpad[MQS_N + 8], c[MQS_N + 8];
    unsigned i, j, k, t;
    size_t mono = 0;
    memset(bucket, 0, sizeof bucket);
    memset(wpad, 0, sizeof wpad);
    memcpy(wpad, w, MQS_N);
    v[MQS_OW - 1] = 0;
    for (i = 0; i < MQS_N; i++) {
        mqs_scalar_expand(be, w[i]);
        for (j = i; j < MQS_N; j += 8) {
            uint64_t prod = mqs_mul_expanded(load_word(wpad + j), be);
            memcpy(c + (j - i), &prod, 8);
        }
        for (j = i; j < MQS_N; j++, mono++) {
            uint64_t *b = bucket[c[j - i]];
            memcpy(v, p + mono * MQS_O, MQS_O);
            for (k = 0; k < MQS_OW; k++) {
                b[k] ^= v[k];
            }
        }
    }
    memset(planes, 0, sizeof planes);
    for (i = 1; i < 256; i++) {
        for (t = 0; t < 8; t++) {
            if ((i >> t) & 1) {
                for (k = 0; k < MQS_OW; k++) {
                    planes[t][k] ^= bucket[i][k];
                }
            }
        }
    }
    for (k = 0; k < MQS_OW; k++) {
        uint64_t pk[8], r;
        for (t = 0; t < 8; t++) {
            pk[t] = planes[t][k];
        }
        r = mqs_fold_word(pk);
        memcpy(z + 8 * k, &r, 8 * k + 8 <= MQS_O ? 8 : MQS_O % 8);
    }
}
