/* The kernel convention every scheme shares (see docs/adding-a-backend.md).
 *
 * A scheme's src/<scheme>/native/api.h lists its kernels, each with a
 * contract (bounds in and out, layout, what may be secret). For every
 * kernel `k` it declares the portable twin `k_c`, always built, once per
 * shape, under PQSIG_KNS. A backend (src/<scheme>/native/<dir>/) opts in
 * kernel by kernel in its meta.h: it defines PQSIG_<SCHEME>_NATIVE_<K> and a
 * static inline `k_native` returning PQSIG_NATIVE_OK when it did the work,
 * or PQSIG_NATIVE_FALLBACK when it declines (a shape it does not cover, a
 * CPU feature that is missing) before writing any output. The frontend
 * then runs `k_c`. */
#ifndef PQSIG_NATIVE_H
#define PQSIG_NATIVE_H

#include "ns.h"

#define PQSIG_NATIVE_OK 0
#define PQSIG_NATIVE_FALLBACK (-1)

/* A static function of a portable file that a backend including the file
 * may replace by its own (ntt.c's layers, solve.c's elimination step):
 * unused in that backend's compile, where clang would warn (gcc does not
 * for static inline functions). */
#if defined(__GNUC__) || defined(__clang__)
#define PQSIG_MAYBE_UNUSED __attribute__((unused))
#else
#define PQSIG_MAYBE_UNUSED
#endif

/* A run-time size selects an instance of a body with constant sizes; the
 * instances must be inlined into the dispatching kernel to be specialised
 * (GCC, Clang: flatten). */
#if defined(__GNUC__)
#define PQSIG_FLATTEN __attribute__((flatten))
#else
#define PQSIG_FLATTEN
#endif

/* A work area that vector kernels stream: 64-byte aligned, so that the
 * alignment of its arrays does not depend on what precedes it in the
 * caller's struct or union (the scratch of the _temp forms is aligned to
 * PQSIG_TEMP_ALIGN = 64). A neighbour 2 bytes shorter once moved SNOVA's
 * linear system to 2 mod 32 and made signing 10 to 25 % slower. */
#if defined(__GNUC__) || defined(__clang__)
#define PQSIG_ALIGNED64 __attribute__((aligned(64)))
#else
#define PQSIG_ALIGNED64
#endif

#endif
