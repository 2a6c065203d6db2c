#pragma once
// The device scratch of a round of k-way merging (multiway_round.h) as named, typed buffers carved
// from one block (common/scratch_layout.h): the runs, the tree levels, the selections' offsets,
// splits and iteration counts, and explain mode's capture buffers (multiway_capture.h). Merging k
// given sequences carves multiway_merge_scratch; the sort by multiway merging
// (merge/merge_scratch.h) the same struct for its largest round. Host code (no CUDA).
#include <algorithm>
#include <cstdint>

#include "common/scratch_layout.h"
#include "primitives/items/unpack_scratch.h"
#include "primitives/items/item_traits.h"
#include "multiway_round.h"

namespace sortscope::merge {

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

// Merging k sequences of n keys in all (one round, one group; parts of part_keys).
template <class T>
MultiwayScratch<T> multiway_merge_scratch(uint64_t n, uint32_t k, uint64_t part_keys) {
  MultiwayScratch<T> s;
  if (n == 0 || k == 0) return s;
  const MultiwayRound r = multiway_merge_round(n, k, part_keys);
  const uint64_t rows = uint64_t(r.parts_per_group) + 1;
  ScratchLayout& l = s.layout;
  if (T::kValues) s.runs_in = l.add<typename T::Item>("packed", n);  // keys alone are read in place
  // The tree's last level writes the caller's output (multiway_merge_items always gives one); the
  // levels below alternate between runs_out and tree from the top (level_writes_output): two
  // sequences (one level) need neither, three or four (two levels) only the tree.
  if (r.levels >= 3) s.runs_out = l.add<typename T::Item>("runs_out", n);
  if (r.levels >= 2) s.tree = l.add<typename T::Item>("tree", n);
  s.seq_begin = l.add<uint64_t>("seq_begin", uint64_t(k) + 1);
  s.splits = l.add<uint32_t>("splits", rows * k);
  s.iterations = l.add<uint32_t>("iterations", rows);
  return s;
}

}  // namespace sortscope::merge
