/* Symbol namespacing. Every external symbol of pqsig starts with "pqsig_".
 * Code compiled once per (scheme, set, impl) gets PQSIG_NAMESPACE from the build
 * (e.g. pqsig_snova_24_5_16_4_opt_) and names its externals PQSIG_NS(name). */
#ifndef PQSIG_NS_H
#define PQSIG_NS_H

#define PQSIG_CAT_(a, b) a##b
#define PQSIG_CAT(a, b) PQSIG_CAT_(a, b)
#define PQSIG_STR_(a) #a
#define PQSIG_STR(a) PQSIG_STR_(a)

#ifdef PQSIG_NAMESPACE
#define PQSIG_NS(name) PQSIG_CAT(PQSIG_NAMESPACE, name)
#endif

/* Kernels are compiled once per (scheme, shape), not per set: the build
 * gives PQSIG_KNAMESPACE (e.g. pqsig_nccsign_n1152_) to the kernel files
 * and to every frontend of that shape, which name them PQSIG_KNS(name). */
#ifdef PQSIG_KNAMESPACE
#define PQSIG_KNS(name) PQSIG_CAT(PQSIG_KNAMESPACE, name)
#endif

/* A function whose frame must not merge into its caller's, so that two
 * large states are never on the stack together. */
#if defined(__GNUC__) || defined(__clang__)
#define PQSIG_NOINLINE __attribute__((noinline))
#else
#define PQSIG_NOINLINE
#endif

/* Glue whose loops gcc's loop vectoriser multiplies for no gain: SNOVA's
 * q = 16 signing and verification stages, compiled once per set (sg_parts
 * 22 KB of code instead of 3 KB; 3.2 s instead of 2.0 s a frontend; the
 * same callgrind counts or lower). gcc only: clang has no such attribute. */
#if defined(__GNUC__) && !defined(__clang__)
#define PQSIG_NO_LOOP_VECTORIZE __attribute__((optimize("no-tree-loop-vectorize")))
#else
#define PQSIG_NO_LOOP_VECTORIZE
#endif

/* Visibility: the build compiles with -fvisibility=hidden; the public API
 * (PQSIG_API in include/pqsig.h and include/pqsig/nist_api.h) is exported
 * from the shared library, everything else stays internal. */

#endif
