/* Falcon round 3: the sampler's ChaCha20 generator (see prng.h for the
 * exact output layout). Blocks are computed side by side, one vector lane
 * per block, four at a time: in that arrangement round 3's interleaved
 * layout is simply each state word's lanes stored one after the other.
 * The vectors are GNU C generic vectors; the compiler maps them onto the
 * target's SIMD unit (SSE2, NEON, ...) or onto scalar code. */
#include <string.h>

#include "common/ct.h"
#include "falcon/kernels.h"
#include "falcon/prng.h"

typedef uint32_t lanes4 __attribute__((vector_size(16)));

#define ROTL(v, c) (((v) << (c)) | ((v) >> (32 - (c))))

/* The ChaCha quarter round on state words a, b, c, d of all lanes. */
#define QROUND(x, a, b, c, d)                                                                      \
    do {                                                                                           \
        x[a] += x[b];                                                                              \
        x[d] = ROTL(x[d] ^ x[a], 16);                                                              \
        x[c] += x[d];                                                                              \
        x[b] = ROTL(x[b] ^ x[c], 12);                                                              \
        x[a] += x[b];                                                                              \
        x[d] = ROTL(x[d] ^ x[a], 8);                                                               \
        x[c] += x[d];                                                                              \
        x[b] = ROTL(x[b] ^ x[c], 7);                                                               \
    } while (0)

static uint32_t load_le32(const uint8_t *s)
{
    return (uint32_t)s[0] | ((uint32_t)s[1] << 8) | ((uint32_t)s[2] << 16) | ((uint32_t)s[3] << 24);
}

void falcon_prng_init(falcon_prng *p, pqsig_shake_ctx *src)
{
    uint8_t seed[56];
    unsigned i;
    pqsig_shake_squeeze(src, seed, sizeof seed);
    for (i = 0; i < 12; i++) {
        p->key[i] = load_le32(seed + 4 * i);
    }
    p->ctr = (uint64_t)load_le32(seed + 48) | ((uint64_t)load_le32(seed + 52) << 32);
    pqsig_zeroize(seed, sizeof seed);
    falcon_prng_refill(p);
}

/* Four blocks side by side: ChaCha's 16 state words then fill the 16
 * vector registers of SSE2 or NEON; the portable kernel runs this twice. */
static void chacha_x4(uint32_t *out, const uint32_t key[12], uint64_t ctr, unsigned lane0)
{
    /* "expand 32-byte k" */
    static const uint32_t sigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
    lanes4 x[16], in[16];
    unsigned i, j;

    for (i = 0; i < 4; i++) {
        for (j = 0; j < 4; j++) {
            in[i][j] = sigma[i];
        }
    }
    for (i = 0; i < 12; i++) {
        for (j = 0; j < 4; j++) {
            in[4 + i][j] = key[i];
        }
    }
    /* Lane j is block ctr + j; the counter is XORed into words 14, 15.
     * The counter comes from the secret seed: through a barrier in each
     * step, so that no compiler makes it an induction variable (gcc -O1 did
     * in the AVX2 twin, chacha_avx2.c). */
    for (j = 0; j < 4; j++) {
        uint64_t c = pqsig_ct_barrier_u64(ctr) + j;
        in[14][j] ^= (uint32_t)c;
        in[15][j] ^= (uint32_t)(c >> 32);
    }

    for (i = 0; i < 16; i++) {
        x[i] = in[i];
    }
    for (i = 0; i < 10; i++) {
        /* columns */
        QROUND(x, 0, 4, 8, 12);
        QROUND(x, 1, 5, 9, 13);
        QROUND(x, 2, 6, 10, 14);
        QROUND(x, 3, 7, 11, 15);
        /* diagonals */
        QROUND(x, 0, 5, 10, 15);
        QROUND(x, 1, 6, 11, 12);
        QROUND(x, 2, 7, 8, 13);
        QROUND(x, 3, 4, 9, 14);
    }
    for (i = 0; i < 16; i++) {
        x[i] += in[i];
        for (j = 0; j < 4; j++) {
            out[8 * i + lane0 + j] = x[i][j];
        }
    }
}

void falcon_chacha20x8_c(uint32_t w[128], const uint32_t key[12], uint64_t ctr)
{
    chacha_x4(w, key, ctr, 0);
    chacha_x4(w, key, ctr + 4, 4);
}

void falcon_prng_refill(falcon_prng *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* the buffer's words are little-endian already */
    falcon_chacha20x8(p->buf.w, p->key, p->ctr);
#else
    uint32_t w[128];
    unsigned i;
    falcon_chacha20x8(w, p->key, p->ctr);
    for (i = 0; i < 128; i++) {
        uint8_t *d = p->buf.b + 4 * i;
        d[0] = (uint8_t)w[i];
        d[1] = (uint8_t)(w[i] >> 8);
        d[2] = (uint8_t)(w[i] >> 16);
        d[3] = (uint8_t)(w[i] >> 24);
    }
    pqsig_zeroize(w, sizeof w);
#endif
    p->ctr += 8;
    p->pos = 0;
}
