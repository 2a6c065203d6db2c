#pragma once
// A JSON value as a C++ number (or bool) only when it is one of that kind and the type holds it:
// an integer type takes whole numbers in its range, a floating type finite numbers in its range, bool
// takes true and false. Anything else is std::nullopt, never converted: nlohmann's get<> would turn
// 1.5 into 1, -1 into 2^64 - 1 and 2^31 into a negative int, and converting 1e300 into an int or a
// float is undefined behaviour. The readers of outside JSON (scenario files, the app's settings)
// decide what a refusal means: scenario fields name the field and stop, settings keep the default.
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace sortscope {

template <class T>
std::optional<T> json_number(const nlohmann::json& v) {
  static_assert(std::is_arithmetic_v<T>, "json_number reads numbers and bools");
  if constexpr (std::is_same_v<T, bool>) {
    if (v.is_boolean()) return v.get<bool>();
  } else if constexpr (std::is_integral_v<T>) {
    using Limits = std::numeric_limits<T>;
    if (v.is_number_unsigned()) {
      if (v.get<uint64_t>() <= uint64_t(Limits::max())) return T(v.get<uint64_t>());
    } else if (v.is_number_integer()) {
      const int64_t x = v.get<int64_t>();
      if (x >= int64_t(Limits::min()) && (x < 0 || uint64_t(x) <= uint64_t(Limits::max()))) return T(x);
    }
  } else if (v.is_number()) {
    const double x = v.get<double>();
    if (std::isfinite(x) && std::fabs(x) <= double(std::numeric_limits<T>::max())) return T(x);
  }
  return std::nullopt;
}

}  // namespace sortscope
