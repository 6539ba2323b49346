/* MQ-Sign backend x86_64_avx2 (impl avx2): the kernels it provides, for
 * the composite ../meta.h, which calls them only inside the avx2
 * implementation's operations, after their CPU check (src/common/kset.h).
 *   mqs_masks: a scalar's eight bit masks by one broadcast, and four
 *   AND and compare pairs against constant bit patterns (matvec_avx2.c);
 *   mqs_matvec: the bit-plane products on 32-byte blocks, or product
 *   tables by vpshufb (matvec_avx2.c), for lengths of 32 bytes and more
 *   (shorter ones decline);
 *   mqs_tables, mqs_matvec_tab: the scalars' product tables, made once per
 *   column of T1 in key generation, then every 32-byte block of a vector
 *   by two vpshufb (matvec_avx2.c; lengths of 32 to 128 bytes);
 *   mqs_solve: the portable solver compiled with AVX2, with its row
 *   update, elimination step and pivot inversion by hand
 *   (recompiled_avx2.c, inv_avx2.h);
 *   mqs_pubmap: the monomials' vectors summed in buckets by their public
 *   weights w_i w_j (o = 46, 72), or every sum in registers with products
 *   by tables of the signature's elements (o = 96) (pubmap_avx2.c). */
#ifndef PQSIG_MQSIGN_NATIVE_X86_64_AVX2_META_H
#define PQSIG_MQSIGN_NATIVE_X86_64_AVX2_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"

#define MQS_AVX2_MASKS
#define mqs_avx2_masks PQSIG_KNS(mqs_avx2_masks)
void mqs_avx2_masks(uint64_t (*mk)[8][2], const uint8_t *s, size_t count);

#define MQS_AVX2_MATVEC
#define mqs_avx2_matvec PQSIG_KNS(mqs_avx2_matvec)
int mqs_avx2_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                    const uint64_t (*mk)[8][2], size_t count, size_t len);

#define MQS_AVX2_TABLES
#define mqs_avx2_tables PQSIG_KNS(mqs_avx2_tables)
#define mqs_avx2_matvec_tab PQSIG_KNS(mqs_avx2_matvec_tab)
void mqs_avx2_tables(uint8_t (*tab)[32], const uint64_t (*mk)[8][2], size_t count);
int mqs_avx2_matvec_tab(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                        const uint8_t (*tab)[32], size_t count, size_t len);
#define mqs_avx2_matvec_tab2 PQSIG_KNS(mqs_avx2_matvec_tab2)
int mqs_avx2_matvec_tab2(uint8_t *out0, uint8_t *out1, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                         const uint8_t (*tab0)[32], const uint8_t (*tab1)[32], size_t count, size_t len);

/* The solver (recompiled_avx2.c), the public map of pubmap_avx2.c. */
#define MQS_AVX2_SOLVE_PUBMAP
#define mqs_avx2_solve PQSIG_KNS(mqs_avx2_solve)
#define mqs_avx2_pubmap PQSIG_KNS(mqs_avx2_pubmap)
uint64_t mqs_avx2_solve(uint8_t x[MQS_O], const uint8_t *lin, const uint8_t rhs[MQS_O], void *work);
void mqs_avx2_pubmap(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work);

#endif
