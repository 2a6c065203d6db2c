#pragma once
// Defaults that teach at the sizes a lecture shows. Below a few thousand keys a radix sort with
// 8-bit digits draws a 256-column histogram of a handful of keys per column, which says little;
// 4-bit digits (16 columns, twice the passes) show the counting and the scan (Merrill & Grimshaw
// 2010 §4.1); a merge sort whose first tile holds every key never merges. The values come from the
// one lecture-size rule (kernels/teaching_params.h). The scenario panel fills every parameter in,
// so here a parameter still at its default counts as unset, and the rule is applied where the app
// chooses for the user: when an algorithm is picked (its parameters start at their defaults) or n
// moves to a lecture size; a parameter the user set (not at its default) stays.
#include <cstdint>
#include <string>

#include "common/scenario.h"

namespace sortscope::ui {

// `before` is the scenario as it was before the edit that produced `s`. Returns true when it
// changed `s`; `what` (optional) gets the values set, "keys_per_thread=7 block_sort_threads=1", and
// what the user's values leave out at this size, " (at this size skips merge-level, ...)".
bool apply_teaching_defaults(Scenario& s, const Scenario& before, std::string* what = nullptr);

}  // namespace sortscope::ui
