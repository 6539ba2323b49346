/* Falcon: HashToPoint (specification v1.2, algorithm 3). */
#ifndef PQSIG_FALCON_HASH_H
#define PQSIG_FALCON_HASH_H

#include <stdint.h>

#include "common/fips202.h"
#include "falcon/ns.h"

/* falcon_hash_to_point is a kernel (native/api.h, kernels.h):
 * c: n values in [0, q) from a SHAKE256 context that has absorbed
 * nonce || message: 16-bit big-endian words, those below 5q = 61445 kept
 * and reduced mod q, the others skipped. Variable time: the point depends
 * on public data only (the nonce and the message). */
#include "falcon/kernels.h"
#include "falcon/params.h"

/* w mod q for w < 5q, without a division or a loop: floor(w / q) is
 * (w * 87375) >> 30 for every such w (test_falcon_kernels checks them all). */
static inline uint32_t falcon_red_5q(uint32_t w)
{
    return w - FALCON_Q * (uint32_t)(((uint64_t)w * 87375u) >> 30);
}

#endif
