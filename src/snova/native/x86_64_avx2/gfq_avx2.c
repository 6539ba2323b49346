/* SNOVA, odd prime q, AVX2: the portable kernels of gfq/kernels.c compiled
 * again, under the avx2 names of meta.h, with this directory's ISA flags,
 * but for the two products (mul, trows), written by hand in
 * gfq_mul_avx2.c. They are written on 16-bit lanes for the vectoriser;
 * with AVX2 they run sixteen lanes per instruction. The results are the
 * twins' exactly (the same integer operations) and the code keeps their
 * constant-time shape. */
#include "snova/native/api.h"
#include "snova/native/x86_64_avx2/meta.h"

#if SNOVA_Q != 16
#define SNOVA_GFQ_OWN_PRODUCTS
#undef snova_gfq_solve_c
#undef snova_gfq_whip_c
#undef snova_gfq_finish_c
#undef snova_gfq_rows_c
#define snova_gfq_solve_c snova_avx2_gfq_solve
#define snova_gfq_whip_c snova_avx2_gfq_whip
#define snova_gfq_finish_c snova_avx2_gfq_finish
#define snova_gfq_rows_c snova_avx2_gfq_rows
#include "snova/gfq/kernels.c"
#else
/* A q = 16 shape: nothing here (ISO C wants a declaration). */
typedef int snova_avx2_gfq_none;
#endif
