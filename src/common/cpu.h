/* CPU features and speed traits, detected once (cpuid + xgetbv on x86-64, hwcaps on AArch64). */
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

/* Traits: facts about how fast the CPU runs what it has, for kernels that
 * pay on some CPUs and not on others (such a kernel declines where a trait
 * says it loses; the composite hook then runs the next one). Nothing needs
 * a trait to run, so the registry and the kernel sets ignore them.
 *   ZMM_HALVES: 512-bit operations issue as two 256-bit halves and a
 *   16-lane gather costs about what two 8-lane ones do, so a 512-bit
 *   kernel gains only what it saves in instructions (AMD Zen 4: family
 *   19h with AVX-512). */
#define PQSIG_CPU_TRAIT_ZMM_HALVES (1u << 0)
#define PQSIG_CPU_TRAITS_ALL PQSIG_CPU_TRAIT_ZMM_HALVES
#define PQSIG_CPU_TRAITS_DETECTED 0xffffffffu

/* The traits in effect: those detected, unless a test forced others. */
uint32_t pqsig_cpu_traits(void);
/* Tests: run as if the CPU had the traits `t` (0: every kernel the
 * features allow; PQSIG_CPU_TRAIT_*: the declines a trait makes, on any
 * CPU), or PQSIG_CPU_TRAITS_DETECTED (the default). Process-wide. */
void pqsig_cpu_traits_force(uint32_t t);
/* The value of a --cpu-traits option of the test and bench programs:
 * "detected", "none", "all" or a trait's name ("zmm-halves"); 0 when
 * known (the traits in *t), -1 otherwise. */
int pqsig_cpu_traits_parse(const char *s, uint32_t *t);
/* Name of one feature bit, or NULL. */
const char *pqsig_cpu_feature_name(uint32_t bit);

#endif
