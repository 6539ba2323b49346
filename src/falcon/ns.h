/* Falcon: symbol names. The Falcon core takes logn at run time, so each
 * implementation (ref: emulated floating point, opt: native double, later
 * the vector backends) compiles it once for both degrees. The build gives
 * PQSIG_KNAMESPACE (e.g. pqsig_falcon_opt_); a standalone test build may
 * leave it out. Every header declares its externals as
 *     #define falcon_x FALCON_NS(falcon_x)
 * and call sites use the plain names. */
#ifndef PQSIG_FALCON_NS_H
#define PQSIG_FALCON_NS_H

#include "common/ns.h"

#ifdef PQSIG_KNAMESPACE
#define FALCON_NS(name) PQSIG_KNS(name)
#else
#define FALCON_NS(name) PQSIG_CAT(pqsig_falcon_, name)
#endif

#endif
