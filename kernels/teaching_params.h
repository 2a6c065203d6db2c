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

// The teaching values of `a` for an explained input (Algorithm::teaching_params), fitted to the
// values the user set (`given`); empty past kTeachingKeys keys.
ParamValues teaching_params(const Algorithm& a, const InputSpec& in, const ParamValues& given = {});

// What the rule chose for one scenario.
struct TeachingChoice {
  std::vector<std::string> taught;  // the names that took teaching values, in spec order
  // "" where the run shows every phase the teaching values alone show; else what the user's values
  // leave out at this size, for the parameter line: "skips merge-level, multiway.select".
  std::string skips;
};

// Each parameter that `params` does not name (the user left it unset) and that has a teaching
// value for this input takes it; a named value, `auto` included, stays. The choice is joint: the
// teaching values are asked with the user's values (Algorithm::teaching_params adapts them), and
// where the user set something, the combination is tried on the CPU model at this size (a few
// thousand keys at most: milliseconds). A combination the plan refuses keeps the largest set of
// teaching values that runs and shows the most of what the teaching values alone show; what it
// still leaves out is named in `skips`. Where not even the user's values alone run, nothing is
// taught (the run's refusal is then about the user's values). Past kTeachingKeys: nothing.
TeachingChoice choose_teaching_params(const Algorithm& a, ParamValues& params, const InputSpec& in);

// choose_teaching_params's names alone.
std::vector<std::string> apply_teaching_params(const Algorithm& a, ParamValues& params, const InputSpec& in);

// The rule on a scenario about to be resolved (validate_scenario runs it before filling the
// defaults, so every entry point that resolves a scenario gets it): its unset parameters take
// their teaching values, their names join s.taught, and a phase they cannot show beside the
// user's values is named in s.teaching_skips.
void apply_teaching_params(const Algorithm& a, Scenario& s);

// `params` with each name of `taught` marked `auto`, so that format_params beside the values that
// ran writes "bucket_max=auto(1024)": the value was chosen for this input, and this is what ran.
ParamValues mark_taught(ParamValues params, const std::vector<std::string>& taught);

}  // namespace sortscope
