/* PQSIG_IMPL, set by this program to its argument before the first lookup:
 *   test_env opt      every lookup gives opt
 *   test_env ref      (or a test backend): refused as a configuration error,
 *                     never a silent downgrade
 *   test_env bogus    a configuration error, not a missing algorithm (for
 *                     every name: the configuration is wrong)
 * and the value is read once: changing it later changes nothing. */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "registry.h"

int main(int argc, char **argv)
{
    const char *mode;
    size_t i, n = pqsig_count(), seen = 0;
    /* The value comes as the argument and is set before the first lookup,
     * so the test does not depend on the runner passing the environment. */
    if (argc < 2) {
        fprintf(stderr, "usage: test_env PQSIG_IMPL-value\n");
        return 2;
    }
    setenv("PQSIG_IMPL", argv[1], 1);
    mode = strcmp(argv[1], "opt") == 0 ? "opt" : "none";
    for (i = 0; i < n; i++) {
        const pqsig_alg *a = pqsig_at(i), *got = NULL;
        int ret;
        if (strcmp(a->d.impl, "opt") != 0 || !pqsig_runs_here(a)) {
            continue;
        }
        ret = pqsig_find_checked(a->d.name, &got);
        if (strcmp(mode, "opt") == 0) {
            CHECK(ret == PQSIG_OK && got == a, "%s: PQSIG_IMPL=opt gives opt", a->d.name);
        } else {
            CHECK(ret == PQSIG_ERR_BAD_CONFIG && got == NULL, "%s: PQSIG_IMPL=%s refused (%d)", a->d.name,
                  getenv("PQSIG_IMPL"), ret);
            CHECK(pqsig_find(a->d.name) == NULL, "%s: no handle under a bad PQSIG_IMPL", a->d.name);
        }
        ret = pqsig_find_checked("no-such-algorithm", &got);
        CHECK(strcmp(mode, "opt") == 0 ? ret == PQSIG_ERR_BAD_ARGUMENT : ret == PQSIG_ERR_BAD_CONFIG,
              "an unknown name: the configuration error comes first (%d)", ret);
        seen++;
    }
    /* Read once: the environment cannot change the choice afterwards. */
    setenv("PQSIG_IMPL", strcmp(mode, "opt") == 0 ? "ref" : "opt", 1);
    for (i = 0; i < n; i++) {
        const pqsig_alg *a = pqsig_at(i), *got = NULL;
        if (strcmp(a->d.impl, "opt") == 0 && pqsig_runs_here(a)) {
            int ret = pqsig_find_checked(a->d.name, &got);
            CHECK(strcmp(mode, "opt") == 0 ? ret == PQSIG_OK : ret == PQSIG_ERR_BAD_CONFIG,
                  "%s: PQSIG_IMPL read once", a->d.name);
        }
    }
    CHECK(seen > 0, "some opt variant tested");
    return check_done("test_env");
}
