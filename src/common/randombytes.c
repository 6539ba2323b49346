/* Randomness from the operating system: getrandom(2) on Linux, getentropy
 * elsewhere. Errors are reported, never ignored: a failure zeroes the output
 * so that a caller that forgets to check does not use stale memory. */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "ct.h"
#include "pqsig.h"
#include "randombytes.h"

#if defined(__linux__)
#include <sys/random.h>
#include <sys/types.h>

int pqsig_randombytes(uint8_t *out, size_t len)
{
    size_t done = 0;
    while (done < len) {
        /* getrandom returns at most 33554431 bytes per call; ask in chunks. */
        size_t chunk = len - done > 1u << 20 ? 1u << 20 : len - done;
        ssize_t got = getrandom(out + done, chunk, 0);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            pqsig_zeroize(out, len);
            return PQSIG_ERR_RNG;
        }
        done += (size_t)got;
    }
    return PQSIG_OK;
}
#elif defined(__APPLE__) || defined(__OpenBSD__) || defined(__FreeBSD__)
#include <unistd.h>

int pqsig_randombytes(uint8_t *out, size_t len)
{
    size_t done = 0;
    while (done < len) {
        size_t chunk = len - done > 256 ? 256 : len - done; /* getentropy's limit */
        if (getentropy(out + done, chunk) != 0) {
            pqsig_zeroize(out, len);
            return PQSIG_ERR_RNG;
        }
        done += chunk;
    }
    return PQSIG_OK;
}
#else
/* Bare-metal platforms provide their own entropy source: the platform layer
 * defines pqsig_platform_entropy (see platform/). */
int pqsig_platform_entropy(uint8_t *out, size_t len);

int pqsig_randombytes(uint8_t *out, size_t len)
{
    if (pqsig_platform_entropy(out, len) != 0) {
        pqsig_zeroize(out, len);
        return PQSIG_ERR_RNG;
    }
    return PQSIG_OK;
}
#endif
