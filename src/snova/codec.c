/* SNOVA opt: elements <-> bytes for any q (Algorithms 3, 4; Table 6):
 * PACK_GF elements form one base-q number written little endian in
 * PACK_BYTES bytes; for q = 16 that is two nibbles a byte, low first. */
#include "common/ct.h"
#include "snova/opt.h"

void PQSIG_NS(snova_packer_init)(snova_packer *pk, uint8_t *out)
{
    pk->out = out;
    pk->value = 0;
    pk->scale = 1;
    pk->count = 0;
}

void PQSIG_NS(snova_packer_end)(snova_packer *pk)
{
    if (pk->count % SNOVA_PACK_GF != 0) {
        snova_packer_flush(pk, pk->count % SNOVA_PACK_GF);
    }
}

void PQSIG_NS(snova_packer_put_n)(snova_packer *pk, const uint8_t *x, size_t n)
{
    size_t k;
    /* the rest of a group already started, element by element */
    for (; n > 0 && pk->count % SNOVA_PACK_GF != 0; n--) {
        snova_packer_put(pk, *x++);
    }
    /* whole groups: the base-q number by Horner's rule from its last digit */
    for (; n >= SNOVA_PACK_GF; n -= SNOVA_PACK_GF, x += SNOVA_PACK_GF) {
        uint64_t v = 0;
        for (k = SNOVA_PACK_GF; k-- > 0;) {
            v = v * SNOVA_Q + x[k];
        }
        if (pk->out != NULL) {
            uint8_t *o = pk->out + SNOVA_BYTES_GF(pk->count);
            for (k = 0; k < SNOVA_PACK_BYTES; k++, v >>= 8) {
                o[k] = (uint8_t)v;
            }
        }
        pk->count += SNOVA_PACK_GF;
    }
    for (; n > 0; n--) {
        snova_packer_put(pk, *x++);
    }
}

void PQSIG_NS(snova_pack)(uint8_t *out, const uint8_t *x, size_t n)
{
    snova_packer pk;
    PQSIG_NS(snova_packer_init)(&pk, out);
    PQSIG_NS(snova_packer_put_n)(&pk, x, n);
    PQSIG_NS(snova_packer_end)(&pk);
}

/* A group's number in the narrowest word that holds it (q = 23: 4 bytes),
 * so that its divisions by q take as few steps as they can. */
#if SNOVA_PACK_BYTES <= 4
typedef uint32_t pack_word;
#else
typedef uint64_t pack_word;
#endif

/* v / q and v mod q without a division instruction (whose timing may
 * depend on the operands): a shift for q = 16, else a long division by
 * 16-bit digits (each step divides a number below 2^21 by multiply-shift). */
static pack_word divmod_q(pack_word v, uint32_t *rem)
{
#if SNOVA_Q == 16
    *rem = (uint32_t)(v & 15u);
    return v >> 4;
#else
    pack_word quo = 0;
    uint32_t r = 0;
    int k;
    for (k = (int)sizeof(pack_word) / 2 - 1; k >= 0; k--) {
        uint32_t cur = (r << 16) | (uint32_t)((v >> (16 * k)) & 0xffffu);
        uint32_t t = (uint32_t)(((uint64_t)cur * (uint64_t)(0xffffffffu / SNOVA_Q)) >> 32);
        uint32_t x = cur - t * SNOVA_Q - SNOVA_Q;
        uint32_t neg = x >> 31; /* 1: t was exact */
        r = x + (SNOVA_Q & (0u - neg));
        t += 1u - neg;
        quo |= (pack_word)t << (16 * k);
    }
    *rem = r;
    return quo;
#endif
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
        pack_word v = 0;
        if (count == SNOVA_PACK_GF) { /* a whole group: a constant count (one load where that compiles) */
            for (i = SNOVA_PACK_BYTES; i-- > 0;) {
                v = (pack_word)(v << 8) | in[b0 + i];
            }
        } else {
            for (i = b1; i > b0; i--) {
                v = (pack_word)(v << 8) | in[i - 1];
            }
        }
        for (i = 0; i < count; i++) {
            uint32_t r;
            if (ct) {
                v = divmod_q(v, &r);
            } else {
                r = (uint32_t)(v % SNOVA_Q);
                v /= SNOVA_Q;
            }
            x[first + i] = (uint8_t)r;
        }
        /* canonical only when the number was below q^count */
        excess |= v;
    }
    return (int)pqsig_ct_nonzero_mask_u32((uint32_t)excess | (uint32_t)(excess >> 32));
}

int PQSIG_NS(snova_unpack)(uint8_t *x, const uint8_t *in, size_t n)
{
    return unpack(x, in, n, 1);
}

int PQSIG_NS(snova_unpack_pub)(uint8_t *x, const uint8_t *in, size_t n)
{
    return unpack(x, in, n, 0);
}
