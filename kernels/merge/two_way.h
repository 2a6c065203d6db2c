#pragma once
// Two-way merge sort: block sort of NT x VT tiles, then merge-path passes (Odeh et al. 2012;
// Satish et al. 2010 §5.3; ModernGPU). Stable.
#include "algorithm.h"

namespace sortscope {
const Algorithm& two_way_merge_algorithm();
}
