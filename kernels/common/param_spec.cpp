#include "param_spec.h"

#include <charconv>

#include <fmt/format.h>

namespace sortscope {
namespace {

std::string known_names(const std::vector<ParamSpec>& specs) {
  std::string s;
  for (const auto& p : specs) s += (s.empty() ? "" : ", ") + p.name;
  return s.empty() ? "none" : s;
}

const ParamSpec* find_spec(const std::vector<ParamSpec>& specs, const std::string& name) {
  for (const auto& p : specs)
    if (p.name == name) return &p;
  return nullptr;
}

std::string check_value(const ParamSpec& p, int v, const std::string& algorithm) {
  if (v < p.min || v > p.max)
    return fmt::format("parameter '{}' of {} is {}, outside its range {}..{}", p.name, algorithm, v,
                       p.min, p.max);
  if (p.power_of_two && (v <= 0 || (v & (v - 1)) != 0))
    return fmt::format("parameter '{}' of {} must be a power of two, got {}", p.name, algorithm, v);
  return {};
}

}  // namespace

std::string resolve_params(const std::vector<ParamSpec>& specs, ParamValues& values,
                           const std::string& algorithm) {
  for (const auto& [name, v] : values) {
    const ParamSpec* p = find_spec(specs, name);
    if (!p)
      return fmt::format("unknown parameter '{}' for {} (known: {})", name, algorithm,
                         known_names(specs));
    if (auto err = check_value(*p, v, algorithm); !err.empty()) return err;
  }
  for (const auto& p : specs) values.emplace(p.name, p.default_value);
  return {};
}

std::string parse_param_assignment(const std::vector<ParamSpec>& specs, const std::string& text,
                                   ParamValues& values, const std::string& algorithm) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return fmt::format("parameter '{}' is not of the form name=value", text);
  std::string name = text.substr(0, eq), value = text.substr(eq + 1);
  const ParamSpec* p = find_spec(specs, name);
  if (!p)
    return fmt::format("unknown parameter '{}' for {} (known: {})", name, algorithm,
                       known_names(specs));
  for (size_t i = 0; i < p->choices.size(); ++i)
    if (p->choices[i] == value) {
      values[name] = int(i);
      return {};
    }
  int v = 0;
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || ptr != value.data() + value.size())
    return fmt::format("parameter '{}' of {}: '{}' is not a whole number", name, algorithm, value);
  if (auto err = check_value(*p, v, algorithm); !err.empty()) return err;
  values[name] = v;
  return {};
}

std::string describe_param(const ParamSpec& p) {
  std::string range;
  if (!p.choices.empty()) {
    for (const auto& c : p.choices) range += (range.empty() ? "" : "|") + c;
  } else {
    range = fmt::format("{}..{}{}", p.min, p.max, p.power_of_two ? " (power of two)" : "");
  }
  std::string def = p.choices.empty() ? std::to_string(p.default_value)
                                      : p.choices.at(size_t(p.default_value));
  return fmt::format("{}: {}, default {} - {}", p.name, range, def, p.help);
}

}  // namespace sortscope
