/* Lookup: the table of every variant compiled into this build (generated
 * list), the selection of an implementation by name, CPU and PQSIG_IMPL,
 * and the public functions that list and find variants. Only this file
 * refers to the table, so a program that calls one variant's NIST API
 * through the static library links that variant alone. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/cpu.h"
#include "registry.h"

#define PQSIG_VARIANT(ns) extern const pqsig_alg ns##alg;
#include "pqsig_variants.h"
#undef PQSIG_VARIANT

#define PQSIG_VARIANT(ns) &ns##alg,
const pqsig_alg *const pqsig_registry[] = {
#include "pqsig_variants.h"
    NULL};
#undef PQSIG_VARIANT

int pqsig_impl_rank(const char *impl)
{
    /* Portable code ranks lowest; ref is the oracle, never chosen by default
     * when anything else exists. Native backends of one architecture never
     * compete with another's, so they can share a rank. */
    static const struct {
        const char *name;
        int rank;
    } ranks[] = {{"decline", -1}, {"ref", 0}, {"opt", 1},  {"avx2", 2},
                 {"neon", 2},     {"rvv", 2}, {"m4", 2}, {"avx512", 3}};
    size_t i;
    for (i = 0; i < sizeof ranks / sizeof ranks[0]; i++) {
        if (strcmp(impl, ranks[i].name) == 0) {
            return ranks[i].rank;
        }
    }
    return -2;
}

const pqsig_alg *pqsig_registry_select(const pqsig_alg *const *table, const char *name,
                                       const char *impl, uint32_t cpu)
{
    const pqsig_alg *best = NULL;
    size_t i;
    if (name == NULL) {
        return NULL;
    }
    for (i = 0; table[i] != NULL; i++) {
        const pqsig_alg *a = table[i];
        if (strcmp(a->d.name, name) != 0 || (a->d.cpu_features & ~cpu) != 0) {
            continue;
        }
        if (impl != NULL) {
            if (strcmp(a->d.impl, impl) == 0) {
                return a;
            }
        } else if (pqsig_impl_rank(a->d.impl) >= 0 &&
                   (best == NULL || pqsig_impl_rank(a->d.impl) > pqsig_impl_rank(best->d.impl))) {
            best = a;
        }
    }
    return best;
}

/* PQSIG_IMPL, read once: NULL when unset or empty, else the value. A
 * production library must not let the environment downgrade it, so only
 * the constant-time implementations that would be chosen on merit (rank 1
 * and up: opt and the native backends) can be forced; ref and test
 * backends are reached by name through pqsig_find_impl. Racing first calls
 * read the same value; the atomics keep that race well defined. */
#define ENV_UNREAD ((const char *)&env_cache)
static const char *env_cache = ENV_UNREAD;

static const char *forced_impl(void)
{
    const char *v = __atomic_load_n(&env_cache, __ATOMIC_ACQUIRE);
    if (v == ENV_UNREAD) {
        v = getenv("PQSIG_IMPL");
        if (v != NULL && v[0] == '\0') {
            v = NULL;
        }
        __atomic_store_n(&env_cache, v, __ATOMIC_RELEASE);
    }
    return v;
}

int pqsig_find_checked(const char *name, const pqsig_alg **alg)
{
    const char *forced = forced_impl();
    const pqsig_alg *a;
    size_t i;
    if (alg == NULL) {
        return PQSIG_ERR_BAD_ARGUMENT;
    }
    *alg = NULL;
    if (forced != NULL && pqsig_impl_rank(forced) < 1) {
        return PQSIG_ERR_BAD_CONFIG;
    }
    a = pqsig_registry_select(pqsig_registry, name, forced, pqsig_cpu_features());
    if (a != NULL) {
        *alg = a;
        return PQSIG_OK;
    }
    for (i = 0; name != NULL && pqsig_registry[i] != NULL; i++) {
        if (strcmp(pqsig_registry[i]->d.name, name) == 0) {
            /* Built, but not for this CPU, or not in the forced form. */
            return forced != NULL ? PQSIG_ERR_BAD_CONFIG : PQSIG_ERR_UNSUPPORTED;
        }
    }
    return PQSIG_ERR_BAD_ARGUMENT;
}

const pqsig_alg *pqsig_find(const char *name)
{
    const pqsig_alg *a;
    return pqsig_find_checked(name, &a) == PQSIG_OK ? a : NULL;
}

const pqsig_alg *pqsig_find_impl(const char *name, const char *impl)
{
    if (impl == NULL) {
        return NULL;
    }
    return pqsig_registry_select(pqsig_registry, name, impl, pqsig_cpu_features());
}

size_t pqsig_count(void)
{
    size_t n = 0;
    while (pqsig_registry[n] != NULL) {
        n++;
    }
    return n;
}

const pqsig_alg *pqsig_at(size_t index)
{
    return index < pqsig_count() ? pqsig_registry[index] : NULL;
}
