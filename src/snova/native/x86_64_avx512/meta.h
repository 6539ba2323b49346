/* SNOVA backend x86_64_avx512 (impl avx512): what it changes, for the
 * composite ../meta.h, which applies it only inside the avx512
 * implementation's operations, after their CPU check (src/common/kset.h).
 * Every kernel it does not list is the avx2 one.
 *   The public-seed expansion by SHAKE runs 8 units per call of the shared
 *   8-way SHAKE128 (one AVX-512 permutation of eight states,
 *   src/common/native/x86_64/keccakx8_avx512.c) instead of 4.
 * The GF(16) and odd-q kernels stay avx2's: src/snova/README.md
 * ("avx512") gives the measurements behind that choice. */
#ifndef PQSIG_SNOVA_NATIVE_X86_64_AVX512_META_H
#define PQSIG_SNOVA_NATIVE_X86_64_AVX512_META_H

#define SNOVA_AVX512_SHAKE_X8

#endif
