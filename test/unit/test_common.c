/* ct.h helpers on edge values, CPU detection against the kernel's view,
 * OS randomness, zeroize. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "common/cpu.h"
#include "common/ct.h"
#include "common/randombytes.h"
#include "pqsig.h"

static void ct_helpers(void)
{
    static const uint32_t vals[] = {0, 1, 2, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff};
    size_t i, j;
    uint8_t x[5] = {1, 2, 3, 4, 5}, y[5] = {9, 9, 9, 9, 9};
    for (i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        uint32_t a = vals[i];
        CHECK(pqsig_ct_nonzero_mask_u32(a) == (a ? 0xffffffffu : 0), "nonzero %lx", (unsigned long)a);
        for (j = 0; j < sizeof vals / sizeof vals[0]; j++) {
            uint32_t b = vals[j];
            CHECK(pqsig_ct_eq_mask_u32(a, b) == (a == b ? 0xffffffffu : 0), "eq %lx %lx", (unsigned long)a, (unsigned long)b);
            CHECK(pqsig_ct_lt_mask_u32(a, b) == (a < b ? 0xffffffffu : 0), "lt %lx %lx", (unsigned long)a, (unsigned long)b);
        }
        CHECK(pqsig_ct_select_u32(0xffffffffu, a, 7) == a && pqsig_ct_select_u32(0, a, 7) == 7, "select");
    }
    pqsig_ct_cmov(x, y, 5, 0);
    CHECK(x[0] == 1 && x[4] == 5, "cmov 0 keeps");
    pqsig_ct_cmov(x, y, 5, 0x80);
    CHECK(x[0] == 9 && x[4] == 9, "cmov nonzero copies");
    CHECK(pqsig_ct_memcmp(x, y, 5) == 0, "memcmp equal");
    y[4] ^= 0x40;
    CHECK(pqsig_ct_memcmp(x, y, 5) == -1, "memcmp differ");
    CHECK(pqsig_ct_memcmp(x, y, 0) == 0, "memcmp empty");
    pqsig_zeroize(x, 5);
    CHECK(x[0] == 0 && x[1] == 0 && x[2] == 0 && x[3] == 0 && x[4] == 0, "zeroize");
}

/* On Linux x86-64 the kernel lists the features it enables in /proc/cpuinfo;
 * ours must agree with it feature by feature. */
static void cpu_features(void)
{
#if defined(__x86_64__) && defined(__linux__)
    static const struct {
        uint32_t bit;
        const char *flag;
    } map[] = {{PQSIG_CPU_AESNI, "aes"},         {PQSIG_CPU_PCLMUL, "pclmulqdq"},
               {PQSIG_CPU_AVX2, "avx2"},         {PQSIG_CPU_BMI2, "bmi2"},
               {PQSIG_CPU_AVX512F, "avx512f"},   {PQSIG_CPU_AVX512BW, "avx512bw"},
               {PQSIG_CPU_AVX512VL, "avx512vl"}, {PQSIG_CPU_GFNI, "gfni"},
               {PQSIG_CPU_VAES, "vaes"}};
    char *line = NULL;
    size_t cap = 0, i;
    FILE *f = fopen("/proc/cpuinfo", "r");
    uint32_t f1 = pqsig_cpu_features(), f2 = pqsig_cpu_features();
    CHECK(f1 == f2, "cached value stable");
    if (f == NULL) {
        return;
    }
    while (getline(&line, &cap, f) > 0) {
        if (strncmp(line, "flags", 5) == 0) {
            break;
        }
    }
    fclose(f);
    if (line != NULL) {
        line[strcspn(line, "\n")] = 0;
    }
    for (i = 0; line != NULL && i < sizeof map / sizeof map[0]; i++) {
        size_t fl = strlen(map[i].flag);
        const char *hit = line;
        int listed = 0;
        /* a whole word of the flags line */
        while ((hit = strstr(hit, map[i].flag)) != NULL) {
            if (hit[-1] == ' ' && (hit[fl] == ' ' || hit[fl] == 0)) {
                listed = 1;
                break;
            }
            hit += fl;
        }
        CHECK(listed == ((f1 & map[i].bit) != 0), "cpu feature %s: cpuinfo %d, pqsig %d", map[i].flag,
              listed, (f1 & map[i].bit) != 0);
        CHECK(pqsig_cpu_feature_name(map[i].bit) != NULL, "feature name");
    }
    free(line);
#else
    CHECK(pqsig_cpu_features() == pqsig_cpu_features(), "cached value stable");
#endif
}

/* The speed traits: ZMM_HALVES where /proc/cpuinfo names an AMD family 19h
 * CPU with AVX-512 (Zen 4), none elsewhere; a test's forced value holds until
 * it asks for the detected ones again; the option names parse. */
static void cpu_traits(void)
{
    uint32_t t, detected = pqsig_cpu_traits();
#if defined(__x86_64__) && defined(__linux__)
    char *line = NULL;
    size_t cap = 0;
    int amd = -1, family = -1;
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f != NULL && getline(&line, &cap, f) > 0 && (amd < 0 || family < 0)) {
        if (strncmp(line, "vendor_id", 9) == 0) {
            amd = strstr(line, "AuthenticAMD") != NULL;
        } else if (strncmp(line, "cpu family", 10) == 0) {
            family = atoi(strchr(line, ':') != NULL ? strchr(line, ':') + 1 : "-1");
        }
    }
    if (f != NULL) {
        fclose(f);
    }
    free(line);
    if (amd >= 0 && family >= 0) {
        int halves = amd && family == 0x19 && (pqsig_cpu_features() & PQSIG_CPU_AVX512F) != 0;
        CHECK(detected == (halves ? PQSIG_CPU_TRAIT_ZMM_HALVES : 0u), "cpu traits %lx (amd %d, family %d)",
              (unsigned long)detected, amd, family);
    }
#endif
    pqsig_cpu_traits_force(0);
    CHECK(pqsig_cpu_traits() == 0, "forced none");
    pqsig_cpu_traits_force(PQSIG_CPU_TRAIT_ZMM_HALVES);
    CHECK(pqsig_cpu_traits() == PQSIG_CPU_TRAIT_ZMM_HALVES, "forced zmm-halves");
    pqsig_cpu_traits_force(PQSIG_CPU_TRAITS_DETECTED);
    CHECK(pqsig_cpu_traits() == detected, "detected again");
    CHECK(pqsig_cpu_traits_parse("none", &t) == 0 && t == 0, "parse none");
    CHECK(pqsig_cpu_traits_parse("zmm-halves", &t) == 0 && t == PQSIG_CPU_TRAIT_ZMM_HALVES, "parse zmm-halves");
    CHECK(pqsig_cpu_traits_parse("all", &t) == 0 && t == PQSIG_CPU_TRAITS_ALL, "parse all");
    CHECK(pqsig_cpu_traits_parse("detected", &t) == 0 && t == PQSIG_CPU_TRAITS_DETECTED, "parse detected");
    CHECK(pqsig_cpu_traits_parse("fast", &t) == -1, "parse an unknown name");
}

/* Over getrandom's 1 MiB chunk on Linux; bare metal has a few MiB of RAM
 * in all and no chunking to test. */
#if defined(__linux__)
#define BIG_BYTES (3u << 20)
#else
#define BIG_BYTES (64u << 10)
#endif
static uint8_t big[BIG_BYTES];

static void os_random(void)
{
    uint8_t a[64], b[64], zero[64] = {0};
    CHECK(pqsig_randombytes(a, sizeof a) == PQSIG_OK, "randombytes");
    CHECK(pqsig_randombytes(b, sizeof b) == PQSIG_OK, "randombytes again");
    CHECK(memcmp(a, b, 64) != 0 && memcmp(a, zero, 64) != 0, "fresh output");
    CHECK(pqsig_randombytes(big, sizeof big) == PQSIG_OK, "3 MiB (Linux) in chunks");
    CHECK(memcmp(big + sizeof big - 64, zero, 64) != 0, "tail filled");
    CHECK(pqsig_randombytes(a, 0) == PQSIG_OK, "zero length");
}

int main(void)
{
    ct_helpers();
    cpu_features();
    cpu_traits();
    os_random();
    return check_done("test_common");
}
