/* pqsig: post-quantum signatures, the generic API.
 *
 * Algorithms are looked up by name ("SNOVA_24_5_16_4", "Falcon-512", ...).
 * A lookup returns a handle into the library's static registry: there is
 * nothing to allocate or free, and handles stay valid for the life of the
 * program. Every function returns PQSIG_OK (0) or a negative pqsig_error.
 *
 * Buffers: outputs come first; sizes are in the details of the algorithm.
 * On error, outputs are zeroised (keys, signatures) or left untouched
 * (verification never writes). Nothing past *siglen is ever written. */
#ifndef PQSIG_H
#define PQSIG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define PQSIG_API __attribute__((visibility("default")))
#define PQSIG_NODISCARD __attribute__((warn_unused_result))
#else
#define PQSIG_API
#define PQSIG_NODISCARD
#endif

typedef enum {
    PQSIG_OK = 0,
    PQSIG_ERR_BAD_ARGUMENT = -1,   /* NULL pointer, unknown name, ... */
    PQSIG_ERR_BAD_LENGTH = -2,     /* a buffer or input of the wrong size */
    PQSIG_ERR_MALFORMED_KEY = -3,  /* a key that does not decode */
    PQSIG_ERR_INVALID_SIGNATURE = -4,
    PQSIG_ERR_RNG = -5,            /* the random number source failed */
    PQSIG_ERR_SIGN_ATTEMPTS = -6,  /* signing gave up after its retry bound */
    PQSIG_ERR_UNSUPPORTED = -7,    /* not available on this CPU or build */
    PQSIG_ERR_BAD_CONFIG = -8      /* PQSIG_IMPL names no implementation that may be forced */
} pqsig_error;

/* Flags of an algorithm (pqsig_details.flags). */
#define PQSIG_FLAG_BROKEN (1u << 0)      /* a published attack breaks it: tests only */
#define PQSIG_FLAG_RECOMMENDED (1u << 1) /* the variant its authors recommend */
#define PQSIG_FLAG_LEGACY (1u << 2)      /* an older version kept for compatibility */
#define PQSIG_FLAG_DETERMINISTIC (1u << 3) /* signing uses no randomness */

typedef struct pqsig_alg pqsig_alg;

typedef struct {
    const char *name;    /* algorithm name, as accepted by pqsig_find */
    const char *scheme;  /* family: "snova", "mqsign", "nccsign", "falcon" */
    const char *impl;    /* "ref", "opt", "avx2", "avx512", "neon", "rvv", "m4" */
    const char *version; /* version of the specification, e.g. "2.2" */
    int level;           /* claimed NIST security level */
    size_t public_key_bytes;
    size_t secret_key_bytes;
    size_t signature_bytes;    /* maximum signature length */
    size_t keypair_seed_bytes; /* seed length of pqsig_keypair_derand */
    size_t sign_rnd_bytes;     /* randomness length of pqsig_sign_derand */
    uint32_t flags;            /* PQSIG_FLAG_* */
    uint32_t cpu_features;     /* CPU features the implementation needs */
    const char *nist_prefix;   /* e.g. "pqsig_snova_24_5_16_4_opt_": its NIST API in libpqsig.a */
} pqsig_details;

/* Randomness supplied by the caller: fill(state, out, len) returns 0 on
 * success. Used for known-answer tests (the NIST DRBG) and custom sources. */
typedef struct {
    int (*fill)(void *state, uint8_t *out, size_t len);
    void *state;
} pqsig_rng;

/* The fastest implementation of `name` this CPU runs, or NULL. The
 * environment variable PQSIG_IMPL, read once per process, forces one of the
 * constant-time implementations ("opt", "avx2", ...: never "ref", which
 * pqsig_find_impl reaches by name), for tests and benchmarks. */
PQSIG_API const pqsig_alg *pqsig_find(const char *name);
/* The same with the reason for a failure: PQSIG_ERR_BAD_ARGUMENT (no such
 * algorithm), PQSIG_ERR_UNSUPPORTED (not for this CPU), PQSIG_ERR_BAD_CONFIG
 * (PQSIG_IMPL names an implementation that cannot be forced or that this
 * algorithm lacks). *alg is NULL on failure. */
PQSIG_API PQSIG_NODISCARD int pqsig_find_checked(const char *name, const pqsig_alg **alg);
/* A given implementation ("ref", "opt", ...), or NULL if it is not built or
 * this CPU cannot run it. */
PQSIG_API const pqsig_alg *pqsig_find_impl(const char *name, const char *impl);

/* Every registered (algorithm, implementation), including those this CPU
 * cannot run: index 0 .. pqsig_count() - 1. */
PQSIG_API size_t pqsig_count(void);
PQSIG_API const pqsig_alg *pqsig_at(size_t index);
/* Whether this CPU can run the implementation. */
PQSIG_API int pqsig_runs_here(const pqsig_alg *alg);

PQSIG_API const pqsig_details *pqsig_get_details(const pqsig_alg *alg);

PQSIG_API PQSIG_NODISCARD int pqsig_keypair(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk);
PQSIG_API PQSIG_NODISCARD int pqsig_keypair_derand(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk,
                                                   const uint8_t *seed);
PQSIG_API PQSIG_NODISCARD int pqsig_keypair_rng(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk,
                                                const pqsig_rng *rng);

/* *siglen: on input the capacity of sig, on output the signature length.
 * pqsig_sign draws fresh randomness from the operating system and, where a
 * scheme needs it (MQ-Sign), hedges it with a secret of the key and the
 * message, so that a failing or repeating source cannot leak the key. The
 * _derand and _rng forms use the randomness given as the official code
 * does (KATs): never reuse an rnd for two messages. */
PQSIG_API PQSIG_NODISCARD int pqsig_sign(const pqsig_alg *alg, uint8_t *sig, size_t *siglen,
                                         const uint8_t *m, size_t mlen, const uint8_t *sk);
PQSIG_API PQSIG_NODISCARD int pqsig_sign_derand(const pqsig_alg *alg, uint8_t *sig, size_t *siglen,
                                                const uint8_t *m, size_t mlen, const uint8_t *sk,
                                                const uint8_t *rnd);
PQSIG_API PQSIG_NODISCARD int pqsig_sign_rng(const pqsig_alg *alg, uint8_t *sig, size_t *siglen,
                                             const uint8_t *m, size_t mlen, const uint8_t *sk,
                                             const pqsig_rng *rng);

/* PQSIG_OK if sig is a valid signature of m under pk. */
PQSIG_API PQSIG_NODISCARD int pqsig_verify(const pqsig_alg *alg, const uint8_t *sig, size_t siglen,
                                           const uint8_t *m, size_t mlen, const uint8_t *pk);

/* What can be checked of a public key alone, beyond its length: canonical
 * encodings, and stored hashes that must match the key (MQ-Sign's H(P)).
 * PQSIG_OK, PQSIG_ERR_BAD_LENGTH or PQSIG_ERR_MALFORMED_KEY. Plain
 * verification binds a signature to the parts of the key it uses (see
 * each scheme's README); a key from an untrusted party should be checked
 * once, or verified with pqsig_verify_strict, which does both. */
PQSIG_API PQSIG_NODISCARD int pqsig_check_public_key(const pqsig_alg *alg, const uint8_t *pk,
                                                     size_t pklen);
PQSIG_API PQSIG_NODISCARD int pqsig_verify_strict(const pqsig_alg *alg, const uint8_t *sig,
                                                  size_t siglen, const uint8_t *m, size_t mlen,
                                                  const uint8_t *pk, size_t pklen);

/* The NIST "signed message" forms, in each scheme's official layout.
 * *smlen: capacity on input (at least mlen + signature_bytes), length out.
 * pqsig_open writes the message to m (capacity *mlen on input). */
PQSIG_API PQSIG_NODISCARD int pqsig_sign_message_rng(const pqsig_alg *alg, uint8_t *sm, size_t *smlen,
                                                     const uint8_t *m, size_t mlen,
                                                     const uint8_t *sk, const pqsig_rng *rng);
PQSIG_API PQSIG_NODISCARD int pqsig_open(const pqsig_alg *alg, uint8_t *m, size_t *mlen,
                                         const uint8_t *sm, size_t smlen, const uint8_t *pk);

/* ---- Expanded keys ----
 * Expanding a key from its seeds is most of the cost of signing or
 * verifying for several schemes (SNOVA: the public matrices). To sign many
 * messages with one secret key, or verify many with one public key, expand
 * the key once into memory the caller owns and use the *_expanded forms:
 * they give exactly the signatures and results of the plain forms.
 *
 * Every algorithm accepts these calls; where an implementation has nothing
 * to precompute, the expanded key holds a copy of the key.
 * - The buffer is at least pqsig_expanded_sk_bytes(alg) (or _pk_) long and
 *   aligned to PQSIG_EXPANDED_ALIGN bytes (aligned_alloc, posix_memalign);
 *   otherwise PQSIG_ERR_BAD_LENGTH / PQSIG_ERR_BAD_ARGUMENT.
 * - It belongs to the handle that made it (that algorithm AND
 *   implementation) and to this process: another handle rejects it with
 *   PQSIG_ERR_BAD_ARGUMENT. It is not a storage format.
 * - pqsig_expand_pk validates the key as pqsig_check_public_key does
 *   (PQSIG_ERR_MALFORMED_KEY): verifications with an expanded key are
 *   strict.
 * - An expanded secret key is as secret as the key: wipe it with pqsig_wipe
 *   before freeing it. The library keeps no pointer to it. */
#define PQSIG_EXPANDED_ALIGN 64

PQSIG_API size_t pqsig_expanded_sk_bytes(const pqsig_alg *alg);
PQSIG_API size_t pqsig_expanded_pk_bytes(const pqsig_alg *alg);
PQSIG_API PQSIG_NODISCARD int pqsig_expand_sk(const pqsig_alg *alg, void *esk, size_t esk_bytes,
                                              const uint8_t *sk);
PQSIG_API PQSIG_NODISCARD int pqsig_expand_pk(const pqsig_alg *alg, void *epk, size_t epk_bytes,
                                              const uint8_t *pk);
PQSIG_API PQSIG_NODISCARD int pqsig_sign_expanded(const pqsig_alg *alg, uint8_t *sig, size_t *siglen,
                                                  const uint8_t *m, size_t mlen, const void *esk);
PQSIG_API PQSIG_NODISCARD int pqsig_sign_expanded_derand(const pqsig_alg *alg, uint8_t *sig,
                                                         size_t *siglen, const uint8_t *m, size_t mlen,
                                                         const void *esk, const uint8_t *rnd);
PQSIG_API PQSIG_NODISCARD int pqsig_sign_expanded_rng(const pqsig_alg *alg, uint8_t *sig,
                                                      size_t *siglen, const uint8_t *m, size_t mlen,
                                                      const void *esk, const pqsig_rng *rng);
PQSIG_API PQSIG_NODISCARD int pqsig_verify_expanded(const pqsig_alg *alg, const uint8_t *sig,
                                                    size_t siglen, const uint8_t *m, size_t mlen,
                                                    const void *epk);

/* ---- Caller scratch (_temp forms) ----
 * The same operations with the large working state in memory the caller
 * gives, so that no operation needs more than 16 KiB of stack (threads
 * with small stacks, microcontrollers). pqsig_temp_bytes(alg) bytes at any
 * alignment; the library aligns them to PQSIG_TEMP_ALIGN inside. The
 * scratch holds secrets during the call and is wiped before return; it may
 * be reused for any number of calls, never by two calls at once. Results
 * are those of the plain forms. An implementation without _temp forms
 * (the ref oracles) has pqsig_temp_bytes 0 and runs its plain forms. */
#define PQSIG_TEMP_ALIGN 64

PQSIG_API size_t pqsig_temp_bytes(const pqsig_alg *alg);
PQSIG_API PQSIG_NODISCARD int pqsig_keypair_temp(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk,
                                                 void *tmp, size_t tmplen);
PQSIG_API PQSIG_NODISCARD int pqsig_keypair_derand_temp(const pqsig_alg *alg, uint8_t *pk,
                                                        uint8_t *sk, const uint8_t *seed, void *tmp,
                                                        size_t tmplen);
PQSIG_API PQSIG_NODISCARD int pqsig_sign_temp(const pqsig_alg *alg, uint8_t *sig, size_t *siglen,
                                              const uint8_t *m, size_t mlen, const uint8_t *sk,
                                              void *tmp, size_t tmplen);
PQSIG_API PQSIG_NODISCARD int pqsig_sign_derand_temp(const pqsig_alg *alg, uint8_t *sig,
                                                     size_t *siglen, const uint8_t *m, size_t mlen,
                                                     const uint8_t *sk, const uint8_t *rnd,
                                                     void *tmp, size_t tmplen);
PQSIG_API PQSIG_NODISCARD int pqsig_verify_temp(const pqsig_alg *alg, const uint8_t *sig,
                                                size_t siglen, const uint8_t *m, size_t mlen,
                                                const uint8_t *pk, void *tmp, size_t tmplen);

/* Zeroises len bytes at p in a way the compiler does not remove. */
PQSIG_API void pqsig_wipe(void *p, size_t len);

/* A short English description of a pqsig_error ("invalid signature"). */
PQSIG_API const char *pqsig_strerror(int err);

/* The name of one PQSIG_FLAG_* bit ("broken", "recommended", "legacy",
 * "deterministic"), or NULL for a bit that names no flag. Bindings list an
 * algorithm's flags with it instead of keeping their own table. */
PQSIG_API const char *pqsig_flag_name(uint32_t flag);

#ifdef __cplusplus
}
#endif

#endif
