#include "scenario.h"

#include <climits>
#include <cstdint>
#include <stdexcept>

namespace sortscope {
namespace {

// Strict readers: a field of the wrong kind, a fraction where a count belongs or a value that does
// not fit is refused with one line naming it, never converted (nlohmann's get<> would turn 1.5
// into 1, -1 into 2^64 - 1 and 2^31 into a negative int).
[[noreturn]] void bad_field(const char* key, const nlohmann::json& v, const char* allowed) {
  throw std::runtime_error(std::string("scenario: input.") + key + " must be " + allowed + " (got " + v.dump() + ")");
}

void read_u64(const nlohmann::json& in, const char* key, uint64_t& out) {
  if (!in.contains(key)) return;
  const auto& v = in.at(key);
  if (!v.is_number_unsigned()) bad_field(key, v, "a whole number 0..18446744073709551615");
  out = v.get<uint64_t>();
}

void read_int(const nlohmann::json& in, const char* key, int& out) {
  if (!in.contains(key)) return;
  const auto& v = in.at(key);
  if (!v.is_number_integer() || v.get<int64_t>() < INT32_MIN || v.get<int64_t>() > INT32_MAX ||
      (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(INT32_MAX)))
    bad_field(key, v, "a whole number that fits 32 bits");
  out = int(v.get<int64_t>());
}

void read_double(const nlohmann::json& in, const char* key, double& out) {
  if (!in.contains(key)) return;
  const auto& v = in.at(key);
  if (!v.is_number()) bad_field(key, v, "a number");
  out = v.get<double>();
}

void read_bool(const nlohmann::json& in, const char* key, bool& out) {
  if (!in.contains(key)) return;
  const auto& v = in.at(key);
  if (!v.is_boolean()) bad_field(key, v, "true or false");
  out = v.get<bool>();
}

}  // namespace

nlohmann::json params_to_json(const std::vector<ParamSpec>* specs, const ParamValues& values) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [name, v] : values) {
    const ParamSpec* p = specs ? find_param(*specs, name) : nullptr;
    const bool text = v == kParamAuto || (p && p->kind == ParamSpec::Kind::Enum);
    if (text)
      j[name] = p ? format_param_value(*p, v) : std::string("auto");
    else
      j[name] = v;
  }
  return j;
}

ParamValues params_from_json(const std::vector<ParamSpec>* specs, const nlohmann::json& j,
                             const std::string& algorithm) {
  if (!j.is_object()) throw std::runtime_error("scenario: params must be an object of name: value");
  ParamValues values;
  for (const auto& [name, v] : j.items()) {
    const ParamSpec* p = specs ? find_param(*specs, name) : nullptr;
    if (specs && !p) {
      std::string known;
      for (const ParamSpec& s : *specs) known += (known.empty() ? "" : ", ") + s.name;
      throw std::runtime_error("scenario: unknown parameter '" + name + "' for " + algorithm + " (known: " +
                               (known.empty() ? "none" : known) + ")");
    }
    int value = 0;
    std::string err;
    if (v.is_string()) {
      if (!p) throw std::runtime_error("scenario: parameter '" + name + "' of unknown algorithm " + algorithm);
      err = parse_param_value(*p, v.get<std::string>(), value, algorithm);
    } else if (v.is_number_integer()) {
      const auto wide = v.get<int64_t>();
      if (wide < INT_MIN + 1 || wide > INT_MAX)
        throw std::runtime_error("scenario: parameter '" + name + "' is out of range");
      value = int(wide);
      // An enum is written by name: a number there is refused rather than guessed at.
      if (p && p->kind == ParamSpec::Kind::Enum)
        err = "parameter '" + name + "' of " + algorithm + ": " + std::to_string(wide) + " is not allowed (allowed: " +
              p->allowed_text() + ")";
      else if (p)
        err = check_param_value(*p, value, algorithm);
    } else {
      throw std::runtime_error("scenario: parameter '" + name + "' must be a whole number or a name");
    }
    if (!err.empty()) throw std::runtime_error("scenario: " + err);
    values[name] = value;
  }
  return values;
}

nlohmann::json scenario_to_json(const Scenario& s, ParamSpecsOf specs_of) {
  const InputSpec& in = s.input;
  return {
      {"algorithm", s.algorithm},
      {"params", params_to_json(specs_of ? specs_of(s.algorithm) : nullptr, s.params)},
      {"input",
       {{"dist", std::string(distribution_name(in.dist))},
        {"n", in.n},
        {"key", std::string(key_type_name(in.key))},
        {"values", in.with_values},
        {"seed", in.seed},
        {"swap_percent", in.swap_percent},
        {"p", in.p},
        {"g", in.g},
        {"r", in.r},
        {"entropy_k", in.entropy_k},
        {"unique", in.unique}}},
  };
}

Scenario scenario_from_json(const nlohmann::json& j, ParamSpecsOf specs_of) {
  Scenario s;
  try {
    if (!j.is_object()) throw std::runtime_error("scenario: not a JSON object");
    if (j.contains("algorithm")) {
      if (!j.at("algorithm").is_string()) throw std::runtime_error("scenario: algorithm must be a name");
      s.algorithm = j.at("algorithm").get<std::string>();
    }
    if (j.contains("params"))
      s.params = params_from_json(specs_of ? specs_of(s.algorithm) : nullptr, j.at("params"), s.algorithm);
    if (j.contains("input")) {
      const auto& in = j.at("input");
      if (!in.is_object()) throw std::runtime_error("scenario: input must be a JSON object");
      InputSpec& o = s.input;
      if (in.contains("dist")) {
        auto name = in.at("dist").get<std::string>();
        auto d = parse_distribution(name);
        if (!d) throw std::runtime_error("unknown distribution '" + name + "' (known: " + distribution_names() + ")");
        o.dist = *d;
      }
      if (in.contains("key")) {
        auto name = in.at("key").get<std::string>();
        auto k = parse_key_type(name);
        if (!k) throw std::runtime_error("unknown key type '" + name + "' (known: u32, i32, f32, u64, i64, f64)");
        o.key = *k;
      }
      read_u64(in, "n", o.n);
      read_bool(in, "values", o.with_values);
      read_u64(in, "seed", o.seed);
      read_double(in, "swap_percent", o.swap_percent);
      read_int(in, "p", o.p);
      read_int(in, "g", o.g);
      read_int(in, "r", o.r);
      read_int(in, "entropy_k", o.entropy_k);
      read_u64(in, "unique", o.unique);
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("scenario: ") + e.what());
  }
  return s;
}

}  // namespace sortscope
