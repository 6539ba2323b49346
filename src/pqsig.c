/* The generic API: the operations composed from a variant's core functions
 * (randomness drawing, signed-message layouts, argument and length checks,
 * wiping outputs on failure). Lookup by name is registry.c: nothing here
 * refers to the table of variants, so a variant's NIST API, which calls
 * these, links that variant alone. */
#include <string.h>

#include "common/cpu.h"
#include "common/ct.h"
#include "common/randombytes.h"
#include "registry.h"

/* The generic layer draws at most this much randomness at once for a
 * derand call; every scheme's seed and salt fit, twice when hedged (Falcon:
 * 2 x 88 bytes). */
#define PQSIG_MAX_RND_BYTES 256

int pqsig_runs_here(const pqsig_alg *alg)
{
    return alg != NULL && (alg->d.cpu_features & ~pqsig_cpu_features()) == 0;
}

const pqsig_details *pqsig_get_details(const pqsig_alg *alg)
{
    return alg != NULL ? &alg->d : NULL;
}

static int os_fill(void *state, uint8_t *out, size_t len)
{
    (void)state;
    return pqsig_randombytes(out, len);
}

static const pqsig_rng os_rng = {os_fill, NULL};

static int draw(const pqsig_rng *rng, uint8_t *out, size_t len)
{
    if (rng == NULL) {
        rng = &os_rng;
    }
    if (len == 0) {
        return PQSIG_OK;
    }
    return rng->fill(rng->state, out, len) == 0 ? PQSIG_OK : PQSIG_ERR_RNG;
}

static int usable(const pqsig_alg *alg)
{
    if (alg == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    return pqsig_runs_here(alg) ? PQSIG_OK : PQSIG_ERR_UNSUPPORTED;
}

static void wipe_keys(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk)
{
    pqsig_zeroize(pk, alg->d.public_key_bytes);
    pqsig_zeroize(sk, alg->d.secret_key_bytes);
}

int pqsig_keypair_derand(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (pk == NULL || sk == NULL || (seed == NULL && alg->d.keypair_seed_bytes != 0)) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    ret = alg->keypair_derand(pk, sk, seed);
    if (ret != PQSIG_OK) {
        wipe_keys(alg, pk, sk);
    }
    return ret;
}

int pqsig_keypair_rng(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk, const pqsig_rng *rng)
{
    uint8_t seed[PQSIG_MAX_RND_BYTES];
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (pk == NULL || sk == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    if (alg->keypair_rng != NULL) {
        ret = alg->keypair_rng(pk, sk, rng != NULL ? rng : &os_rng);
        if (ret != PQSIG_OK) {
            wipe_keys(alg, pk, sk);
        }
        return ret;
    }
    if (alg->d.keypair_seed_bytes > sizeof seed) {
        return PQSIG_ERR_UNSUPPORTED;
    }
    ret = draw(rng, seed, alg->d.keypair_seed_bytes);
    if (ret == PQSIG_OK) {
        ret = pqsig_keypair_derand(alg, pk, sk, seed);
    } else {
        wipe_keys(alg, pk, sk);
    }
    pqsig_zeroize(seed, sizeof seed);
    return ret;
}

int pqsig_keypair(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk)
{
    return pqsig_keypair_rng(alg, pk, sk, NULL);
}

static int sign_args(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                     size_t mlen, const uint8_t *sk)
{
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (sig == NULL || siglen == NULL || sk == NULL || (m == NULL && mlen != 0)) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    if (*siglen < alg->d.signature_bytes) {
        /* The error contract holds here too: the capacity given is
         * zeroised and the length is 0. */
        pqsig_zeroize(sig, *siglen);
        *siglen = 0;
        return PQSIG_ERR_BAD_LENGTH;
    }
    return PQSIG_OK;
}

/* On failure the whole capacity the caller gave (never more) is zeroised. */
static int sign_done(int ret, uint8_t *sig, size_t *siglen, size_t cap)
{
    if (ret != PQSIG_OK) {
        pqsig_zeroize(sig, cap);
        *siglen = 0;
    }
    return ret;
}

/* The signing core. key is a secret key or, when expanded, the body of an
 * expanded secret key; with derand the randomness is rnd, otherwise it is
 * drawn from rng (NULL: the operating system). */
static int sign_core(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *key, int expanded, int derand, const uint8_t *rnd,
                     const pqsig_rng *rng, void *tmp)
{
    uint8_t drawn[PQSIG_MAX_RND_BYTES];
    size_t cap = *siglen;
    int native = expanded && alg->sign_expanded_derand != NULL;
    int ret;

    if (derand && rnd == NULL && alg->d.sign_rnd_bytes != 0) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    *siglen = alg->d.signature_bytes;
    if (!derand && !native && tmp == NULL && alg->sign_rng != NULL && (rng != NULL || alg->hedge == NULL)) {
        /* The scheme draws a caller's randomness itself (several draws, as
         * the official code does for the KATs). Operating-system
         * randomness is drawn here in one piece and hedged below. */
        ret = alg->sign_rng(sig, siglen, m, mlen, key, rng != NULL ? rng : &os_rng);
        return sign_done(ret, sig, siglen, cap);
    }
    if (!derand) {
        if (2 * alg->d.sign_rnd_bytes > sizeof drawn) {
            return sign_done(PQSIG_ERR_UNSUPPORTED, sig, siglen, cap);
        }
        ret = draw(rng, drawn, alg->d.sign_rnd_bytes);
        if (ret != PQSIG_OK) {
            pqsig_zeroize(drawn, sizeof drawn);
            return sign_done(ret, sig, siglen, cap);
        }
        rnd = drawn;
        if (rng == NULL && alg->hedge != NULL) {
            /* Operating-system randomness is hedged (variant_api.h); a
             * caller's rng is used as it is, as the official code does. */
            alg->hedge(drawn + alg->d.sign_rnd_bytes, key, expanded, drawn, m, mlen);
            rnd = drawn + alg->d.sign_rnd_bytes;
        }
    }
    if (native) {
        ret = alg->sign_expanded_derand(sig, siglen, m, mlen, key, rnd);
    } else if (tmp != NULL) {
        ret = alg->sign_derand_temp(sig, siglen, m, mlen, key, rnd, tmp);
    } else {
        ret = alg->sign_derand(sig, siglen, m, mlen, key, rnd);
    }
    pqsig_zeroize(drawn, sizeof drawn);
    return sign_done(ret, sig, siglen, cap);
}

int pqsig_sign_derand(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                      size_t mlen, const uint8_t *sk, const uint8_t *rnd)
{
    int ret = sign_args(alg, sig, siglen, m, mlen, sk);
    return ret != PQSIG_OK ? ret : sign_core(alg, sig, siglen, m, mlen, sk, 0, 1, rnd, NULL, NULL);
}

int pqsig_sign_rng(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                   size_t mlen, const uint8_t *sk, const pqsig_rng *rng)
{
    int ret = sign_args(alg, sig, siglen, m, mlen, sk);
    return ret != PQSIG_OK ? ret : sign_core(alg, sig, siglen, m, mlen, sk, 0, 0, NULL, rng, NULL);
}

int pqsig_sign(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
               const uint8_t *sk)
{
    return pqsig_sign_rng(alg, sig, siglen, m, mlen, sk, NULL);
}

/* Arguments of a verification; a signature longer than the maximum is
 * invalid, not an error of the caller. */
static int verify_args(const pqsig_alg *alg, const uint8_t *sig, size_t siglen, const uint8_t *m,
                       size_t mlen, const uint8_t *pk)
{
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (sig == NULL || pk == NULL || (m == NULL && mlen != 0)) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    if (siglen > alg->d.signature_bytes) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    return PQSIG_OK;
}

int pqsig_verify(const pqsig_alg *alg, const uint8_t *sig, size_t siglen, const uint8_t *m,
                 size_t mlen, const uint8_t *pk)
{
    int ret = verify_args(alg, sig, siglen, m, mlen, pk);
    return ret != PQSIG_OK ? ret : alg->verify(sig, siglen, m, mlen, pk);
}

/* ---- Caller scratch ----
 * The _temp forms run an implementation's own _temp functions on the
 * caller's scratch, aligned here; an implementation without them runs its
 * plain forms (and needs no scratch). */
size_t pqsig_temp_bytes(const pqsig_alg *alg)
{
    return alg != NULL && alg->temp_bytes != 0 ? alg->temp_bytes + PQSIG_TEMP_ALIGN - 1 : 0;
}

/* The aligned scratch in tmp, NULL when the implementation has no _temp
 * forms; *err is set when tmp is too small. */
static void *temp_area(const pqsig_alg *alg, void *tmp, size_t tmplen, int *err)
{
    uintptr_t p = (uintptr_t)tmp;
    *err = PQSIG_OK;
    if (alg->temp_bytes == 0) {
        return NULL;
    }
    if (tmp == NULL || tmplen < pqsig_temp_bytes(alg)) {
        *err = tmp == NULL ? PQSIG_ERR_BAD_ARGUMENT : PQSIG_ERR_BAD_LENGTH;
        return NULL;
    }
    return (uint8_t *)tmp + ((PQSIG_TEMP_ALIGN - p % PQSIG_TEMP_ALIGN) % PQSIG_TEMP_ALIGN);
}

int pqsig_keypair_derand_temp(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk, const uint8_t *seed,
                              void *tmp, size_t tmplen)
{
    void *t;
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    t = temp_area(alg, tmp, tmplen, &ret);
    if (ret != PQSIG_OK || t == NULL) {
        return ret != PQSIG_OK ? ret : pqsig_keypair_derand(alg, pk, sk, seed);
    }
    if (pk == NULL || sk == NULL || (seed == NULL && alg->d.keypair_seed_bytes != 0)) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    ret = alg->keypair_derand_temp(pk, sk, seed, t);
    if (ret != PQSIG_OK) {
        wipe_keys(alg, pk, sk);
    }
    return ret;
}

int pqsig_keypair_temp(const pqsig_alg *alg, uint8_t *pk, uint8_t *sk, void *tmp, size_t tmplen)
{
    /* Operating-system randomness in one draw: the split draws of some
     * official generators matter only for the NIST DRBG of the KATs. */
    uint8_t seed[PQSIG_MAX_RND_BYTES];
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (alg->temp_bytes == 0) {
        return pqsig_keypair(alg, pk, sk);
    }
    if (pk == NULL || sk == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    if (alg->d.keypair_seed_bytes > sizeof seed) {
        return PQSIG_ERR_UNSUPPORTED;
    }
    ret = draw(NULL, seed, alg->d.keypair_seed_bytes);
    if (ret == PQSIG_OK) {
        ret = pqsig_keypair_derand_temp(alg, pk, sk, seed, tmp, tmplen);
    } else {
        wipe_keys(alg, pk, sk);
    }
    pqsig_zeroize(seed, sizeof seed);
    return ret;
}

static int sign_temp(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                     size_t mlen, const uint8_t *sk, int derand, const uint8_t *rnd, void *tmp,
                     size_t tmplen)
{
    void *t;
    int ret = sign_args(alg, sig, siglen, m, mlen, sk);
    if (ret != PQSIG_OK) {
        return ret;
    }
    t = temp_area(alg, tmp, tmplen, &ret);
    if (ret != PQSIG_OK) {
        return sign_done(ret, sig, siglen, *siglen);
    }
    return sign_core(alg, sig, siglen, m, mlen, sk, 0, derand, rnd, NULL, t);
}

int pqsig_sign_derand_temp(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                           size_t mlen, const uint8_t *sk, const uint8_t *rnd, void *tmp,
                           size_t tmplen)
{
    return sign_temp(alg, sig, siglen, m, mlen, sk, 1, rnd, tmp, tmplen);
}

int pqsig_sign_temp(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                    size_t mlen, const uint8_t *sk, void *tmp, size_t tmplen)
{
    return sign_temp(alg, sig, siglen, m, mlen, sk, 0, NULL, tmp, tmplen);
}

int pqsig_verify_temp(const pqsig_alg *alg, const uint8_t *sig, size_t siglen, const uint8_t *m,
                      size_t mlen, const uint8_t *pk, void *tmp, size_t tmplen)
{
    void *t;
    int ret = verify_args(alg, sig, siglen, m, mlen, pk);
    if (ret != PQSIG_OK) {
        return ret;
    }
    t = temp_area(alg, tmp, tmplen, &ret);
    if (ret != PQSIG_OK) {
        return ret;
    }
    return t != NULL ? alg->verify_temp(sig, siglen, m, mlen, pk, t)
                     : alg->verify(sig, siglen, m, mlen, pk);
}

int pqsig_check_public_key(const pqsig_alg *alg, const uint8_t *pk, size_t pklen)
{
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (pk == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    if (pklen != alg->d.public_key_bytes) {
        return PQSIG_ERR_BAD_LENGTH;
    }
    return alg->check_pk != NULL ? alg->check_pk(pk) : PQSIG_OK;
}

int pqsig_verify_strict(const pqsig_alg *alg, const uint8_t *sig, size_t siglen, const uint8_t *m,
                        size_t mlen, const uint8_t *pk, size_t pklen)
{
    int ret = verify_args(alg, sig, siglen, m, mlen, pk);
    if (ret != PQSIG_OK) {
        return ret;
    }
    ret = pqsig_check_public_key(alg, pk, pklen);
    return ret != PQSIG_OK ? ret : alg->verify(sig, siglen, m, mlen, pk);
}

int pqsig_sign_message_rng(const pqsig_alg *alg, uint8_t *sm, size_t *smlen, const uint8_t *m,
                           size_t mlen, const uint8_t *sk, const pqsig_rng *rng)
{
    size_t cap, siglen;
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (sm == NULL || smlen == NULL || sk == NULL || (m == NULL && mlen != 0)) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    cap = *smlen;
    if (mlen > SIZE_MAX - alg->d.signature_bytes || cap < mlen + alg->d.signature_bytes) {
        return sign_done(PQSIG_ERR_BAD_LENGTH, sm, smlen, cap);
    }
    if (alg->sm_layout == PQSIG_SM_CUSTOM) {
        ret = alg->sign_message(sm, smlen, m, mlen, sk, rng != NULL ? rng : &os_rng);
        return sign_done(ret, sm, smlen, cap);
    }
    siglen = alg->d.signature_bytes;
    if (alg->sm_layout == PQSIG_SM_SIG_MSG) {
        /* m may alias sm (signing in place, as pqm4 does): move it first. */
        if (mlen != 0) {
            memmove(sm + alg->d.signature_bytes, m, mlen);
        }
        ret = pqsig_sign_rng(alg, sm, &siglen, sm + alg->d.signature_bytes, mlen, sk, rng);
        if (ret == PQSIG_OK && siglen != alg->d.signature_bytes && mlen != 0) {
            memmove(sm + siglen, sm + alg->d.signature_bytes, mlen);
        }
    } else {
        if (mlen != 0) {
            memmove(sm, m, mlen);
        }
        ret = pqsig_sign_rng(alg, sm + mlen, &siglen, sm, mlen, sk, rng);
    }
    if (ret == PQSIG_OK) {
        *smlen = siglen + mlen;
    }
    return sign_done(ret, sm, smlen, cap);
}

int pqsig_open(const pqsig_alg *alg, uint8_t *m, size_t *mlen, const uint8_t *sm, size_t smlen,
               const uint8_t *pk)
{
    size_t siglen, msglen;
    const uint8_t *sig, *msg;
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (m == NULL || mlen == NULL || sm == NULL || pk == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    if (alg->sm_layout == PQSIG_SM_CUSTOM) {
        return alg->open(m, mlen, sm, smlen, pk);
    }
    /* Fixed-length signatures in the generic layouts. */
    siglen = alg->d.signature_bytes;
    if (smlen < siglen) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    msglen = smlen - siglen;
    if (*mlen < msglen) {
        return PQSIG_ERR_BAD_LENGTH;
    }
    if (alg->sm_layout == PQSIG_SM_SIG_MSG) {
        sig = sm;
        msg = sm + siglen;
    } else {
        msg = sm;
        sig = sm + msglen;
    }
    ret = alg->verify(sig, siglen, msg, msglen, pk);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (msglen != 0) {
        memmove(m, msg, msglen);
    }
    *mlen = msglen;
    return PQSIG_OK;
}

/* ---- Expanded keys ----
 * Buffer: a header of PQSIG_EXPANDED_ALIGN bytes (what the body is and for
 * which handle), then the body the variant reads (or a copy of the key). */
#define EXP_HEADER ((size_t)PQSIG_EXPANDED_ALIGN)
#define EXP_MAGIC_SK UINT64_C(0x314b5345c9515350) /* distinct tags, any values */
#define EXP_MAGIC_PK UINT64_C(0x314b5045c9515350)

typedef struct {
    uint64_t magic;
    const pqsig_alg *alg;
    uint64_t body_bytes;
} exp_header;

static size_t esk_body(const pqsig_alg *alg)
{
    return alg->expand_sk != NULL ? alg->esk_bytes : alg->d.secret_key_bytes;
}

static size_t epk_body(const pqsig_alg *alg)
{
    return alg->expand_pk != NULL ? alg->epk_bytes : alg->d.public_key_bytes;
}

size_t pqsig_expanded_sk_bytes(const pqsig_alg *alg)
{
    return alg != NULL ? EXP_HEADER + esk_body(alg) : 0;
}

size_t pqsig_expanded_pk_bytes(const pqsig_alg *alg)
{
    return alg != NULL ? EXP_HEADER + epk_body(alg) : 0;
}

static int aligned(const void *p)
{
    return ((uintptr_t)p % PQSIG_EXPANDED_ALIGN) == 0;
}

static int expand(const pqsig_alg *alg, void *buf, size_t len, const uint8_t *key, uint64_t magic,
                  size_t body, size_t key_bytes, int (*fn)(uint8_t *, const uint8_t *))
{
    uint8_t *b = buf;
    exp_header h;
    int ret = usable(alg);
    if (ret != PQSIG_OK) {
        return ret;
    }
    if (buf == NULL || key == NULL || !aligned(buf)) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    if (len < EXP_HEADER + body) {
        return PQSIG_ERR_BAD_LENGTH;
    }
    if (fn != NULL) {
        ret = fn(b + EXP_HEADER, key);
    } else {
        memcpy(b + EXP_HEADER, key, key_bytes);
    }
    if (ret != PQSIG_OK) {
        pqsig_zeroize(b, EXP_HEADER + body);
        return ret;
    }
    memset(&h, 0, sizeof h);
    h.magic = magic;
    h.alg = alg;
    h.body_bytes = body;
    memset(b, 0, EXP_HEADER);
    memcpy(b, &h, sizeof h);
    return PQSIG_OK;
}

/* The body of an expanded key made by alg, or NULL. */
static const uint8_t *expanded_body(const pqsig_alg *alg, const void *buf, uint64_t magic)
{
    exp_header h;
    if (buf == NULL || !aligned(buf)) {
        return NULL;
    }
    memcpy(&h, buf, sizeof h);
    if (h.magic != magic || h.alg != alg) {
        return NULL;
    }
    return (const uint8_t *)buf + EXP_HEADER;
}

int pqsig_expand_sk(const pqsig_alg *alg, void *esk, size_t esk_bytes, const uint8_t *sk)
{
    if (alg == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    return expand(alg, esk, esk_bytes, sk, EXP_MAGIC_SK, esk_body(alg), alg->d.secret_key_bytes,
                  alg->expand_sk);
}

int pqsig_expand_pk(const pqsig_alg *alg, void *epk, size_t epk_bytes, const uint8_t *pk)
{
    if (alg == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    /* A key expanded once for many verifications is checked once too. */
    if (alg->check_pk != NULL && usable(alg) == PQSIG_OK && pk != NULL && alg->check_pk(pk) != PQSIG_OK) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    return expand(alg, epk, epk_bytes, pk, EXP_MAGIC_PK, epk_body(alg), alg->d.public_key_bytes,
                  alg->expand_pk);
}

static int sign_expanded(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                         size_t mlen, const void *esk, int derand, const uint8_t *rnd,
                         const pqsig_rng *rng)
{
    const uint8_t *body;
    int ret = sign_args(alg, sig, siglen, m, mlen, (const uint8_t *)esk);
    if (ret != PQSIG_OK) {
        return ret;
    }
    body = expanded_body(alg, esk, EXP_MAGIC_SK);
    if (body == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    return sign_core(alg, sig, siglen, m, mlen, body, 1, derand, rnd, rng, NULL);
}

int pqsig_sign_expanded_derand(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                               size_t mlen, const void *esk, const uint8_t *rnd)
{
    return sign_expanded(alg, sig, siglen, m, mlen, esk, 1, rnd, NULL);
}

int pqsig_sign_expanded_rng(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                            size_t mlen, const void *esk, const pqsig_rng *rng)
{
    return sign_expanded(alg, sig, siglen, m, mlen, esk, 0, NULL, rng);
}

int pqsig_sign_expanded(const pqsig_alg *alg, uint8_t *sig, size_t *siglen, const uint8_t *m,
                        size_t mlen, const void *esk)
{
    return sign_expanded(alg, sig, siglen, m, mlen, esk, 0, NULL, NULL);
}

int pqsig_verify_expanded(const pqsig_alg *alg, const uint8_t *sig, size_t siglen, const uint8_t *m,
                          size_t mlen, const void *epk)
{
    const uint8_t *body;
    int ret = verify_args(alg, sig, siglen, m, mlen, (const uint8_t *)epk);
    if (ret != PQSIG_OK) {
        return ret;
    }
    body = expanded_body(alg, epk, EXP_MAGIC_PK);
    if (body == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    if (alg->verify_expanded != NULL) {
        return alg->verify_expanded(sig, siglen, m, mlen, body);
    }
    return alg->verify(sig, siglen, m, mlen, body);
}

void pqsig_wipe(void *p, size_t len)
{
    if (p != NULL) {
        pqsig_zeroize(p, len);
    }
}

const char *pqsig_strerror(int err)
{
    switch (err) {
    case PQSIG_OK:
        return "success";
    case PQSIG_ERR_BAD_ARGUMENT:
        return "bad argument";
    case PQSIG_ERR_BAD_LENGTH:
        return "bad length";
    case PQSIG_ERR_MALFORMED_KEY:
        return "malformed key";
    case PQSIG_ERR_INVALID_SIGNATURE:
        return "invalid signature";
    case PQSIG_ERR_RNG:
        return "random number source failed";
    case PQSIG_ERR_SIGN_ATTEMPTS:
        return "signing attempts exhausted";
    case PQSIG_ERR_UNSUPPORTED:
        return "not supported on this CPU or build";
    case PQSIG_ERR_BAD_CONFIG:
        return "PQSIG_IMPL names no implementation that may be forced";
    default:
        return "unknown error";
    }
}

const char *pqsig_flag_name(uint32_t flag)
{
    switch (flag) {
    case PQSIG_FLAG_BROKEN:
        return "broken";
    case PQSIG_FLAG_RECOMMENDED:
        return "recommended";
    case PQSIG_FLAG_LEGACY:
        return "legacy";
    case PQSIG_FLAG_DETERMINISTIC:
        return "deterministic";
    default:
        return NULL;
    }
}
