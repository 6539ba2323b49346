/* AES-128/AES-256 block encryption and CTR mode.
 *
 * Engines behind one interface, chosen once per key at set-up:
 *  - portable: bitsliced, constant time (no table indexed by key or data);
 *  - AES-NI: on x86-64 CPUs that have it (pqsig_cpu_features());
 *  - VAES: AES-NI's key schedule and ECB, CTR four blocks per AVX-512
 *    instruction (x86-64 with VAES, AVX-512F and AVX-512BW).
 * The hardware engines are the native slot of native/api.h. All give
 * identical output; tests check this. The context may hold an expanded
 * secret key: wipe it with pqsig_aes_release(). */
#ifndef PQSIG_AES_H
#define PQSIG_AES_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    /* Round keys. The portable engine keeps them bitsliced, AES-NI as
     * 16-byte blocks; 15 round keys * 16 bytes covers AES-256 for both. */
    union {
        uint64_t sliced[15 * 8];
        uint8_t bytes[15 * 16];
    } rk;
    unsigned rounds; /* 10 or 14 */
    unsigned engine; /* PQSIG_AES_ENGINE_* in use */
} pqsig_aes_ctx;

#define PQSIG_AES_ENGINE_PORTABLE 0u
#define PQSIG_AES_ENGINE_AESNI 1u
#define PQSIG_AES_ENGINE_VAES 2u
#define PQSIG_AES_ENGINE_AUTO 0xffu

/* Expand a key. engine = PQSIG_AES_ENGINE_AUTO picks the fastest engine
 * the CPU has; a forced engine the CPU lacks falls back to the next one
 * it has (VAES to AES-NI, AES-NI to portable). */
void pqsig_aes128_init(pqsig_aes_ctx *ctx, const uint8_t key[16], unsigned engine);
void pqsig_aes256_init(pqsig_aes_ctx *ctx, const uint8_t key[32], unsigned engine);

/* ECB encryption of nblocks 16-byte blocks (out may equal in). */
void pqsig_aes_ecb(const pqsig_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);

/* CTR keystream: block i is E(K, iv + i), the 16-byte iv read as a
 * big-endian 128-bit counter. Writes len bytes of keystream to out
 * (a trailing partial block takes the first bytes of its block). */
void pqsig_aes_ctr(const pqsig_aes_ctx *ctx, uint8_t *out, size_t len, const uint8_t iv[16]);

/* nblocks whole blocks of CTR keystream from any position: block i is
 * E(K, iv + counter + i), iv a big-endian 128-bit integer, sums mod 2^128.
 * So a caller with a fixed nonce reads block `counter` onwards without
 * re-encoding the counter (SNOVA: iv = 0, counter = unit index; NCC-Sign:
 * iv = nonce, counter = block index). The counter may be secret. */
void pqsig_aes_ctr_blocks(const pqsig_aes_ctx *ctx, uint8_t *out, size_t nblocks, const uint8_t iv[16],
                          uint64_t counter);

void pqsig_aes_release(pqsig_aes_ctx *ctx);

/* A CTR keystream that can be read in pieces of any length: consecutive
 * reads return consecutive keystream bytes (used for key expansion). */
typedef struct {
    pqsig_aes_ctx aes;
    uint8_t iv[16];
    uint64_t next;      /* index (from iv) of the next block to make */
    uint8_t buf[16 * 8];
    unsigned avail; /* unread bytes at the end of buf */
} pqsig_aes_ctr_stream;

void pqsig_aes_ctr_stream_init(pqsig_aes_ctr_stream *st, const uint8_t *key, size_t keylen,
                               const uint8_t iv[16]);
void pqsig_aes_ctr_stream_read(pqsig_aes_ctr_stream *st, uint8_t *out, size_t len);
void pqsig_aes_ctr_stream_release(pqsig_aes_ctr_stream *st);

#endif
