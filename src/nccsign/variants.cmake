# NCC-Sign-T (KpqC round 2, v2.1): four rings, each with SHAKE and with
# AES-256-CTR expansion, built as `ref` (the specification, plainly) and
# `opt` (the portable, constant-time frontend over the kernels of
# native/api.h). Set ids: the level ("5p" = 5', n = 2048), "_aes".

set(nccsign_ref_sources
  ${PROJECT_SOURCE_DIR}/src/nccsign/ref/poly.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/ref/sample.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/ref/sign.c)

set(nccsign_opt_sources
  ${PROJECT_SOURCE_DIR}/src/nccsign/ntt.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/arith.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/rounding.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/expand.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/encode.c
  ${PROJECT_SOURCE_DIR}/src/nccsign/sign.c)

# "set-id ring-degree"
set(nccsign_sets "1 1152" "3 1536" "5 2304" "5p 2048")

foreach(impl ref opt)
  foreach(entry IN LISTS nccsign_sets)
    string(REPLACE " " ";" p "${entry}")
    list(GET p 0 id)
    list(GET p 1 n)
    foreach(aes 0 1)
      set(set_id "${id}")
      if(aes)
        string(APPEND set_id "_aes")
      endif()
      pqsig_variant(SCHEME nccsign SET ${set_id} IMPL ${impl} HEADER "nccsign/variant.h"
        SOURCES ${nccsign_${impl}_sources}
        DEFINES NCCSIGN_N=${n} NCCSIGN_AES=${aes})
    endforeach()
  endforeach()
endforeach()
