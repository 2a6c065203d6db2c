#include "lab_compile.h"

#include <filesystem>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#if SORTSCOPE_HAS_NVRTC
#include <nvrtc.h>
#endif

namespace sortscope {
namespace {

// Fixed-width names without the C library headers (NVRTC has none by default).
constexpr const char* kPrelude =
    "typedef unsigned int uint32_t;\n"
    "typedef int int32_t;\n"
    "typedef unsigned long long uint64_t;\n"
    "typedef long long int64_t;\n"
    "#define SORTSCOPE_LAB 1\n";

// The free exercise's ss_snapshot (docs/lab.md): a call asks the lab to capture the keys after
// this pass. The lab reads and clears ss_snapshot_state (by its name, cuModuleGetGlobal) after each
// pass's launch has finished, so the capture is of the pass's result; the label is the last one
// written (call it from one thread).
constexpr const char* kWholeSortPrelude =
    "extern \"C\" { __device__ unsigned int ss_snapshot_state[2]; }  /* asked, label */\n"
    "__device__ void ss_snapshot(unsigned int label = 0xffffffffu) {\n"
    "  ss_snapshot_state[1] = label;\n"
    "  ss_snapshot_state[0] = 1;\n"
    "}\n";

#if SORTSCOPE_HAS_NVRTC
void nvrtc_check(nvrtcResult r, const char* what) {
  if (r != NVRTC_SUCCESS) throw std::runtime_error(fmt::format("lab: NVRTC {} failed: {}", what, nvrtcGetErrorString(r)));
}

void split_log(const std::string& text, LabCompileResult& out) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    if (out.log.size() < kMaxLogLines)
      out.log.push_back(line.size() > kMaxLogLineBytes ? line.substr(0, kMaxLogLineBytes) + "..." : line);
    else
      ++out.log_lines_cut;
  }
}
#endif

}  // namespace

bool lab_compiler_available() { return SORTSCOPE_HAS_NVRTC != 0; }

std::string lab_display_name(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  std::string out;
  for (char c : name)
    out += (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) ? '_' : c;
  return out.empty() ? "source.cu" : out.substr(0, 128);
}

std::string lab_program_text(const Exercise& ex, const std::string& student_source, const std::string& student_name) {
  return std::string(kPrelude) + (ex.slot == LabSlot::WholeSort ? kWholeSortPrelude : "") + "#line 1 \"" +
         lab_display_name(student_name) + "\"\n" + student_source +
         "\n#line 1 \"" + lab_display_name(ex.harness_file) + "\"\n" + ex.harness_source + "\n";
}

LabCompileResult compile_lab_source(const Exercise& ex, const std::string& student_source,
                                    const std::string& student_name, const std::string& arch) {
  LabCompileResult out;
#if SORTSCOPE_HAS_NVRTC
  const std::string text = lab_program_text(ex, student_source, student_name);
  nvrtcProgram prog{};
  nvrtc_check(nvrtcCreateProgram(&prog, text.c_str(), lab_display_name(student_name).c_str(), 0, nullptr, nullptr),
              "create");
  const std::string arch_opt = "-arch=" + arch;
  const char* opts[] = {arch_opt.c_str(), "-std=c++17", "-lineinfo", "-default-device"};
  const nvrtcResult r = nvrtcCompileProgram(prog, int(std::size(opts)), opts);
  size_t log_size = 0;
  nvrtcGetProgramLogSize(prog, &log_size);
  if (log_size > 1) {
    std::string log(log_size, '\0');
    nvrtcGetProgramLog(prog, log.data());
    log.resize(log_size - 1);
    split_log(log, out);
  }
  out.ok = r == NVRTC_SUCCESS;
  if (out.ok) {
    out.image_is_cubin = arch.rfind("sm_", 0) == 0;
    size_t size = 0;
    if (out.image_is_cubin) {
      nvrtc_check(nvrtcGetCUBINSize(prog, &size), "cubin size");
      out.image.resize(size);
      nvrtc_check(nvrtcGetCUBIN(prog, out.image.data()), "cubin");
    } else {
      nvrtc_check(nvrtcGetPTXSize(prog, &size), "PTX size");
      out.image.resize(size);
      nvrtc_check(nvrtcGetPTX(prog, out.image.data()), "PTX");
    }
  } else if (r != NVRTC_ERROR_COMPILATION) {
    out.log.push_back(fmt::format("NVRTC: {}", nvrtcGetErrorString(r)));
  }
  nvrtcDestroyProgram(&prog);
#else
  (void)ex, (void)student_source, (void)student_name, (void)arch;
  throw std::runtime_error("lab: this build has no NVRTC (the CUDA toolkit was not found when it was configured)");
#endif
  return out;
}

}  // namespace sortscope
