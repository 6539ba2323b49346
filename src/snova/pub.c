/* SNOVA opt: the public-seed expansion read at any position (pub.h). */
#include <string.h>

#include "common/ct.h"
#include "common/endian.h"
#include "common/fips202.h"
#include "common/fips202xn.h"
#include "snova/native/api.h"
#include "snova/pub.h"

void PQSIG_NS(snova_pub_init)(snova_pub *p, const uint8_t seed[SNOVA_SEED_PUBLIC_BYTES], const uint8_t *mem,
                              size_t mem_bytes)
{
    memcpy(p->seed, seed, SNOVA_SEED_PUBLIC_BYTES);
    p->cache_idx = 0;
    p->cache_n = 0;
    p->mem = mem;
    p->mem_bytes = mem != NULL ? mem_bytes : 0;
#if SNOVA_AES
    pqsig_aes128_init(&p->aes, seed, PQSIG_AES_ENGINE_AUTO);
#endif
}

void PQSIG_NS(snova_pub_release)(snova_pub *p)
{
#if SNOVA_AES
    pqsig_aes_release(&p->aes);
#endif
    pqsig_zeroize(p, sizeof(*p));
}

#if !SNOVA_AES
typedef char snova_pub_unit_is_a_block[SNOVA_PUB_UNIT == PQSIG_SHAKE128_RATE ? 1 : -1];

/* Units a batch: 8 where the kernel set runs the 8-way SHAKE128 faster
 * (native/api.h, snova_shake_x8), 4 where the CPU runs a 4-way
 * permutation natively, else 1: without one, the 4-way SHAKE permutes the
 * four states one by one on the interleaved layout, slower than four
 * separate streams (a Cortex-M4 verification took 5 % more). */
static unsigned shake_lanes(void)
{
#if defined(PQSIG_SNOVA_NATIVE_SHAKE_X8)
    if (snova_shake_x8_native() == PQSIG_NATIVE_OK) {
        return 8;
    }
#endif
    return pqsig_shakex4_native() ? 4u : 1u;
}
#endif

/* Units u .. u + count - 1 of the expansion into out: AES-128-CTR blocks
 * (key = seed, counter = unit index, big endian) or SNOVA-SHAKE blocks
 * SHAKE128(seed || LE64(u)) of 168 bytes, a batch of `lanes` (1, 4 or 8)
 * per call of SHAKE128 or its 4- or 8-way form (one vector permutation
 * where the CPU has one). The lanes of the last batch past count produce
 * the next units into the cache (out is then not the cache). */
static void gen_units(snova_pub *p, uint8_t *out, size_t u, size_t count, unsigned lanes)
{
#if SNOVA_AES
    uint8_t ctr[16];
    unsigned k;
    (void)lanes;
    memset(ctr, 0, sizeof(ctr));
    for (k = 0; k < 8; k++) {
        ctr[15 - k] = (uint8_t)((uint64_t)u >> (8 * k));
    }
    pqsig_aes_ctr(&p->aes, out, count * SNOVA_PUB_UNIT, ctr);
#else
    uint8_t in[8][SNOVA_SEED_PUBLIC_BYTES + 8];
    size_t n;
    unsigned j;
    for (j = 0; j < lanes; j++) {
        memcpy(in[j], p->seed, SNOVA_SEED_PUBLIC_BYTES);
    }
    for (n = 0; n < count; n += lanes) {
        uint8_t *outs[8];
        const uint8_t *ins[8];
        for (j = 0; j < lanes; j++) {
            pqsig_st64_le(in[j] + SNOVA_SEED_PUBLIC_BYTES, (uint64_t)(u + n + j));
            ins[j] = in[j];
            outs[j] = n + j < count ? out + (n + j) * SNOVA_PUB_UNIT : p->cache + (n + j - count) * SNOVA_PUB_UNIT;
        }
        if (lanes == 8) {
            pqsig_shake128x8_block(outs, ins, sizeof(in[0]));
        } else if (lanes == 4) {
            pqsig_shake128x4_block(outs, ins, sizeof(in[0]));
        } else {
            pqsig_shake128(outs[0], SNOVA_PUB_UNIT, ins[0], sizeof(in[0]));
        }
    }
    if (count % lanes != 0) {
        p->cache_idx = u + count;
        p->cache_n = lanes - count % lanes;
    }
#endif
}

void PQSIG_NS(snova_pub_read)(snova_pub *p, uint8_t *out, size_t off, size_t len)
{
    /* units a batch: 16 AES blocks, or a call of SHAKE128 or its 4- or 8-way form */
#if SNOVA_AES
    const unsigned lanes = SNOVA_PUB_CACHE_UNITS;
#else
    const unsigned lanes = shake_lanes();
#endif
    if (p->mem != NULL && off + len <= p->mem_bytes) {
        memcpy(out, p->mem + off, len);
        return;
    }
    while (len > 0) {
        const size_t u = off / SNOVA_PUB_UNIT, skip = off % SNOVA_PUB_UNIT;
        size_t take;
        if (u - p->cache_idx < p->cache_n) {
            /* from the cache, up to its end */
            const size_t at = (u - p->cache_idx) * SNOVA_PUB_UNIT + skip;
            take = p->cache_n * SNOVA_PUB_UNIT - at < len ? p->cache_n * SNOVA_PUB_UNIT - at : len;
            memcpy(out, p->cache + at, take);
        } else if (skip == 0 && len >= SNOVA_PUB_UNIT) {
            /* Whole units straight into out (the units after them may
             * fill the cache: a region usually ends inside the next one,
             * where the following region starts). */
            const size_t n = len / SNOVA_PUB_UNIT;
            gen_units(p, out, u, n, lanes);
            take = n * SNOVA_PUB_UNIT;
        } else {
            /* the cache is emptied first: gen_units writes into it */
            p->cache_n = 0;
            gen_units(p, p->cache, u, lanes, lanes);
            p->cache_idx = u;
            p->cache_n = lanes;
            continue;
        }
        out += take;
        off += take;
        len -= take;
    }
}

void PQSIG_NS(snova_msg_target)(uint8_t target[SNOVA_HASH_BYTES], uint8_t md[SNOVA_DIGEST_BYTES],
                                const uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES], const uint8_t *m, size_t mlen,
                                const uint8_t salt[SNOVA_SALT_BYTES])
{
    pqsig_shake_ctx ctx;
    pqsig_shake256_init(&ctx);
    pqsig_shake_absorb(&ctx, pk_seed, SNOVA_SEED_PUBLIC_BYTES);
#if SNOVA_RAW_MESSAGE_HASH
    (void)md;
    pqsig_shake_absorb(&ctx, m, mlen);
#else
    pqsig_shake256(md, SNOVA_DIGEST_BYTES, m, mlen);
    pqsig_shake_absorb(&ctx, md, SNOVA_DIGEST_BYTES);
#endif
    pqsig_shake_absorb(&ctx, salt, SNOVA_SALT_BYTES);
    pqsig_shake_squeeze(&ctx, target, SNOVA_HASH_BYTES);
    pqsig_shake_release(&ctx);
}

void PQSIG_NS(snova_vinegar_bytes)(uint8_t out[SNOVA_VINEGAR_BYTES],
                                   const uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES],
                                   const uint8_t target[SNOVA_HASH_BYTES], const uint8_t md[SNOVA_DIGEST_BYTES],
                                   const uint8_t salt[SNOVA_SALT_BYTES], uint8_t attempt)
{
    pqsig_shake_ctx ctx;
    pqsig_shake256_init(&ctx);
    pqsig_shake_absorb(&ctx, sk_seed, SNOVA_SEED_PRIVATE_BYTES);
#if SNOVA_RAW_MESSAGE_HASH
    (void)md;
    (void)salt;
    pqsig_shake_absorb(&ctx, target, SNOVA_HASH_BYTES);
#else
    (void)target;
    pqsig_shake_absorb(&ctx, md, SNOVA_DIGEST_BYTES);
    pqsig_shake_absorb(&ctx, salt, SNOVA_SALT_BYTES);
#endif
    pqsig_shake_absorb(&ctx, &attempt, 1);
    pqsig_shake_squeeze(&ctx, out, SNOVA_VINEGAR_BYTES);
    pqsig_shake_release(&ctx);
}
