#pragma once
// The device scratch of the merge sorts (two-way, multiway; a round's buffers are the primitive's,
// primitives/multiway_merge/multiway_merge_scratch.h) as named, typed buffers carved from one
// block (common/scratch_layout.h). The kernels' drivers
// (two_way_sort_impl.cuh, multiway_sort_impl.cuh) carve these, and the Algorithms' scratch_bytes
// report the same layouts' sizes to the runner's memory check before anything is allocated.
// Host code (no CUDA).
#include <algorithm>
#include <cstdint>

#include "common/scratch_layout.h"
#include "primitives/items/unpack_scratch.h"
#include "primitives/items/item_traits.h"
#include "multiway_plan.h"
#include "primitives/multiway_merge/multiway_merge_scratch.h"
#include "two_way_plan.h"

namespace sortscope::merge {

// ---- Two-way merge sort ---------------------------------------------------------------------------

template <class T>
struct TwoWayScratch {
  ScratchLayout layout;
  ScratchBuffer<typename T::Item> runs_in, runs_out;  // each pass reads one and writes the other
  // split_values: the runs as keys and values apart (instead of runs_in / runs_out)
  ScratchBuffer<typename T::Key> keys_in, keys_out;
  ScratchBuffer<uint32_t> values_in, values_out;
  ScratchBuffer<uint64_t> splits;                     // tiles + 1 merge-path splits
  ScratchBuffer<uint64_t> splits4;                    // ways=4 (measure mode): a, b, c of every tile
  ScratchBuffer<typename T::Item> stages;             // explain: the block sort's tiles after each stage
  UnpackScratch<T> unpack;
};

template <class T>
TwoWayScratch<T> two_way_scratch(const TwoWayPlan& p, bool explain) {
  TwoWayScratch<T> s;
  if (p.block_tiles == 0) return s;
  ScratchLayout& l = s.layout;
  if (explain) s.stages = l.add<typename T::Item>("block_sort_stages", uint64_t(p.block_stages) * p.n);
  if (p.block_tiles > 1) {  // one tile: the block sort is the sort, in place
    if (p.split_values && T::kValues) {
      s.keys_in = l.add<typename T::Key>("run_keys_in", p.n);
      s.keys_out = l.add<typename T::Key>("run_keys_out", p.n);
      s.values_in = l.add<uint32_t>("run_values_in", p.n);
      s.values_out = l.add<uint32_t>("run_values_out", p.n);
    } else {
      s.runs_in = l.add<typename T::Item>("runs_in", p.n);
      s.runs_out = l.add<typename T::Item>("runs_out", p.n);
    }
    s.splits = l.add<uint64_t>("splits", p.tiles + 1);
    if (p.ways == 4 && !explain && p.passes >= 2) s.splits4 = l.add<uint64_t>("four_way_splits", 3 * (p.tiles + 1));
  }
  if (explain) s.unpack = add_unpack_scratch<T>(l, p.n);
  return s;
}

// ---- Sorting by multiway merging, merging k sequences ---------------------------------------------

// The sort of `p` (explain: with the capture buffers). A plan of one tile or none needs nothing:
// the block sort sorts in place.
template <class T>
MultiwayScratch<T> multiway_sort_scratch(const MultiwayPlan& p, bool explain) {
  MultiwayScratch<T> s;
  if (p.block.block_tiles == 0 || p.rounds.empty()) return s;
  ScratchLayout& l = s.layout;
  uint64_t offsets = 0, split_words = 0, rows = 0;
  uint32_t k_max = 0;
  for (const MultiwayRound& r : p.rounds) {
    offsets = std::max<uint64_t>(offsets, r.groups * (r.k + 1));
    split_words = std::max<uint64_t>(split_words, r.groups * (r.parts_per_group + 1) * r.k);
    rows = std::max<uint64_t>(rows, r.groups * (r.parts_per_group + 1));
    k_max = std::max(k_max, r.k);
  }
  s.runs_in = l.add<typename T::Item>("runs_in", p.n);
  s.runs_out = l.add<typename T::Item>("runs_out", p.n);
  s.tree = l.add<typename T::Item>("tree", p.n);
  s.seq_begin = l.add<uint64_t>("seq_begin", offsets);
  s.splits = l.add<uint32_t>("splits", split_words);
  s.iterations = l.add<uint32_t>("iterations", rows);
  if (!explain) return s;
  s.trace_states = selection_trace_states(k_max);
  const uint64_t states = s.trace_states, cells = states * k_max;
  s.sel_lower = l.add<uint32_t>("selection_lower", cells);
  s.sel_upper = l.add<uint32_t>("selection_upper", cells);
  s.sel_probe = l.add<uint32_t>("selection_probe", cells);
  s.sel_probe_hi = l.add<uint32_t>("selection_probe_hi", cells);
  s.sel_pivot = l.add<uint64_t>("selection_pivot", states);
  s.sel_chosen = l.add<int32_t>("selection_chosen", states);
  s.sel_grew = l.add<uint8_t>("selection_grew", states);
  s.sel_count = l.add<uint32_t>("selection_count", 1);
  s.buffer_steps = buffer_trace_steps(p.part_keys, p.merge_threads);
  const uint64_t buffer_keys = uint64_t(s.buffer_steps) * 2 * uint64_t(p.merge_threads);
  s.buf_before = l.add<uint64_t>("buffer_before", buffer_keys);
  s.buf_after = l.add<uint64_t>("buffer_after", buffer_keys);
  s.buf_out_begin = l.add<uint64_t>("buffer_out_begin", s.buffer_steps);
  s.buf_loaded_from = l.add<uint8_t>("buffer_loaded_from", s.buffer_steps);
  s.buf_steps = l.add<uint32_t>("buffer_steps", 1);
  if (p.pipelined) {
    s.pipe_leaves = l.add<uint8_t>("pipeline_leaves", s.buffer_steps);
    s.pipe_fill = l.add<uint32_t>("pipeline_fill", uint64_t(s.buffer_steps) * 2);
  }
  s.unpack = add_unpack_scratch<T>(l, p.n);
  return s;
}

}  // namespace sortscope::merge
