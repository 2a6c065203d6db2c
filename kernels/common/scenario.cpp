#include "scenario.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <type_traits>

#include "bounded_json.h"
#include "json_number.h"

namespace sortscope {
namespace {

// Strict reader: a field of the wrong kind, a fraction where a count belongs or a value that does
// not fit is refused with one line naming it and what is allowed, never converted (json_number.h).
template <class T>
void read_field(const nlohmann::json& in, const char* key, T& out) {
  if (!in.contains(key)) return;
  const auto& v = in.at(key);
  if (const std::optional<T> x = json_number<T>(v)) {
    out = *x;
    return;
  }
  const char* allowed = std::is_same_v<T, bool>       ? "true or false"
                        : std::is_same_v<T, uint64_t> ? "a whole number 0..18446744073709551615"
                        : std::is_integral_v<T>       ? "a whole number that fits 32 bits"
                                                      : "a number";
  throw std::runtime_error(std::string("scenario: input.") + key + " must be " + allowed + " (got " + json_excerpt(v) + ")");
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
  nlohmann::json j = {
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
  if (s.records)
    j["records"] = {{"fields", s.records->fields},
                    {"layout", std::string(record_layout_name(s.records->layout))},
                    {"strategy", std::string(record_strategy_name(s.records->strategy))},
                    {"rearrange", std::string(rearrange_name(s.records->rearrange))}};
  return j;
}

namespace {

// "records": {...}: every member optional (defaults of ScenarioRecords), each checked.
ScenarioRecords records_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw std::runtime_error("scenario: records must be a JSON object");
  ScenarioRecords r;
  for (const auto& [name, v] : j.items())
    if (name != "fields" && name != "layout" && name != "strategy" && name != "rearrange")
      throw std::runtime_error("scenario: records." + name + " is unknown (known: fields, layout, strategy, rearrange)");
  if (j.contains("fields")) {
    const std::optional<uint32_t> m = json_number<uint32_t>(j.at("fields"));
    if (!m || !check_record_fields(*m).empty())
      throw std::runtime_error("scenario: records.fields must be a whole number 0.." + std::to_string(kMaxRecordFields) +
                               " (got " + json_excerpt(j.at("fields")) + ")");
    r.fields = *m;
  }
  auto name_of = [&](const char* key) {
    if (!j.at(key).is_string()) throw std::runtime_error(std::string("scenario: records.") + key + " must be a name");
    return j.at(key).get<std::string>();
  };
  if (j.contains("layout")) {
    const auto l = parse_record_layout(name_of("layout"));
    if (!l) throw std::runtime_error("scenario: records.layout '" + name_of("layout") + "' is unknown (known: by-field, by-record, hybrid)");
    r.layout = *l;
  }
  if (j.contains("strategy")) {
    const auto st = parse_record_strategy(name_of("strategy"));
    if (!st) throw std::runtime_error("scenario: records.strategy '" + name_of("strategy") + "' is unknown (known: direct, indirect)");
    r.strategy = *st;
  }
  if (j.contains("rearrange")) {
    const auto re = parse_rearrange(name_of("rearrange"));
    if (!re) throw std::runtime_error("scenario: records.rearrange '" + name_of("rearrange") + "' is unknown (known: gather, cycles, fused)");
    r.rearrange = *re;
  }
  return r;
}

}  // namespace

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
      read_field(in, "n", o.n);
      read_field(in, "values", o.with_values);
      read_field(in, "seed", o.seed);
      read_field(in, "swap_percent", o.swap_percent);
      read_field(in, "p", o.p);
      read_field(in, "g", o.g);
      read_field(in, "r", o.r);
      read_field(in, "entropy_k", o.entropy_k);
      read_field(in, "unique", o.unique);
    }
    if (j.contains("records")) s.records = records_from_json(j.at("records"));
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("scenario: ") + e.what());
  }
  return s;
}

}  // namespace sortscope
