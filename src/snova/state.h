/* SNOVA opt: the state of each operation, one struct per operation, and
 * their union, the caller scratch of the _temp forms (PQSIG_V_TEMP_BYTES).
 * Everything large lives here, so that an operation given this scratch
 * needs little stack. */
#ifndef PQSIG_SNOVA_STATE_H
#define PQSIG_SNOVA_STATE_H

#include "snova/opt.h"

typedef struct {
    snova_blk spow[SNOVA_L];
    snova_pub pub;
    snova_packer packer;
    uint8_t t12[SNOVA_VL * SNOVA_OL];
    union {
        snova_t12_scratch t12; /* before the equations */
        snova_keygen_work w;
    } u;
} snova_keygen_state;

#if SNOVA_ESK
/* keygen.c: PQSIG_OK if the stored matrices of the round-2 expanded secret
 * key sk are the ones its seeds give, else PQSIG_ERR_MALFORMED_KEY. */
int PQSIG_NS(snova_esk_check_temp)(const uint8_t *sk, snova_keygen_state *s);
int PQSIG_NS(snova_esk_check)(const uint8_t *sk);
#endif

/* What a key gives signing (an expanded key holds it): T12, ABQ, the
 * seeds, and the reader of the public matrices. */
typedef struct {
    snova_blk spow[SNOVA_L];
    snova_abq abq;
    snova_pub pub;
    uint8_t t12[SNOVA_VL * SNOVA_OL];
    uint8_t sk_seed[SNOVA_SEED_PRIVATE_BYTES];
    uint8_t pk_seed[SNOVA_SEED_PUBLIC_BYTES];
} snova_sign_key;

typedef struct {
    snova_sign_key key;
    uint8_t md[SNOVA_DIGEST_BYTES];
    uint8_t salt[SNOVA_SALT_BYTES];
    uint8_t target[SNOVA_HASH_BYTES];
    uint8_t y[SNOVA_NU];
    /* per attempt */
    uint8_t vbytes[SNOVA_VINEGAR_BYTES];
    uint8_t vel[SNOVA_V * SNOVA_L2];
    uint8_t vv[SNOVA_NU];
    uint8_t sol[SNOVA_SIG_ELEMS];
    union {
        snova_t12_scratch t12; /* before the attempts */
        snova_sign_work w;
    } u;
} snova_sign_state;

typedef struct {
    snova_blk spow[SNOVA_L];
    snova_abq abq;
    snova_pub pub;
    uint8_t u[SNOVA_SIG_ELEMS];
    uint8_t value[SNOVA_NU];
    uint8_t y[SNOVA_NU];
    uint8_t target[SNOVA_HASH_BYTES];
    uint8_t md[SNOVA_DIGEST_BYTES];
    snova_verify_work w;
} snova_verify_state;

typedef union {
    snova_keygen_state keygen;
    snova_sign_state sign;
    snova_verify_state verify;
} snova_temp;

#endif
