/* MQ-Sign: the portable kernels (see arith.h for the contracts).
 *
 * Two ways to multiply many elements by many scalars without tables:
 *  - bit-plane accumulation (matvec): for each bit t, XOR together the
 *    vectors whose scalar has bit t set (masked, so in constant time), and
 *    fold the 8 planes with the constants 2^t once at the end;
 *  - expanded vectors (outer, rowmul): when one vector meets many scalars,
 *    precompute its 8 multiples x*2^t and select them with the scalar's bits.
 * Both cost 8 AND and 8 XOR per word of 8 products. */
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
 * bytes for the last block), then they are folded. */
static inline void matvec_block(uint8_t *out, const uint8_t *vecs, size_t stride,
                                const uint64_t (*mk)[8][2], size_t count, size_t part)
{
    uint64_t pl[8][2], x[2], r[2];
    size_t i;
    unsigned t;
    memset(pl, 0, sizeof pl);
    for (i = 0; i < count; i++) {
        if (part == 16) {
            memcpy(x, vecs + i * stride, 16);
        } else {
            x[0] = x[1] = 0;
            memcpy(x, vecs + i * stride, part);
        }
        for (t = 0; t < 8; t++) {
            pl[t][0] ^= x[0] & mk[i][t][0];
            pl[t][1] ^= x[1] & mk[i][t][1];
        }
    }
    for (i = 0; i < 2; i++) {
        uint64_t p[8];
        for (t = 0; t < 8; t++) {
            p[t] = pl[t][i];
        }
        r[i] = mqs_fold_word(p);
    }
    memcpy(out, r, part);
}

static inline void matvec_body(uint8_t *out, const uint8_t *vecs, size_t stride,
                               const uint64_t (*mk)[8][2], size_t count, size_t len)
{
    size_t at;
    for (at = 0; at + 16 <= len; at += 16) {
        matvec_block(out + at, vecs + at, stride, mk, count, 16);
    }
    if (at < len) {
        matvec_block(out + at, vecs + at, stride, mk, count, len - at);
    }
}

void mqs_k_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, const uint64_t (*mk)[8][2],
                  size_t count, size_t len)
{
    matvec_body(out, vecs, stride, mk, count, len);
}

void mqs_k_matvec_o(uint8_t *out, const uint8_t *vecs, size_t stride, const uint64_t (*mk)[8][2],
                    size_t count)
{
    matvec_body(out, vecs, stride, mk, count, MQS_O);
}

void mqs_k_expand_vec(uint64_t xe[8][MQS_OW], const uint64_t x[MQS_OW])
{
    uint64_t e[8];
    unsigned w, t;
    for (w = 0; w < MQS_OW; w++) {
        mqs_expand_word(e, x[w]);
        for (t = 0; t < 8; t++) {
            xe[t][w] = e[t];
        }
    }
}

void mqs_k_outer(uint64_t acc[MQS_O][MQS_OW], const uint64_t xe[8][MQS_OW], const uint8_t s[MQS_O])
{
    unsigned j, w;
    for (j = 0; j < MQS_O; j++) {
        uint64_t m[8], m2[8][2];
        unsigned t;
        mqs_bit_masks(m, s[j]);
        for (t = 0; t < 8; t++) {
            m2[t][0] = m2[t][1] = m[t];
        }
        /* Two words at a time (one 16-byte block), then the odd word. */
        for (w = 0; w + 2 <= MQS_OW; w += 2) {
            uint64_t a0 = acc[j][w], a1 = acc[j][w + 1];
            for (t = 0; t < 8; t++) {
                a0 ^= m2[t][0] & xe[t][w];
                a1 ^= m2[t][1] & xe[t][w + 1];
            }
            acc[j][w] = a0;
            acc[j][w + 1] = a1;
        }
        if (MQS_OW % 2 != 0) {
            acc[j][MQS_OW - 1] ^= (m[0] & xe[0][MQS_OW - 1]) ^ (m[1] & xe[1][MQS_OW - 1]) ^
                                  (m[2] & xe[2][MQS_OW - 1]) ^ (m[3] & xe[3][MQS_OW - 1]) ^
                                  (m[4] & xe[4][MQS_OW - 1]) ^ (m[5] & xe[5][MQS_OW - 1]) ^
                                  (m[6] & xe[6][MQS_OW - 1]) ^ (m[7] & xe[7][MQS_OW - 1]);
        }
    }
}

void mqs_k_rowmul(uint64_t (*out)[MQS_OW], const uint8_t *a, unsigned nr, unsigned nk,
                  const uint64_t (*be)[8][MQS_OW], unsigned nw)
{
    unsigned r, k, w;
    for (r = 0; r < nr; r++) {
        for (k = 0; k < nk; k++) {
            uint64_t m[8];
            mqs_bit_masks(m, a[(size_t)r * nk + k]);
            for (w = 0; w < nw; w++) {
                out[r][w] ^= (m[0] & be[k][0][w]) ^ (m[1] & be[k][1][w]) ^ (m[2] & be[k][2][w]) ^
                             (m[3] & be[k][3][w]) ^ (m[4] & be[k][4][w]) ^ (m[5] & be[k][5][w]) ^
                             (m[6] & be[k][6][w]) ^ (m[7] & be[k][7][w]);
            }
        }
    }
}

static inline uint8_t row_byte(const uint64_t row[MQS_OW], unsigned i)
{
    return ((const uint8_t *)row)[i];
}

uint64_t mqs_k_gauss(uint64_t (*rows)[MQS_OW], unsigned nrows, unsigned window, unsigned nw)
{
    uint64_t ok = ~(uint64_t)0, be[8], xe[8][MQS_OW];
    unsigned i, j, w, stop;
    for (i = 0; i < nrows; i++) {
        uint8_t piv;
        stop = i + window < nrows ? i + window : nrows;
        for (j = i + 1; j < stop; j++) {
            /* Add row j while the pivot is still zero. */
            uint64_t z = ~(uint64_t)pqsig_ct_nonzero_mask_u32(row_byte(rows[i], i));
            z = (uint64_t)(uint32_t)z * ((1ull << 32) + 1);
            for (w = 0; w < nw; w++) {
                rows[i][w] ^= rows[j][w] & z;
            }
        }
        piv = row_byte(rows[i], i);
        ok &= (uint64_t)pqsig_ct_nonzero_mask_u32(piv) * ((1ull << 32) + 1);
        mqs_scalar_expand(be, mqs_gf_inv(piv));
        /* Row i is zero left of column i: only words from i/8 on change. */
        for (w = i / 8; w < nw; w++) {
            uint64_t e[8];
            unsigned t;
            rows[i][w] = mqs_mul_expanded(rows[i][w], be);
            mqs_expand_word(e, rows[i][w]);
            for (t = 0; t < 8; t++) {
                xe[t][w] = e[t];
            }
        }
        for (j = 0; j < nrows; j++) {
            uint64_t m[8];
            uint8_t f = row_byte(rows[j], i);
            if (j == i) {
                continue;
            }
            mqs_bit_masks(m, f);
            for (w = i / 8; w < nw; w++) {
                rows[j][w] ^= (m[0] & xe[0][w]) ^ (m[1] & xe[1][w]) ^ (m[2] & xe[2][w]) ^
                              (m[3] & xe[3][w]) ^ (m[4] & xe[4][w]) ^ (m[5] & xe[5][w]) ^
                              (m[6] & xe[6][w]) ^ (m[7] & xe[7][w]);
            }
        }
    }
    pqsig_zeroize(xe, sizeof xe);
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
