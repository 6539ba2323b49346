/* NCC-Sign-T opt: the byte formats (section 3.2). Every field is a string of
 * fixed-width values, least significant bit first: t1 (12 or 11 bits),
 * 1 - s (3 bits), 2^(d-1) - t0 (d bits), gamma1 - z (19 or 20 bits), w1 (5
 * or 4 bits) and the hint as one bit per coefficient. n is a multiple of 8,
 * so no field has unused bits. */
#include <string.h>

#include "nccsign/bitpack.h"
#include "nccsign/internal.h"

/* offset - a_i for signed coefficients stored with an offset; plain values. */
NCC_DEFINE_PACK(pack_eta, NCC_ETA_BITS, int32_t, offset - a[i])
NCC_DEFINE_PACK(pack_t0, NCC_D, int32_t, offset - a[i])
NCC_DEFINE_PACK(pack_z, NCC_Z_BITS, int32_t, offset - a[i])
NCC_DEFINE_PACK(pack_t1, NCC_T1_BITS, uint32_t, a[i])

NCC_DEFINE_UNPACK(unpack_eta, NCC_ETA_BITS, int32_t, a[i] = offset - (int32_t)x)
NCC_DEFINE_UNPACK(unpack_t0, NCC_D, int32_t, a[i] = offset - (int32_t)x)

void ncc_pack_pk(uint8_t *pk, const uint8_t zeta[NCC_SEEDBYTES], const ncc_poly *t1)
{
    memcpy(pk, zeta, NCC_SEEDBYTES);
    pack_t1(pk + NCC_SEEDBYTES, t1->c, 0);
}

/* Strict: t1 above NCC_T1_MAX is never produced by key generation. */
int ncc_unpack_pk(uint8_t zeta[NCC_SEEDBYTES], ncc_poly *t1, const uint8_t *pk)
{
    uint32_t bad = 0;
    size_t i;
    memcpy(zeta, pk, NCC_SEEDBYTES);
    ncc_unpack_t1(t1->c, pk + NCC_SEEDBYTES);
    for (i = 0; i < NCC_N; i++) {
        bad |= (uint32_t)NCC_T1_MAX - t1->c[i];
    }
    return (int)(bad >> 31) * -1;
}

void ncc_pack_sk_seeds(uint8_t *sk, const uint8_t zeta[NCC_SEEDBYTES],
                       const uint8_t key[NCC_SEEDBYTES], const uint8_t tr[NCC_SEEDBYTES])
{
    memcpy(sk, zeta, NCC_SEEDBYTES);
    memcpy(sk + NCC_SEEDBYTES, key, NCC_SEEDBYTES);
    memcpy(sk + 2 * NCC_SEEDBYTES, tr, NCC_SEEDBYTES);
}

void ncc_pack_sk_s(uint8_t *sk, unsigned which, const ncc_spoly *s)
{
    pack_eta(sk + 3 * NCC_SEEDBYTES + which * NCC_POLYETA_BYTES, s->c, 1);
}

void ncc_pack_sk_t0(uint8_t *sk, const ncc_spoly *t0)
{
    pack_t0(sk + 3 * NCC_SEEDBYTES + 2 * NCC_POLYETA_BYTES, t0->c, 1 << (NCC_D - 1));
}

/* s1 and s2 must be in [-1, 1]: 1 - s in {0, 1, 2}, never 3..7. */
static uint32_t eta_out_of_range(const ncc_spoly *s)
{
    uint32_t bad = 0;
    size_t i;
    for (i = 0; i < NCC_N; i++) {
        bad |= (uint32_t)(s->c[i] + 1) >> 31; /* s < -1 */
    }
    return 0u - bad;
}

uint32_t ncc_unpack_sk(uint8_t zeta[NCC_SEEDBYTES], uint8_t key[NCC_SEEDBYTES],
                       uint8_t tr[NCC_SEEDBYTES], ncc_spoly *s1, ncc_spoly *s2,
                       ncc_spoly *t0, const uint8_t *sk)
{
    memcpy(zeta, sk, NCC_SEEDBYTES);
    memcpy(key, sk + NCC_SEEDBYTES, NCC_SEEDBYTES);
    memcpy(tr, sk + 2 * NCC_SEEDBYTES, NCC_SEEDBYTES);
    sk += 3 * NCC_SEEDBYTES;
    unpack_eta(s1->c, sk, 1);
    unpack_eta(s2->c, sk + NCC_POLYETA_BYTES, 1);
    unpack_t0(t0->c, sk + 2 * NCC_POLYETA_BYTES, 1 << (NCC_D - 1));
    return eta_out_of_range(s1) | eta_out_of_range(s2);
}

void ncc_pack_sig(uint8_t *sig, const uint8_t ctilde[NCC_SEEDBYTES], const ncc_spoly *z,
                  const uint8_t h[NCC_N])
{
    size_t i;
    unsigned k;
    memcpy(sig, ctilde, NCC_SEEDBYTES);
    pack_z(sig + NCC_SEEDBYTES, z->c, NCC_GAMMA1);
    sig += NCC_SEEDBYTES + NCC_POLYZ_BYTES;
    for (i = 0; i < NCC_N / 8; i++) {
        uint8_t byte = 0;
        for (k = 0; k < 8; k++) {
            byte |= (uint8_t)(h[8 * i + k] << k);
        }
        sig[i] = byte;
    }
}

void ncc_unpack_sig(uint8_t ctilde[NCC_SEEDBYTES], ncc_spoly *z, uint8_t h[NCC_N],
                    const uint8_t *sig)
{
    size_t i;
    unsigned k;
    memcpy(ctilde, sig, NCC_SEEDBYTES);
    ncc_unpack_z(z->c, sig + NCC_SEEDBYTES);
    sig += NCC_SEEDBYTES + NCC_POLYZ_BYTES;
    for (i = 0; i < NCC_N / 8; i++) {
        for (k = 0; k < 8; k++) {
            h[8 * i + k] = (uint8_t)((sig[i] >> k) & 1);
        }
    }
}
