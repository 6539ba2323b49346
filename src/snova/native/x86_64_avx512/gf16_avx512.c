/* SNOVA, GF(16), AVX-512: the avx2 kernels of ../x86_64_avx2/gf16_avx2.c
 * (linear combination, solver, block stage, public matrix times tables)
 * compiled again under the avx512 names of meta.h, with this directory's
 * ISA flags. Their bitsliced products are chains of `acc ^= x & mask`;
 * with AVX-512VL the compiler fuses each pair into one vpternlogq on the
 * same 256-bit vectors, and the rest of the code is the avx2 code: the
 * same operations on the same data, so the twins' results and the avx2
 * kernels' constant-time shape (no branch or address from a secret). */
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"
#include "snova/native/x86_64_avx512/meta.h"

#if SNOVA_Q == 16
#undef snova_avx2_gf16_lincomb
#undef snova_avx2_gf16_solve
#undef snova_avx2_gf16_pmat
#undef snova_avx2_gf16_rows
#define snova_avx2_gf16_lincomb snova_avx512_gf16_lincomb
#define snova_avx2_gf16_solve snova_avx512_gf16_solve
#define snova_avx2_gf16_pmat snova_avx512_gf16_pmat
#define snova_avx2_gf16_rows snova_avx512_gf16_rows
#endif
#include "snova/native/x86_64_avx2/gf16_avx2.c"
