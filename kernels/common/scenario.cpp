#include "scenario.h"

#include <stdexcept>

namespace sortscope {

nlohmann::json scenario_to_json(const Scenario& s) {
  const InputSpec& in = s.input;
  return {
      {"algorithm", s.algorithm},
      {"params", s.params},
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

Scenario scenario_from_json(const nlohmann::json& j) {
  Scenario s;
  try {
    s.algorithm = j.value("algorithm", s.algorithm);
    if (j.contains("params")) s.params = j.at("params").get<ParamValues>();
    if (j.contains("input")) {
      const auto& in = j.at("input");
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
      o.n = in.value("n", o.n);
      o.with_values = in.value("values", o.with_values);
      o.seed = in.value("seed", o.seed);
      o.swap_percent = in.value("swap_percent", o.swap_percent);
      o.p = in.value("p", o.p);
      o.g = in.value("g", o.g);
      o.r = in.value("r", o.r);
      o.entropy_k = in.value("entropy_k", o.entropy_k);
      o.unique = in.value("unique", o.unique);
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("scenario: ") + e.what());
  }
  return s;
}

}  // namespace sortscope
