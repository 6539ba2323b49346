/* NCC-Sign, AVX2: the NTT engine of ../../ntt.c compiled again, under the
 * avx2 names of meta.h, with this directory's ISA flags. Its loops are
 * written for the vectoriser (lazy unsigned bounds, run-time q and q^-1 so
 * products stay multiplications); with AVX2 they run eight coefficients
 * per instruction. The results are the twins' exactly (the same integer
 * operations), and the code has the twins' constant-time shape. */
#include "nccsign/native/api.h"
#include "nccsign/native/x86_64_avx2/meta.h"

#undef ncc_ntt_c
#undef ncc_invntt_c
#undef ncc_reduce2q_c
#undef ncc_pointwise_c
#undef ncc_ntt_from_spec_c
#define ncc_ntt_c ncc_avx2_ntt
#define ncc_invntt_c ncc_avx2_invntt
#define ncc_reduce2q_c ncc_avx2_reduce2q
#define ncc_pointwise_c ncc_avx2_pointwise
#define ncc_ntt_from_spec_c ncc_avx2_ntt_from_spec
#include "nccsign/ntt.c"
