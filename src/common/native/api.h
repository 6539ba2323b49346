/* The kernels of the shared primitives (Keccak, AES), in the convention of
 * src/common/native.h: each kernel has a contract, a portable twin that is
 * always built, and a native slot that a per-architecture meta.h fills in
 * at compile time (native/x86_64/meta.h today; aarch64 and rvv have room
 * next to it). Unlike a scheme's backends, these hooks are not a separate
 * implementation chosen by the registry: every implementation of every
 * scheme calls the dispatchers of fips202.h, fips202xn.h and aes.h, and a
 * native kernel declines at run time when the CPU lacks its feature.
 *
 * Keccak-f[1600] (FIPS 202 section 3). States may hold secrets (a SHAKE of
 * a secret seed): kernels take time independent of the lane values.
 *
 *   keccakf1600(s): s is one state, 25 lanes, lane x + 5y at s[x + 5y]
 *   (FIPS 202 B.1: the state string read as little-endian 64-bit words).
 *
 *   keccakf1600x4(s), keccakf1600x8(s): W = 4 or 8 independent states,
 *   lane-interleaved: lane i of state j at s[W * i + j] (100 or 200 words).
 *   Interleaved, because a vector kernel then loads lane i of all states
 *   with one vector load (AVX2: 4 x 64 bits, AVX-512: 8 x 64 bits) and no
 *   transposition happens per permutation; the sponge (keccakxn.c) reads
 *   and writes bytes lane by lane, so it pays nothing for the layout. The
 *   state must be 8-byte aligned; kernels accept any other alignment.
 *
 * A native kernel returns PQSIG_NATIVE_OK after permuting, or
 * PQSIG_NATIVE_FALLBACK with the state untouched. A meta.h that defines
 * PQSIG_COMMON_NATIVE_KECCAKX4 also gives keccakf1600x4_available_native():
 * 1 exactly when keccakf1600x4_native would permute on this CPU (callers
 * that draw streams ahead of need ask it: fips202xn.h).
 *
 *   keccakx4_extract(out, off, lanes, n): the squeeze's output of whole
 *   lanes from the x4 layout, a 4 x 4 transposition of words: bytes
 *   8i .. 8i + 7 of out[j] + off are lanes[4i + j], little-endian, for
 *   i < n (n <= 25). Lanes may be secret. Native slot (meta.h defines
 *   PQSIG_COMMON_NATIVE_KECCAKX4_EXTRACT): PQSIG_NATIVE_OK after writing,
 *   or PQSIG_NATIVE_FALLBACK having written nothing; the twin is the lane
 *   loop of keccakxn.c's get_bytes.
 *
 *   shake128x4_block(out, in, inlen): pqsig_shake128x4_block of
 *   fips202xn.h whole (PUBLIC inputs of inlen < 168 bytes; out[j] gets
 *   the 168 bytes of SHAKE128(in[j])), so that the padded block is built
 *   in vectors and the state never leaves the kernel. Native slot (meta.h
 *   defines PQSIG_COMMON_NATIVE_SHAKE128X4_BLOCK): PQSIG_NATIVE_OK, or
 *   PQSIG_NATIVE_FALLBACK having written nothing.
 *
 * AES (FIPS-197) keeps its engines (aes.h): the context records the engine
 * chosen at key set-up and the round-key format that goes with it
 * (portable: bitsliced; hardware engines: 16-byte round keys). Keys, data
 * and counters may be secret (a CTR_DRBG's V): no branch or address may
 * depend on them. The native slot, when a meta.h defines
 * PQSIG_COMMON_NATIVE_AES:
 *   aes_engine_native(requested): the engine to use for a request
 *   (PQSIG_AES_ENGINE_*), one this CPU runs, PORTABLE if none;
 *   aes_expand_native(ctx, key, nk), aes_ecb_native(ctx, out, in, n),
 *   aes_ctr_blocks_native(ctx, out, n, iv, counter): the operations of
 *   aes.h for a context of a native engine; they decline (FALLBACK, nothing
 *   written) exactly when ctx->engine is PORTABLE, and the portable engine
 *   of aes.c runs. */
#ifndef PQSIG_COMMON_NATIVE_API_H
#define PQSIG_COMMON_NATIVE_API_H

#include <stdint.h>

#include "common/native.h"

/* Portable twins (keccak.c, keccakxn.c). */
void pqsig_keccakf1600_c(uint64_t s[25]);
void pqsig_keccakf1600x4_c(uint64_t s[4 * 25]);
void pqsig_keccakf1600x8_c(uint64_t s[8 * 25]);

/* PQSIG_COMMON_PORTABLE leaves the slot empty: the portable code alone,
 * to test it on a host whose CPU would take the native kernels. */
#if defined(__x86_64__) && !defined(PQSIG_COMMON_PORTABLE)
#include "common/native/x86_64/meta.h"
#endif

#endif
