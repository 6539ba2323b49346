/* MQ-Sign, AVX2: the portable solver (../../solve.c) compiled again,
 * under the avx2 name of meta.h, with this directory's ISA flags, and with
 * its elimination steps, row additions, back substitution products
 * (solve_avx2.h) and pivot inversion (MQS_GF_INV, inv_avx2.h) written for
 * 256-bit registers. The results are the portable ones (the
 * kernel tests compare them). The public map has its own AVX2 form
 * (pubmap_avx2.c). */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx2/meta.h"

#define MQS_ELIM_STEP avx2_elim_step
#define MQS_COLS_STEP avx2_cols_step
#define MQS_GF_INV avx2_gf_inv
#define MQS_DOT avx2_dot
#define MQS_ADD_MASKED avx2_add_masked
#define MQS_AXPY avx2_axpy

#undef mqs_solve_c
#define mqs_solve_c mqs_avx2_solve
#include "mqsign/solve.c"

#include "mqsign/native/x86_64_avx2/inv_avx2.h"
#include "mqsign/native/x86_64_avx2/solve_avx2.h"
