/* SNOVA: the facts of one variant for the registry (src/common/variant.c)
 * and the three core operations every SNOVA implementation provides. */
#ifndef PQSIG_SNOVA_VARIANT_H
#define PQSIG_SNOVA_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"
#include "pqsig.h"
#include "snova/params.h"

/* Names as the official KAT files spell them. 2.x: SNOVA_v_o_q_l, "_AES"
 * for AES-CTR expansion; an odd-q 2.1 set gets "@2.1" because the 2.2 code
 * gives other answers under the same name. Round 2: SNOVA_v_o_l, "_SHAKE"
 * for SNOVA-SHAKE expansion, then "_SSK" (seed key) or "_ESK". */
#define SNOVA_NUM_(x) #x
#define SNOVA_NUM(x) SNOVA_NUM_(x)

#if SNOVA_VERSION == 20
#define SNOVA_BASE_NAME "SNOVA_" SNOVA_NUM(SNOVA_V) "_" SNOVA_NUM(SNOVA_O) "_" SNOVA_NUM(SNOVA_L)
#if SNOVA_AES
#define PQSIG_V_KAT_HEADER SNOVA_BASE_NAME
#else
#define PQSIG_V_KAT_HEADER SNOVA_BASE_NAME "_SHAKE"
#endif
#if SNOVA_ESK
#define PQSIG_V_NAME PQSIG_V_KAT_HEADER "_ESK"
#else
#define PQSIG_V_NAME PQSIG_V_KAT_HEADER "_SSK"
#endif
#define PQSIG_V_KAT_FILE "snova/round2/PQCsignKAT_" PQSIG_V_NAME ".rsp"
#define PQSIG_V_VERSION "round2"
#define PQSIG_V_FLAGS PQSIG_FLAG_LEGACY
#else
#define SNOVA_BASE_NAME                                                                           \
    "SNOVA_" SNOVA_NUM(SNOVA_V) "_" SNOVA_NUM(SNOVA_O) "_" SNOVA_NUM(SNOVA_Q) "_" SNOVA_NUM(SNOVA_L)
#if SNOVA_AES
#define PQSIG_V_KAT_HEADER SNOVA_BASE_NAME "_AES"
#else
#define PQSIG_V_KAT_HEADER SNOVA_BASE_NAME
#endif
#if SNOVA_VERSION == 21
#define PQSIG_V_VERSION "2.1"
#define PQSIG_V_FLAGS PQSIG_FLAG_LEGACY
#define SNOVA_KAT_DIR "v2.1"
#if SNOVA_Q != 16
#define PQSIG_V_NAME PQSIG_V_KAT_HEADER "@2.1"
#else
#define PQSIG_V_NAME PQSIG_V_KAT_HEADER
#endif
#else
#define PQSIG_V_VERSION "2.2"
#define PQSIG_V_NAME PQSIG_V_KAT_HEADER
#if SNOVA_EXTRA
#define PQSIG_V_FLAGS 0u
#define SNOVA_KAT_DIR "v2.2-extra"
#else
#define PQSIG_V_FLAGS PQSIG_FLAG_RECOMMENDED
#define SNOVA_KAT_DIR "v2.2"
#endif
#endif
#define PQSIG_V_KAT_FILE "snova/" SNOVA_KAT_DIR "/PQCsignKAT_" PQSIG_V_KAT_HEADER ".rsp"
#endif

#ifndef SNOVA_LEVEL
#error "SNOVA_LEVEL (NIST security level of the set) must be defined"
#endif

#define PQSIG_V_SCHEME "snova"
#define PQSIG_V_LEVEL SNOVA_LEVEL
#define PQSIG_V_PK_BYTES SNOVA_PUBLICKEY_BYTES
#define PQSIG_V_SK_BYTES SNOVA_SECRETKEY_BYTES
#define PQSIG_V_SIG_BYTES SNOVA_SIGNATURE_BYTES
#define PQSIG_V_SEED_BYTES SNOVA_SEED_BYTES
#define PQSIG_V_RND_BYTES SNOVA_SALT_BYTES
#define PQSIG_V_SM_LAYOUT PQSIG_SM_SIG_MSG

/* seed: 48 bytes, public seed (16) || private seed (32). */
int PQSIG_NS(keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed);
/* rnd: the 16-byte salt. *siglen is set to PQSIG_V_SIG_BYTES. */
int PQSIG_NS(sign_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *rnd);
int PQSIG_NS(verify)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                     const uint8_t *pk);

/* The opt family (opt and the backends) keeps expanded keys and offers
 * the caller-scratch forms: tmp is PQSIG_V_TEMP_BYTES bytes (any content
 * on entry, wiped before return; with it every operation needs little
 * stack). */
#if !defined(PQSIG_IMPL_ref)
#include "snova/state.h"
#define PQSIG_V_ESK_BYTES sizeof(snova_esk)
#define PQSIG_V_EPK_BYTES sizeof(snova_epk)
#define PQSIG_V_EXPANDED 1
int PQSIG_NS(expand_sk)(uint8_t *esk, const uint8_t *sk);
int PQSIG_NS(sign_expanded_derand)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                                   const uint8_t *esk, const uint8_t *rnd);
int PQSIG_NS(expand_pk)(uint8_t *epk, const uint8_t *pk);
int PQSIG_NS(verify_expanded)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                              const uint8_t *epk);

#define PQSIG_V_TEMP_BYTES sizeof(snova_temp)
int PQSIG_NS(keypair_derand_temp)(uint8_t *pk, uint8_t *sk, const uint8_t *seed, void *tmp);
int PQSIG_NS(sign_derand_temp)(uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen,
                               const uint8_t *sk, const uint8_t *rnd, void *tmp);
int PQSIG_NS(verify_temp)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                          const uint8_t *pk, void *tmp);
#endif

#endif
