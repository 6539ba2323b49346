/* MQ-Sign, AVX-512 + GFNI: mqs_pubmap (contract in ../api.h), the public
 * map of verification, z = sum_i w_i (sum_{j >= i} w_j P_ij).
 *
 * A product by w_j is one vgf2p8affineqb with the 8x8 bit matrix A(w_j)
 * (gfni_avx512.h), broadcast from work, where the matrices of all of w
 * are made once. An o-byte vector is one or two registers (o = 46: one,
 * masked; 72 and 96: a full one and a masked tail), so a monomial costs a
 * load, a product and an XOR a register, with no product table and no
 * bucket: avx2's buckets (o = 46, 72) read and write memory per monomial,
 * and its register sums (o = 96) take two vpshufb and a nibble split per
 * 32 bytes. Verification's inputs are public: nothing here needs to be
 * constant time, but no branch or address depends on w or P anyway. */
#include <immintrin.h>
#include <stdint.h>

#include "mqsign/native/api.h"
#include "mqsign/native/x86_64_avx512/gfni_avx512.h"
#include "mqsign/native/x86_64_avx512/meta.h"

/* work: the n matrices A(w_j). */
typedef char mqs_check_pubmap_avx512_work[MQS_N * 8 <= MQS_PUBMAP_WORK_BYTES ? 1 : -1];

/* The register blocks of an o-byte vector: a full one when o > 64, and a
 * tail of the rest, loaded and stored under a mask of exactly its bytes. */
#define TWO (MQS_O > 64)
#define TAIL (TWO ? MQS_O - 64 : MQS_O)

/* A(w_j) = sum_t (bit t of w_j) A(2^t), for every j. */
static void matrices(uint64_t *mat, const uint8_t w[MQS_N])
{
    unsigned j, t;
    for (j = 0; j < MQS_N; j++) {
        uint64_t a = 0;
        for (t = 0; t < 8; t++) {
            a ^= mqs_gfni_mul_2t[t] & (0u - (uint64_t)((w[j] >> t) & 1u));
        }
        mat[j] = a;
    }
}

static inline __m512i times(__m512i x, uint64_t a)
{
    return _mm512_gf2p8affine_epi64_epi8(x, mqs_gfni_bcast(a), 0);
}

void mqs_avx512_pubmap(uint8_t z[MQS_O], const uint8_t *p, const uint8_t w[MQS_N], void *work)
{
    uint64_t *mat = MQS_WORK(work);
    const __mmask64 kt = ((__mmask64)1 << TAIL) - 1; /* TAIL < 64 for every shape */
    __m512i z0 = _mm512_setzero_si512(), z1 = z0;
    unsigned i, j;

    matrices(mat, w);
    for (i = 0; i < MQS_N; i++) {
        /* two sums a block, even and odd j, so the XORs do not chain */
        __m512i t0 = _mm512_setzero_si512(), t1 = t0, u0 = t0, u1 = t0;
        for (j = i; j + 2 <= MQS_N; j += 2, p += 2 * MQS_O) {
            if (TWO) {
                t0 = _mm512_xor_si512(t0, times(_mm512_loadu_si512((const void *)p), mat[j]));
                u0 = _mm512_xor_si512(u0, times(_mm512_loadu_si512((const void *)(p + MQS_O)), mat[j + 1]));
            }
            t1 = _mm512_xor_si512(t1, times(_mm512_maskz_loadu_epi8(kt, p + 64 * TWO), mat[j]));
            u1 = _mm512_xor_si512(u1, times(_mm512_maskz_loadu_epi8(kt, p + MQS_O + 64 * TWO), mat[j + 1]));
        }
        if (j < MQS_N) {
            if (TWO) {
                t0 = _mm512_xor_si512(t0, times(_mm512_loadu_si512((const void *)p), mat[j]));
            }
            t1 = _mm512_xor_si512(t1, times(_mm512_maskz_loadu_epi8(kt, p + 64 * TWO), mat[j]));
            p += MQS_O;
        }
        if (TWO) {
            z0 = _mm512_xor_si512(z0, times(_mm512_xor_si512(t0, u0), mat[i]));
        }
        z1 = _mm512_xor_si512(z1, times(_mm512_xor_si512(t1, u1), mat[i]));
    }
    if (TWO) {
        _mm512_storeu_si512((void *)z, z0);
    }
    _mm512_mask_storeu_epi8(z + 64 * TWO, kt, z1);
}
