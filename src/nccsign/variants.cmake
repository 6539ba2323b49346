# NCC-Sign-T (KpqC round 2, v2.1): four rings, each with SHAKE and with
# AES-256-CTR expansion, built as `ref` (the specification, plainly) and as
# the portable frontend over the kernels of native/api.h: `opt` (the
# portable twins), shared by every backend impl (kernel sets:
# src/common/kset.h, pqsig_kernel_sets). The
# kernels depend on the ring degree only (shape n<degree>, compiled once
# per shape); the frontend is compiled per set. Set ids: the level ("5p" =
# 5', n = 2048), "_aes".

set(nccsign_ref_sources
  ${PROJECT_SOURCE_DIR}/src/nccsign/ref/poly.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/ref/sample.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/ref/sign.c)

set(nccsign_frontend_sources
  ${PROJECT_SOURCE_DIR}/src/nccsign/poly.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/expand.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/encode.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/keygen.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/sign.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/verify.c)

set(nccsign_kernel_sources
  ${PROJECT_SOURCE_DIR}/src/nccsign/ntt.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/sample.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/rounding.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/pack.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/sparse.c)

# "set-id ring-degree"
set(nccsign_sets "1 1152" "3 1536" "5 2304" "5p 2048")

pqsig_kernel_sets(nccsign_ksets nccsign)
foreach(entry IN LISTS nccsign_sets)
  string(REPLACE " " ";" p "${entry}")
  list(GET p 0 id)
  list(GET p 1 n)
  foreach(aes 0 1)
    set(set_id "${id}")
    if(aes)
      string(APPEND set_id "_aes")
    endif()
    pqsig_variant(SCHEME nccsign SET ${set_id} IMPL ref HEADER "nccsign/variant.h"
      SOURCES ${nccsign_ref_sources}
      DEFINES NCCSIGN_N=${n} NCCSIGN_AES=${aes})
    pqsig_variant(SCHEME nccsign SET ${set_id} IMPL opt HEADER "nccsign/variant.h"
      SOURCES ${nccsign_frontend_sources}
      DEFINES NCCSIGN_AES=${aes}
      SHAPE n${n} SHAPE_DEFINES NCCSIGN_N=${n}
      KERNELS ${nccsign_kernel_sources} KSETS ${nccsign_ksets})
  endforeach()
endforeach()
