/* Which variants a generic test covers. In fast mode (the CI subset) every
 * variant except the slow ref oracle, and one ref variant per (scheme,
 * version), the first in the registry; the KATs still check every ref set.
 * Name arguments restrict to those names (exact match). */
#ifndef PQSIG_TEST_SELECT_H
#define PQSIG_TEST_SELECT_H

#include <string.h>

#include "registry.h"

static inline int select_fast_representative(const pqsig_alg *a)
{
    size_t i;
    if (strcmp(a->d.impl, "ref") != 0) {
        return 1;
    }
    for (i = 0; pqsig_at(i) != a; i++) {
        const pqsig_alg *b = pqsig_at(i);
        if (strcmp(b->d.impl, "ref") == 0 && strcmp(b->d.scheme, a->d.scheme) == 0 &&
            strcmp(b->d.version, a->d.version) == 0) {
            return 0;
        }
    }
    return 1;
}

/* For the constant-time test's CI slice: a backend implementation (not
 * ref, not opt) is covered on the first of its sets per (scheme, version,
 * level). Its kernels are compiled once per shape and take the set's sizes
 * as public values, and opt's run covers the shared frontend on every set;
 * the full run covers every set. */
static inline int select_backend_representative(const pqsig_alg *a)
{
    size_t i;
    if (strcmp(a->d.impl, "ref") == 0 || strcmp(a->d.impl, "opt") == 0) {
        return 1;
    }
    for (i = 0; pqsig_at(i) != a; i++) {
        const pqsig_alg *b = pqsig_at(i);
        if (strcmp(b->d.impl, a->d.impl) == 0 && strcmp(b->d.scheme, a->d.scheme) == 0 &&
            strcmp(b->d.version, a->d.version) == 0 && b->d.level == a->d.level) {
            return 0;
        }
    }
    return 1;
}

/* Whether any of the names is a variant of this build. */
static inline int select_any_known(char **names, int nnames)
{
    size_t k;
    int i;
    for (k = 0; k < pqsig_count(); k++) {
        for (i = 0; i < nnames; i++) {
            if (strcmp(names[i], pqsig_at(k)->d.name) == 0) {
                return 1;
            }
        }
    }
    return 0;
}

/* Whether a generic test covers variant a: names (exact) restrict, else
 * fast mode picks the representatives above. A build narrowed by
 * PQSIG_SETS to none of the names (the test lists are fixed in
 * test/CMakeLists.txt) gets the default selection instead of nothing. */
static inline int select_variant(const pqsig_alg *a, int fast, char **names, int nnames)
{
    int i;
    if (!pqsig_runs_here(a)) {
        return 0;
    }
    if (nnames > 0 && !select_any_known(names, nnames)) {
        nnames = 0;
    }
    for (i = 0; i < nnames; i++) {
        if (strcmp(names[i], a->d.name) == 0) {
            return 1;
        }
    }
    return nnames == 0 && (!fast || select_fast_representative(a));
}

#endif
