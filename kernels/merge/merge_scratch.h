#pragma once
// The device scratch of the merge sorts (two-way, multiway, merging k given sequences) as named,
// typed buffers carved from one block (common/scratch_layout.h). The kernels' drivers
// (two_way_sort_impl.cuh, multiway_sort_impl.cuh) carve these, and the Algorithms' scratch_bytes
// report the same layouts' sizes to the runner's memory check before anything is allocated.
// Host code (no CUDA).
#include <algorithm>
#include <cstdint>

#include "common/scratch_layout.h"
#include "primitives/items/unpack_scratch.h"
#include "primitives/items/item_traits.h"
#include "multiway_plan.h"
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

// A trace of the first (iterations + 1) <= states of one selection (explain mode).
inline uint32_t selection_trace_states(uint32_t k) { return 40 * k + 4096; }
// The merge-buffer steps of the highlighted part's first merge: one per b keys, and one more (also
// the rounds of a pipelined 4-way node: its head's first load, then one per b keys).
inline uint32_t buffer_trace_steps(uint64_t part_keys, int merge_threads) {
  return uint32_t((part_keys + uint64_t(merge_threads) - 1) / uint64_t(merge_threads)) + 1;
}

template <class T>
struct MultiwayScratch {
  using Item = typename T::Item;
  ScratchLayout layout;
  // The rounds' runs, read from one and written to the other (the sort); the merge's packed pairs
  // and its output.
  ScratchBuffer<Item> runs_in, runs_out;
  ScratchBuffer<Item> tree;            // a part's tree levels that do not write the output
  ScratchBuffer<uint64_t> seq_begin;   // groups x (k + 1) absolute offsets (the largest round)
  ScratchBuffer<uint32_t> splits;      // groups x (parts_per_group + 1) x k
  ScratchBuffer<uint32_t> iterations;  // groups x (parts_per_group + 1)
  // Explain mode: one selection's trace, one part's merge buffer, and (pairs) the items split into
  // keys and values for the capture store.
  uint32_t trace_states = 0;
  ScratchBuffer<uint32_t> sel_lower, sel_upper, sel_probe, sel_probe_hi;  // trace_states x k
  ScratchBuffer<uint64_t> sel_pivot;
  ScratchBuffer<int32_t> sel_chosen;
  ScratchBuffer<uint8_t> sel_grew;
  ScratchBuffer<uint32_t> sel_count;
  uint32_t buffer_steps = 0;
  ScratchBuffer<uint64_t> buf_before, buf_after;  // buffer_steps x 2b
  ScratchBuffer<uint64_t> buf_out_begin;
  ScratchBuffer<uint8_t> buf_loaded_from;
  ScratchBuffer<uint32_t> buf_steps;
  ScratchBuffer<uint8_t> pipe_leaves;  // merge=pipelined-4way: buffer_steps rounds
  ScratchBuffer<uint32_t> pipe_fill;   // buffer_steps x 2
  UnpackScratch<T> unpack;
};

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

// Merging k sequences of n keys in all (one round, one group; parts of part_keys).
template <class T>
MultiwayScratch<T> multiway_merge_scratch(uint64_t n, uint32_t k, uint64_t part_keys) {
  MultiwayScratch<T> s;
  if (n == 0 || k == 0) return s;
  const MultiwayRound r = multiway_merge_round(n, k, part_keys);
  const uint64_t rows = uint64_t(r.parts_per_group) + 1;
  ScratchLayout& l = s.layout;
  if (T::kValues) s.runs_in = l.add<typename T::Item>("packed", n);  // keys alone are read in place
  s.runs_out = l.add<typename T::Item>("runs_out", n);
  s.tree = l.add<typename T::Item>("tree", n);
  s.seq_begin = l.add<uint64_t>("seq_begin", uint64_t(k) + 1);
  s.splits = l.add<uint32_t>("splits", rows * k);
  s.iterations = l.add<uint32_t>("iterations", rows);
  return s;
}

}  // namespace sortscope::merge
