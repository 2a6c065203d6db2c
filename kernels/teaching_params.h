#pragma once
// Lecture sizes (DESIGN.md, "Seams every algorithm shares"): the one rule that picks the parameters
// for explaining a small input. Below a few thousand keys the defaults tuned for millions draw
// little: sample sort and quicksort put every key in one bucket and sort it in one step, a radix
// sort with 8-bit digits draws a 256-column histogram of a handful of keys in one block, a merge
// sort whose first tile holds every key never merges. An explained run of at most kTeachingKeys
// keys therefore takes each algorithm's teaching values (Algorithm::teaching_params) for the
// parameters the user left unset; a value the user set always wins. Every entry point that
// explains a scenario (the app, lessons, presets, scenario files, render, record, trace, races)
// goes through Runner::explain, which applies this rule; what ran is shown as `name=auto(value)`.
#include <cstdint>
#include <string>
#include <vector>

#include "algorithm.h"
#include "common/input_spec.h"
#include "common/scenario.h"

namespace sortscope {

// True for the sizes a lecture explains: 1..kTeachingKeys keys.
inline bool is_lecture_size(uint64_t n) { return n <= kTeachingKeys; }

// The teaching values of `a` for an explained input (Algorithm::teaching_params); empty past
// kTeachingKeys keys.
ParamValues teaching_params(const Algorithm& a, const InputSpec& in);

// Each parameter that `params` does not name (the user left it unset) and that has a teaching
// value for this input takes it; a named value, `auto` included, stays. Returns the names set, in spec order (empty past kTeachingKeys).
std::vector<std::string> apply_teaching_params(const Algorithm& a, ParamValues& params, const InputSpec& in);

// The rule on a scenario about to be resolved (validate_scenario runs it before filling the
// defaults, so every entry point that resolves a scenario gets it): its unset parameters take
// their teaching values, and their names join s.taught.
void apply_teaching_params(const Algorithm& a, Scenario& s);

// `params` with each name of `taught` marked `auto`, so that format_params beside the values that
// ran writes "bucket_max=auto(1024)": the value was chosen for this input, and this is what ran.
ParamValues mark_taught(ParamValues params, const std::vector<std::string>& taught);

}  // namespace sortscope
