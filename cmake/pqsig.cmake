# Build helpers: ISA flags per file, kernels compiled once per (scheme,
# shape, backend), and one namespaced frontend translation unit per
# (scheme, parameter set, implementation).

# A large stack frame probes every page it spans, so an overflow of a
# thread's stack faults on its guard page instead of jumping past it
# (issue 16: the largest frames are hundreds of KB; the _temp forms keep
# every operation under 16 KiB).
# Checked with -Werror: clang accepts the flag for targets where it does
# nothing (RISC-V) and only warns that it is unused.
include(CheckCCompilerFlag)
set(CMAKE_REQUIRED_FLAGS -Werror)
check_c_compiler_flag(-fstack-clash-protection PQSIG_HAVE_STACK_CLASH_PROTECTION)
unset(CMAKE_REQUIRED_FLAGS)
if(PQSIG_HAVE_STACK_CLASH_PROTECTION)
  add_compile_options(-fstack-clash-protection)
endif()

# Compile options for a source that needs ISA extensions, by its location:
# native/x86_64_avx2/, native/x86_64_avx512/ or a *_aesni.c / *_bmi2.c /
# *_avx2.c / *_avx512.c file. AVX-512 code is compiled for 512-bit
# vectors: gcc's generic tuning would vectorise plain C loops (the
# recompiled portable kernels) for 256-bit ones only.
function(pqsig_isa_flags out file)
  set(flags "")
  if(file MATCHES "/native/x86_64_avx512/" OR file MATCHES "_avx512\\.c$")
    set(flags -mavx2 -mbmi2 -mpopcnt -mavx512f -mavx512bw -mavx512vl -mgfni -mvaes -maes -mpclmul
              -mprefer-vector-width=512)
    # VNNI only where a kernel checks for it at run time (it is not one of
    # the avx512 kernel set's requirements, src/common/kset.h)
    if(file MATCHES "_vnni_avx512\\.c$")
      list(APPEND flags -mavx512vnni)
    endif()
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

# The backend directory (src/<scheme>/native/<dir>/) of an implementation;
# empty for the portable ones (ref, opt).
function(pqsig_backend_dir out impl)
  set(dirs avx2 x86_64_avx2 avx512 x86_64_avx512 neon aarch64_neon rvv riscv64_rvv
           m4 armv7em_m4 decline decline)
  list(FIND dirs ${impl} i)
  set(d "")
  if(i GREATER_EQUAL 0)
    math(EXPR i "${i} + 1")
    list(GET dirs ${i} d)
  endif()
  set(${out} "${d}" PARENT_SCOPE)
endfunction()

# The implementations of SCHEME's portable frontend this build makes: opt,
# then every active backend implementation whose src/<scheme>/native/<dir>/
# exists (a backend with no kernels yet for a scheme gives no variant).
function(pqsig_frontend_impls out scheme)
  set(impls "")
  foreach(impl IN LISTS PQSIG_ACTIVE_IMPLS)
    if(impl STREQUAL "ref")
      continue()
    endif()
    pqsig_backend_dir(dir ${impl})
    if(impl STREQUAL "opt" OR (dir AND IS_DIRECTORY ${PROJECT_SOURCE_DIR}/src/${scheme}/native/${dir}))
      list(APPEND impls ${impl})
    endif()
  endforeach()
  set(${out} "${impls}" PARENT_SCOPE)
endfunction()

# The backend implementations of SCHEME that share opt's frontend as kernel
# sets (src/common/kset.h): every active one of avx2, avx512, neon, rvv
# whose src/<scheme>/native/<dir>/ exists. For schemes with a composite
# src/<scheme>/native/meta.h.
function(pqsig_kernel_sets out scheme)
  set(ksets "")
  foreach(impl avx2 avx512 neon rvv)
    pqsig_backend_dir(dir ${impl})
    if(impl IN_LIST PQSIG_ACTIVE_IMPLS AND IS_DIRECTORY ${PROJECT_SOURCE_DIR}/src/${scheme}/native/${dir})
      list(APPEND ksets ${impl})
    endif()
  endforeach()
  set(${out} "${ksets}" PARENT_SCOPE)
endfunction()

# pqsig_json_list(out item...): the items as a JSON list of strings (for
# variants.json, which ./pqsig export reads).
function(pqsig_json_list out)
  set(items "")
  foreach(x IN LISTS ARGN)
    string(REPLACE "\\" "\\\\" x "${x}")
    string(REPLACE "\"" "\\\"" x "${x}")
    list(APPEND items "\"${x}\"")
  endforeach()
  list(JOIN items ", " items)
  set(${out} "[${items}]" PARENT_SCOPE)
endfunction()

# pqsig_kernels(SCHEME s SHAPE id BACKEND b SOURCES ... [DEFINES ...])
# One object library of kernels for a shape: the portable twins (BACKEND c)
# or a backend's kernels (BACKEND <dir>), compiled with
#   PQSIG_KNAMESPACE = pqsig_<scheme>_<shape>_
# and the shape's DEFINES only (never a set's). Made once, however many
# variants share the shape. Returns nothing; the target is
# pqsig_<scheme>_k_<shape>_<backend>.
function(pqsig_kernels)
  cmake_parse_arguments(K "" "SCHEME;SHAPE;BACKEND" "SOURCES;DEFINES" ${ARGN})
  set(target "pqsig_${K_SCHEME}_k_${K_SHAPE}_${K_BACKEND}")
  if(TARGET ${target} OR NOT K_SOURCES)
    return()
  endif()
  add_library(${target} OBJECT ${K_SOURCES})
  set(kdefs PQSIG_KNAMESPACE=pqsig_${K_SCHEME}_${K_SHAPE}_ PQSIG_BACKEND_${K_BACKEND}=1 ${K_DEFINES})
  target_compile_definitions(${target} PRIVATE ${kdefs})
  pqsig_json_list(jsrc ${K_SOURCES})
  pqsig_json_list(jdef ${kdefs})
  set_property(GLOBAL PROPERTY PQSIG_JSON_${target} "{\"target\": \"${target}\", \"sources\": ${jsrc}, \"defines\": ${jdef}}")
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src)
  pqsig_apply_isa_flags(${K_SOURCES})
  set_property(GLOBAL APPEND PROPERTY PQSIG_KERNEL_TARGETS ${target})
endfunction()

# pqsig_variant(SCHEME s SET id IMPL impl HEADER h SOURCES ...
#               [DEFINES ...] [SHAPE id] [SHAPE_DEFINES ...] [KERNELS ...] [KSETS ...])
# The frontend of one variant: SOURCES and the variant template
# (src/common/variant.c: the registry descriptor and the NIST API) compiled
# as ONE translation unit (a generated file that includes them in order;
# static names must not clash across them) with
#   PQSIG_NAMESPACE  = pqsig_<scheme>_<set>_<impl>_   (the variant's externals)
#   PQSIG_KNAMESPACE = pqsig_<scheme>_<shape>_        (the shape's kernels)
#   PQSIG_BACKEND_META = "<scheme>/native/<dir>/meta.h" for a backend impl
# plus DEFINES and SHAPE_DEFINES. KERNELS (the portable twins) are compiled
# once per SHAPE by pqsig_kernels, and for a backend impl so are the .c
# files of src/<scheme>/native/<dir>/. The frontend never gets ISA flags:
# backends reach their kernels through meta.h, under a run-time CPU check.
# KSETS (with IMPL opt): backend implementations registered over this same
# frontend object (src/common/kset.h, src/common/variant_kset.c); their
# kernels for the shape are compiled here, and the frontend gets the
# scheme's composite meta.h, which switches on the kernel set.
function(pqsig_variant)
  cmake_parse_arguments(V "" "SCHEME;SET;IMPL;HEADER;SHAPE" "SOURCES;DEFINES;SHAPE_DEFINES;KERNELS;KSETS" ${ARGN})
  if(NOT V_IMPL IN_LIST PQSIG_ACTIVE_IMPLS)
    return()
  endif()
  # PQSIG_SETS narrows the build to some sets, each named by its id or by
  # its scheme (all its sets): the constant-time matrix builds a few sets
  # per compiler and level, the sanitizer build the SNOVA sets its tests
  # name (python/pqsig/framework/build.py, testing.py).
  if(PQSIG_SETS AND NOT "${V_SCHEME}_${V_SET}" IN_LIST PQSIG_SETS AND NOT V_SCHEME IN_LIST PQSIG_SETS)
    return()
  endif()
  set(ns "pqsig_${V_SCHEME}_${V_SET}_${V_IMPL}_")
  set(kernel_targets "")
  set(target "pqsig_${V_SCHEME}_${V_SET}_${V_IMPL}")
  pqsig_backend_dir(backend ${V_IMPL})
  set(defs PQSIG_NAMESPACE=${ns} PQSIG_IMPL_NAME="${V_IMPL}" PQSIG_IMPL_${V_IMPL}=1
           PQSIG_VARIANT_HEADER="${V_HEADER}" ${V_DEFINES} ${V_SHAPE_DEFINES})
  if(V_SHAPE)
    list(APPEND defs PQSIG_KNAMESPACE=pqsig_${V_SCHEME}_${V_SHAPE}_)
    pqsig_kernels(SCHEME ${V_SCHEME} SHAPE ${V_SHAPE} BACKEND c SOURCES ${V_KERNELS}
                  DEFINES ${V_SHAPE_DEFINES})
    set(kernel_targets pqsig_${V_SCHEME}_k_${V_SHAPE}_c)
    if(backend)
      file(GLOB native_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${V_SCHEME}/native/${backend}/*.c)
      pqsig_kernels(SCHEME ${V_SCHEME} SHAPE ${V_SHAPE} BACKEND ${backend} SOURCES ${native_sources}
                    DEFINES ${V_SHAPE_DEFINES})
      if(native_sources)
        list(APPEND kernel_targets pqsig_${V_SCHEME}_k_${V_SHAPE}_${backend})
      endif()
    endif()
  endif()
  if(backend)
    list(APPEND defs PQSIG_BACKEND_META="${V_SCHEME}/native/${backend}/meta.h")
  endif()
  # The backend implementations sharing this frontend (kernel sets): their
  # kernels for the shape, and the scheme's composite meta.h.
  set(kset_namespaces "")
  foreach(k IN LISTS V_KSETS)
    pqsig_backend_dir(kdir ${k})
    file(GLOB native_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${V_SCHEME}/native/${kdir}/*.c)
    pqsig_kernels(SCHEME ${V_SCHEME} SHAPE ${V_SHAPE} BACKEND ${kdir} SOURCES ${native_sources}
                  DEFINES ${V_SHAPE_DEFINES})
    # A backend may consist of choices in its meta.h alone (no objects).
    if(native_sources)
      list(APPEND kernel_targets pqsig_${V_SCHEME}_k_${V_SHAPE}_${kdir})
    endif()
    string(TOUPPER ${k} K)
    list(APPEND defs PQSIG_KSET_HAVE_${K}=1)
    list(APPEND kset_namespaces pqsig_${V_SCHEME}_${V_SET}_${k}_)
  endforeach()
  if(V_KSETS)
    list(APPEND defs PQSIG_BACKEND_META="${V_SCHEME}/native/meta.h")
  endif()

  set(unity "/* generated by CMake: the frontend of ${target} as one translation unit */\n")
  foreach(src IN LISTS V_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE)
    string(APPEND unity "#include \"${abs}\"\n")
  endforeach()
  string(APPEND unity "#include \"${PROJECT_SOURCE_DIR}/src/common/variant.c\"\n")
  foreach(k IN LISTS V_KSETS)
    string(TOUPPER ${k} K)
    string(APPEND unity "#define PQSIG_KSET_NAMESPACE pqsig_${V_SCHEME}_${V_SET}_${k}_\n"
                        "#define PQSIG_KSET_IMPL_NAME \"${k}\"\n"
                        "#define PQSIG_KSET_ID PQSIG_KSET_${K}\n"
                        "#define PQSIG_KSET_CPU PQSIG_KSET_CPU_${K}\n"
                        "#include \"${PROJECT_SOURCE_DIR}/src/common/variant_kset.c\"\n"
                        "#undef PQSIG_KSET_NAMESPACE\n#undef PQSIG_KSET_IMPL_NAME\n"
                        "#undef PQSIG_KSET_ID\n#undef PQSIG_KSET_CPU\n")
  endforeach()
  set(unity_file ${CMAKE_BINARY_DIR}/frontends/${target}.c)
  file(CONFIGURE OUTPUT ${unity_file} CONTENT "${unity}")

  add_library(${target} OBJECT ${unity_file})
  target_compile_definitions(${target} PRIVATE ${defs})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src)
  if(V_IMPL STREQUAL "ref" OR V_IMPL STREQUAL "decline")
    # The oracle and the test backend are not what anyone measures: -O2
    # compiles a SNOVA ref frontend in 1.5 s instead of 8 s at -O3 (which
    # unrolls its small-matrix loops), half of the whole build.
    target_compile_options(${target} PRIVATE $<$<CONFIG:Release,RelWithDebInfo>:-O2>)
  endif()
  set_property(GLOBAL APPEND PROPERTY PQSIG_VARIANT_TARGETS ${target})
  # the shape's kernels it calls (shared with the other sets of the shape)
  set_property(GLOBAL PROPERTY PQSIG_KERNELS_OF_${target} ${kernel_targets})
  # what ./pqsig export needs to rebuild the variant elsewhere
  set(srcs "")
  foreach(src IN LISTS V_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE)
    list(APPEND srcs ${abs})
  endforeach()
  pqsig_json_list(jsrc ${srcs})
  pqsig_json_list(jdef ${defs})
  pqsig_json_list(jker ${kernel_targets})
  pqsig_json_list(jks ${V_KSETS})
  set_property(GLOBAL PROPERTY PQSIG_JSON_${target} "{\"target\": \"${target}\", \"scheme\": \"${V_SCHEME}\", \"impl\": \"${V_IMPL}\", \"ksets\": ${jks}, \"sources\": ${jsrc}, \"defines\": ${jdef}, \"kernels\": ${jker}}")
  # the namespaces the frontend object defines: its own, then its kernel sets'
  set_property(GLOBAL PROPERTY PQSIG_NAMESPACES_OF_${target} ${ns} ${kset_namespaces})
  set_property(GLOBAL APPEND PROPERTY PQSIG_SET_PREFIXES "pqsig_${V_SCHEME}_${V_SET}_")
  foreach(n IN ITEMS ${ns} ${kset_namespaces})
    set_property(GLOBAL APPEND PROPERTY PQSIG_VARIANT_NAMESPACES ${n})
    set_property(GLOBAL APPEND PROPERTY PQSIG_SET_pqsig_${V_SCHEME}_${V_SET}_ "&${n}alg")
  endforeach()
endfunction()

# pqsig_kernel_test(SCHEME s SHAPE id SOURCES ... [SHAPE_DEFINES ...] [ARGS ...])
# The unit test of a scheme's kernels for one shape: one executable,
# compiled with the scheme's composite meta.h when the build has kernel sets
# for it (pqsig_kernel_sets), run once with no kernel set (test_<scheme>_
# kernels_<shape>_c: the portable twins, every hook declining) and once per
# kernel set (..._<dir>, with --kset <impl>), where k_native runs the
# backend's kernel and is compared with k_c. A new backend adds no test code.
function(pqsig_kernel_test)
  cmake_parse_arguments(T "" "SCHEME;SHAPE" "SOURCES;SHAPE_DEFINES;ARGS" ${ARGN})
  # No set of this shape in the build (PQSIG_SETS): its kernels are not built.
  get_property(built GLOBAL PROPERTY PQSIG_KERNEL_TARGETS)
  list(FILTER built INCLUDE REGEX "^pqsig_${T_SCHEME}_k_${T_SHAPE}_")
  if(NOT built)
    return()
  endif()
  pqsig_kernel_sets(ksets ${T_SCHEME})
  set(name test_${T_SCHEME}_kernels_${T_SHAPE})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE pqsig_static)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include
                                             ${PROJECT_SOURCE_DIR}/test)
  target_compile_definitions(${name} PRIVATE PQSIG_KNAMESPACE=pqsig_${T_SCHEME}_${T_SHAPE}_ ${T_SHAPE_DEFINES})
  if(ksets)
    target_compile_definitions(${name} PRIVATE PQSIG_BACKEND_META="${T_SCHEME}/native/meta.h")
  endif()
  add_test(NAME ${name}_c COMMAND ${name} ${T_ARGS})
  set_tests_properties(${name}_c PROPERTIES LABELS "fast;full" TIMEOUT 600)
  foreach(k IN LISTS ksets)
    string(TOUPPER ${k} K)
    target_compile_definitions(${name} PRIVATE PQSIG_KSET_HAVE_${K}=1)
    pqsig_backend_dir(dir ${k})
    add_test(NAME ${name}_${dir} COMMAND ${name} --kset ${k} ${T_ARGS})
    # 77: the CPU lacks the set's features (test/check.h, check_kset)
    set_tests_properties(${name}_${dir} PROPERTIES LABELS "fast;full" TIMEOUT 600 SKIP_RETURN_CODE 77)
  endforeach()
  # The avx512 kernels once more, with AVX-512 emulated in C (test/emu/
  # avx512.h), so that their logic is checked against the twins on an AVX2
  # machine as well: the executable's own copy of the backend's kernels
  # takes the place of the library's (same names; the archive member is
  # then never pulled). None for a backend without objects of its own.
  set(emu_sources "")
  if("avx512" IN_LIST ksets)
    file(GLOB emu_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${T_SCHEME}/native/x86_64_avx512/*.c)
  endif()
  if(emu_sources)
    add_executable(${name}_emu ${T_SOURCES} ${emu_sources})
    target_link_libraries(${name}_emu PRIVATE pqsig_static)
    target_include_directories(${name}_emu PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include
                                                   ${PROJECT_SOURCE_DIR}/test)
    get_target_property(defs ${name} COMPILE_DEFINITIONS)
    target_compile_definitions(${name}_emu PRIVATE ${defs} PQSIG_KSET_EMULATED_AVX512=1
                               PQSIG_BACKEND_x86_64_avx512=1)
    target_compile_options(${name}_emu PRIVATE -mavx2 -mbmi2 -mpopcnt -maes -mpclmul
                           -include ${PROJECT_SOURCE_DIR}/test/emu/avx512.h)
    add_test(NAME ${name}_x86_64_avx512_emu COMMAND ${name}_emu --kset avx512 ${T_ARGS})
    set_tests_properties(${name}_x86_64_avx512_emu PROPERTIES LABELS "fast;full" TIMEOUT 600 SKIP_RETURN_CODE 77)
  endif()
endfunction()
