#pragma once
// The merge sorts' auxiliary snapshots (common/aux_data.h): what a two-way or multiway merge step
// carries besides the key array. Recorded by the plans' step writers (two_way_plan.h,
// multiway_plan.h) from the CPU models and the GPU paths alike; drawn by the panel views in
// visual/views/merge/.
#include <cstdint>
#include <vector>

#include "primitives/merge_path/merge_path_aux.h"
#include "primitives/multiseq_select/selection_trace.h"

namespace sortscope {

// Pipelined 4-way merging (Leischner 2010 §5.3.5, Fig. 8; pipelined_schedule.h): one highlighted
// block's tree of three block-wise mergers, round by round. Leaf 0 merges pieces 0 and 1, leaf 1
// pieces 2 and 3, each into its buffer of `capacity` keys in shared memory; the head merges the two
// buffers into the output, b keys a round (round 0: its first load, no output). Per round: which
// leaves ran a step (bit i: leaf i), both buffers' fill after the leaves ran (two entries: leaf 0's,
// leaf 1's), the buffer the head took its block from (0, 1; 2 = padding) and the keys the head has
// written after the round.
struct PipelineTrace {
  uint32_t block = 0, level = 0;
  uint32_t merge_threads = 0;       // b
  uint32_t capacity = 0;            // keys per buffer (2b)
  std::vector<uint64_t> piece_keys; // 4: the lengths of the four pieces
  uint32_t rounds = 0;
  std::vector<uint8_t> leaves;      // rounds
  std::vector<uint32_t> fill;       // rounds * 2
  std::vector<uint8_t> head_from;   // rounds
  std::vector<uint64_t> output;     // rounds
};

}  // namespace sortscope
