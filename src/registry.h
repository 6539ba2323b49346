/* The descriptor of one (algorithm, implementation): what the registry
 * lists and what the generic API dispatches through. Every variant defines
 * one, through src/common/variant.c; registry.c gathers them. */
#ifndef PQSIG_REGISTRY_H
#define PQSIG_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "pqsig.h"

/* Layout of the NIST signed message sm. */
#define PQSIG_SM_SIG_MSG 0u /* sm = sig || m */
#define PQSIG_SM_MSG_SIG 1u /* sm = m || sig */
#define PQSIG_SM_CUSTOM 2u  /* the variant supplies sign_message and open */

struct pqsig_alg {
    pqsig_details d;
    /* Core operations. The *_rng forms may be NULL: the generic layer then
     * draws keypair_seed_bytes / sign_rnd_bytes in ONE call and uses the
     * derand form, which is how the official code draws them too. Schemes
     * that draw randomness several times supply their own *_rng. */
    int (*keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed);
    int (*keypair_rng)(uint8_t *pk, uint8_t *sk, const pqsig_rng *rng);
    int (*sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                       const uint8_t *sk, const uint8_t *rnd);
    int (*sign_rng)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                    const uint8_t *sk, const pqsig_rng *rng);
    int (*verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                  const uint8_t *pk);
    /* Signed-message forms: NULL unless sm_layout is PQSIG_SM_CUSTOM. */
    int (*sign_message)(uint8_t *sm, size_t *smlen, const uint8_t *m, size_t mlen,
                        const uint8_t *sk, const pqsig_rng *rng);
    int (*open)(uint8_t *m, size_t *mlen, const uint8_t *sm, size_t smlen, const uint8_t *pk);
    unsigned sm_layout;
    /* Expanded keys (optional; see pqsig_expand_sk). esk_bytes / epk_bytes
     * are the sizes of the bodies the functions read and write (aligned to
     * PQSIG_EXPANDED_ALIGN); 0 with NULL functions when the implementation
     * has nothing to precompute: the generic layer then keeps a copy of the
     * key. A variant with a native expanded sign has no sign_rng. */
    size_t esk_bytes;
    size_t epk_bytes;
    int (*expand_sk)(uint8_t *esk, const uint8_t *sk);
    int (*sign_expanded_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                const uint8_t *esk, const uint8_t *rnd);
    int (*expand_pk)(uint8_t *epk, const uint8_t *pk);
    int (*verify_expanded)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                           const uint8_t *epk);
    /* Caller scratch (the _temp forms): temp_bytes of PQSIG_V_TEMP_BYTES at
     * alignment PQSIG_TEMP_ALIGN; 0 with NULL functions when the
     * implementation has none (the generic layer then runs the plain forms,
     * on the stack). */
    size_t temp_bytes;
    int (*keypair_derand_temp)(uint8_t *pk, uint8_t *sk, const uint8_t *seed, void *tmp);
    int (*sign_derand_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                            const uint8_t *sk, const uint8_t *rnd, void *tmp);
    int (*verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                       const uint8_t *pk, void *tmp);
    /* Public-key validation (NULL: nothing to check beyond the length) and
     * hedged signing randomness (NULL: the fresh draw is used as it is);
     * see src/common/variant_api.h. */
    int (*check_pk)(const uint8_t *pk);
    void (*hedge)(uint8_t *rnd, const uint8_t *key, int expanded, const uint8_t *fresh,
                  const uint8_t *m, size_t mlen);
    /* Known answers: the official .rsp this variant reproduces, relative to
     * the kat directory (e.g. "snova/v2.2/PQCsignKAT_SNOVA_24_5_16_4.rsp"),
     * and the text of its first line after "# ". NULL if none. */
    const char *kat_file;
    const char *kat_header;
};

/* The registry: a NULL-terminated table built from the variants compiled in. */
extern const pqsig_alg *const pqsig_registry[];

/* Selection, factored out for unit tests: the entry of `name` in `table`
 * that runs with `cpu`, either the given `impl` or (impl == NULL) the
 * fastest. NULL when none. */
const pqsig_alg *pqsig_registry_select(const pqsig_alg *const *table, const char *name,
                                       const char *impl, uint32_t cpu);
/* Rank of an implementation name for "fastest first"; higher is faster.
 * -1: a test implementation (decline), never chosen unless asked for by
 * name; -2: unknown. */
int pqsig_impl_rank(const char *impl);

#endif
