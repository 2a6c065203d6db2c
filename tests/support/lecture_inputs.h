#pragma once
// The inputs the lecture-size tests walk (kernels/teaching_params.h): every algorithm with a CPU
// model at each of a few sizes, keys alone and with values where the algorithm takes them.
#include <cstdint>
#include <initializer_list>

#include "common/scenario.h"
#include "registry.h"

namespace sortscope::test {

// The library baselines (CUB) have no CPU model and no steps.
inline bool is_library_baseline(const Algorithm& a) {
  for (const Algorithm* b : all_algorithms())
    if (b->baseline() == a.id()) return true;
  return false;
}

// f(algorithm, scenario) for every algorithm but the baselines, every n of `sizes`, u32 keys alone
// and with values (where check_input takes them); the scenario names no parameter.
template <class F>
void for_each_lecture_input(std::initializer_list<uint64_t> sizes, uint64_t seed, F f) {
  for (const Algorithm* a : all_algorithms()) {
    if (is_library_baseline(*a)) continue;
    for (uint64_t n : sizes)
      for (bool with_values : {false, true}) {
        if (!a->check_input(KeyType::U32, with_values).empty()) continue;
        Scenario s;
        s.algorithm = a->id();
        s.input.n = n;
        s.input.seed = seed;
        s.input.with_values = with_values;
        f(*a, s);
      }
  }
}

}  // namespace sortscope::test
