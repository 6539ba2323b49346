/* MQ-Sign backend x86_64_avx2 (impl avx2): the kernels it provides, for
 * the composite ../meta.h, which calls them only inside the avx2
 * implementation's operations, after their CPU check (src/common/kset.h).
 *   mqs_matvec: the bit-plane products on 32-byte blocks (matvec_avx2.c),
 *   for lengths of 32 bytes and more (shorter ones decline). */
#ifndef PQSIG_MQSIGN_NATIVE_X86_64_AVX2_META_H
#define PQSIG_MQSIGN_NATIVE_X86_64_AVX2_META_H

#include <stddef.h>
#include <stdint.h>

#include "common/ns.h"

#define MQS_AVX2_MATVEC
#define mqs_avx2_matvec PQSIG_KNS(mqs_avx2_matvec)
int mqs_avx2_matvec(uint8_t *out, const uint8_t *vecs, size_t stride, ptrdiff_t dstride,
                    const uint64_t (*mk)[8][2], size_t count, size_t len);

#endif
