#pragma once
// A Scenario says what to run: algorithm id, its parameters and the input. It serialises to JSON
// so lessons, presets, CSV rows and traces can all reproduce a picture or a number.
#include <string>

#include <nlohmann/json.hpp>

#include "input_spec.h"
#include "param_spec.h"

namespace sortscope {

struct Scenario {
  std::string algorithm = "bitonic";
  ParamValues params;
  InputSpec input;
};

nlohmann::json scenario_to_json(const Scenario& s);
// Throws std::runtime_error with a message naming the bad field: wrong kinds, fractions or negative
// numbers for counts and values that do not fit are refused, never converted. The algorithm's name
// is not looked up here (the caller knows the registry).
Scenario scenario_from_json(const nlohmann::json& j);

}  // namespace sortscope
