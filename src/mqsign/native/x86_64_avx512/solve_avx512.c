/* MQ-Sign, AVX-512: mqs_solve (contract in ../api.h), the portable solver
 * (../../solve.c) compiled again under the avx512 name with avx2's
 * hooks (elimination steps by tables, row additions, back substitution
 * products, pivot inversion: ../x86_64_avx2/solve_avx2.h, inv_avx2.h) and
 * this directory's flags. The same operations as avx2's, so the same
 * results and the same constant-time shape (no branch or address depends on a secret; the
 * kernel tests compare the results with the twin's).
 *
 * An elimination step by GFNI (each row update one vgf2p8affineqb of the
 * row with the 8x8 bit matrix of its entry, fifth session) was faster than
 * the avx2 step of its time at o >= 64, and is slower than this one at
 * every o (src/mqsign/README.md, "avx512"): it was removed. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx512/meta.h"

#define MQS_ELIM_STEP avx2_elim_step
#define MQS_COLS_STEP avx2_cols_step
#define MQS_GF_INV avx2_gf_inv
#define MQS_DOT avx2_dot
#define MQS_ADD_MASKED avx2_add_masked
#define MQS_AXPY avx2_axpy

#undef mqs_solve_c
#define mqs_solve_c mqs_avx512_solve
#include "mqsign/solve.c"

#include "mqsign/native/x86_64_avx2/inv_avx2.h"
#include "mqsign/native/x86_64_avx2/solve_avx2.h"
