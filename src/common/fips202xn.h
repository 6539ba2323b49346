/* SHAKE128/SHAKE256 on 4 or 8 independent inputs at once (x4, x8), over
 * the 4-way and 8-way Keccak-f[1600] of native/api.h: a vector unit
 * permutes the states together (AVX2: 4, AVX-512: 8), so a caller that
 * needs several streams of equal length (matrix expansion, one stream per
 * row) gets them for little more than the price of one.
 *
 * Inputs of one call have equal lengths, and so do outputs; instance j
 * reads in[j] and writes out[j], and its result is exactly the scalar
 * SHAKE of fips202.h on in[j]. Absorb and squeeze take any lengths, in
 * any number of calls, as pqsig_shake_absorb/_squeeze do; whole blocks
 * (PQSIG_SHAKE128_RATE / PQSIG_SHAKE256_RATE bytes) squeezed from a block
 * boundary are the fast path. Outputs must not overlap inputs or each
 * other; several in[j] may point at the same bytes. */
#ifndef PQSIG_FIPS202XN_H
#define PQSIG_FIPS202XN_H

#include <stddef.h>
#include <stdint.h>

#include "fips202.h"
#include "native/api.h"

/* PQSIG_SHAKEX4_NATIVE_BUILD: 1 where this build has a 4-way permutation
 * for a vector unit (native/api.h), so that four streams may cost little
 * more than one (about 1.5 times one with AVX2 on Zen 4); 0 where every
 * 4-way call permutes the states one by one.
 * A caller that draws streams ahead of need (NCC-Sign's masks) sizes its
 * buffers by it, and asks pqsig_shakex4_native() whether this CPU runs the
 * native kernel. */
#if defined(PQSIG_COMMON_NATIVE_KECCAKX4)
#define PQSIG_SHAKEX4_NATIVE_BUILD 1
#else
#define PQSIG_SHAKEX4_NATIVE_BUILD 0
#endif

/* Sponge position shared by all instances (they move in lockstep). */
typedef struct {
    unsigned pos; /* byte position in the current rate block */
    unsigned rate;
    uint8_t dsbyte;
    uint8_t squeezing;
} pqsig_keccakxn_sponge;

/* s: lane-interleaved states, lane i of instance j at s[W * i + j]. */
typedef struct {
    uint64_t s[4 * 25];
    pqsig_keccakxn_sponge sp;
} pqsig_shakex4_ctx;

typedef struct {
    uint64_t s[8 * 25];
    pqsig_keccakxn_sponge sp;
} pqsig_shakex8_ctx;

/* The permutations (dispatchers of native/api.h). */
void pqsig_keccakf1600x4(uint64_t s[4 * 25]);
void pqsig_keccakf1600x8(uint64_t s[8 * 25]);
/* 1 when pqsig_keccakf1600x4 runs natively on this CPU, else 0. */
int pqsig_shakex4_native(void);

void pqsig_shake128x4_init(pqsig_shakex4_ctx *ctx);
void pqsig_shake256x4_init(pqsig_shakex4_ctx *ctx);
/* Absorb len more bytes of each input; only before the first squeeze. */
void pqsig_shakex4_absorb(pqsig_shakex4_ctx *ctx, const uint8_t *const in[4], size_t len);
/* Squeeze len bytes into each output; the first call pads. */
void pqsig_shakex4_squeeze(pqsig_shakex4_ctx *ctx, uint8_t *const out[4], size_t len);
/* Wipe the states (they may hold secrets). */
void pqsig_shakex4_release(pqsig_shakex4_ctx *ctx);
void pqsig_shake128x4(uint8_t *const out[4], size_t outlen, const uint8_t *const in[4], size_t inlen);
void pqsig_shake256x4(uint8_t *const out[4], size_t outlen, const uint8_t *const in[4], size_t inlen);
/* out[j][0 .. 168) = SHAKE128(in[j]) for inlen < 168 (one rate block):
 * the one-shot's bytes with less bookkeeping. PUBLIC inputs only (the
 * states are not wiped). */
void pqsig_shake128x4_block(uint8_t *const out[4], const uint8_t *const in[4], size_t inlen);

void pqsig_shake128x8_init(pqsig_shakex8_ctx *ctx);
void pqsig_shake256x8_init(pqsig_shakex8_ctx *ctx);
void pqsig_shakex8_absorb(pqsig_shakex8_ctx *ctx, const uint8_t *const in[8], size_t len);
void pqsig_shakex8_squeeze(pqsig_shakex8_ctx *ctx, uint8_t *const out[8], size_t len);
void pqsig_shakex8_release(pqsig_shakex8_ctx *ctx);
void pqsig_shake128x8(uint8_t *const out[8], size_t outlen, const uint8_t *const in[8], size_t inlen);
void pqsig_shake256x8(uint8_t *const out[8], size_t outlen, const uint8_t *const in[8], size_t inlen);
void pqsig_shake128x8_block(uint8_t *const out[8], const uint8_t *const in[8], size_t inlen);

#endif
