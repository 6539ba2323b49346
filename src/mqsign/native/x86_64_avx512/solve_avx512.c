/* MQ-Sign, AVX-512 + GFNI: mqs_solve (contract in ../api.h), the portable
 * solver (../../solve.c) compiled again under the avx512 name, with its
 * elimination step (MQS_ELIM_STEP) by GFNI: the pivot row (at most 112
 * bytes, two registers) is scaled by the matrix of the pivot's inverse,
 * and every row below gains the pivot row times the matrix of its own
 * entry in the pivot column, one vgf2p8affineqb a register. The matrices
 * come from the secret scalars through a mask register
 * (gfni_avx512.h): no branch or address depends on a secret, and the
 * rows' lengths (public) alone decide the masks of the loads and stores.
 * Pivots are inverted by avx2's table scan (../x86_64_avx2/inv_avx2.h).
 * The results are the portable step's (the kernel tests compare them). */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx512/gfni_avx512.h"
#include "mqsign/native/x86_64_avx512/meta.h"

#define MQS_ELIM_STEP avx512_elim_step
#define MQS_GF_INV avx2_gf_inv

#undef mqs_solve_c
#define mqs_solve_c mqs_avx512_solve
#include "mqsign/solve.c"

#include "mqsign/native/x86_64_avx2/inv_avx2.h"

/* The mask of the bytes at .. at + 63 of a row part of n > at bytes. */
static inline __mmask64 part_mask(size_t n, size_t at)
{
    return n - at >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << (n - at)) - 1);
}

/* dst ^= r times the matrix a, on the bytes of k. */
static inline void add_prod(uint8_t *dst, __mmask64 k, __m512i r, __m512i a)
{
    _mm512_mask_storeu_epi8(dst, k, _mm512_xor_si512(_mm512_maskz_loadu_epi8(k, dst), mqs_gfni_prod(r, a)));
}

static void avx512_elim_step(uint64_t *rows, size_t rw, unsigned i, unsigned nrows, unsigned c, uint8_t inv,
                             unsigned w0, unsigned nw, uint64_t *be, uint64_t (*xe)[RW])
{
    const size_t n = 8 * (size_t)(nw - w0); /* bytes of each row worked on: 16 .. 8 RW <= 128 */
    const __mmask64 k0 = part_mask(n, 0), k1 = n > 64 ? part_mask(n, 64) : 0;
    uint8_t *pi = (uint8_t *)(void *)(rows + (size_t)i * rw + w0);
    __m512i a = mqs_gfni_matrix(inv), r0, r1 = _mm512_setzero_si512();
    unsigned j;
    (void)be;
    (void)xe;
    r0 = mqs_gfni_prod(_mm512_maskz_loadu_epi8(k0, pi), a);
    _mm512_mask_storeu_epi8(pi, k0, r0);
    if (n > 64) { /* public: the row length */
        r1 = mqs_gfni_prod(_mm512_maskz_loadu_epi8(k1, pi + 64), a);
        _mm512_mask_storeu_epi8(pi + 64, k1, r1);
    }
    for (j = i + 1; j < nrows; j++) {
        uint8_t *pj = (uint8_t *)(void *)(rows + (size_t)j * rw);
        a = mqs_gfni_matrix(pj[c]);
        pj += 8 * (size_t)w0;
        add_prod(pj, k0, r0, a);
        if (n > 64) {
            add_prod(pj + 64, k1, r1, a);
        }
    }
}
