/* Falcon round 3: the operations of one variant (variant.h) over the core
 * of src/falcon (keygen.h, sign.h, vrfy.h, codec.h, hash.h), which takes
 * logn at run time and is compiled once per implementation. */
#include <string.h>

#include "common/ct.h"
#include "common/fips202.h"
#include "falcon/codec.h"
#include "falcon/hash.h"
#include "falcon/keygen.h"
#include "falcon/params.h"
#include "falcon/sign.h"
#include "falcon/variant.h"
#include "falcon/vrfy.h"

#define LOGN FALCON_LOGN
#define N ((size_t)1 << LOGN)
#define SEED_BYTES 48
/* The compressed s2 that follows the header byte and the nonce. */
#define S2_CAP (PQSIG_V_SIG_BYTES - 1 - FALCON_NONCE_BYTES)
/* Round 3's NIST format leaves CRYPTO_BYTES - 2 - 40 - 1 bytes for it. */
#define NIST_S2_CAP (FALCON_NIST_BYTES(LOGN) - 3 - FALCON_NONCE_BYTES)
/* Signing retries when the compressed s2 does not fit; a bound keeps a
 * broken random source from looping forever (one retry is rare already:
 * for the padded formats about 1 in 10^3 at most, below that otherwise). */
#define MAX_ATTEMPTS 64

#define TMP_BYTES                                                                                  \
    (FALCON_KEYGEN_TMP_BYTES(LOGN) > FALCON_SIGNER_TMP_BYTES(LOGN) ? FALCON_KEYGEN_TMP_BYTES(LOGN)  \
                                                                   : FALCON_SIGNER_TMP_BYTES(LOGN))

typedef union {
    uint8_t b[TMP_BYTES];
    uint64_t align;
} falcon_tmp;

typedef struct {
    int8_t f[N], g[N], F[N], G[N];
    uint16_t hm[N];
    int16_t s2[N];
    falcon_tmp tmp;
    pqsig_shake_ctx sc;
} sign_state;

typedef struct {
    int8_t f[N], g[N], F[N];
    uint16_t h[N];
    falcon_tmp tmp;
    pqsig_shake_ctx sc;
} keygen_state;

typedef struct {
    uint16_t h[N], c[N];
    int16_t s2[N];
    uint8_t tmp[2 * N];
    pqsig_shake_ctx sc;
} verify_state;

/* The state of any operation: the _temp forms take it from the caller
 * (PQSIG_V_TEMP_BYTES, variant.h), the plain forms from the stack. */
typedef union {
    keygen_state k;
    sign_state s;
    verify_state v;
    uint64_t align;
} falcon_state;

int PQSIG_NS(keypair_derand_temp)(uint8_t *pk, uint8_t *sk, const uint8_t *seed, void *tmp)
{
    keygen_state *st = (keygen_state *)tmp;
    size_t pos = 1, len;
    int ret = PQSIG_OK;
    pqsig_shake256_init(&st->sc);
    pqsig_shake_absorb(&st->sc, seed, SEED_BYTES);
    falcon_keygen(&st->sc, st->f, st->g, st->F, NULL, st->h, LOGN, st->tmp.b);
    pqsig_shake_release(&st->sc);
    /* h is the public key. */
    PQSIG_CT_DECLASSIFY(st->h, sizeof st->h);
    sk[0] = (uint8_t)(0x50 + LOGN);
    len = falcon_trim_i8_encode(sk + pos, PQSIG_V_SK_BYTES - pos, st->f, LOGN, FALCON_FG_BITS(LOGN));
    pos += len;
    ret |= len == 0;
    len = falcon_trim_i8_encode(sk + pos, PQSIG_V_SK_BYTES - pos, st->g, LOGN, FALCON_FG_BITS(LOGN));
    pos += len;
    ret |= len == 0;
    len = falcon_trim_i8_encode(sk + pos, PQSIG_V_SK_BYTES - pos, st->F, LOGN, FALCON_BIG_FG_BITS);
    pos += len;
    ret |= len == 0 || pos != PQSIG_V_SK_BYTES;
    pk[0] = (uint8_t)LOGN;
    ret |= falcon_modq_encode(pk + 1, PQSIG_V_PK_BYTES - 1, st->h, LOGN) != PQSIG_V_PK_BYTES - 1;
    pqsig_zeroize(st, sizeof *st);
    if (ret != 0) {
        /* Key generation bounds f, g and F to the encodings' ranges, so this
         * does not happen; if it did, no half-written key is returned. */
        pqsig_zeroize(pk, PQSIG_V_PK_BYTES);
        pqsig_zeroize(sk, PQSIG_V_SK_BYTES);
        return PQSIG_ERR_SIGN_ATTEMPTS;
    }
    return PQSIG_OK;
}

int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed)
{
    falcon_state st;
    return PQSIG_NS(keypair_derand_temp)(pk, sk, seed, &st);
}

/* f, g, F from the secret key and G = gF/f mod q: PQSIG_OK or
 * PQSIG_ERR_MALFORMED_KEY. */
static int decode_sk(sign_state *st, const uint8_t *sk)
{
    size_t pos = 1, len;
    uint8_t head = sk[0];
    /* The header byte names the format; it holds nothing of the key. */
    PQSIG_CT_DECLASSIFY(&head, 1);
    if (head != 0x50 + LOGN) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    len = falcon_trim_i8_decode(st->f, LOGN, FALCON_FG_BITS(LOGN), sk + pos, PQSIG_V_SK_BYTES - pos);
    if (len == 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    pos += len;
    len = falcon_trim_i8_decode(st->g, LOGN, FALCON_FG_BITS(LOGN), sk + pos, PQSIG_V_SK_BYTES - pos);
    if (len == 0) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    pos += len;
    len = falcon_trim_i8_decode(st->F, LOGN, FALCON_BIG_FG_BITS, sk + pos, PQSIG_V_SK_BYTES - pos);
    if (len == 0 || pos + len != PQSIG_V_SK_BYTES) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    if (!falcon_complete_private(st->G, st->f, st->g, st->F, LOGN, st->tmp.b)) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    /* Signing's floating point is defined for the keys key generation
     * makes; anything else is refused here (about 0.2 M instructions). */
    if (!falcon_check_sk(st->f, st->g, st->F, st->G, LOGN, st->tmp.b)) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    return PQSIG_OK;
}

/* The randomness of attempt k > 0 when the compressed s2 of the earlier
 * ones did not fit: SHAKE256(rnd || "falcon-retry" || k). A new nonce, so
 * that no hashed point is ever signed twice. Attempt 0 uses rnd itself, as
 * round 3 does. */
static void retry_rnd(uint8_t *out, const uint8_t *rnd, unsigned k)
{
    static const uint8_t label[12] = {'f', 'a', 'l', 'c', 'o', 'n', '-', 'r', 'e', 't', 'r', 'y'};
    pqsig_shake_ctx sc;
    uint8_t kb[2];
    kb[0] = (uint8_t)(k >> 8);
    kb[1] = (uint8_t)k;
    pqsig_shake256_init(&sc);
    pqsig_shake_absorb(&sc, rnd, PQSIG_V_RND_BYTES);
    pqsig_shake_absorb(&sc, label, sizeof label);
    pqsig_shake_absorb(&sc, kb, sizeof kb);
    pqsig_shake_squeeze(&sc, out, PQSIG_V_RND_BYTES);
    pqsig_shake_release(&sc);
}

/* One signing attempt with rnd = nonce || seed: s2 in st->s2, its
 * compressed form in out (capacity cap); returns its length, 0 if it does
 * not fit. */
static size_t sign_attempt(sign_state *st, uint8_t *out, size_t cap, const uint8_t *m, size_t mlen,
                           uint8_t *rnd)
{
    size_t len;
    /* The nonce is published with the signature; the seed stays secret. */
    PQSIG_CT_DECLASSIFY(rnd, FALCON_NONCE_BYTES);
    pqsig_shake256_init(&st->sc);
    pqsig_shake_absorb(&st->sc, rnd, FALCON_NONCE_BYTES);
    pqsig_shake_absorb(&st->sc, m, mlen);
    falcon_hash_to_point(&st->sc, st->hm, LOGN);
    pqsig_shake_release(&st->sc);
    pqsig_shake256_init(&st->sc);
    pqsig_shake_absorb(&st->sc, rnd + FALCON_NONCE_BYTES, SEED_BYTES);
    falcon_sign(st->s2, &st->sc, st->f, st->g, st->F, st->G, st->hm, LOGN, st->tmp.b);
    pqsig_shake_release(&st->sc);
    /* The signature is public from here on. */
    PQSIG_CT_DECLASSIFY(st->s2, sizeof st->s2);
    len = falcon_comp_encode(out, cap, st->s2, LOGN);
    return len;
}

/* Signs into out: the nonce (40 bytes) then the compressed s2 (at most cap
 * bytes); *s2len gets its length. */
static int sign_core(sign_state *st, uint8_t *nonce, uint8_t *s2out, size_t cap, size_t *s2len,
                     const uint8_t *m, size_t mlen, const uint8_t *sk, const uint8_t *rnd)
{
    uint8_t r[PQSIG_V_RND_BYTES];
    unsigned k;
    size_t len = 0;
    int ret = decode_sk(st, sk);
    if (ret == PQSIG_OK) {
        memcpy(r, rnd, sizeof r);
        ret = PQSIG_ERR_SIGN_ATTEMPTS;
        for (k = 0; k < MAX_ATTEMPTS; k++) {
            if (k > 0) {
                retry_rnd(r, rnd, k);
            }
            len = sign_attempt(st, s2out, cap, m, mlen, r);
            if (len != 0) {
                memcpy(nonce, r, FALCON_NONCE_BYTES);
                *s2len = len;
                ret = PQSIG_OK;
                break;
            }
        }
    }
    pqsig_zeroize(st, sizeof *st);
    pqsig_zeroize(r, sizeof r);
    return ret;
}

int PQSIG_NS(sign_derand_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                               const uint8_t *sk, const uint8_t *rnd, void *tmp)
{
    size_t len = 0;
    int ret = sign_core((sign_state *)tmp, sig + 1, sig + 1 + FALCON_NONCE_BYTES, S2_CAP, &len, m, mlen, sk, rnd);
    if (ret != PQSIG_OK) {
        return ret;
    }
    sig[0] = (uint8_t)(0x30 + LOGN);
#if FALCON_PADDED
    memset(sig + 1 + FALCON_NONCE_BYTES + len, 0, S2_CAP - len);
    *siglen = PQSIG_V_SIG_BYTES;
#else
    *siglen = 1 + FALCON_NONCE_BYTES + len;
#endif
    return PQSIG_OK;
}

int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                          const uint8_t *rnd)
{
    falcon_state st;
    return PQSIG_NS(sign_derand_temp)(sig, siglen, m, mlen, sk, rnd, &st);
}

/* Round 3 draws the nonce, then the seed. */
static int draw_rnd(uint8_t *rnd, const pqsig_rng *rng)
{
    if (rng->fill(rng->state, rnd, FALCON_NONCE_BYTES) != 0 ||
        rng->fill(rng->state, rnd + FALCON_NONCE_BYTES, SEED_BYTES) != 0) {
        return PQSIG_ERR_RNG;
    }
    return PQSIG_OK;
}

int PQSIG_NS(sign_rng)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                       const pqsig_rng *rng)
{
    uint8_t rnd[PQSIG_V_RND_BYTES];
    int ret = draw_rnd(rnd, rng);
    if (ret == PQSIG_OK) {
        ret = PQSIG_NS(sign_derand)(sig, siglen, m, mlen, sk, rnd);
    }
    pqsig_zeroize(rnd, sizeof rnd);
    return ret;
}

static int decode_pk(uint16_t *h, const uint8_t *pk)
{
    if (pk[0] != LOGN ||
        falcon_modq_decode(h, LOGN, pk + 1, PQSIG_V_PK_BYTES - 1) != PQSIG_V_PK_BYTES - 1) {
        return PQSIG_ERR_MALFORMED_KEY;
    }
    return PQSIG_OK;
}

int PQSIG_NS(check_pk)(const uint8_t *pk)
{
    uint16_t h[N];
    return decode_pk(h, pk);
}

/* Verification of a compressed s2 of s2len bytes (exact, or followed by
 * zero padding up to padded_len when that is nonzero) against the nonce
 * and the message, which may lie in separate places. */
static int verify_core(verify_state *st, const uint8_t *nonce, const uint8_t *s2enc, size_t s2len,
                       int padded, const uint8_t *m, size_t mlen, const uint8_t *pk)
{
    size_t used, i;
    int ret = decode_pk(st->h, pk);
    if (ret != PQSIG_OK) {
        return ret;
    }
    used = falcon_comp_decode(st->s2, LOGN, s2enc, s2len);
    if (used == 0 || (!padded && used != s2len)) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    for (i = used; i < s2len; i++) {
        if (s2enc[i] != 0) {
            return PQSIG_ERR_INVALID_SIGNATURE;
        }
    }
    pqsig_shake256_init(&st->sc);
    pqsig_shake_absorb(&st->sc, nonce, FALCON_NONCE_BYTES);
    pqsig_shake_absorb(&st->sc, m, mlen);
    falcon_hash_to_point(&st->sc, st->c, LOGN);
    pqsig_shake_release(&st->sc);
    falcon_mq_ntt(st->h, LOGN);
    return falcon_verify_raw(st->c, st->s2, st->h, LOGN, st->tmp) ? PQSIG_OK : PQSIG_ERR_INVALID_SIGNATURE;
}

int PQSIG_NS(verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk,
                          void *tmp)
{
#if FALCON_PADDED
    if (siglen != PQSIG_V_SIG_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
#else
    if (siglen < 2 + FALCON_NONCE_BYTES || siglen > PQSIG_V_SIG_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
#endif
    if (sig[0] != 0x30 + LOGN) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    return verify_core((verify_state *)tmp, sig + 1, sig + 1 + FALCON_NONCE_BYTES,
                       siglen - 1 - FALCON_NONCE_BYTES, FALCON_PADDED, m, mlen, pk);
}

int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen, const uint8_t *pk)
{
    verify_state st;
    return PQSIG_NS(verify_temp)(sig, siglen, m, mlen, pk, &st);
}

#ifdef PQSIG_V_CUSTOM_SM
/* Round 3's signed message: siglen (2 bytes, big-endian, counting the
 * header byte and the compressed s2) || nonce || m || (0x20 + logn) ||
 * compressed s2. The caller (pqsig.c) has checked that sm holds mlen +
 * CRYPTO_BYTES. m may alias sm. */
int PQSIG_NS(sign_message)(uint8_t *sm, size_t *smlen, const uint8_t *m, size_t mlen, const uint8_t *sk,
                           const pqsig_rng *rng)
{
    sign_state st;
    uint8_t rnd[PQSIG_V_RND_BYTES];
    uint8_t esig[NIST_S2_CAP];
    uint8_t nonce[FALCON_NONCE_BYTES];
    size_t len = 0;
    int ret = draw_rnd(rnd, rng);
    if (ret == PQSIG_OK) {
        memmove(sm + 2 + FALCON_NONCE_BYTES, m, mlen);
        ret = sign_core(&st, nonce, esig, sizeof esig, &len, sm + 2 + FALCON_NONCE_BYTES, mlen, sk, rnd);
    }
    pqsig_zeroize(rnd, sizeof rnd);
    if (ret != PQSIG_OK) {
        return ret;
    }
    sm[0] = (uint8_t)((len + 1) >> 8);
    sm[1] = (uint8_t)(len + 1);
    memcpy(sm + 2, nonce, FALCON_NONCE_BYTES);
    sm[2 + FALCON_NONCE_BYTES + mlen] = (uint8_t)(0x20 + LOGN);
    memcpy(sm + 3 + FALCON_NONCE_BYTES + mlen, esig, len);
    *smlen = 3 + FALCON_NONCE_BYTES + mlen + len;
    return PQSIG_OK;
}

int PQSIG_NS(open)(uint8_t *m, size_t *mlen, const uint8_t *sm, size_t smlen, const uint8_t *pk)
{
    verify_state st;
    size_t siglen, msglen;
    const uint8_t *esig;
    int ret;
    if (smlen < 2 + FALCON_NONCE_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    siglen = ((size_t)sm[0] << 8) | sm[1];
    if (siglen < 1 || siglen > smlen - 2 - FALCON_NONCE_BYTES) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    msglen = smlen - 2 - FALCON_NONCE_BYTES - siglen;
    esig = sm + 2 + FALCON_NONCE_BYTES + msglen;
    if (esig[0] != 0x20 + LOGN) {
        return PQSIG_ERR_INVALID_SIGNATURE;
    }
    if (*mlen < msglen) {
        return PQSIG_ERR_BAD_LENGTH;
    }
    ret = verify_core(&st, sm + 2, esig + 1, siglen - 1, 0, sm + 2 + FALCON_NONCE_BYTES, msglen, pk);
    if (ret != PQSIG_OK) {
        return ret;
    }
    memmove(m, sm + 2 + FALCON_NONCE_BYTES, msglen);
    *mlen = msglen;
    return PQSIG_OK;
}
#endif

/* Hedged signing randomness (PQSIG_V_HEDGE, src/common/variant_api.h),
 * used where the library draws rnd itself:
 *   rnd = SHAKE256("pqsig Falcon hedge" || 0 || name || 0 || sk || fresh || SHAKE256(M))[0..88)
 * Round 3 takes the nonce and the sampler seed straight from the RNG. If
 * they repeat across two messages, the two signatures reuse the sampler's
 * random stream on different targets, and their difference is a function
 * of the secret basis rather than a fresh Gaussian sample: the security
 * argument of the GPV framework no longer covers it. Hedging as FIPS 204
 * does for ML-DSA keeps the distribution with a working RNG (fresh makes
 * rnd uniform) and, with a failing one, makes rnd a pseudorandom function
 * of the secret key and the message, so different messages never share
 * it. The secret key is hashed whole (f, g and F: 10 or 17 Keccak
 * permutations, well under 1 % of signing). Constant time: the
 * lengths are public. Falcon has no expanded secret keys: `expanded`
 * changes nothing. */
void PQSIG_NS(hedge)(uint8_t *rnd, const uint8_t *key, int expanded, const uint8_t *fresh,
                     const uint8_t *m, size_t mlen)
{
    static const char dom[] = "pqsig Falcon hedge";
    static const char name[] = PQSIG_V_NAME;
    pqsig_shake_ctx h;
    uint8_t mu[64];
    (void)expanded;
    pqsig_shake256(mu, sizeof mu, m, mlen);
    pqsig_shake256_init(&h);
    pqsig_shake_absorb(&h, (const uint8_t *)dom, sizeof dom); /* with its 0 */
    pqsig_shake_absorb(&h, (const uint8_t *)name, sizeof name);
    pqsig_shake_absorb(&h, key, PQSIG_V_SK_BYTES);
    pqsig_shake_absorb(&h, fresh, PQSIG_V_RND_BYTES);
    pqsig_shake_absorb(&h, mu, sizeof mu);
    pqsig_shake_squeeze(&h, rnd, PQSIG_V_RND_BYTES);
    pqsig_shake_release(&h);
    pqsig_zeroize(mu, sizeof mu);
}
