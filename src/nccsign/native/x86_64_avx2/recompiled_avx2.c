/* NCC-Sign, AVX2: the portable rounding, packing and sampling kernels
 * (../../rounding.c, pack.c, sample.c) compiled again under the avx2 names
 * of meta.h with this directory's ISA flags: their loops over coefficients
 * become 8-lane code. The same operations, so the same results (the kernel
 * tests compare them) and the same constant-time shape: the rounding
 * kernels take secret coefficients without branch or index on them, and
 * the samplers' rejections are on public seeds' streams or decided as the
 * twins decide. The two samplers are by hand (rej_uniform_avx2.c,
 * rej_eta_avx2.c); their twins compiled here take the chunks after the
 * last whole vector. */
#include "nccsign/native/api.h"
#include "nccsign/native/x86_64_avx2/meta.h"

#undef ncc_rej_uniform_c
#define ncc_rej_uniform_c ncc_avx2_rej_uniform_tail
#undef ncc_rej_eta_c
#define ncc_rej_eta_c ncc_avx2_rej_eta_tail
#undef ncc_challenge_dense_c
#define ncc_challenge_dense_c ncc_avx2_challenge_dense
#undef ncc_decompose_c
#define ncc_decompose_c ncc_avx2_decompose
#undef ncc_make_hint_c
#define ncc_make_hint_c ncc_avx2_make_hint
#undef ncc_use_hint_c
#define ncc_use_hint_c ncc_avx2_use_hint
#undef ncc_pack_w1_c
#define ncc_pack_w1_c ncc_avx2_pack_w1
#undef ncc_unpack_z_c
#define ncc_unpack_z_c ncc_avx2_unpack_z
#undef ncc_unpack_t1_c
#define ncc_unpack_t1_c ncc_avx2_unpack_t1

#include "nccsign/rounding.c"
#include "nccsign/pack.c"
#include "nccsign/sample.c"
