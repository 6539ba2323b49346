/* CPU features, detected once (cpuid + xgetbv on x86-64, hwcaps on AArch64). */
#ifndef PQSIG_CPU_H
#define PQSIG_CPU_H

#include <stdint.h>

#define PQSIG_CPU_AESNI (1u << 0)
#define PQSIG_CPU_PCLMUL (1u << 1)
#define PQSIG_CPU_AVX2 (1u << 2)
#define PQSIG_CPU_BMI2 (1u << 3)
#define PQSIG_CPU_AVX512F (1u << 4)
#define PQSIG_CPU_AVX512BW (1u << 5)
#define PQSIG_CPU_AVX512VL (1u << 6)
#define PQSIG_CPU_GFNI (1u << 7)
#define PQSIG_CPU_VAES (1u << 8)
#define PQSIG_CPU_AVX512VNNI (1u << 9)
#define PQSIG_CPU_NEON (1u << 16)
#define PQSIG_CPU_ARM_AES (1u << 17)
#define PQSIG_CPU_ARM_SHA3 (1u << 18)
#define PQSIG_CPU_RVV (1u << 24)

/* Bitmask of PQSIG_CPU_* usable here (the OS saves the registers too). */
uint32_t pqsig_cpu_features(void);
/* Name of one feature bit, or NULL. */
const char *pqsig_cpu_feature_name(uint32_t bit);

#endif
