/* x86-64 hooks of the shared primitives (contracts in ../api.h). Every
 * kernel checks pqsig_cpu_features() (cached after the first call) and
 * declines without the feature its file was compiled for. */
#ifndef PQSIG_COMMON_NATIVE_X86_64_META_H
#define PQSIG_COMMON_NATIVE_X86_64_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/aes.h"
#include "common/aes_internal.h"
#include "common/cpu.h"
#include "common/native.h"

/* keccak_bmi2.c: the scalar permutation with andn/rorx. */
void pqsig_keccakf1600_bmi2(uint64_t s[25]);
/* keccakx4_avx2.c: 4 states whose lane i starts at s[stride * i]
 * (stride 4: the x4 layout; stride 8: half of the x8 layout). */
void pqsig_keccakf1600x4_avx2(uint64_t *s, size_t stride);
/* keccakx8_avx512.c: the x8 layout, AVX-512F; and the layouts of
 * pqsig_keccakf1600x4_avx2 on 256-bit vectors with AVX-512VL. */
void pqsig_keccakf1600x8_avx512(uint64_t s[8 * 25]);
void pqsig_keccakf1600x4_avx512vl(uint64_t *s, size_t stride);

/* The 4-way permutation where the CPU runs it: AVX-512VL's (rotations
 * and three-input logic in one instruction each), else AVX2's. Shared by
 * every implementation, as the other primitives are: the CPU decides. */
static inline void keccakf1600x4_best(uint64_t *s, size_t stride)
{
    const uint32_t vl = PQSIG_CPU_AVX512F | PQSIG_CPU_AVX512VL;
    if ((pqsig_cpu_features() & vl) == vl) {
        pqsig_keccakf1600x4_avx512vl(s, stride);
    } else {
        pqsig_keccakf1600x4_avx2(s, stride);
    }
}

#define PQSIG_COMMON_NATIVE_KECCAKX1
static inline int keccakf1600_native(uint64_t s[25])
{
    if ((pqsig_cpu_features() & PQSIG_CPU_BMI2) == 0) {
        return PQSIG_NATIVE_FALLBACK;
    }
    pqsig_keccakf1600_bmi2(s);
    return PQSIG_NATIVE_OK;
}

#define PQSIG_COMMON_NATIVE_KECCAKX4
static inline int keccakf1600x4_available_native(void)
{
    return (pqsig_cpu_features() & PQSIG_CPU_AVX2) != 0;
}

static inline int keccakf1600x4_native(uint64_t s[4 * 25])
{
    if (!keccakf1600x4_available_native()) {
        return PQSIG_NATIVE_FALLBACK;
    }
    keccakf1600x4_best(s, 4);
    return PQSIG_NATIVE_OK;
}

/* keccakx4_avx2.c: lanes out of the x4 layout, four words transposed per
 * four lanes. */
void pqsig_keccakx4_extract_avx2(uint8_t *const out[4], size_t off, const uint64_t *lanes, size_t n);

#define PQSIG_COMMON_NATIVE_KECCAKX4_EXTRACT
static inline int keccakx4_extract_native(uint8_t *const out[4], size_t off, const uint64_t *lanes, size_t n)
{
    if (!keccakf1600x4_available_native()) {
        return PQSIG_NATIVE_FALLBACK;
    }
    pqsig_keccakx4_extract_avx2(out, off, lanes, n);
    return PQSIG_NATIVE_OK;
}

/* keccakx4_avx2.c: pqsig_shake128x4_block on AVX2 vectors. Declined where
 * AVX-512VL runs the 4-way permutation (keccakf1600x4_best): its rotations
 * and three-input logic gain more than the vector-built block. */
void pqsig_shake128x4_block_avx2(uint8_t *const out[4], const uint8_t *const in[4], size_t inlen);

#define PQSIG_COMMON_NATIVE_SHAKE128X4_BLOCK
static inline int shake128x4_block_native(uint8_t *const out[4], const uint8_t *const in[4], size_t inlen)
{
    if ((pqsig_cpu_features() & (PQSIG_CPU_AVX2 | PQSIG_CPU_AVX512VL)) != PQSIG_CPU_AVX2) {
        return PQSIG_NATIVE_FALLBACK;
    }
    pqsig_shake128x4_block_avx2(out, in, inlen);
    return PQSIG_NATIVE_OK;
}

/* keccakx8_avx512.c: pqsig_shake128x8_block on eight states in AVX-512
 * registers (the portable one builds and reads a state in memory). */
void pqsig_shake128x8_block_avx512(uint8_t *const out[8], const uint8_t *const in[8], size_t inlen);

#define PQSIG_COMMON_NATIVE_SHAKE128X8_BLOCK
static inline int shake128x8_block_native(uint8_t *const out[8], const uint8_t *const in[8], size_t inlen)
{
    if ((pqsig_cpu_features() & PQSIG_CPU_AVX512F) == 0) {
        return PQSIG_NATIVE_FALLBACK;
    }
    pqsig_shake128x8_block_avx512(out, in, inlen);
    return PQSIG_NATIVE_OK;
}

/* AVX-512F runs all eight at once; with AVX2 only, two halves of four. */
#define PQSIG_COMMON_NATIVE_KECCAKX8
static inline int keccakf1600x8_native(uint64_t s[8 * 25])
{
    const uint32_t f = pqsig_cpu_features();
    if ((f & PQSIG_CPU_AVX512F) != 0) {
        pqsig_keccakf1600x8_avx512(s);
        return PQSIG_NATIVE_OK;
    }
    if ((f & PQSIG_CPU_AVX2) != 0) {
        pqsig_keccakf1600x4_avx2(s, 8);
        pqsig_keccakf1600x4_avx2(s + 4, 8);
        return PQSIG_NATIVE_OK;
    }
    return PQSIG_NATIVE_FALLBACK;
}

/* AES: AES-NI, and VAES (four blocks per AVX-512 instruction) for CTR. A
 * request for VAES on a CPU without it gets AES-NI, as AUTO does. */
#define PQSIG_COMMON_NATIVE_AES
static inline unsigned aes_engine_native(unsigned requested)
{
    const uint32_t f = pqsig_cpu_features();
    const uint32_t vaes = PQSIG_CPU_VAES | PQSIG_CPU_AVX512F | PQSIG_CPU_AVX512BW;
    if (requested == PQSIG_AES_ENGINE_PORTABLE || (f & PQSIG_CPU_AESNI) == 0) {
        return PQSIG_AES_ENGINE_PORTABLE;
    }
    if (requested != PQSIG_AES_ENGINE_AESNI && (f & vaes) == vaes) {
        return PQSIG_AES_ENGINE_VAES;
    }
    return PQSIG_AES_ENGINE_AESNI;
}

/* Both hardware engines share the AES-NI key schedule (16-byte round keys). */
static inline int aes_expand_native(pqsig_aes_ctx *ctx, const uint8_t *key, unsigned nk)
{
    if (ctx->engine == PQSIG_AES_ENGINE_PORTABLE) {
        return PQSIG_NATIVE_FALLBACK;
    }
    if (nk == 8) {
        pqsig_aesni_expand256(ctx, key);
    } else {
        pqsig_aesni_expand128(ctx, key);
    }
    return PQSIG_NATIVE_OK;
}

static inline int aes_ecb_native(const pqsig_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (ctx->engine == PQSIG_AES_ENGINE_PORTABLE) {
        return PQSIG_NATIVE_FALLBACK;
    }
    pqsig_aesni_ecb(ctx, out, in, nblocks);
    return PQSIG_NATIVE_OK;
}

static inline int aes_ctr_blocks_native(const pqsig_aes_ctx *ctx, uint8_t *out, size_t nblocks,
                                        const uint8_t iv[16], uint64_t counter)
{
    if (ctx->engine == PQSIG_AES_ENGINE_PORTABLE) {
        return PQSIG_NATIVE_FALLBACK;
    }
    if (ctx->engine == PQSIG_AES_ENGINE_VAES) {
        pqsig_aes_ctr_blocks_vaes(ctx, out, nblocks, iv, counter);
    } else {
        pqsig_aesni_ctr_blocks(ctx, out, nblocks, iv, counter);
    }
    return PQSIG_NATIVE_OK;
}

#endif
