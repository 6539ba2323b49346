/* Keccak-f[1600] compiled with BMI1/BMI2 (x86-64 only; the build gives this
 * file -mbmi -mbmi2): andn and rorx save a fifth of the instructions. The
 * x86-64 native slot (native/x86_64/meta.h) calls it when the CPU has BMI2. */
#include <stdint.h>

#include "native/api.h"

#define KECCAK_FN keccak_permute
#include "keccak_perm.h"

void pqsig_keccakf1600_bmi2(uint64_t s[25])
{
    keccak_permute(s);
}
