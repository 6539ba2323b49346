/* MQ-Sign, AVX2: the portable solver (../../solve.c) compiled again,
 * under the avx2 name of meta.h, with this directory's ISA flags: its
 * loops on 64-bit words of field elements become 256-bit code. The same
 * operations, so the same results and the same constant-time shape (the
 * solver's secrets steer no branch and no address). The public map has
 * its own AVX2 form (pubmap_avx2.c). */
#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx2/meta.h"

#undef mqs_solve_c
#define mqs_solve_c mqs_avx2_solve
#include "mqsign/solve.c"
