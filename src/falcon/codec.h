/* Falcon: the byte encodings of round 3 (specification v1.2, section 3.11).
 * Encoders return the number of bytes written (0: does not fit); decoders
 * return the number of bytes read, or 0 for an encoding that no honest
 * party produces. */
#ifndef PQSIG_FALCON_CODEC_H
#define PQSIG_FALCON_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "falcon/ns.h"

#define falcon_modq_encode FALCON_NS(falcon_modq_encode)
#define falcon_modq_decode FALCON_NS(falcon_modq_decode)
#define falcon_trim_i8_encode FALCON_NS(falcon_trim_i8_encode)
#define falcon_trim_i8_decode FALCON_NS(falcon_trim_i8_decode)
#define falcon_comp_encode FALCON_NS(falcon_comp_encode)
#define falcon_comp_decode FALCON_NS(falcon_comp_decode)

/* h: n values in [0, q), 14 bits each, most significant bit first. The
 * decoder rejects a value >= q and nonzero bits after the last value. */
size_t falcon_modq_encode(uint8_t *out, size_t cap, const uint16_t *h, unsigned logn);
size_t falcon_modq_decode(uint16_t *h, unsigned logn, const uint8_t *in, size_t len);

/* Small secret polynomials: n two's-complement values of `bits` bits; the
 * value -2^(bits-1) is not used (encoder: 0 when a value does not fit;
 * decoder: rejected). Constant time in the values; the decoder's result
 * tells only whether the encoding is valid. */
size_t falcon_trim_i8_encode(uint8_t *out, size_t cap, const int8_t *x, unsigned logn, unsigned bits);
size_t falcon_trim_i8_decode(int8_t *x, unsigned logn, unsigned bits, const uint8_t *in, size_t len);

/* The compressed form of s2: per value a sign bit, the 7 low bits of |v|,
 * then |v| >> 7 zeros and a one; the last byte padded with zero bits.
 * |v| <= 2047. The decoder rejects "minus zero", |v| > 2047 and nonzero
 * padding bits. Not constant time: a signature is public. */
size_t falcon_comp_encode(uint8_t *out, size_t cap, const int16_t *s, unsigned logn);
size_t falcon_comp_decode(int16_t *s, unsigned logn, const uint8_t *in, size_t len);

#endif
