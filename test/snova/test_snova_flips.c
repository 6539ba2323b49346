/* Every single-bit change of the public key of the shipped SNOVA records is
 * rejected (issue: "every single-bit flip of signature, message and public
 * key"). pqsig-records runs changed keys through the verifiers, which for
 * the keys of l = 2 and 3 (up to 72 KB, 575,000 bits) would take about
 * 10^13 instructions; this test covers every bit of every key by the
 * linearity of the map in P22 (test_snova_flips_one.c, built once per ref
 * variant, which the build lists in flip_list.h).
 *
 *   test_snova_flips KAT_DIR [NAME...] */
#include <stdio.h>
#include <string.h>

#include "flips.h"
#include "registry.h"

#define FLIP_VARIANT(ns)                                                                          \
    extern const pqsig_alg ns##alg;                                                               \
    void ns##flip_test(const char *kat_dir, flip_tally *t);
#include "flip_list.h"
#undef FLIP_VARIANT

static const struct {
    const pqsig_alg *alg;
    void (*run)(const char *kat_dir, flip_tally *t);
} variants[] = {
#define FLIP_VARIANT(ns) {&ns##alg, ns##flip_test},
#include "flip_list.h"
#undef FLIP_VARIANT
    {NULL, NULL}};

int main(int argc, char **argv)
{
    flip_tally t = {0, 0, 0};
    size_t i;
    int n;
    if (argc < 2) {
        fprintf(stderr, "usage: test_snova_flips KAT_DIR [NAME...]\n");
        return 2;
    }
    for (i = 0; variants[i].alg != NULL; i++) {
        int chosen = argc == 2;
        for (n = 2; n < argc; n++) {
            chosen |= strcmp(argv[n], variants[i].alg->d.name) == 0;
        }
        if (chosen) {
            variants[i].run(argv[1], &t);
        }
    }
    printf("test_snova_flips: %lu variants, %lu passed, %lu failed\n", t.variants, t.passed, t.failed);
    return t.failed == 0 && t.passed > 0 ? 0 : 1;
}
