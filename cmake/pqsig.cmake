# Build helpers: ISA flags per file, and one namespaced object library per
# (scheme, parameter set, implementation).

# Compile options for a source that needs ISA extensions, by its location:
# native/x86_64_avx2/, native/x86_64_avx512/ or a *_aesni.c / *_bmi2.c /
# *_avx2.c / *_avx512.c file.
function(pqsig_isa_flags out file)
  set(flags "")
  if(file MATCHES "/native/x86_64_avx512/" OR file MATCHES "_avx512\\.c$")
    set(flags -mavx2 -mbmi2 -mpopcnt -mavx512f -mavx512bw -mavx512vl -mgfni -mvaes -maes -mpclmul)
  elseif(file MATCHES "/native/x86_64_avx2/" OR file MATCHES "_avx2\\.c$")
    set(flags -mavx2 -mbmi2 -mpopcnt -maes -mpclmul)
  elseif(file MATCHES "_aesni\\.c$")
    set(flags -maes -msse4.1 -mpclmul)
  elseif(file MATCHES "_bmi2\\.c$")
    set(flags -mbmi -mbmi2)
  endif()
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

function(pqsig_apply_isa_flags)
  foreach(src IN LISTS ARGN)
    get_filename_component(abs "${src}" ABSOLUTE)
    pqsig_isa_flags(flags "${abs}")
    if(flags)
      set_property(SOURCE "${abs}" APPEND PROPERTY COMPILE_OPTIONS ${flags})
    endif()
  endforeach()
endfunction()

# pqsig_variant(SCHEME s SET id IMPL impl HEADER h SOURCES ... [DEFINES ...])
# Compiles SOURCES and the variant template (src/common/variant.c: the
# registry descriptor and the NIST API) with
#   PQSIG_NAMESPACE = pqsig_<scheme>_<set>_<impl>_
# and the scheme's variant header HEADER (path relative to src/). Registers
# the variant for the registry, the symbol check and the tools.
function(pqsig_variant)
  cmake_parse_arguments(V "" "SCHEME;SET;IMPL;HEADER" "SOURCES;DEFINES" ${ARGN})
  if(NOT V_IMPL IN_LIST PQSIG_ACTIVE_IMPLS)
    return()
  endif()
  set(ns "pqsig_${V_SCHEME}_${V_SET}_${V_IMPL}_")
  set(target "pqsig_${V_SCHEME}_${V_SET}_${V_IMPL}")
  add_library(${target} OBJECT ${V_SOURCES} ${PROJECT_SOURCE_DIR}/src/common/variant.c)
  target_compile_definitions(${target} PRIVATE
    PQSIG_NAMESPACE=${ns}
    PQSIG_IMPL_NAME="${V_IMPL}"
    PQSIG_IMPL_${V_IMPL}=1
    PQSIG_VARIANT_HEADER="${V_HEADER}"
    ${V_DEFINES})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src)
  pqsig_apply_isa_flags(${V_SOURCES})
  set_property(GLOBAL APPEND PROPERTY PQSIG_VARIANT_TARGETS ${target})
  set_property(GLOBAL APPEND PROPERTY PQSIG_VARIANT_NAMESPACES ${ns})
endfunction()
