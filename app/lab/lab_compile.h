#pragma once
// Compiling a student's source with NVRTC (the CUDA toolkit's run-time compiler; it needs no GPU):
// the lab's prelude (fixed-width integer names), the student's file, then the exercise's harness,
// which wraps the student's function in the entry kernels the lab launches, `lab_entry_w4` and
// `lab_entry_w8` (4- and 8-byte words). #line directives keep the compiler's line numbers those of
// the student's file. The log is bounded (kMaxLogLines lines, the rest counted).
#include <string>
#include <vector>

#include "exercise_file.h"

namespace sortscope {

struct LabCompileResult {
  bool ok = false;
  std::vector<std::string> log;  // the compiler's lines: "mine.cu(12): error: ..."
  size_t log_lines_cut = 0;      // lines past the bound
  std::string image;             // cubin for a real arch (sm_XX), PTX for a virtual one (compute_XX)
  bool image_is_cubin = false;
};

inline constexpr size_t kMaxLogLines = 40;
inline constexpr size_t kMaxLogLineBytes = 300;
// The arch `lab check --compile-only` compiles for without a GPU (a virtual arch: PTX).
inline constexpr const char* kLabDefaultArch = "compute_75";

// Whether this build has NVRTC (the lab compiles and checks only where it does).
bool lab_compiler_available();

// The text NVRTC compiles: prelude, student file, harness.
std::string lab_program_text(const Exercise& ex, const std::string& student_source, const std::string& student_name);

// Compiles for `arch` ("sm_90": cubin; "compute_75": PTX). Throws std::runtime_error only when NVRTC
// itself fails (not for errors in the source, which come back in the log with ok = false).
LabCompileResult compile_lab_source(const Exercise& ex, const std::string& student_source,
                                    const std::string& student_name, const std::string& arch);

// The file name shown in compiler lines for a path ("mine.cu" for "/home/me/mine.cu"), without
// characters that would break a #line directive.
std::string lab_display_name(const std::string& path);

}  // namespace sortscope
