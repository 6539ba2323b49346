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

# impl "opt" takes its sources from snova_opt_sources (q = 16) or
# snova_gfq_sources (odd prime q); other impls use the sources given.
function(snova_variants impl sources)
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
      set(variant_sources ${sources})
      if(impl STREQUAL "opt" AND NOT q EQUAL 16)
        set(variant_sources ${snova_gfq_sources})
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
            SOURCES ${variant_sources}
            DEFINES SNOVA_V=${v} SNOVA_O=${o} SNOVA_Q=${q} SNOVA_L=${l}
                    SNOVA_VERSION=${version} SNOVA_AES=${aes} SNOVA_ESK=${esk}
                    SNOVA_EXTRA=${extra} SNOVA_LEVEL=${level})
        endforeach()
      endforeach()
    endforeach()
  endforeach()
endfunction()

snova_variants(ref "${snova_ref_sources}")

set(snova_opt_sources
  ${PROJECT_SOURCE_DIR}/src/snova/pub.c
  ${PROJECT_SOURCE_DIR}/src/snova/arith.c
  ${PROJECT_SOURCE_DIR}/src/snova/expand.c
  ${PROJECT_SOURCE_DIR}/src/snova/keygen.c
  ${PROJECT_SOURCE_DIR}/src/snova/sign.c
  ${PROJECT_SOURCE_DIR}/src/snova/verify.c)

set(snova_gfq_sources
  ${PROJECT_SOURCE_DIR}/src/snova/pub.c
  ${PROJECT_SOURCE_DIR}/src/snova/gfq/arith.c
  ${PROJECT_SOURCE_DIR}/src/snova/gfq/expand.c
  ${PROJECT_SOURCE_DIR}/src/snova/gfq/keygen.c
  ${PROJECT_SOURCE_DIR}/src/snova/gfq/sign.c
  ${PROJECT_SOURCE_DIR}/src/snova/gfq/verify.c)

snova_variants(opt "${snova_opt_sources}")
