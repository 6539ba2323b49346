/* A template, included by the generated frontend of a set after variant.c,
 * once per backend implementation sharing that frontend (src/common/kset.h).
 * The build defines, before each inclusion:
 *   PQSIG_KSET_NAMESPACE  the implementation's namespace (pqsig_<scheme>_<set>_<impl>_)
 *   PQSIG_KSET_IMPL_NAME  its name ("avx2")
 *   PQSIG_KSET_ID         its kernel set (PQSIG_KSET_AVX2)
 *   PQSIG_KSET_CPU        the CPU features it needs (PQSIG_KSET_CPU_AVX2)
 * and this file gives the implementation a descriptor whose operations are
 * thunks around opt's, and its NIST API. No include guard. */
#include "kset.h"

#define PQSIG_KT(name) PQSIG_CAT(PQSIG_KSET_NAMESPACE, PQSIG_CAT(thunk_, name))

/* One thunk: opt's operation `name` run with the kernel set selected. */
#define PQSIG_KSET_THUNK(name, params, args)                                                       \
    static int PQSIG_KT(name) params                                                               \
    {                                                                                              \
        const unsigned saved = pqsig_kset_enter(PQSIG_KSET_ID, PQSIG_KSET_CPU);                    \
        const int rc = PQSIG_NS(name) args;                                                        \
        pqsig_kset_leave(saved);                                                                   \
        return rc;                                                                                 \
    }

PQSIG_KSET_THUNK(keypair_derand, (uint8_t * pk, uint8_t * sk, const uint8_t *seed), (pk, sk, seed))
PQSIG_KSET_THUNK(sign_derand,
                 (uint8_t * sig, size_t * siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                  const uint8_t *rnd),
                 (sig, siglen, m, mlen, sk, rnd))
PQSIG_KSET_THUNK(verify, (const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk),
                 (sig, siglen, m, mlen, pk))
#ifdef PQSIG_V_KEYPAIR_RNG
PQSIG_KSET_THUNK(keypair_rng, (uint8_t * pk, uint8_t * sk, const pqsig_rng *rng), (pk, sk, rng))
#endif
#ifdef PQSIG_V_SIGN_RNG
PQSIG_KSET_THUNK(sign_rng,
                 (uint8_t * sig, size_t * siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                  const pqsig_rng *rng),
                 (sig, siglen, m, mlen, sk, rng))
#endif
#ifdef PQSIG_V_CUSTOM_SM
PQSIG_KSET_THUNK(sign_message,
                 (uint8_t * sm, size_t * smlen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                  const pqsig_rng *rng),
                 (sm, smlen, m, mlen, sk, rng))
PQSIG_KSET_THUNK(open, (uint8_t * m, size_t * mlen, const uint8_t *sm, size_t smlen, const uint8_t *pk),
                 (m, mlen, sm, smlen, pk))
#endif
#ifdef PQSIG_V_EXPANDED
PQSIG_KSET_THUNK(expand_sk, (uint8_t * esk, const uint8_t *sk), (esk, sk))
PQSIG_KSET_THUNK(sign_expanded_derand,
                 (uint8_t * sig, size_t * siglen, const uint8_t *m, size_t mlen, const uint8_t *esk,
                  const uint8_t *rnd),
                 (sig, siglen, m, mlen, esk, rnd))
PQSIG_KSET_THUNK(expand_pk, (uint8_t * epk, const uint8_t *pk), (epk, pk))
PQSIG_KSET_THUNK(verify_expanded,
                 (const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *epk),
                 (sig, siglen, m, mlen, epk))
#endif
#ifdef PQSIG_V_TEMP_BYTES
PQSIG_KSET_THUNK(keypair_derand_temp, (uint8_t * pk, uint8_t * sk, const uint8_t *seed, void *tmp),
                 (pk, sk, seed, tmp))
PQSIG_KSET_THUNK(sign_derand_temp,
                 (uint8_t * sig, size_t * siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                  const uint8_t *rnd, void *tmp),
                 (sig, siglen, m, mlen, sk, rnd, tmp))
PQSIG_KSET_THUNK(verify_temp,
                 (const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk,
                  void *tmp),
                 (sig, siglen, m, mlen, pk, tmp))
#endif
#ifdef PQSIG_V_CHECK_PK
PQSIG_KSET_THUNK(check_pk, (const uint8_t *pk), (pk))
#endif

const pqsig_alg PQSIG_CAT(PQSIG_KSET_NAMESPACE, alg) =
    PQSIG_V_ALG(PQSIG_KSET_IMPL_NAME, PQSIG_STR(PQSIG_KSET_NAMESPACE), PQSIG_KSET_CPU, PQSIG_KT);

#define PQSIG_VN_PREFIX PQSIG_KSET_NAMESPACE
#include "variant_nist.h"
#undef PQSIG_VN_PREFIX

#undef PQSIG_KSET_THUNK
#undef PQSIG_KT
