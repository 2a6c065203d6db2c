#pragma once
// Host orchestration of sorting by multiway merging for one item type: the capture of explain mode
// (buffers carved from the run's scratch, read back into a SelectionTrace and a MergeBufferTrace)
// and the sort (block sort, then the plan's rounds, each round's selections and part merges
// launched by the primitive primitives/multiway_merge/multiway_launch.h). Instantiated in
// multiway_gpu_*.cu. CUDA only.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/device_scratch.h"
#include "common/param_dispatch.h"
#include "algorithm.h"
#include "common/recorder.h"
#include "primitives/items/item_load_store.cuh"
#include "primitives/items/item_traits.h"
#include "primitives/multiway_merge/multiway_kernels.cuh"
#include "primitives/multiway_merge/multiway_launch.h"
#include "multiway_plan.h"
#include "merge_scratch.h"
#include "two_way_plan.h"

namespace sortscope::merge {

// The two-way sort's block sort (two_way_sort_impl.cuh, instantiated in two_way_gpu_*.cu).
template <class T>
void two_way_block_sort_items(const TwoWayPlan& p, const typename T::Key* keys, const uint32_t* values,
                              typename T::Item* out_items, typename T::Key* out_keys, uint32_t* out_values,
                              cudaStream_t stream);

template <class V>
std::vector<V> fetch_to_host(const V* src, size_t count, cudaStream_t stream) {
  std::vector<V> v(count);
  if (count) {
    CUDA_CHECK(cudaMemcpyAsync(v.data(), src, count * sizeof(V), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
  }
  return v;
}

// One round's capture (explain mode): the kernels' capture pointers into the carved trace buffers,
// and their read-back into the traces the steps carry.
template <class T>
struct RoundCapture {
  SelectCapture sel;
  BufferCapture buf;
  RoundCapture(const MultiwayScratch<T>& s, void* base, uint32_t k, uint64_t row, uint64_t part, cudaStream_t stream) {
    sel.row = row;
    sel.max_states = std::min(selection_trace_states(k), s.trace_states);
    sel.lower = s.sel_lower.in(base);
    sel.upper = s.sel_upper.in(base);
    sel.probe = s.sel_probe.in(base);
    sel.probe_hi = s.sel_probe_hi.in(base);
    sel.pivot = s.sel_pivot.in(base);
    sel.chosen = s.sel_chosen.in(base);
    sel.grew = s.sel_grew.in(base);
    sel.count = s.sel_count.in(base);
    buf.part = part;
    buf.max_steps = s.buffer_steps;
    buf.before = s.buf_before.in(base);
    buf.after = s.buf_after.in(base);
    buf.out_begin = s.buf_out_begin.in(base);
    buf.loaded_from = s.buf_loaded_from.in(base);
    buf.steps = s.buf_steps.in(base);
    if (s.pipe_fill.count) {
      buf.leaves = s.pipe_leaves.in(base);
      buf.fill = s.pipe_fill.in(base);
    }
    CUDA_CHECK(cudaMemsetAsync(sel.count, 0, sizeof(uint32_t), stream));
    CUDA_CHECK(cudaMemsetAsync(buf.steps, 0, sizeof(uint32_t), stream));
  }

  SelectionTrace selection(bool quick, uint32_t k, uint64_t rank, const uint64_t* d_seq_begin, const uint32_t* d_splits,
                           cudaStream_t stream) const {
    SelectionTrace t;
    t.method = quick ? SelectionTrace::QuickSelect : SelectionTrace::Osipov;
    t.k = k;
    t.rank = rank;
    const uint32_t it = fetch_to_host(sel.count, 1, stream)[0];
    const uint32_t states = std::min(it + 1, sel.max_states);
    t.iterations = it;
    t.seq_begin = fetch_to_host(d_seq_begin, k + 1, stream);
    t.lower = fetch_to_host(sel.lower, size_t(states) * k, stream);
    t.upper = fetch_to_host(sel.upper, size_t(states) * k, stream);
    t.probe = fetch_to_host(sel.probe, size_t(states) * k, stream);
    t.chosen = fetch_to_host(sel.chosen, states, stream);
    if (quick) {
      t.probe_hi = fetch_to_host(sel.probe_hi, size_t(states) * k, stream);
      t.pivot = fetch_to_host(sel.pivot, states, stream);
    } else {
      t.grew = fetch_to_host(sel.grew, states, stream);
    }
    t.splits = fetch_to_host(d_splits, k, stream);
    const uint64_t base = t.seq_begin.empty() ? 0 : t.seq_begin[0];
    for (auto& v : t.seq_begin) v -= base;
    return t;
  }

  MergeBufferTrace buffer(uint64_t part, int b, bool stable, cudaStream_t stream) const {
    MergeBufferTrace t;
    t.block = uint32_t(part);
    t.level = 0;
    t.buffer_keys = uint32_t(2 * b);
    t.stable = stable;
    const uint32_t steps = std::min(fetch_to_host(buf.steps, 1, stream)[0], buf.max_steps);
    t.steps = steps;
    t.loaded_from = fetch_to_host(buf.loaded_from, steps, stream);
    t.before = fetch_to_host(buf.before, size_t(steps) * 2 * b, stream);
    t.after = fetch_to_host(buf.after, size_t(steps) * 2 * b, stream);
    t.out_begin = fetch_to_host(buf.out_begin, steps, stream);
    return t;
  }

  PipelineTrace pipeline(uint64_t part, int b, cudaStream_t stream) const {
    PipelineTrace t;
    t.block = uint32_t(part);
    t.level = 0;
    t.merge_threads = uint32_t(b);
    t.capacity = uint32_t(2 * b);
    const uint32_t rounds = std::min(fetch_to_host(buf.steps, 1, stream)[0], buf.max_steps);
    t.rounds = rounds;
    t.leaves = fetch_to_host(buf.leaves, rounds, stream);
    t.fill = fetch_to_host(buf.fill, size_t(rounds) * 2, stream);
    t.head_from = fetch_to_host(buf.loaded_from, rounds, stream);
    t.output = fetch_to_host(buf.out_begin, rounds, stream);
    return t;
  }
};

// The sort: block sort, then the plan's rounds. keys/values: ordered words in place.
template <class T>
void multiway_sort_items(const MultiwayPlan& p, typename T::Key* keys, uint32_t* values, cudaStream_t stream,
                         DeviceScratch& scratch, Recorder* rec, LaunchClock* clock) {
  using Item = typename T::Item;
  const uint64_t n = p.n;
  record_input(rec, multiway_input_step(p), n, keys, values, stream);
  if (p.block.block_tiles == 0) return;
  mark_launch(clock, kMultiwayBlockSortLaunch);
  if (p.rounds.empty()) {  // one tile: the block sort is the sort
    two_way_block_sort_items<T>(p.block, keys, values, nullptr, keys, values, stream);
    if (rec) rec->record(multiway_block_sort_step(p), ArrayState{keys, values, true, stream});
    return;
  }
  const MultiwayScratch<T> s = multiway_sort_scratch<T>(p, rec != nullptr);
  void* base = scratch.carve(s.layout);
  Item* in = s.runs_in.in(base);
  Item* out = s.runs_out.in(base);
  Item* tmp = s.tree.in(base);
  typename T::Key* unpack_keys = s.unpack.keys.in(base);
  uint32_t* unpack_values = s.unpack.values.in(base);
  two_way_block_sort_items<T>(p.block, keys, values, in, nullptr, nullptr, stream);
  if (rec) record_device_items<T>(*rec, multiway_block_sort_step(p), in, n, stream, unpack_keys, unpack_values);
  for (size_t ri = 0; ri < p.rounds.size(); ++ri) {
    const MultiwayRound& r = p.rounds[ri];
    const bool last_round = ri + 1 == p.rounds.size();
    RoundArgs a;
    a.n = n;
    a.k = r.k;
    a.groups = r.groups;
    a.rows = r.parts_per_group + 1;
    a.part_keys = p.part_keys;
    a.seed = p.seed + ri;
    uint64_t* seq = s.seq_begin.in(base);
    a.seq_begin = seq;
    a.splits = s.splits.in(base);
    a.iterations = s.iterations.in(base);
    const uint64_t offsets = r.groups * (r.k + 1);
    mark_launch(clock, multiway_select_launch_index(int(ri)));  // the run offsets count with it
    run_offsets_kernel<T><<<unsigned((offsets + 255) / 256), 256, 0, stream>>>(n, r.run_in, r.k, r.groups, seq);
    CUDA_CHECK_LAUNCH("run_offsets_kernel");
    typename T::Key* final_keys = last_round ? keys : nullptr;
    uint32_t* final_values = last_round ? values : nullptr;
    if (!rec) {
      launch_selection<T>(p.quickselect, a, in, SelectCapture{}, stream);
      mark_launch(clock, multiway_merge_launch_index(int(ri)));
      launch_part_merge<T>(p.merge_threads, p.stable, p.pipelined, a, r.levels, r.levels - 1, in, tmp, out, final_keys,
                           final_values, BufferCapture{}, stream);
    } else {
      const uint32_t row = p.highlight_row(r);
      const uint64_t part = p.highlight_part(r);
      RoundCapture<T> cap(s, base, r.k, row, part, stream);
      launch_selection<T>(p.quickselect, a, in, cap.sel, stream);
      const uint64_t g_len = std::min<uint64_t>(uint64_t(r.k) * r.run_in, n);
      SelectionTrace trace = cap.selection(p.quickselect, r.k, std::min<uint64_t>(uint64_t(row) * p.part_keys, g_len),
                                           seq, a.splits + uint64_t(row) * r.k, stream);
      std::vector<uint32_t> splits = fetch_to_host(a.splits, size_t(a.rows) * r.k, stream);
      std::vector<uint32_t> iters = fetch_to_host(a.iterations, size_t(a.rows), stream);
      record_device_items<T>(*rec, multiway_select_step(p, int(ri), splits, iters, std::move(trace)), in, n, stream,
                             unpack_keys, unpack_values);
      for (int l = 0; l < r.levels; ++l) {  // relaunch up to each level to snapshot it
        launch_part_merge<T>(p.merge_threads, p.stable, p.pipelined, a, r.levels, l, in, tmp, out, final_keys,
                             final_values, l == 0 ? cap.buf : BufferCapture{}, stream);
        MergeBufferTrace buffer;
        PipelineTrace pipeline;
        if (l == 0 && p.pipelined) {
          pipeline = cap.pipeline(part, p.merge_threads, stream);
          // The first node's four pieces (fewer when k = 2), from the part's split rows.
          pipeline.piece_keys.assign(4, 0);
          for (uint32_t c = 0; c < std::min<uint32_t>(4, r.k); ++c)
            pipeline.piece_keys[c] = splits[(part + 1) * r.k + c] - splits[part * r.k + c];
        } else if (l == 0) {
          buffer = cap.buffer(part, p.merge_threads, p.stable, stream);
        }
        Step step = multiway_level_step(p, int(ri), l, l == 0 && !p.pipelined ? &buffer : nullptr,
                                        l == 0 && p.pipelined ? &pipeline : nullptr);
        if (l == r.levels - 1 && last_round)
          rec->record(std::move(step), ArrayState{keys, values, true, stream});
        else
          record_device_items<T>(*rec, std::move(step), level_writes_output(l, r.levels) ? out : tmp, n, stream,
                                 unpack_keys, unpack_values);
      }
    }
    std::swap(in, out);
  }
}

}  // namespace sortscope::merge
