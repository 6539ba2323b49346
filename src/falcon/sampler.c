/* Falcon round 3: SamplerZ and its parts (see sampler.h). */
#include "common/ct.h"
#include "falcon/kernels.h"
#include "falcon/sampler.h"

/* The reverse cumulative distribution of the base sampler at 72 bits:
 * entry i is 2^72 * P(Z > i) for the half-Gaussian Z of sigma0 = 1.8205,
 * computed as round 3 does, by summing floor(2^72 * P(Z = z)) over z > i
 * (exact arithmetic, Python mpmath at 80 digits; the result equals round
 * 3's table). Each entry is split into bits 40..71 and bits 0..39, so that
 * a comparison is a two-word borrow chain in 64-bit arithmetic. Two zero
 * entries pad the table to 20 for vector code: a zero entry never exceeds
 * u. */
const uint64_t falcon_rcdt_hi[FALCON_RCDT_PADDED] = {
    2750936110u, 1423125272u, 578670032u, 181499203u, 43353196u, 7817927u,
    1058013u,    107007u,     8064u,      451u,       18u,       0u,
    0u,          0u,          0u,         0u,         0u,        0u,
    0u,          0u,
};
const uint64_t falcon_rcdt_lo[FALCON_RCDT_PADDED] = {
    UINT64_C(0xD3AC391802), UINT64_C(0x1F3F7DDB82), UINT64_C(0x934829C1FF), UINT64_C(0x77C7994AE4),
    UINT64_C(0xAEF33F1F6F), UINT64_C(0x54ED74BD5F), UINT64_C(0x542B776AE4), UINT64_C(0xDC65AD63DA),
    UINT64_C(0xD88A7B6428), UINT64_C(0xFDB2040C69), UINT64_C(0xCF24D031FB), UINT64_C(0x949F8B091F),
    UINT64_C(0x03665DA998), UINT64_C(0x000EBF6EBB), UINT64_C(0x00002F5D7E), UINT64_C(0x0000007098),
    UINT64_C(0x00000000C6), UINT64_C(0x0000000001), 0u, 0u,
};

int falcon_base_sampler_c(uint64_t lo, uint32_t top)
{
    /* u = top * 2^64 + lo, split like the table. */
    uint64_t uh = ((uint64_t)top << 24) | (lo >> 40);
    uint64_t ul = lo & UINT64_C(0xFFFFFFFFFF);
    uint64_t count = 0;
    unsigned i;
    /* The result is the number of entries above u. Both halves of each
     * difference fit in 41 bits, so bit 63 is the borrow. */
    for (i = 0; i < FALCON_RCDT_ENTRIES; i++) {
        uint64_t br = (ul - falcon_rcdt_lo[i]) >> 63;
        count += (uh - falcon_rcdt_hi[i] - br) >> 63;
    }
    return (int)count;
}

int falcon_gaussian0(falcon_prng *p)
{
    uint64_t lo = falcon_prng_u64(p);
    uint32_t top = falcon_prng_u8(p);
    return falcon_base_sampler(lo, top);
}

/* BerExp: 1 with probability ccs * exp(-x), for x >= 0.
 *
 * x = s * log(2) + r with 0 <= r < log(2); then ccs * exp(-x) =
 * 2^-s * ccs * exp(-r), a 64-bit fixed-point value z. The trial compares a
 * uniform 64-bit value with z one byte at a time from the top and stops at
 * the first byte that differs, as round 3 does: how many bytes it reads is
 * part of round 3's signature (it moves every later PRNG read).
 *
 * Timing: this exposes where the first difference lies and the outcome,
 * i.e. the pattern of rejections, which round 3 exposes the same way; the
 * values z and the random bytes stay secret. The two facts are declassified
 * for the constant-time test (they steer branches by design), nothing
 * else. Falcon's analysis relies on the outcome not depending noticeably
 * on the key: the ccs = sigma_min / sigma scaling makes the acceptance
 * rate of SamplerZ independent of sigma. */
static int ber_exp(falcon_prng *p, fpr x, fpr ccs)
{
    int64_t s = fpr_trunc(fpr_mul(x, fpr_inv_log2));
    fpr r = fpr_sub(x, fpr_mul(fpr_of(s), fpr_log2));
    uint32_t sh = (uint32_t)s;
    uint64_t z;
    uint32_t diff, more, accept;
    int shift;
    /* For s >= 64 the probability is below 2^-64 anyway: clamp to 63. */
    sh = pqsig_ct_select_u32(pqsig_ct_lt_mask_u32(63u, sh), 63u, sh);
    /* fpr_expm_p63 gives ccs * exp(-r) * 2^63; doubled to 2^64, minus 1 so
     * that the value 2^64 (r = 0, ccs = 1) stays in range. */
    z = ((fpr_expm_p63(r, ccs) << 1) - 1) >> sh;
    shift = 64;
    do {
        shift -= 8;
        diff = falcon_prng_u8(p) - (uint32_t)((z >> shift) & 0xFFu);
        /* Whether the bytes were equal (see above). */
        more = pqsig_ct_eq_mask_u32(diff, 0) & 1u;
        PQSIG_CT_DECLASSIFY(&more, sizeof more);
    } while (more && shift > 0);
    /* Accept when the random value is below z (the outcome: see above). */
    accept = diff >> 31;
    PQSIG_CT_DECLASSIFY(&accept, sizeof accept);
    return (int)accept;
}

int falcon_sampler_z_c(falcon_sampler_ctx *sc, fpr mu, fpr isigma)
{
    /* mu = c + r with c an integer and r in [0, 1). */
    int64_t c = fpr_floor(mu);
    fpr r = fpr_sub(mu, fpr_of(c));
    /* 1 / (2 sigma^2) and sigma_min / sigma. */
    fpr dss = fpr_half(fpr_sqr(isigma));
    fpr ccs = fpr_mul(isigma, sc->sigma_min);

    for (;;) {
        /* A candidate from the bimodal distribution: z0 from the
         * half-Gaussian, then with a random bit b either b = 1, z = z0 + 1
         * (the half centred on 1) or b = 0, z = -z0. */
        int z0 = falcon_gaussian0(&sc->p);
        int b = (int)(falcon_prng_u8(&sc->p) & 1u);
        int z = b + (2 * b - 1) * z0;
        /* Keep z with probability exp(-x), the ratio of the target
         * Gaussian (centre r, sigma) to the one z was drawn from (centre b,
         * sigma0), scaled by sigma_min / sigma so that the acceptance rate
         * does not depend on sigma. */
        fpr x = fpr_mul(fpr_sqr(fpr_sub(fpr_of(z), r)), dss);
        x = fpr_sub(x, fpr_mul(fpr_of((int64_t)z0 * z0), fpr_inv_2sqrsigma0));
        if (ber_exp(&sc->p, x, ccs)) {
            return (int)c + z;
        }
    }
}
