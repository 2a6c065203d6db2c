#pragma once
// Sorting by multiway merging (Leischner 2010 §5): block sort to runs, then k-way rounds, each
// group of k runs split into equal parts by multi-sequence selection (§5.2) and each part merged
// by one thread block with block-wise merging (§5.3.4; stable: parallel ranking, §5.3.3).
#include "algorithm.h"

namespace sortscope {
const Algorithm& multiway_merge_algorithm();
}
