#include "param_spec.h"

#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

namespace sortscope {
namespace {

std::string known_names(const std::vector<ParamSpec>& specs) {
  std::string s;
  for (const auto& p : specs) s += (s.empty() ? "" : ", ") + p.name;
  return s.empty() ? "none" : s;
}

bool is_power_of_two(int v) { return v > 0 && (v & (v - 1)) == 0; }

std::string not_allowed(const ParamSpec& p, const std::string& shown, const std::string& algorithm) {
  return fmt::format("parameter '{}' of {}: {} is not allowed (allowed: {})", p.name, algorithm, shown,
                     p.allowed_text());
}

}  // namespace

namespace {

ParamSpec spec_of_kind(std::string name, ParamSpec::Kind kind, int default_value, std::string help) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = kind;
  p.default_value = default_value;
  p.help = std::move(help);
  return p;
}

// A spec whose default it does not allow is a programming error: caught when the spec is built.
ParamSpec checked(ParamSpec p) {
  if (!p.allows(p.default_value))
    throw std::logic_error(fmt::format("parameter '{}': default {} is not allowed (allowed: {})", p.name,
                                       format_param_value(p, p.default_value), p.allowed_text()));
  return p;
}

}  // namespace

ParamSpec ParamSpec::range(std::string name, int default_value, int min, int max, bool power_of_two,
                           std::string help) {
  ParamSpec p = spec_of_kind(std::move(name), Kind::Range, default_value, std::move(help));
  p.min = min;
  p.max = max;
  p.power_of_two = power_of_two;
  return checked(std::move(p));
}

ParamSpec ParamSpec::list(std::string name, std::vector<int> values, bool has_auto, int default_value,
                          std::string help) {
  ParamSpec p = spec_of_kind(std::move(name), Kind::List, default_value, std::move(help));
  p.values = std::move(values);
  p.has_auto = has_auto;
  for (int v : p.values)
    if (v == kParamAuto) throw std::logic_error("parameter '" + p.name + "': auto is has_auto, not a list value");
  return checked(std::move(p));
}

ParamSpec ParamSpec::enumeration(std::string name, std::vector<ParamName> names, int default_value,
                                 std::string help) {
  ParamSpec p = spec_of_kind(std::move(name), Kind::Enum, default_value, std::move(help));
  p.names = std::move(names);
  // An enumeration with an `auto` name has auto as a list with has_auto does: `tune` sweeps it.
  for (const ParamName& n : p.names) p.has_auto = p.has_auto || n.value == kParamAuto;
  return checked(std::move(p));
}

ParamSpec ParamSpec::teach(int value) && {
  if (!allows(value)) throw std::logic_error("parameter '" + name + "': its teaching value is not allowed");
  teaching_value = value;
  return std::move(*this);
}

ParamSpec ParamSpec::lecture_only(int value) && {
  if (!allows(value) || value == kParamAuto)
    throw std::logic_error("parameter '" + name + "': a lecture-only value must be an allowed number");
  lecture_values.push_back(value);
  return std::move(*this);
}

bool ParamSpec::is_lecture_only(int value) const {
  for (int v : lecture_values)
    if (v == value) return true;
  return false;
}

bool ParamSpec::allows(int v) const {
  switch (kind) {
    case Kind::Range:
      return v != kParamAuto && v >= min && v <= max && (!power_of_two || is_power_of_two(v));
    case Kind::List:
      if (v == kParamAuto) return has_auto;
      for (int a : values)
        if (a == v) return true;
      return false;
    case Kind::Enum:
      for (const ParamName& n : names)
        if (n.value == v) return true;
      return false;
  }
  return false;
}

std::string ParamSpec::allowed_text() const {
  if (kind == Kind::Range) return fmt::format("{}..{}{}", min, max, power_of_two ? " (powers of two)" : "");
  std::string s;
  for (int v : offered()) s += (s.empty() ? "" : ", ") + format_param_value(*this, v);
  return s;
}

std::vector<int> ParamSpec::offered() const {
  std::vector<int> out;
  if (kind == Kind::List) {
    if (has_auto) out.push_back(kParamAuto);
    out.insert(out.end(), values.begin(), values.end());
  } else if (kind == Kind::Enum) {
    for (const ParamName& n : names) out.push_back(n.value);
  }
  return out;
}

std::string format_param_value(const ParamSpec& p, int v) {
  if (v == kParamAuto) return "auto";
  if (p.kind == ParamSpec::Kind::Enum)
    for (const ParamName& n : p.names)
      if (n.value == v) return n.name;
  return std::to_string(v);
}

std::string format_param_value(const ParamSpec& p, int v, int ran) {
  if (v == kParamAuto && ran != kParamAuto) return "auto(" + format_param_value(p, ran) + ")";
  return format_param_value(p, v);
}

std::string parse_param_value(const ParamSpec& p, std::string_view text, int& value, const std::string& algorithm) {
  for (int v : p.offered())
    if (format_param_value(p, v) == text) {
      value = v;
      return {};
    }
  int v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (p.kind == ParamSpec::Kind::Enum || text.empty() || ec != std::errc() || ptr != text.data() + text.size())
    return not_allowed(p, fmt::format("'{}'", text), algorithm);
  if (auto err = check_param_value(p, v, algorithm); !err.empty()) return err;
  value = v;
  return {};
}

std::string check_param_value(const ParamSpec& p, int v, const std::string& algorithm) {
  if (p.allows(v)) return {};
  return not_allowed(p, v == kParamAuto ? "auto" : std::to_string(v), algorithm);
}

const ParamSpec* find_param(const std::vector<ParamSpec>& specs, std::string_view name) {
  for (const auto& p : specs)
    if (p.name == name) return &p;
  return nullptr;
}

std::string resolve_params(const std::vector<ParamSpec>& specs, ParamValues& values,
                           const std::string& algorithm) {
  for (const auto& [name, v] : values) {
    const ParamSpec* p = find_param(specs, name);
    if (!p)
      return fmt::format("unknown parameter '{}' for {} (known: {})", name, algorithm, known_names(specs));
    if (auto err = check_param_value(*p, v, algorithm); !err.empty()) return err;
  }
  fill_param_defaults(specs, values);
  return {};
}

void fill_param_defaults(const std::vector<ParamSpec>& specs, ParamValues& values) {
  for (const auto& p : specs) values.emplace(p.name, p.default_value);
}

std::string parse_param_assignment(const std::vector<ParamSpec>& specs, const std::string& text,
                                   ParamValues& values, const std::string& algorithm) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return fmt::format("parameter '{}' is not of the form name=value", text);
  std::string name = text.substr(0, eq);
  const ParamSpec* p = find_param(specs, name);
  if (!p)
    return fmt::format("unknown parameter '{}' for {} (known: {})", name, algorithm, known_names(specs));
  int v = 0;
  if (auto err = parse_param_value(*p, std::string_view(text).substr(eq + 1), v, algorithm); !err.empty())
    return err;
  values[name] = v;
  return {};
}

// A name that `ran` (when given) lacks is a parameter this run had no use for: Algorithm::params_as_run
// dropped it (radix-onesweep's value_load on a keys-only run), so the line leaves it out rather than
// show a choice that did nothing.
std::string format_params(const std::vector<ParamSpec>& specs, const ParamValues& values, const ParamValues* ran) {
  std::string out;
  for (const ParamSpec& p : specs) {
    auto it = values.find(p.name);
    if (it == values.end()) continue;
    int concrete = kParamAuto;
    if (ran) {
      auto r = ran->find(p.name);
      if (r == ran->end()) continue;  // the run had no use for it (radix value_load without values)
      concrete = r->second;
    }
    out += (out.empty() ? "" : " ") + p.name + "=" + format_param_value(p, it->second, concrete);
  }
  return out;
}

std::string describe_param(const ParamSpec& p) {
  const std::string teaching =
      p.teaching_value ? fmt::format(" ({} explaining at most {} keys when unset)", format_param_value(p, *p.teaching_value),
                                     kTeachingKeys)
                       : "";
  return fmt::format("{}: {}, default {}{} - {}", p.name, p.allowed_text(), format_param_value(p, p.default_value),
                     teaching, p.help);
}

}  // namespace sortscope
