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

/* Symbols of the public API keep default visibility in the shared library;
 * everything else is hidden there (the build uses -fvisibility=hidden). */
#if defined(__GNUC__)
#define PQSIG_EXPORT __attribute__((visibility("default")))
#else
#define PQSIG_EXPORT
#endif

#if defined(__GNUC__)
#define PQSIG_MUST_CHECK __attribute__((warn_unused_result))
#else
#define PQSIG_MUST_CHECK
#endif

#endif
