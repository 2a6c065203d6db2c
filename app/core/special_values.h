#pragma once
// The special floating-point values of an input and where the sort puts them. Sortscope sorts
// floats by the IEEE 754 total order (totalOrder, §5.10): -NaN < -inf < negative numbers < -0.0 <
// +0.0 < positive numbers < +inf < +NaN, so a NaN with its sign bit set comes first. NumPy's
// np.sort puts every NaN last whatever its sign, and treats -0.0 and +0.0 as equal (they keep their
// input order): a NumPy user comparing outputs needs to hear that, and `run` and the app say it.
#include <cstdint>
#include <string>

#include "common/host_keys.h"

namespace sortscope {

struct SpecialValues {
  bool floating = false;       // f32/f64 keys (integers have none of these)
  uint64_t negative_nan = 0, positive_nan = 0;
  uint64_t negative_inf = 0, positive_inf = 0;
  uint64_t negative_zero = 0;
  uint64_t denormal = 0;       // subnormal, nonzero
  uint64_t total() const { return negative_nan + positive_nan + negative_inf + positive_inf + negative_zero + denormal; }
};

SpecialValues count_special_values(const HostKeys& keys);

// One line: "special values: 2 -NaN, 1 +NaN, 0 -inf, 3 +inf, 4 -0.0, 0 denormals; sorted by the
// IEEE total order: -NaN first, then -inf, ..., +NaN last (NumPy puts every NaN last)". For
// integer keys or inputs with none of them, a shorter line that says so.
std::string special_values_line(const SpecialValues& v);

}  // namespace sortscope
