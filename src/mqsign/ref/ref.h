/* MQ-Sign reference implementation: internal interface.
 *
 * The oracle: the specification (MQ-Sign v2.1, sections 3-4) written out
 * plainly, one equation at a time, with table-driven field arithmetic. It
 * is NOT constant time (tables indexed by secrets, early exits) and is not
 * meant for use with real keys; the constant-time code is the frontend in
 * src/mqsign/. Nothing here is shared with that frontend. */
#ifndef PQSIG_MQSIGN_REF_H
#define PQSIG_MQSIGN_REF_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "mqsign/params.h"

/* GF(256) in the tower representation GF(((2^2)^2)^2):
 *   GF(4)   = GF(2)[x] / (x^2 + x + 1)
 *   GF(16)  = GF(4)[y] / (y^2 + y + x)
 *   GF(256) = GF(16)[X] / (X^2 + X + x*y)
 * A byte is hi*X + lo (nibbles), a nibble hi*y + lo (bit pairs), a bit pair
 * hi*x + lo. Products come from a full table built per operation. */
typedef struct {
    uint8_t mul[256][256];
    uint8_t inv[256];
} ref_gf;

#define ref_gf_init PQSIG_NS(ref_gf_init)
#define ref_hash_digest PQSIG_NS(ref_hash_digest)
#define ref_f1 PQSIG_NS(ref_f1)
#define ref_mono PQSIG_NS(ref_mono)

void ref_gf_init(ref_gf *f);

/* The message digest y = H(M || salt || ph) in GF(256)^o (ph omitted when
 * the variant binds nothing; ph may then be NULL). */
void ref_hash_digest(uint8_t y[MQS_O], const uint8_t *m, size_t mlen, const uint8_t salt[MQS_SALT_BYTES],
                     const uint8_t *ph);

/* Coefficient of x_i x_j (i <= j < v) in equation e of the central map's
 * vinegar-vinegar part, read from the secret key's F1 block. */
uint8_t ref_f1(const uint8_t *sk, unsigned e, unsigned i, unsigned j);

/* Index of the monomial x_i x_j (i <= j < dim) in row-by-row upper-triangular order. */
size_t ref_mono(unsigned i, unsigned j, unsigned dim);

#endif
