/* NCC-Sign, AVX-512: the NTT engine of ../../ntt.c compiled again, under
 * the avx512 names of meta.h, with this directory's ISA flags (512-bit
 * vectors: cmake/pqsig.cmake). The twins' integer operations, so their
 * results and their constant-time shape; x86_64_avx2/ntt_avx2.c is the
 * same file for eight lanes. */
#include "nccsign/native/api.h"
#include "nccsign/native/x86_64_avx512/meta.h"

#undef ncc_ntt_c
#undef ncc_invntt_c
#undef ncc_reduce2q_c
#undef ncc_pointwise_c
#undef ncc_ntt_from_spec_c
#define ncc_ntt_c ncc_avx512_ntt
#define ncc_invntt_c ncc_avx512_invntt
#define ncc_reduce2q_c ncc_avx512_reduce2q
#define ncc_pointwise_c ncc_avx512_pointwise
#define ncc_ntt_from_spec_c ncc_avx512_ntt_from_spec
#include "nccsign/ntt.c"
