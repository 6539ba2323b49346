/* AES-128/AES-256 block encryption and CTR mode.
 *
 * Two engines behind one interface, chosen once per key at set-up:
 *  - portable: bitsliced, constant time (no table indexed by key or data);
 *  - AES-NI: on x86-64 CPUs that have it (pqsig_cpu_features()).
 * Both give identical output; tests check this. The context may hold an
 * expanded secret key: wipe it with pqsig_aes_release(). */
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
#define PQSIG_AES_ENGINE_AUTO 0xffu

/* Expand a key. engine = PQSIG_AES_ENGINE_AUTO picks AES-NI when the CPU
 * has it; forcing AESNI on a CPU without it falls back to portable. */
void pqsig_aes128_init(pqsig_aes_ctx *ctx, const uint8_t key[16], unsigned engine);
void pqsig_aes256_init(pqsig_aes_ctx *ctx, const uint8_t key[32], unsigned engine);

/* ECB encryption of nblocks 16-byte blocks (out may equal in). */
void pqsig_aes_ecb(const pqsig_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);

/* CTR keystream: block i is E(K, iv + i), the 16-byte iv read as a
 * big-endian 128-bit counter. Writes len bytes of keystream to out
 * (a trailing partial block takes the first bytes of its block). */
void pqsig_aes_ctr(const pqsig_aes_ctx *ctx, uint8_t *out, size_t len, const uint8_t iv[16]);

void pqsig_aes_release(pqsig_aes_ctx *ctx);

/* A CTR keystream that can be read in pieces of any length: consecutive
 * reads return consecutive keystream bytes (used for key expansion). */
typedef struct {
    pqsig_aes_ctx aes;
    uint8_t ctr[16];
    uint8_t buf[16 * 8];
    unsigned avail; /* unread bytes at the end of buf */
} pqsig_aes_ctr_stream;

void pqsig_aes_ctr_stream_init(pqsig_aes_ctr_stream *st, const uint8_t *key, size_t keylen,
                               const uint8_t iv[16]);
void pqsig_aes_ctr_stream_read(pqsig_aes_ctr_stream *st, uint8_t *out, size_t len);
void pqsig_aes_ctr_stream_release(pqsig_aes_ctr_stream *st);

#endif
