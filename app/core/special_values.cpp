#include "special_values.h"

#include <cmath>
#include <cstring>

#include <fmt/format.h>

namespace sortscope {

namespace {
template <class F>
void count(const HostKeys& keys, SpecialValues& v) {
  const F* k = keys.as<F>();
  const size_t n = keys.size();
  for (size_t i = 0; i < n; ++i) {
    const F x = k[i];
    const bool neg = std::signbit(x);
    switch (std::fpclassify(x)) {
      case FP_NAN: (neg ? v.negative_nan : v.positive_nan)++; break;
      case FP_INFINITE: (neg ? v.negative_inf : v.positive_inf)++; break;
      case FP_ZERO: v.negative_zero += neg; break;
      case FP_SUBNORMAL: v.denormal++; break;
      default: break;
    }
  }
}
}  // namespace

SpecialValues count_special_values(const HostKeys& keys) {
  SpecialValues v;
  if (keys.type == KeyType::F32) v.floating = true, count<float>(keys, v);
  if (keys.type == KeyType::F64) v.floating = true, count<double>(keys, v);
  return v;
}

std::string special_values_line(const SpecialValues& v) {
  if (!v.floating) return "special values: none (integer keys)";
  std::string line = fmt::format("special values: {} -NaN, {} +NaN, {} -inf, {} +inf, {} -0.0, {} denormals",
                                 v.negative_nan, v.positive_nan, v.negative_inf, v.positive_inf, v.negative_zero,
                                 v.denormal);
  if (v.total() == 0) return line;
  line += "; sorted by the IEEE total order: -NaN first, -inf, numbers, -0.0 before +0.0, +inf, +NaN last";
  if (v.negative_nan + v.positive_nan > 0) line += " (NumPy's sort puts every NaN last, -NaN too)";
  return line;
}

}  // namespace sortscope
