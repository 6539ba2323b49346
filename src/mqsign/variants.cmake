# MQ-Sign v2.1 (KpqC round 2): 12 parameter sets, each built per
# implementation. A set is (variant, level); variants differ only in two
# rules of one frontend (src/mqsign/params.h):
#   rr_s  MQ-Sign-RR, digest binds H(P)            (recommended)
#   rr_m  MQ-Sign-RR, digest binds H(the last v o + o(o+1)/2 vectors of P)
#   rr_o  MQ-Sign-RR, no binding
#   lr    MQ-Sign-LR: BROKEN (universal forgery, ePrint 2024/1891), for
#         its known answers only.

set(mqsign_ref_sources
  ${PROJECT_SOURCE_DIR}/src/mqsign/ref/gf.c
  ${PROJECT_SOURCE_DIR}/src/mqsign/ref/keygen.c
  ${PROJECT_SOURCE_DIR}/src/mqsign/ref/sign.c
  ${PROJECT_SOURCE_DIR}/src/mqsign/ref/verify.c)

# The frontend of a set (per set and implementation) and the portable
# kernels (native/api.h), compiled once per shape (v, o).
set(mqsign_opt_sources
  ${PROJECT_SOURCE_DIR}/src/mqsign/hash.c
  ${PROJECT_SOURCE_DIR}/src/mqsign/keygen.c
  ${PROJECT_SOURCE_DIR}/src/mqsign/sign.c
  ${PROJECT_SOURCE_DIR}/src/mqsign/verify.c)
set(mqsign_kernel_sources
  ${PROJECT_SOURCE_DIR}/src/mqsign/matvec.c
  ${PROJECT_SOURCE_DIR}/src/mqsign/solve.c
  ${PROJECT_SOURCE_DIR}/src/mqsign/pubmap.c)

# variants: "set-id-prefix MQS_VARIANT"; levels: "level v o" (the shape)
set(mqsign_variants "rr_s RR_S" "rr_m RR_M" "rr_o RR_O" "lr LR")
set(mqsign_levels "1 72 46" "3 112 72" "5 148 96")

# ref is built without a shape (it has no kernels); opt is the frontend over
# the kernels of shape v<v>o<o>, shared by every backend implementation
# (kernel sets: src/common/kset.h).
function(mqsign_build impl sources)
  foreach(variant IN LISTS mqsign_variants)
    string(REPLACE " " ";" vp "${variant}")
    list(GET vp 0 id)
    list(GET vp 1 def)
    foreach(level IN LISTS mqsign_levels)
      string(REPLACE " " ";" lp "${level}")
      list(GET lp 0 lvl)
      list(GET lp 1 v)
      list(GET lp 2 o)
      set(shape "")
      if(NOT impl STREQUAL "ref")
        set(shape SHAPE v${v}o${o} SHAPE_DEFINES MQS_V=${v} MQS_O=${o} KERNELS ${mqsign_kernel_sources}
                  KSETS ${mqsign_ksets})
      endif()
      pqsig_variant(SCHEME mqsign SET ${id}_256_${v}_${o} IMPL ${impl} HEADER "mqsign/variant.h"
        SOURCES ${sources}
        DEFINES MQS_LEVEL=${lvl} MQS_VARIANT=MQS_VARIANT_${def}
        ${shape})
    endforeach()
  endforeach()
endfunction()

mqsign_build(ref "${mqsign_ref_sources}")
pqsig_kernel_sets(mqsign_ksets mqsign)
mqsign_build(opt "${mqsign_opt_sources}")
