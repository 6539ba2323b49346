/* AES-128/AES-256 with the x86-64 AES instructions (built with -maes
 * -msse4.1 -mpclmul; reached only when CPUID reports AES-NI).
 *
 * The instructions take constant time, so this engine is constant time as
 * long as no branch depends on key, data or counter; the counter of CTR is
 * advanced arithmetically for that reason (a CTR_DRBG keeps it secret). */
#include <stddef.h>
#include <stdint.h>

#include <emmintrin.h>
#include <tmmintrin.h>
#include <wmmintrin.h>

#include "aes.h"
#include "aes_internal.h"
#include "ct.h"

/* Lane k becomes the XOR of lanes 0..k: in FIPS-197 5.2 each word of a
 * round key is the previous word XOR the word Nk positions back, so a whole
 * group of four follows from the group before plus one broadcast term. */
static inline __m128i prefix_xor4(__m128i v)
{
    v = _mm_xor_si128(v, _mm_slli_si128(v, 4));
    return _mm_xor_si128(v, _mm_slli_si128(v, 8));
}

/* Next four words when the first of them takes RotWord(SubWord(.)) ^ Rcon
 * of the last word before; AESKEYGENASSIST leaves that term in lane 3. */
static inline __m128i next_rot(__m128i back, __m128i assist)
{
    return _mm_xor_si128(prefix_xor4(back), _mm_shuffle_epi32(assist, 0xff));
}

/* AES-256 middle group (i mod 8 == 4): SubWord only, found in lane 2. */
static inline __m128i next_sub(__m128i back, __m128i assist)
{
    return _mm_xor_si128(prefix_xor4(back), _mm_shuffle_epi32(assist, 0xaa));
}

static void store_schedule(pqsig_aes_ctx *ctx, const __m128i *rk, unsigned count)
{
    unsigned i;
    for (i = 0; i < count; i++) {
        _mm_storeu_si128((__m128i *)(void *)(ctx->rk.bytes + 16 * i), rk[i]);
    }
}

/* AESKEYGENASSIST wants Rcon as an immediate, hence the unrolled steps. */
void pqsig_aesni_expand128(pqsig_aes_ctx *ctx, const uint8_t key[16])
{
    __m128i k[11];
    k[0] = _mm_loadu_si128((const __m128i *)(const void *)key);
    k[1] = next_rot(k[0], _mm_aeskeygenassist_si128(k[0], 0x01));
    k[2] = next_rot(k[1], _mm_aeskeygenassist_si128(k[1], 0x02));
    k[3] = next_rot(k[2], _mm_aeskeygenassist_si128(k[2], 0x04));
    k[4] = next_rot(k[3], _mm_aeskeygenassist_si128(k[3], 0x08));
    k[5] = next_rot(k[4], _mm_aeskeygenassist_si128(k[4], 0x10));
    k[6] = next_rot(k[5], _mm_aeskeygenassist_si128(k[5], 0x20));
    k[7] = next_rot(k[6], _mm_aeskeygenassist_si128(k[6], 0x40));
    k[8] = next_rot(k[7], _mm_aeskeygenassist_si128(k[7], 0x80));
    k[9] = next_rot(k[8], _mm_aeskeygenassist_si128(k[8], 0x1b));
    k[10] = next_rot(k[9], _mm_aeskeygenassist_si128(k[9], 0x36));
    store_schedule(ctx, k, 11);
    pqsig_zeroize(k, sizeof k);
}

/* Nk = 8: groups alternate between the RotWord/Rcon step (from the group
 * just made) and the SubWord-only step (FIPS-197 5.2, i mod Nk == 4). */
void pqsig_aesni_expand256(pqsig_aes_ctx *ctx, const uint8_t key[32])
{
    __m128i k[15];
    k[0] = _mm_loadu_si128((const __m128i *)(const void *)key);
    k[1] = _mm_loadu_si128((const __m128i *)(const void *)(key + 16));
    k[2] = next_rot(k[0], _mm_aeskeygenassist_si128(k[1], 0x01));
    k[3] = next_sub(k[1], _mm_aeskeygenassist_si128(k[2], 0x00));
    k[4] = next_rot(k[2], _mm_aeskeygenassist_si128(k[3], 0x02));
    k[5] = next_sub(k[3], _mm_aeskeygenassist_si128(k[4], 0x00));
    k[6] = next_rot(k[4], _mm_aeskeygenassist_si128(k[5], 0x04));
    k[7] = next_sub(k[5], _mm_aeskeygenassist_si128(k[6], 0x00));
    k[8] = next_rot(k[6], _mm_aeskeygenassist_si128(k[7], 0x08));
    k[9] = next_sub(k[7], _mm_aeskeygenassist_si128(k[8], 0x00));
    k[10] = next_rot(k[8], _mm_aeskeygenassist_si128(k[9], 0x10));
    k[11] = next_sub(k[9], _mm_aeskeygenassist_si128(k[10], 0x00));
    k[12] = next_rot(k[10], _mm_aeskeygenassist_si128(k[11], 0x20));
    k[13] = next_sub(k[11], _mm_aeskeygenassist_si128(k[12], 0x00));
    k[14] = next_rot(k[12], _mm_aeskeygenassist_si128(k[13], 0x40));
    store_schedule(ctx, k, 15);
    pqsig_zeroize(k, sizeof k);
}

static void load_schedule(const pqsig_aes_ctx *ctx, __m128i rk[15])
{
    unsigned i;
    for (i = 0; i <= ctx->rounds; i++) {
        rk[i] = _mm_loadu_si128((const __m128i *)(const void *)(ctx->rk.bytes + 16 * i));
    }
}

/* Eight independent blocks, so each AESENC overlaps the latency of the
 * others. x[] must already hold block ^ round key 0. */
static inline void rounds8(__m128i x[8], const __m128i *rk, unsigned nr)
{
    unsigned r, j;
    for (r = 1; r < nr; r++) {
        for (j = 0; j < 8; j++) {
            x[j] = _mm_aesenc_si128(x[j], rk[r]);
        }
    }
    for (j = 0; j < 8; j++) {
        x[j] = _mm_aesenclast_si128(x[j], rk[nr]);
    }
}

static inline __m128i rounds1(__m128i x, const __m128i *rk, unsigned nr)
{
    unsigned r;
    x = _mm_xor_si128(x, rk[0]);
    for (r = 1; r < nr; r++) {
        x = _mm_aesenc_si128(x, rk[r]);
    }
    return _mm_aesenclast_si128(x, rk[nr]);
}

void pqsig_aesni_ecb(const pqsig_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    __m128i rk[15], x[8];
    const unsigned nr = ctx->rounds;
    unsigned j;

    load_schedule(ctx, rk);
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        for (j = 0; j < 8; j++) {
            x[j] = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(in + 16 * j)), rk[0]);
        }
        rounds8(x, rk, nr);
        for (j = 0; j < 8; j++) {
            _mm_storeu_si128((__m128i *)(void *)(out + 16 * j), x[j]);
        }
    }
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)in);
        _mm_storeu_si128((__m128i *)(void *)out, rounds1(b, rk, nr));
    }
    pqsig_zeroize(rk, sizeof rk);
    pqsig_zeroize(x, sizeof x);
}

/* The counter is kept as two native halves; a block is built by swapping
 * the bytes of the whole 128-bit value (big-endian per SP 800-38A B.1). */
void pqsig_aesni_ctr_blocks(const pqsig_aes_ctx *ctx, uint8_t *out, size_t nblocks, const uint8_t iv[16],
                            uint64_t counter)
{
    const __m128i to_be = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i rk[15], x[8];
    const unsigned nr = ctx->rounds;
    uint64_t hi, lo;
    unsigned j;

    pqsig_aes_ctr_start(&hi, &lo, iv, counter);
    load_schedule(ctx, rk);
    while (nblocks > 0) {
        const unsigned n = nblocks >= 8 ? 8 : (unsigned)nblocks;
        for (j = 0; j < 8; j++) {
            uint64_t l = lo + j;
            /* carry out of lo + j, computed without a comparison */
            uint64_t c = ((lo & j) | ((lo | j) & ~l)) >> 63;
            __m128i v = _mm_set_epi64x((long long)(hi + c), (long long)l);
            x[j] = _mm_xor_si128(_mm_shuffle_epi8(v, to_be), rk[0]);
        }
        rounds8(x, rk, nr);
        for (j = 0; j < n; j++) {
            _mm_storeu_si128((__m128i *)(void *)(out + 16 * j), x[j]);
        }
        out += 16 * n;
        nblocks -= n;
        {
            uint64_t l = lo + 8;
            hi += ((lo & 8u) | ((lo | 8u) & ~l)) >> 63;
            /* Opaque to the optimiser: otherwise it may end this loop by
             * comparing the counter with a precomputed final value, a branch
             * on the counter instead of on the public length. */
            lo = pqsig_ct_barrier_u64(l);
        }
    }
    pqsig_zeroize(rk, sizeof rk);
    pqsig_zeroize(x, sizeof x);
    pqsig_zeroize(&hi, sizeof hi);
    pqsig_zeroize(&lo, sizeof lo);
}
