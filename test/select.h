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

/* Whether a generic test covers variant a: names (exact) restrict, else
 * fast mode picks the representatives above. */
static inline int select_variant(const pqsig_alg *a, int fast, char **names, int nnames)
{
    int i;
    if (!pqsig_runs_here(a)) {
        return 0;
    }
    for (i = 0; i < nnames; i++) {
        if (strcmp(names[i], a->d.name) == 0) {
            return 1;
        }
    }
    return nnames == 0 && (!fast || select_fast_representative(a));
}

#endif
