#pragma once
// Defaults that teach at the sizes a lecture shows. Below a few thousand keys a radix sort with
// 8-bit digits draws a 256-column histogram of a handful of keys per column, which says little;
// 4-bit digits (16 columns, twice the passes) show the counting and the scan (Merrill & Grimshaw
// 2010 §4.1). Applied only where the app chooses for the user: when an algorithm is picked (its
// parameters start at their defaults) or n moves below the threshold while the digit width is
// still the default; a value the user set stays.
#include <cstdint>

#include "common/scenario.h"

namespace sortscope::ui {

inline constexpr uint64_t kTeachingKeys = 4096;  // below this, teaching defaults apply

// `before` is the scenario as it was before the edit that produced `s`. Returns true when it
// changed `s`.
bool apply_teaching_defaults(Scenario& s, const Scenario& before);

}  // namespace sortscope::ui
