#pragma once
// How many keys the model tests' largest inputs hold. The normal build sorts the full workload
// (2^20 + 7 keys: partial last tiles, every pass and level of the default plans). The sanitizer build
// (scripts/test-sanitize) runs its tests with SORTSCOPE_TEST_WORKLOAD=sanitizer (tests/CMakeLists.txt),
// where AddressSanitizer and UndefinedBehaviorSanitizer make every key several times dearer: each
// test then names a smaller size that still runs the same code paths (several tiles, blocks, merge
// passes, buckets), so the sanitizers see every path without the normal build's tests getting any
// weaker. Any other value, or none, is the full workload (running a test binary by hand included).
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace sortscope::test {

inline bool sanitizer_workload() {
  const char* w = std::getenv("SORTSCOPE_TEST_WORKLOAD");
  return w && std::string_view(w) == "sanitizer";
}

// `full` in the normal build, `sanitizer` in the sanitizer build.
inline uint64_t workload_n(uint64_t full, uint64_t sanitizer) { return sanitizer_workload() ? sanitizer : full; }

}  // namespace sortscope::test
