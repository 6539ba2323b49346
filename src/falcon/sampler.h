/* Falcon round 3: the integer Gaussian sampler SamplerZ (specification
 * v1.2, algorithms 12 to 15: BaseSampler, ApproxExp, BerExp, SamplerZ), as
 * round 3 draws its random bytes from the ChaCha20 generator of prng.h.
 *
 * Per attempt SamplerZ reads: 8 + 1 bytes for the base sampler (a 72-bit
 * value: a 64-bit read, then a byte for the top 8 bits), 1 byte for the
 * sign bit (its low bit), then 1 to 8 bytes for the Bernoulli trial. */
#ifndef PQSIG_FALCON_SAMPLER_H
#define PQSIG_FALCON_SAMPLER_H

#include "falcon/fpr.h"
#include "falcon/ns.h"
#include "falcon/prng.h"

typedef struct {
    falcon_prng p;
    fpr sigma_min; /* fpr_sigma_min[logn] */
} falcon_sampler_ctx;

#define falcon_gaussian0 FALCON_NS(falcon_gaussian0)
#define falcon_rcdt_hi FALCON_NS(falcon_rcdt_hi)
#define falcon_rcdt_lo FALCON_NS(falcon_rcdt_lo)

/* BaseSampler's reverse cumulative table at 72 bits (sampler.c): entry i
 * split into bits 40..71 (hi) and 0..39 (lo); 18 entries and two zero
 * entries of padding for vector code. */
#define FALCON_RCDT_ENTRIES 18u
#define FALCON_RCDT_PADDED 20u
extern const uint64_t falcon_rcdt_hi[FALCON_RCDT_PADDED];
extern const uint64_t falcon_rcdt_lo[FALCON_RCDT_PADDED];

/* BaseSampler: a value >= 0 of the half-Gaussian of standard deviation
 * sigma0 = 1.8205, from a 72-bit uniform value (9 bytes of p; the table
 * lookup is the kernel falcon_base_sampler). Constant time. */
int falcon_gaussian0(falcon_prng *p);

/* SamplerZ: an integer of the discrete Gaussian of center mu and standard
 * deviation 1/isigma (isigma in [1/1.9, 1/1.2] or so: sigma between
 * sigma_min and 1.8205). The time depends only on the number of rejected
 * attempts and on how many bytes each Bernoulli trial reads. It is a
 * kernel: falcon_sampler_z in kernels.h, its twin in native/api.h. */

#endif
