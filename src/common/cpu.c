/* CPU feature detection, done once and cached.
 *
 * x86-64: CPUID says what the CPU implements; XGETBV (XCR0) says whether the
 * OS saves the vector registers, without which AVX/AVX-512 code must not
 * run (Intel SDM vol. 1, 13.3 and 15.2). AArch64/RISC-V: Linux hwcaps. */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cpu.h"
#include "kset.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>

static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t)hi << 32 | lo;
}

static uint32_t detect(void)
{
    unsigned a, b, c, d, max;
    uint32_t f = 0;
    uint64_t xcr0 = 0;
    int avx_os = 0, avx512_os = 0;

    max = __get_cpuid_max(0, NULL);
    if (max < 1) {
        return 0;
    }
    __cpuid(1, a, b, c, d);
    if (c & (1u << 25)) {
        f |= PQSIG_CPU_AESNI;
    }
    if (c & (1u << 1)) {
        f |= PQSIG_CPU_PCLMUL;
    }
    if ((c & (1u << 27)) && (c & (1u << 28))) { /* OSXSAVE and AVX */
        xcr0 = xgetbv0();
        avx_os = (xcr0 & 0x6) == 0x6;       /* SSE and AVX state */
        avx512_os = (xcr0 & 0xe6) == 0xe6;  /* plus opmask, ZMM_Hi256, Hi16_ZMM */
    }
    if (max < 7) {
        return f;
    }
    __cpuid_count(7, 0, a, b, c, d);
    if (b & (1u << 8)) {
        f |= PQSIG_CPU_BMI2;
    }
    if (c & (1u << 8)) {
        f |= PQSIG_CPU_GFNI;
    }
    if (avx_os) {
        if (b & (1u << 5)) {
            f |= PQSIG_CPU_AVX2;
        }
        if (c & (1u << 9)) {
            f |= PQSIG_CPU_VAES;
        }
    }
    if (avx512_os && (b & (1u << 16))) {
        f |= PQSIG_CPU_AVX512F;
        if (b & (1u << 30)) {
            f |= PQSIG_CPU_AVX512BW;
        }
        if (b & (1u << 31)) {
            f |= PQSIG_CPU_AVX512VL;
        }
        if (c & (1u << 11)) {
            f |= PQSIG_CPU_AVX512VNNI;
        }
    }
    return f;
}

static uint32_t detect_traits(void)
{
    unsigned a, b, c, d, family;
    if (__get_cpuid_max(0, NULL) < 1) {
        return 0;
    }
    __cpuid(0, a, b, c, d);
    /* "AuthenticAMD" in ebx, edx, ecx */
    if (b != 0x68747541u || d != 0x69746e65u || c != 0x444d4163u) {
        return 0;
    }
    __cpuid(1, a, b, c, d);
    family = (a >> 8) & 0xfu;
    if (family == 0xfu) {
        family += (a >> 20) & 0xffu;
    }
    /* Family 19h: Zen 3 (no AVX-512, so no 512-bit kernel runs) and Zen 4. */
    return family == 0x19u && (pqsig_cpu_features() & PQSIG_CPU_AVX512F) ? PQSIG_CPU_TRAIT_ZMM_HALVES : 0;
}
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>

static uint32_t detect(void)
{
    unsigned long hw = getauxval(AT_HWCAP);
    uint32_t f = PQSIG_CPU_NEON; /* Advanced SIMD is mandatory in AArch64 */
    if (hw & (1ul << 3)) {       /* HWCAP_AES */
        f |= PQSIG_CPU_ARM_AES;
    }
    if (hw & (1ul << 17)) { /* HWCAP_SHA3 */
        f |= PQSIG_CPU_ARM_SHA3;
    }
    return f;
}
#elif defined(__riscv) && defined(__linux__)
#include <sys/auxv.h>

static uint32_t detect(void)
{
    unsigned long hw = getauxval(AT_HWCAP);
    /* Single-letter extensions are bits 'A'..'Z' of AT_HWCAP. */
    return (hw & (1ul << ('V' - 'A'))) ? PQSIG_CPU_RVV : 0;
}
#else
static uint32_t detect(void)
{
    return 0;
}
#endif

#if !defined(__x86_64__) && !defined(_M_X64)
static uint32_t detect_traits(void)
{
    return 0;
}
#endif

/* Bit 31 marks "detected"; no feature uses it. Racing first calls compute
 * the same value, and the atomics keep that race well defined. */
#define DETECTED (1u << 31)
static uint32_t cpu_cache;

uint32_t pqsig_cpu_features(void)
{
    uint32_t f = __atomic_load_n(&cpu_cache, __ATOMIC_RELAXED);
    if (!(f & DETECTED)) {
        f = detect() | DETECTED;
        __atomic_store_n(&cpu_cache, f, __ATOMIC_RELAXED);
    }
    return f & ~DETECTED;
}

/* Detected traits (bit 31 marks "detected", as above) and a test's forced
 * ones (PQSIG_CPU_TRAITS_DETECTED: none forced). */
static uint32_t traits_cache;
static uint32_t traits_forced = PQSIG_CPU_TRAITS_DETECTED;

uint32_t pqsig_cpu_traits(void)
{
    uint32_t t = __atomic_load_n(&traits_forced, __ATOMIC_RELAXED);
    if (t != PQSIG_CPU_TRAITS_DETECTED) {
        return t;
    }
    t = __atomic_load_n(&traits_cache, __ATOMIC_RELAXED);
    if (!(t & DETECTED)) {
        t = detect_traits() | DETECTED;
        __atomic_store_n(&traits_cache, t, __ATOMIC_RELAXED);
    }
    return t & ~DETECTED;
}

void pqsig_cpu_traits_force(uint32_t t)
{
    __atomic_store_n(&traits_forced, t, __ATOMIC_RELAXED);
}

int pqsig_cpu_traits_parse(const char *s, uint32_t *t)
{
    static const struct {
        const char *name;
        uint32_t traits;
    } names[] = {{"detected", PQSIG_CPU_TRAITS_DETECTED},
                 {"none", 0},
                 {"all", PQSIG_CPU_TRAITS_ALL},
                 {"zmm-halves", PQSIG_CPU_TRAIT_ZMM_HALVES}};
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(s, names[i].name) == 0) {
            *t = names[i].traits;
            return 0;
        }
    }
    return -1;
}

/* The calling thread's kernel set (kset.h): portable until a backend
 * implementation's operation selects its own. */
PQSIG_KSET_STORAGE unsigned pqsig_kset_current = PQSIG_KSET_PORTABLE;

const char *pqsig_cpu_feature_name(uint32_t bit)
{
    static const struct {
        uint32_t bit;
        const char *name;
    } names[] = {{PQSIG_CPU_AESNI, "aesni"},     {PQSIG_CPU_PCLMUL, "pclmul"},
                 {PQSIG_CPU_AVX2, "avx2"},       {PQSIG_CPU_BMI2, "bmi2"},
                 {PQSIG_CPU_AVX512F, "avx512f"}, {PQSIG_CPU_AVX512BW, "avx512bw"},
                 {PQSIG_CPU_AVX512VL, "avx512vl"}, {PQSIG_CPU_GFNI, "gfni"},
                 {PQSIG_CPU_VAES, "vaes"},       {PQSIG_CPU_AVX512VNNI, "avx512vnni"},
                 {PQSIG_CPU_NEON, "neon"},
                 {PQSIG_CPU_ARM_AES, "arm-aes"}, {PQSIG_CPU_ARM_SHA3, "arm-sha3"},
                 {PQSIG_CPU_RVV, "rvv"}};
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (names[i].bit == bit) {
            return names[i].name;
        }
    }
    return NULL;
}
