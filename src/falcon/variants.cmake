# Falcon round 3: Falcon-512 and Falcon-1024 (compressed signatures, round
# 3's NIST signed message) and Falcon-padded-512/-1024 (fixed-size
# signatures, PQClean's format). The core takes logn at run time, so it is
# compiled once per floating-point kind ("shape"): fpemu (integer-emulated
# binary64, the ref implementation) and fpu (native double where the target
# has a double-precision FPU, else the emulation too: src/falcon/fpr.h; opt,
# and the backends avx2 and avx512 over opt's objects). The core calls the
# kernels through kernels.h, which includes the composite native/meta.h.
# The frontend (falcon.c) is compiled per set.

file(GLOB falcon_keygen_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/falcon/keygen*.c)
set(falcon_core_sources
  ${PROJECT_SOURCE_DIR}/src/falcon/codec.c
  ${PROJECT_SOURCE_DIR}/src/falcon/vrfy.c
  ${PROJECT_SOURCE_DIR}/src/falcon/hash.c
  ${PROJECT_SOURCE_DIR}/src/falcon/fpr_tables.c
  ${PROJECT_SOURCE_DIR}/src/falcon/fpr_emu.c
  ${PROJECT_SOURCE_DIR}/src/falcon/fft.c
  ${PROJECT_SOURCE_DIR}/src/falcon/prng.c
  ${PROJECT_SOURCE_DIR}/src/falcon/sampler.c
  ${PROJECT_SOURCE_DIR}/src/falcon/sign.c
  ${PROJECT_SOURCE_DIR}/src/falcon/sign_tree.c
  ${falcon_keygen_sources})

# The floating point must be IEEE binary64 with every operation rounded on
# its own: no contraction into fused multiply-adds (GCC ignores
# "#pragma STDC FP_CONTRACT"), no fast-math.
file(GLOB falcon_native_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/falcon/native/*/*.c)
set_property(SOURCE ${falcon_core_sources} ${falcon_native_sources} APPEND PROPERTY COMPILE_OPTIONS
             -ffp-contract=off)

# "set-id logn padded"
set(falcon_sets "512 9 0" "1024 10 0" "padded_512 9 1" "padded_1024 10 1")

# The backends share opt's core as kernel sets (src/common/kset.h): the
# core is compiled once, with the composite native/meta.h, and avx2 and
# avx512 are thunks over opt's frontend. The test backend `decline` keeps
# a core of its own (its meta.h declines every hook).
pqsig_frontend_impls(falcon_impls falcon)
pqsig_kernel_sets(falcon_ksets falcon)
set(falcon_kset_defines "")
if(falcon_ksets)
  set(falcon_kset_defines PQSIG_BACKEND_META="falcon/native/meta.h")
  foreach(k IN LISTS falcon_ksets)
    string(TOUPPER ${k} K)
    list(APPEND falcon_kset_defines PQSIG_KSET_HAVE_${K}=1)
  endforeach()
endif()
foreach(entry IN LISTS falcon_sets)
  string(REPLACE " " ";" p "${entry}")
  list(GET p 0 id)
  list(GET p 1 logn)
  list(GET p 2 padded)
  pqsig_variant(SCHEME falcon SET ${id} IMPL ref HEADER "falcon/variant.h"
    SOURCES ${PROJECT_SOURCE_DIR}/src/falcon/falcon.c
    DEFINES FALCON_LOGN=${logn} FALCON_PADDED=${padded}
    SHAPE fpemu SHAPE_DEFINES FALCON_FPEMU=1 FALCON_SIGN_TREE=1
    KERNELS ${falcon_core_sources})
  pqsig_variant(SCHEME falcon SET ${id} IMPL opt HEADER "falcon/variant.h"
    SOURCES ${PROJECT_SOURCE_DIR}/src/falcon/falcon.c
    DEFINES FALCON_LOGN=${logn} FALCON_PADDED=${padded}
    SHAPE fpu SHAPE_DEFINES ${falcon_kset_defines}
    KERNELS ${falcon_core_sources} KSETS ${falcon_ksets})
  if("decline" IN_LIST falcon_impls)
    pqsig_variant(SCHEME falcon SET ${id} IMPL decline HEADER "falcon/variant.h"
      SOURCES ${PROJECT_SOURCE_DIR}/src/falcon/falcon.c
      DEFINES FALCON_LOGN=${logn} FALCON_PADDED=${padded}
      SHAPE decline SHAPE_DEFINES PQSIG_BACKEND_META="falcon/native/decline/meta.h"
      KERNELS ${falcon_core_sources})
  endif()
endforeach()
