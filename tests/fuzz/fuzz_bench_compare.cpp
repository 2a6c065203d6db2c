// Fuzz target: bench result files as `bench --compare` reads them (app/bench/bench_compare.h):
// parse_bench_file (bounded size, JSON nesting past kMaxJsonDepth refused, every field checked),
// then the comparison and its text, where the state names from the file are printed.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "bench/bench_compare.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const sortscope::BenchFile f = sortscope::parse_bench_file(text, "fuzz");
    (void)sortscope::format_comparison(sortscope::compare_bench_files(f, f));
  } catch (const std::runtime_error&) {
    // Refusing with one line is the expected outcome for most inputs.
  }
  return 0;
}
