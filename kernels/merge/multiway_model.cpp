#include "multiway_model.h"

#include <algorithm>
#include <stdexcept>

#include "common/ordered_model.h"
#include "primitives/items/host_items.h"
#include "primitives/multiway_merge/blockwise_merger_host.h"
#include "primitives/multiseq_select/multiseq_select.h"
#include "primitives/multiway_merge/tagged_item.h"
#include "two_way_model.h"

namespace sortscope {
namespace merge {
template <class T>
void blockwise_merge_host(const typename T::Item* x, uint32_t nx, const typename T::Item* y, uint32_t ny,
                          typename T::Item* z, int b, bool stable, MergeBufferTrace* trace) {
  const uint32_t total = nx + ny;
  if (trace) trace->steps = 0;
  if (total == 0) return;
  BlockwiseMergerHost<T> m(b, stable, nx, ny);
  auto xs = [&](uint32_t i) { return x[i]; };
  auto ys = [&](uint32_t i) { return y[i]; };
  m.load(m.retained_half(), xs, ys);
  const uint32_t steps = (total + uint32_t(b) - 1) / uint32_t(b);
  for (uint32_t s = 0; s < steps; ++s) {
    const int code = m.load(m.fresh_half(), xs, ys);
    if (trace) {
      trace->loaded_from.push_back(uint8_t(code));
      trace->out_begin.push_back(uint64_t(s) * uint64_t(b));
      m.show(trace->before);
    }
    m.merge();
    if (trace)
      for (int i = 0; i < 2 * b; ++i) trace->after.push_back(m.merged_shown(i));
    for (int t = 0; t < b; ++t)
      if (s * uint32_t(b) + uint32_t(t) < total) z[s * uint32_t(b) + uint32_t(t)] = m.merged(t);
  }
  if (trace) trace->steps = steps;
}

template void blockwise_merge_host<KeysU32>(const KeysU32::Item*, uint32_t, const KeysU32::Item*, uint32_t,
                                            KeysU32::Item*, int, bool, MergeBufferTrace*);
template void blockwise_merge_host<KeysU64>(const KeysU64::Item*, uint32_t, const KeysU64::Item*, uint32_t,
                                            KeysU64::Item*, int, bool, MergeBufferTrace*);
template void blockwise_merge_host<PairsU32>(const PairsU32::Item*, uint32_t, const PairsU32::Item*, uint32_t,
                                             PairsU32::Item*, int, bool, MergeBufferTrace*);
template void blockwise_merge_host<PairsU64>(const PairsU64::Item*, uint32_t, const PairsU64::Item*, uint32_t,
                                             PairsU64::Item*, int, bool, MergeBufferTrace*);
}  // namespace merge

namespace {

using namespace merge;

// One k-way round: every selection of every group, then the part merges level by level. Records
// the select step and one step per level when `rec` is set.
template <class T>
void model_round(const MultiwayPlan& p, int ri, std::vector<typename T::Item>& in, std::vector<typename T::Item>& out,
                 std::vector<typename T::Item>& tmp, Recorder* rec) {
  using Item = typename T::Item;
  const MultiwayRound& r = p.rounds[size_t(ri)];
  const uint64_t n = p.n, k = r.k, rows = r.parts_per_group + 1;
  std::vector<uint64_t> seq(r.groups * (k + 1));
  for (uint64_t g = 0; g < r.groups; ++g)
    for (uint64_t s = 0; s <= k; ++s) seq[g * (k + 1) + s] = std::min<uint64_t>((g * k + s) * r.run_in, n);
  std::vector<uint32_t> splits(r.groups * rows * k), iterations(r.groups * rows);
  SelectionTrace trace;
  const uint64_t seed = p.seed + uint64_t(ri);
  for (uint64_t g = 0; g < r.groups; ++g) {
    const uint64_t* sb = seq.data() + g * (k + 1);
    const uint64_t g_len = sb[k] - sb[0];
    const SequenceSet<T> set{in.data(), sb, uint32_t(k)};
    for (uint64_t j = 0; j < rows; ++j) {
      const uint64_t sel = g * rows + j;
      const uint64_t rank = std::min<uint64_t>(j * p.part_keys, g_len);
      SelectionTrace* tr = rec && g == 0 && j == p.highlight_row(r) ? &trace : nullptr;
      iterations[sel] = p.quickselect ? quick_select(set, rank, selection_seed(seed, sel), &splits[sel * k], tr)
                                      : osipov_select(set, rank, &splits[sel * k], tr);
    }
  }
  if (rec) {
    for (auto& v : trace.seq_begin) v -= trace.seq_begin.empty() ? 0 : seq[0];
    std::vector<uint32_t> s0(splits.begin(), splits.begin() + ptrdiff_t(rows * k));
    std::vector<uint32_t> i0(iterations.begin(), iterations.begin() + ptrdiff_t(rows));
    record_host_items<T>(*rec, multiway_select_step(p, ri, s0, i0, std::move(trace)), in.data(), n);
  }
  // The parts, level by level (the kernel runs a part's levels in one block; parts are independent).
  const uint64_t ppg = r.parts_per_group;
  const uint32_t fan = tree_fan(p.pipelined);
  for (int l = 0; l < r.levels; ++l) {
    MergeBufferTrace buffer;
    PipelineTrace pipeline;
    const bool writes_out = level_writes_output(l, r.levels);
    std::vector<Item>& dst = writes_out ? out : tmp;
    std::vector<Item>& prev = writes_out ? tmp : out;
    for (uint64_t part = 0; part < r.groups * ppg; ++part) {
      const uint64_t g = part / ppg, j = part % ppg;
      const uint64_t* sb = seq.data() + g * (k + 1);
      if (j * p.part_keys >= sb[k] - sb[0]) continue;
      const uint32_t* s0 = &splits[(g * rows + j) * k];
      const uint32_t* s1 = s0 + k;
      std::vector<uint32_t> off(k + 1, 0);
      for (uint64_t i = 0; i < k; ++i) off[i + 1] = off[i] + (s1[i] - s0[i]);
      const uint64_t part_begin = sb[0] + j * p.part_keys;
      const uint32_t width = tree_width(l, fan);
      for (uint32_t ia = 0; ia < k; ia += fan * width) {
        // The node's inputs: `fan` stretches of `width` pieces (fewer at the end of the part).
        const Item* src[4] = {};
        uint32_t len[4] = {};
        for (uint32_t c = 0; c < fan; ++c) {
          const uint32_t lo = std::min<uint32_t>(ia + c * width, uint32_t(k)), hi = std::min<uint32_t>(lo + width, uint32_t(k));
          len[c] = off[hi] - off[lo];
          src[c] = l > 0 ? prev.data() + part_begin + off[lo] : (lo < k ? in.data() + sb[lo] + s0[lo] : in.data());
        }
        const bool traced = rec && l == 0 && ia == 0 && part == p.highlight_part(r);
        Item* z = dst.data() + part_begin + off[ia];
        if (p.pipelined)
          pipelined_merge_host<T>(src, len, z, p.merge_threads, traced ? &pipeline : nullptr);
        else
          blockwise_merge_host<T>(src[0], len[0], src[1], len[1], z, p.merge_threads, p.stable,
                                  traced ? &buffer : nullptr);
      }
    }
    if (rec) {
      const uint32_t block = uint32_t(p.highlight_part(r));
      if (l == 0) {
        buffer.block = pipeline.block = block;
        buffer.level = pipeline.level = 0;
        buffer.buffer_keys = uint32_t(2 * p.merge_threads);
        buffer.stable = p.stable;
      }
      MergeBufferTrace* bt = l == 0 && !p.pipelined ? &buffer : nullptr;
      PipelineTrace* pt = l == 0 && p.pipelined ? &pipeline : nullptr;
      record_host_items<T>(*rec, multiway_level_step(p, ri, l, bt, pt), dst.data(), n);
    }
  }
}

template <class T>
void sort_items(const MultiwayPlan& p, std::vector<typename T::Item>& items, Recorder* rec) {
  using Item = typename T::Item;
  const uint64_t n = p.n;
  if (rec) record_host_items<T>(*rec, multiway_input_step(p), items.data(), n);
  if (p.block.block_tiles == 0) return;
  two_way_block_sort_host<T>(p.block, items);
  if (rec) record_host_items<T>(*rec, multiway_block_sort_step(p), items.data(), n);
  std::vector<Item> out(n), tmp(n);
  for (int ri = 0; ri < int(p.rounds.size()); ++ri) {
    model_round<T>(p, ri, items, out, tmp, rec);
    std::swap(items, out);
  }
}

}  // namespace

void multiway_model_sort(const MultiwayPlan& plan, HostKeys& keys, Recorder* recorder) {
  merge::sort_host_items("multiway merge", plan.n, keys, recorder, [&](auto traits, auto& items) {
    sort_items<decltype(traits)>(plan, items, recorder);
  });
}

}  // namespace sortscope
