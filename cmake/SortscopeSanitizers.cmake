# Sanitizer and fuzzing builds of the host code. Both are CPU-only (-DSORTSCOPE_CUDA=OFF): the GPU
# kernels have compute-sanitizer (tests/CMakeLists.txt).
#   -DSORTSCOPE_SANITIZE=ON  every target with AddressSanitizer and UndefinedBehaviorSanitizer; any
#                            report ends the program (-fno-sanitize-recover), so a test fails
#   -DSORTSCOPE_FUZZ=ON      also the libFuzzer targets of tests/fuzz/ (clang only; implies
#                            SORTSCOPE_SANITIZE); ctest label "fuzz" runs each briefly. Coverage for
#                            libFuzzer goes only on the code the targets exercise (tests/fuzz/)
# scripts/test-sanitize configures, builds and runs this (clang from Debian's clang and
# libclang-rt-dev packages); see docs/testing.md.
option(SORTSCOPE_SANITIZE "Build the host code with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(SORTSCOPE_FUZZ "Build the libFuzzer targets of tests/fuzz (clang; implies SORTSCOPE_SANITIZE)" OFF)
if(SORTSCOPE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SORTSCOPE_FUZZ needs clang for libFuzzer: configure with CC=clang CXX=clang++")
  endif()
  set(SORTSCOPE_SANITIZE ON)
endif()
if(SORTSCOPE_SANITIZE)
  if(SORTSCOPE_HAS_CUDA)
    message(FATAL_ERROR "SORTSCOPE_SANITIZE builds the host code only: add -DSORTSCOPE_CUDA=OFF")
  endif()
  # -O1 -g1: what sanitizer builds use (fast enough to run, quick to compile, line numbers in reports).
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -O1 -g1)
  add_link_options(-fsanitize=address,undefined)
  message(STATUS "Sortscope: sanitizer build (ASan + UBSan)")
endif()
