/* Falcon backend x86_64_avx512 (impl avx512): the kernels it provides of
 * its own; for every other kernel the composite ../meta.h runs avx2's (a
 * larger x86-64 set runs a smaller one's kernels). What was measured and
 * declined is in src/falcon/README.md ("AVX-512"). */
#ifndef PQSIG_FALCON_NATIVE_X86_64_AVX512_META_H
#define PQSIG_FALCON_NATIVE_X86_64_AVX512_META_H

#include "falcon/native/x86_64_avx2/meta.h"

#endif
