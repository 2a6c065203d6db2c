#pragma once
// A Scenario says what to run: algorithm id, its parameters and the input. It serialises to JSON
// so lessons, presets, CSV rows and traces can all reproduce a picture or a number. Parameters are
// written in their text form (param_spec.h: 16, "auto", "atomic"), never as positions in a list.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "input_spec.h"
#include "param_spec.h"

namespace sortscope {

struct Scenario {
  std::string algorithm = "bitonic";
  ParamValues params;  // values (kParamAuto for auto), not positions
  InputSpec input;
};

// An algorithm's parameter specs by id, null when unknown: the registry's algorithm_params, passed
// in so that common/ does not reach up to the registry.
using ParamSpecsOf = const std::vector<ParamSpec>* (*)(std::string_view algorithm);

nlohmann::json scenario_to_json(const Scenario& s, ParamSpecsOf specs_of);
// Throws std::runtime_error with a message naming the bad field: wrong kinds, fractions or negative
// numbers for counts and values that do not fit are refused, never converted; a parameter value the
// algorithm does not allow is refused with the allowed values (check_param_value).
Scenario scenario_from_json(const nlohmann::json& j, ParamSpecsOf specs_of);

// The "params" object alone: {"threads": "auto", "keys_per_thread": 16, "ranking": "atomic"}.
nlohmann::json params_to_json(const std::vector<ParamSpec>* specs, const ParamValues& values);
// Throws std::runtime_error with one line for an unknown name or a value the spec does not allow.
ParamValues params_from_json(const std::vector<ParamSpec>* specs, const nlohmann::json& j,
                             const std::string& algorithm);

}  // namespace sortscope
