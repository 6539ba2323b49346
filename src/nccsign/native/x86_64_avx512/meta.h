/* NCC-Sign backend x86_64_avx512 (impl avx512): it provides no kernel of
 * its own, so the composite ../meta.h runs avx2's kernels in the avx512
 * implementation (a larger x86-64 set runs a smaller one's kernels).
 * Declined, with the measurements in src/nccsign/README.md ("avx512"):
 *   the NTT engine compiled for 512-bit vectors took 1.2 to 2 times the
 *   time of avx2's hand-written layers on an AMD Zen 4, which runs 512-bit
 *   operations as two 256-bit halves; a hand-written 512-bit NTT would
 *   save instructions, not halves.
 *   SHAKE: NCC-Sign's streams are single (ExpandA, ExpandMask, the
 *   challenge), so the 8-way Keccak has no use here. */
#ifndef PQSIG_NCCSIGN_NATIVE_X86_64_AVX512_META_H
#define PQSIG_NCCSIGN_NATIVE_X86_64_AVX512_META_H

#endif
