/* NCC-Sign-T: the portable packing kernels of native/api.h (the fields that
 * signing and verification pack or unpack on every attempt). */
#include "nccsign/bitpack.h"
#include "nccsign/native/api.h"

NCC_DEFINE_PACK(pack_w1_bits, NCC_W1_BITS, uint8_t, a[i])
NCC_DEFINE_UNPACK(unpack_z_bits, NCC_Z_BITS, int32_t, a[i] = offset - (int32_t)x)
NCC_DEFINE_UNPACK(unpack_t1_bits, NCC_T1_BITS, uint32_t, a[i] = x)

void ncc_pack_w1_c(uint8_t out[NCC_POLYW1_BYTES], const uint8_t w1[NCC_N])
{
    pack_w1_bits(out, w1, 0);
}

void ncc_unpack_z_c(int32_t z[NCC_N], const uint8_t in[NCC_POLYZ_BYTES])
{
    unpack_z_bits(z, in, NCC_GAMMA1);
}

void ncc_unpack_t1_c(uint32_t t1[NCC_N], const uint8_t in[NCC_POLYT1_BYTES])
{
    unpack_t1_bits(t1, in, 0);
}
