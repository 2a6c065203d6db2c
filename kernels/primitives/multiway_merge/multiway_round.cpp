// multiway_round.h: the round of merging k given sequences.
#include "multiway_round.h"

#include <algorithm>

#include "primitives/int_math.h"

namespace sortscope {

int tree_levels(uint32_t k, bool pipelined) { return pipelined ? (ceil_log2(k) + 1) / 2 : ceil_log2(k); }

MultiwayRound multiway_merge_round(uint64_t n, uint32_t k, uint64_t part_keys, bool pipelined) {
  MultiwayRound r;
  r.run_in = 0;  // sequences of any length: the caller gives their offsets
  r.k = k;
  r.groups = 1;
  r.group_keys = n;
  r.parts_per_group = uint32_t(std::max<uint64_t>(1, (n + part_keys - 1) / part_keys));
  r.levels = tree_levels(k, pipelined);
  return r;
}

}  // namespace sortscope
