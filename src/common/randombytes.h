/* Randomness from the operating system. */
#ifndef PQSIG_RANDOMBYTES_H
#define PQSIG_RANDOMBYTES_H

#include <stddef.h>
#include <stdint.h>

/* Fill out with len bytes from the OS. Returns 0, or PQSIG_ERR_RNG (and
 * zeroes out) when the OS cannot provide them. */
int pqsig_randombytes(uint8_t *out, size_t len);

#endif
