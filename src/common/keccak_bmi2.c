/* Keccak-f[1600] compiled with BMI1/BMI2 (x86-64 only; the build gives this
 * file -mbmi -mbmi2); keccak.c calls it when the CPU has BMI2. */
#include <stdint.h>

#include "keccak_perm.h"

void pqsig_keccakf1600_bmi2(uint64_t s[25]);

void pqsig_keccakf1600_bmi2(uint64_t s[25])
{
    keccak_permute(s);
}
