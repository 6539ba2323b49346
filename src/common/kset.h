/* Kernel sets: one frontend object, several implementations.
 *
 * SNOVA, MQ-Sign and NCC-Sign compile the frontend of a parameter set once
 * (impl opt) and register the backend implementations of the build (avx2,
 * avx512, ...) over that same object: each of their operations is a thunk
 * (src/common/variant_kset.c) that selects a kernel set for the calling
 * thread, runs opt's operation and restores the previous set. The
 * scheme's composite src/<scheme>/native/meta.h gives every hook of the
 * scheme's backends one switch on pqsig_kset(): a backend's kernel runs
 * only inside its own implementation's thunk, so `opt` stays portable C in
 * the same process, and a backend adds kernel objects, not frontends
 * (../shared/DESIGN.md, "Compile cost of a backend").
 *
 * The CPU check happens once, in the thunk: on a CPU without the set's
 * features the thunk selects the portable set, so the hooks need not test
 * the CPU again. Bare metal (no threads) keeps the selection in a plain
 * variable. */
#ifndef PQSIG_KSET_H
#define PQSIG_KSET_H

#include <stdint.h>

#include "cpu.h"

/* Ids; on x86-64, a larger id may run every kernel of a smaller one
 * (avx512 runs the avx2 kernels it has no better version of). */
#define PQSIG_KSET_PORTABLE 0u
#define PQSIG_KSET_AVX2 1u
#define PQSIG_KSET_AVX512 2u
#define PQSIG_KSET_NEON 1u
#define PQSIG_KSET_RVV 1u
#define PQSIG_KSET_M4 1u

/* The CPU features each set needs (its thunk checks them). */
#define PQSIG_KSET_CPU_AVX2 (PQSIG_CPU_AVX2 | PQSIG_CPU_BMI2)
#define PQSIG_KSET_CPU_AVX512                                                                          \
    (PQSIG_KSET_CPU_AVX2 | PQSIG_CPU_AVX512F | PQSIG_CPU_AVX512BW | PQSIG_CPU_AVX512VL | PQSIG_CPU_GFNI)
#define PQSIG_KSET_CPU_NEON PQSIG_CPU_NEON
#define PQSIG_KSET_CPU_RVV PQSIG_CPU_RVV
#define PQSIG_KSET_CPU_M4 0u

/* Hosted targets have threads; bare metal (no __unix__, __APPLE__ or
 * _WIN32: the Cortex-M4 build) has one, and no thread pointer. */
#if defined(__unix__) || defined(__APPLE__) || defined(_WIN32)
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define PQSIG_KSET_STORAGE _Thread_local
#else
#define PQSIG_KSET_STORAGE __thread
#endif
#else
#define PQSIG_KSET_STORAGE
#endif

/* The calling thread's kernel set (cpu.c). */
extern PQSIG_KSET_STORAGE unsigned pqsig_kset_current;

static inline unsigned pqsig_kset(void)
{
    return pqsig_kset_current;
}

/* Selects `id` if the CPU has `need`, else the portable set; returns the
 * previous selection for pqsig_kset_leave. */
static inline unsigned pqsig_kset_enter(unsigned id, uint32_t need)
{
    const unsigned saved = pqsig_kset_current;
    pqsig_kset_current = (pqsig_cpu_features() & need) == need ? id : PQSIG_KSET_PORTABLE;
    return saved;
}

static inline void pqsig_kset_leave(unsigned saved)
{
    pqsig_kset_current = saved;
}

/* The body of a composite hook (src/<scheme>/native/meta.h) whose kernel
 * gives nothing back and takes only some shapes: run `call` when the
 * calling thread's set is `id` or a larger one (on x86-64 a larger set runs
 * the kernels of a smaller one) and `takes` (a test of public sizes)
 * holds, else decline. Expands to returns of PQSIG_NATIVE_OK / _FALLBACK
 * (common/native.h). */
#define PQSIG_KSET_HOOK_IF(id, takes, call)                                                        \
    do {                                                                                           \
        if (pqsig_kset() >= (id) && (takes)) {                                                     \
            call;                                                                                  \
            return PQSIG_NATIVE_OK;                                                                \
        }                                                                                          \
        return PQSIG_NATIVE_FALLBACK;                                                              \
    } while (0)

/* The same for a kernel that takes every shape. */
#define PQSIG_KSET_HOOK(id, call) PQSIG_KSET_HOOK_IF(id, 1, call)

#endif
