#pragma once
// A Scenario says what to run: algorithm id, its parameters and the input. It serialises to JSON
// so lessons, presets, CSV rows and traces can all reproduce a picture or a number. Parameters are
// written in their text form (param_spec.h: 16, "auto", "atomic"), never as positions in a list.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "input_spec.h"
#include "param_spec.h"
#include "record_layout.h"

namespace sortscope {

// Sort records instead of bare keys (kernels/records/README.md): the key plus `fields` 32-bit
// fields in `layout`, by `strategy` (and `rearrange` for indirect). JSON: "records": {"fields": 8,
// "layout": "hybrid", "strategy": "indirect", "rearrange": "gather"}, absent for a key sort.
struct ScenarioRecords {
  uint32_t fields = 1;
  RecordLayout layout = RecordLayout::Hybrid;
  RecordStrategy strategy = RecordStrategy::Indirect;
  Rearrange rearrange = Rearrange::Gather;
};

struct Scenario {
  std::string algorithm = "bitonic";
  ParamValues params;  // values (kParamAuto for auto), not positions
  InputSpec input;
  std::optional<ScenarioRecords> records;  // set: a record sort (the app's explain mode, CPU model)
  // The parameters the lecture-size rule chose because the user left them unset
  // (kernels/teaching_params.h), for showing them as `auto(value)`. Not written to JSON: a file
  // holds the values that ran.
  std::vector<std::string> taught;
  // Where the user's values leave the lecture-size run without a phase the teaching values show:
  // what it skips ("merge-level, multiway.select"), for the parameter line. Not written to JSON.
  std::string teaching_skips;
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
