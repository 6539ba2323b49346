# SNOVA: every parameter set of every release we reproduce, each built per
# implementation. Sets are data: (v, o, q, l), NIST level, release.
#   22 = SNOVA 2.2 (recommended), 21 = SNOVA 2.1, 20 = NIST round 2.
# Each set comes with SNOVA-SHAKE and AES-128-CTR public-key expansion; the
# round-2 sets also with seed (SSK) and expanded (ESK) secret keys.

set(snova_ref_sources
  ${PROJECT_SOURCE_DIR}/src/snova/ref/expand.c
  ${PROJECT_SOURCE_DIR}/src/snova/ref/map.c
  ${PROJECT_SOURCE_DIR}/src/snova/ref/keygen.c
  ${PROJECT_SOURCE_DIR}/src/snova/ref/sign.c
  ${PROJECT_SOURCE_DIR}/src/snova/ref/verify.c)

# "v o q l level" per release.
set(snova_sets_22
  "24 5 16 4 1" "37 8 16 4 3" "60 10 16 4 5"
  "48 17 16 2 1" "72 25 16 2 3" "97 33 16 2 5"
  "26 5 19 4 1" "37 8 19 4 3" "60 10 19 4 5")
# Built with the 2.2 code, not recommended by 2.2.
set(snova_sets_22_extra
  "24 5 23 4 1")
# 2.1 sets whose names 2.2 does not reproduce (its q = 16, l = 4 sets give
# the same answers as 2.2 and are not repeated).
set(snova_sets_21
  "24 5 16 5 3" "29 6 16 5 5"
  "43 17 16 2 1" "69 25 16 2 3" "99 33 16 2 5"
  "24 5 23 4 1" "37 8 19 4 3" "60 10 23 4 5")
# Round 2: q = 16 throughout.
set(snova_sets_20
  "24 5 16 4 1" "25 8 16 3 1" "37 17 16 2 1"
  "24 5 16 5 3" "37 8 16 4 3" "49 11 16 3 3" "56 25 16 2 3"
  "29 6 16 5 5" "60 10 16 4 5" "66 15 16 3 5" "75 33 16 2 5")

# snova_variants(impl): every set of every release for one implementation.
# ref: its own sources, compiled per set. opt: one frontend over the field
# layer of the set's q, compiled per set and shared by every backend
# implementation (kernel sets: src/common/kset.h), and kernels compiled once
# per shape: `gf16` for every q = 16 set (the
# kernels take their sizes at run time), `q<q>l<l>` for odd q.
function(snova_variants impl)
  foreach(release 22 22_extra 21 20)
    foreach(entry IN LISTS snova_sets_${release})
      string(REPLACE " " ";" p "${entry}")
      list(GET p 0 v)
      list(GET p 1 o)
      list(GET p 2 q)
      list(GET p 3 l)
      list(GET p 4 level)
      set(version ${release})
      set(extra 0)
      if(release STREQUAL "22_extra")
        set(version 22)
        set(extra 1)
      endif()
      if(version EQUAL 20)
        set(keys ssk esk)
      else()
        set(keys seed)
      endif()
      if(impl STREQUAL "ref")
        set(sources ${snova_ref_sources})
        set(shape_args "")
        set(set_defines SNOVA_Q=${q} SNOVA_L=${l})
      elseif(q EQUAL 16)
        set(sources ${snova_gf16_sources})
        set(shape_args SHAPE gf16 SHAPE_DEFINES SNOVA_Q=16 KERNELS ${snova_gf16_kernels} KSETS ${snova_ksets})
        set(set_defines SNOVA_L=${l})
      else()
        set(sources ${snova_gfq_sources})
        set(shape_args SHAPE q${q}l${l} SHAPE_DEFINES SNOVA_Q=${q} SNOVA_L=${l} KERNELS ${snova_gfq_kernels}
                       KSETS ${snova_ksets})
        set(set_defines "")
      endif()
      foreach(aes 0 1)
        foreach(key IN LISTS keys)
          # Set ids: C-identifier-safe and unique.
          if(version EQUAL 20)
            set(id "${v}_${o}_${l}")
            if(NOT aes)
              string(APPEND id "_shake")
            endif()
            string(APPEND id "_${key}")
          else()
            set(id "${v}_${o}_${q}_${l}")
            if(aes)
              string(APPEND id "_aes")
            endif()
            if(version EQUAL 21 AND NOT q EQUAL 16)
              string(APPEND id "_v21")
            endif()
          endif()
          set(esk 0)
          if(key STREQUAL "esk")
            set(esk 1)
          endif()
          pqsig_variant(SCHEME snova SET ${id} IMPL ${impl} HEADER "snova/variant.h"
            SOURCES ${sources}
            DEFINES SNOVA_V=${v} SNOVA_O=${o} ${set_defines}
                    SNOVA_VERSION=${version} SNOVA_AES=${aes} SNOVA_ESK=${esk}
                    SNOVA_EXTRA=${extra} SNOVA_LEVEL=${level}
            ${shape_args})
        endforeach()
      endforeach()
    endforeach()
  endforeach()
endfunction()

# The frontend: the same skeleton over either field layer.
function(snova_frontend_sources out field)
  set(d ${PROJECT_SOURCE_DIR}/src/snova)
  set(${out} ${d}/pub.c ${d}/codec.c ${d}/${field}/field.c ${d}/expand.c ${d}/${field}/stages.c
             ${d}/keygen.c ${d}/sign.c ${d}/verify.c PARENT_SCOPE)
endfunction()
snova_frontend_sources(snova_gf16_sources gf16)
snova_frontend_sources(snova_gfq_sources gfq)
set(snova_gf16_kernels ${PROJECT_SOURCE_DIR}/src/snova/gf16/kernels.c)
set(snova_gfq_kernels ${PROJECT_SOURCE_DIR}/src/snova/gfq/kernels.c)

snova_variants(ref)
pqsig_kernel_sets(snova_ksets snova)
snova_variants(opt)
