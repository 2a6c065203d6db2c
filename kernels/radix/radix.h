#pragma once
// LSD radix sort, two variants (README.md in this folder):
//   "radix"          reduce-then-scan per digit place, after Merrill & Grimshaw 2010 §4;
//   "radix-onesweep" one histogram pass plus one decoupled look-back pass per place, after
//                    Adinets & Merrill 2022.
#include "algorithm.h"

namespace sortscope {
const Algorithm& radix_algorithm();
const Algorithm& radix_onesweep_algorithm();
}  // namespace sortscope
