#pragma once
// The test set of `lab check` (docs/lab.md): an exercise's check sizes (around its block and tile
// boundaries) for every key type the slot takes on uniform keys, then the adversarial inputs - all
// equal, sorted, reverse sorted, few unique, nearly sorted - and, for float keys, an input full of
// the special values (NaN of both signs, +-0.0, +-inf, denormals) that the IEEE total order places.
#include <cstdint>
#include <string>
#include <vector>

#include "common/host_keys.h"
#include "common/input_spec.h"
#include "exercise_file.h"

namespace sortscope {

struct LabCase {
  uint64_t n = 0;
  KeyType type = KeyType::U32;
  Distribution dist = Distribution::Uniform;
  bool special_floats = false;  // uniform keys with the special values planted (float types)
  uint64_t seed = 1;
  // "n=4097 u32 uniform", "n=8192 f32 special (NaN, +-0, +-inf)"
  std::string label() const;
};

std::vector<LabCase> lab_check_cases(const Exercise& ex);

// The case's input on the host (generate_host, then the special values for special_floats).
HostKeys lab_case_input(const LabCase& c);

// The same keys sorted by the key type's total order (what every correct run must produce).
HostKeys lab_expected_output(const HostKeys& input);

// The n the speed ratio is measured at (2^20, or less where the exercise cannot run that many).
inline constexpr uint64_t kLabTimingKeys = uint64_t(1) << 20;

}  // namespace sortscope
