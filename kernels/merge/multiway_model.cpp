#include "multiway_model.h"

#include <algorithm>
#include <stdexcept>

#include "common/ordered_model.h"
#include "merge_host.h"
#include "multiseq_select.h"
#include "tagged_item.h"
#include "two_way_model.h"

namespace sortscope {
namespace merge {
template <class T>
void blockwise_merge_host(const typename T::Item* x, uint32_t nx, const typename T::Item* y, uint32_t ny,
                          typename T::Item* z, int b, bool stable, MergeBufferTrace* trace) {
  using Item = typename T::Item;
  const uint32_t total = nx + ny;
  if (trace) trace->steps = 0;
  if (total == 0) return;
  std::vector<Item> buf(2 * size_t(b));
  std::vector<uint8_t> tag(2 * size_t(b));
  uint32_t ux = 0, uy = 0;  // start of the block each input holds "in registers"
  const int retained = stable ? 0 : b, fresh = stable ? b : 0;
  auto decide_and_load = [&](int half) {
    const bool has_x = ux < nx, has_y = uy < ny;
    const int code = has_x && (!has_y || !(T::key(y[uy]) < T::key(x[ux]))) ? 0 : (has_y ? 1 : 2);
    for (int t = 0; t < b; ++t) {
      const bool from_x = code == 0;
      const uint32_t pos = (from_x ? ux : uy) + uint32_t(t);
      const bool real = pos < (from_x ? nx : ny);
      buf[size_t(half + t)] = real ? (from_x ? x[pos] : y[pos]) : max_item<T>();
      tag[size_t(half + t)] = real ? (from_x ? kTagX : kTagY) : kTagPad;
    }
    if (code == 0) ux += uint32_t(b);
    if (code == 1) uy += uint32_t(b);
    return code;
  };
  auto cmpswap = [&](size_t i, size_t j) {
    if (tagged_less<T>(buf[j], tag[j], buf[i], tag[i])) {
      std::swap(buf[i], buf[j]);
      std::swap(tag[i], tag[j]);
    }
  };
  decide_and_load(retained);
  const uint32_t steps = (total + uint32_t(b) - 1) / uint32_t(b);
  for (uint32_t s = 0; s < steps; ++s) {
    const int code = decide_and_load(fresh);
    if (trace) {
      trace->loaded_from.push_back(uint8_t(code));
      trace->out_begin.push_back(uint64_t(s) * uint64_t(b));
      for (size_t i = 0; i < buf.size(); ++i) trace->before.push_back(shown_key<T>(buf[i], tag[i]));
    }
    if (!stable) {
      // Bitonic merge of the two sorted halves, the kernel's comparator layers in order.
      for (int t = 0; t < b; ++t) cmpswap(size_t(t), size_t(2 * b - 1 - t));
      for (int stride = b / 2; stride > 0; stride >>= 1)
        for (int t = 0; t < b; ++t) {
          const int i = (t / stride) * 2 * stride + t % stride;
          cmpswap(size_t(i), size_t(i + stride));
        }
      if (trace)
        for (size_t i = 0; i < buf.size(); ++i) trace->after.push_back(shown_key<T>(buf[i], tag[i]));
      for (int t = 0; t < b; ++t)
        if (s * uint32_t(b) + uint32_t(t) < total) z[s * uint32_t(b) + uint32_t(t)] = buf[size_t(t)];
    } else {
      // Parallel ranking: lower (retained) keys first on ties.
      std::vector<Item> merged(buf.size());
      std::vector<uint8_t> mtag(buf.size());
      // Each key's rank in the other half by binary search, as each GPU thread finds it.
      for (int t = 0; t < b; ++t) {
        const size_t l = size_t(t), u = size_t(b + t);
        const size_t pl = size_t(t + rank_in_upper<T>(buf.data(), tag.data(), b, buf[l], tag[l]));
        const size_t pu = size_t(t + rank_in_lower<T>(buf.data(), tag.data(), b, buf[u], tag[u]));
        merged[pl] = buf[l], mtag[pl] = tag[l];
        merged[pu] = buf[u], mtag[pu] = tag[u];
      }
      if (trace)
        for (size_t i = 0; i < merged.size(); ++i) trace->after.push_back(shown_key<T>(merged[i], mtag[i]));
      for (int t = 0; t < b; ++t)
        if (s * uint32_t(b) + uint32_t(t) < total) z[s * uint32_t(b) + uint32_t(t)] = merged[size_t(t)];
      for (int t = 0; t < b; ++t) buf[size_t(t)] = merged[size_t(b + t)], tag[size_t(t)] = mtag[size_t(b + t)];
    }
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
  for (int l = 0; l < r.levels; ++l) {
    MergeBufferTrace buffer;
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
      const uint32_t width = 1u << l;
      for (uint32_t ia = 0; ia < k; ia += 2 * width) {
        const uint32_t ib = std::min<uint32_t>(ia + width, uint32_t(k)), ic = std::min<uint32_t>(ib + width, uint32_t(k));
        const Item *x, *y;
        if (l == 0) {
          x = in.data() + sb[ia] + s0[ia];
          y = ib < k ? in.data() + sb[ib] + s0[ib] : x;
        } else {
          x = prev.data() + part_begin + off[ia];
          y = prev.data() + part_begin + off[ib];
        }
        MergeBufferTrace* bt = rec && l == 0 && ia == 0 && part == p.highlight_part(r) ? &buffer : nullptr;
        blockwise_merge_host<T>(x, off[ib] - off[ia], y, off[ic] - off[ib], dst.data() + part_begin + off[ia],
                                p.merge_threads, p.stable, bt);
      }
    }
    if (rec) {
      if (l == 0) {
        buffer.block = uint32_t(p.highlight_part(r));
        buffer.level = 0;
        buffer.buffer_keys = uint32_t(2 * p.merge_threads);
        buffer.stable = p.stable;
      }
      record_host_items<T>(*rec, multiway_level_step(p, ri, l, l == 0 ? &buffer : nullptr), dst.data(), n);
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
  sort_as_ordered_bits("multiway merge", plan.n, keys, [&](auto word, auto values) {
    using T = ItemTraits<decltype(word), decltype(values)::value>;
    if (recorder) recorder->set_padded_n(plan.n);
    auto items = host_items_from<T>(keys);
    sort_items<T>(plan, items, recorder);
    host_items_to<T>(items.data(), keys);
  });
}

}  // namespace sortscope
