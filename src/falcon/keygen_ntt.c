/* Falcon key generation: the negacyclic NTT modulo the small primes
 * (keygen_int.h). */
#include "falcon/keygen_int.h"

uint32_t falcon_kg_pow2mod(const kg_mod *m, uint32_t e)
{
    /* Square and multiply on plain residues (Montgomery form throughout,
     * then back). All public. */
    uint32_t acc = kg_mont(m, 1), b = kg_mont(m, 2);
    while (e != 0) {
        if (e & 1u) {
            acc = kg_mmul(m, acc, b);
        }
        b = kg_mmul(m, b, b);
        e >>= 1;
    }
    return kg_mmul(m, acc, 1);
}

void falcon_kg_ntt_tables(uint32_t *fw, uint32_t *iv, unsigned logn, const falcon_kg_prime *pr, const kg_mod *m)
{
    size_t n = (size_t)1 << logn, j, r;
    uint32_t psi, x, one;
    unsigned s;

    /* psi = root^(1024 / n) has order 2n; kept in Montgomery form so that
     * successive products stay there. */
    psi = kg_mont(m, pr->root);
    for (s = logn; s < 10; s++) {
        psi = kg_mmul(m, psi, psi);
    }
    one = kg_mont(m, 1);
    x = one;
    /* x = psi^j and r = brv(j), advanced together (r by a reversed
     * increment: clear the leading ones from the top, set the next bit).
     * Since psi^n = -1, psi^-(n - j) = -psi^j, and brv(n - j) = n - 1 -
     * brv(j - 1): both tables from one sweep of the powers. */
    fw[0] = one;
    iv[0] = one;
    r = 0;
    for (j = 1; j < n; j++) {
        size_t bit = n >> 1, rp = r;
        while (r & bit) {
            r ^= bit;
            bit >>= 1;
        }
        r |= bit;
        x = kg_mmul(m, x, psi);
        fw[r] = x;
        iv[n - 1 - rp] = m->p - x;
    }
}

void falcon_kg_ntt(uint32_t *a, const uint32_t *fw, unsigned logn, const kg_mod *m)
{
    size_t n = (size_t)1 << logn, half, blk, j, k = 1;
    /* Cooley-Tukey, halves of size `half` combined with psi^brv(k). */
    for (half = n >> 1; half >= 1; half >>= 1) {
        for (blk = 0; blk < n; blk += half << 1) {
            uint32_t w = fw[k++];
            uint32_t *lo = a + blk, *hi = lo + half;
            for (j = 0; j < half; j++) {
                uint32_t t = kg_mmul(m, hi[j], w);
                hi[j] = kg_msub(m, lo[j], t);
                lo[j] = kg_madd(m, lo[j], t);
            }
        }
    }
}

void falcon_kg_intt(uint32_t *a, const uint32_t *iv, unsigned logn, const kg_mod *m)
{
    size_t n = (size_t)1 << logn, half, blk, j, k;
    uint32_t ninv;

    if (logn == 0) {
        return;
    }
    /* Gentleman-Sande: each level undoes the forward level of the same
     * half-size, up to a factor 2 collected in 1/n at the end. */
    for (half = 1; half < n; half <<= 1) {
        k = n / (half << 1);
        for (blk = 0; blk < n; blk += half << 1, k++) {
            uint32_t w = iv[k];
            uint32_t *lo = a + blk, *hi = lo + half;
            for (j = 0; j < half; j++) {
                uint32_t u = lo[j], v = hi[j];
                lo[j] = kg_madd(m, u, v);
                hi[j] = kg_mmul(m, kg_msub(m, u, v), w);
            }
        }
    }
    /* 1/n = p - (p - 1)/n since n divides p - 1. */
    ninv = kg_mont(m, m->p - ((m->p - 1u) >> logn));
    for (j = 0; j < n; j++) {
        a[j] = kg_mmul(m, a[j], ninv);
    }
}
