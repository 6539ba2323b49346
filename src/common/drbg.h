/* The AES-256 CTR DRBG of NIST SP 800-90A (no derivation function, no
 * prediction resistance, reseeding never requested) as the NIST PQC KAT
 * generators use it: it turns the 48-byte seed of each KAT record into the
 * randomness the scheme asks for. Deterministic by design: for KATs, for
 * reproducible tests, and as the secret-seeded PRNG some schemes specify
 * (MQ-Sign); constant time in its state for that use. */
#ifndef PQSIG_DRBG_H
#define PQSIG_DRBG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t key[32];
    uint8_t v[16];
    uint64_t reseed_counter;
} pqsig_drbg;

/* Instantiate with 48 bytes of entropy and an optional 48-byte
 * personalisation string (NULL for none). security_strength is accepted for
 * the NIST interface and must be at most 256. Returns 0 or a negative error. */
int pqsig_drbg_init(pqsig_drbg *d, const uint8_t entropy[48], const uint8_t *perso48,
                    int security_strength);
/* Generate len bytes (any length; one "generate" call of SP 800-90A). */
int pqsig_drbg_randombytes(pqsig_drbg *d, uint8_t *out, size_t len);
void pqsig_drbg_release(pqsig_drbg *d);

#endif
