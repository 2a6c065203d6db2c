#pragma once
// Radix sort's auxiliary snapshots (common/aux_data.h): what a radix step carries besides the key
// array. Recorded by RadixStepWriter (radix_steps.h) from the CPU model and the GPU path alike;
// drawn by the panel views in visual/views/radix/.
#include <cstdint>
#include <vector>

#include "primitives/digit_histogram/digit_histogram.h"
#include "primitives/digit_histogram/scatter_map.h"
#include "primitives/block_rank/local_ranks.h"

namespace sortscope {

// Onesweep (Adinets & Merrill 2022): decoupled look-back over one pass. Each tile publishes its
// digit counts (AGGREGATE), looks back over the tiles before it, then publishes its INCLUSIVE
// prefix. Times are ticks of one logical clock (GPU: an atomic counter; model: a simulated schedule
// of a few tiles in flight), so the flags of every tile at any tick follow.
struct LookbackState {
  enum Flag : uint8_t { Invalid = 0, Aggregate = 1, Inclusive = 2 };
  uint32_t tiles = 0;
  uint32_t ticks = 0;                   // clock ticks used (times are < ticks)
  bool measured = false;                // true: recorded by the GPU kernel; false: model schedule
  std::vector<uint32_t> aggregate_at;   // per tile: tick its aggregate was published
  std::vector<uint32_t> inclusive_at;   // per tile: tick its inclusive prefix was published
  std::vector<uint32_t> depth;          // per tile: most predecessor tiles one digit looked back over
  Flag flag_at(uint32_t tile, uint32_t tick) const {
    if (tick >= inclusive_at[tile]) return Inclusive;
    return tick >= aggregate_at[tile] ? Aggregate : Invalid;
  }
};

}  // namespace sortscope
