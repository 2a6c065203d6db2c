#pragma once
// Locicero's GPU merge sort ("Parallel Sorting", 002 §2.3-§3): a local tile sort, then global merge
// passes by binary search (README.md).
#include "algorithm.h"

namespace sortscope {
const Algorithm& binary_search_merge_algorithm();
}  // namespace sortscope
