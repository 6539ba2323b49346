/* MQ-Sign backend x86_64_avx512 (impl avx512): the kernels it provides,
 * for the composite ../meta.h, which calls them only inside the avx512
 * implementation's operations, after their CPU check (AVX-512 F/BW/VL
 * and GFNI: src/common/kset.h). Every kernel it does not list is the
 * avx2 one (key generation's table products among them: ../meta.h).
 *   mqs_matvec: each scalar's product map as a GF(2) 8x8 matrix applied
 *   to 64 bytes at a time by GFNI (matvec_avx512.c), every length (past
 *   256 bytes, the terms eight at a time into each block of out).
 *   mqs_pubmap: verification's public map on the same GFNI products, the
 *   inner sums in registers (pubmap_avx512.c), every shape. */
#ifndef PQSIG_MQSIGN_NATIVE_X86_64_AVX512_META_H
#define PQSIG_MQSIGN_NATIVE_X86_64_AVX512_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"

/*   mqs_solve: the system mapped into the AES basis of GF(256) by the
 *   field isomorphism, then Gauss-Jordan with vgf2p8mulb products and
 *   vgf2p8affineinvqb inverses, a row in one or two registers, the
 *   twin's pivot rules (solve_avx512.c). */
#define MQS_AVX512_SOLVE
#define mqs_avx512_solve PQSIG_KNS(mqs_avx512_solve)
uint64_t mqs_avx512_solve(uint8_t x[MQS_O], const uint8_t *lin, const uint8_t rhs[MQS_O], void *work);

#define MQS_AVX512_MATVEC
#define mqs_avx512_matvec PQSIG_KNS(mqs_avx512_matvec)
void mqs_avx512_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                       const uint64_t (*mk)[8][2], size_t count, size_t len);

/*   mqs_tables, mqs_matvec_tab, mqs_matvec_tab2: the prepared scalars as
 *   their matrices A(s), made once; each term of a product then one
 *   vgf2p8affineqb a 64-byte block and set (matvec_avx512.c), lengths up
 *   to 256 bytes. */
#define MQS_AVX512_TABLES
#define mqs_avx512_tables PQSIG_KNS(mqs_avx512_tables)
#define mqs_avx512_matvec_tab PQSIG_KNS(mqs_avx512_matvec_tab)
#define mqs_avx512_matvec_tab2 PQSIG_KNS(mqs_avx512_matvec_tab2)
void mqs_avx512_tables(uint8_t (*tab)[32], const uint64_t (*mk)[8][2], size_t count);
int mqs_avx512_matvec_tab(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                          const uint8_t (*tab)[32], size_t count, size_t len);
int mqs_avx512_matvec_tab2(uint8_t *out0, uint8_t *out1, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                           const uint8_t (*tab0)[32], const uint8_t (*tab1)[32], size_t count, size_t len);

#define MQS_AVX512_PUBMAP
#define mqs_avx512_pubmap PQSIG_KNS(mqs_avx512_pubmap)
void mqs_avx512_pubmap(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work);

#endif
