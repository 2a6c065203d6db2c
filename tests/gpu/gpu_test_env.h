#pragma once
// Shared state of the GPU test programs.
#include <vector>

#include "common/key_type.h"

namespace sortscope::test {
// True under compute-sanitizer: tests use small sizes (the sanitizers slow kernels 10-100x).
extern bool g_sanitizer_run;
// True under racecheck alone (`--racecheck-run`, implies g_sanitizer_run). Its shared-memory hazard
// tracking slows the block-wide kernels (tile sorts, digit ranking) a further 10-50x, so that the
// largest test programs took more than 9 minutes each on an H100. Under it the tests keep one key type
// per item width: a kernel's shared-memory traffic depends on the item's size, not on how its bits
// are ordered (the key-type transforms happen in registers).
extern bool g_racecheck_run;

inline std::vector<KeyType> tested_key_types() {
  if (g_racecheck_run) return {KeyType::U32, KeyType::U64};
  return {std::begin(kAllKeyTypes), std::end(kAllKeyTypes)};
}
}  // namespace sortscope::test
