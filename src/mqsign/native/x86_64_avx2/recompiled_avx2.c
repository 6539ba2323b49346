/* MQ-Sign, AVX2: the portable solver and public map (../../solve.c,
 * ../../pubmap.c) compiled again, under the avx2 names of meta.h, with
 * this directory's ISA flags: their loops on 64-bit words of field
 * elements become 256-bit code. The same operations, so the same results
 * and the same constant-time shape (the solver's secrets steer no branch
 * and no address; the public map's inputs are public). */
#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx2/meta.h"

#undef mqs_solve_c
#define mqs_solve_c mqs_avx2_solve
#include "mqsign/solve.c"
