#include "network_merge_model.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "common/ordered_model.h"
#include "primitives/items/host_items.h"
#include "primitives/merge_path/merge_path.h"
#include "primitives/merge_path/merge_tile.h"
#include "primitives/networks/bitonic_network.h"
#include "network_merge_network.h"
#include "network_merge_steps.h"
#include "network_merge_trace.h"

namespace sortscope {
namespace {

using namespace merge;
using network_merge::NetworkSlot;

template <class T>
void sort_items(const NetworkMergePlan& p, std::vector<typename T::Item>& items, Recorder* rec) {
  using Item = typename T::Item;
  const uint64_t n = p.n;
  if (rec) record_host_items<T>(*rec, network_merge_input_step(p), items.data(), n);
  if (n == 0) return;

  // Block sort: every tile in its "shared memory", the last one padded with slots greater than
  // every key (network_merge_network.h), stage by stage as the kernel runs them
  // (primitives/networks/bitonic_network.h).
  std::vector<std::vector<Item>> stages(rec ? size_t(p.block_stages) : 0);
  for (auto& st : stages) st.resize(n);
  std::vector<NetworkSlot<Item>> tile(p.tile);
  for (uint64_t t = 0; t < p.tiles; ++t) {
    const uint64_t begin = t * p.tile, count = std::min(p.tile, n - begin);
    for (uint64_t i = 0; i < p.tile; ++i) tile[i] = i < count ? NetworkSlot<Item>{items[begin + i], false} : NetworkSlot<Item>{};
    for (int stage = 0; stage < p.block_stages; ++stage) {
      bitonic_sort_stage(tile.data(), p.tile, stage, [](const NetworkSlot<Item>& x, const NetworkSlot<Item>& y) {
        return network_merge::slot_less(x, y, [](const Item& a, const Item& b) { return item_less<T>(a, b); });
      });
      if (rec)
        for (uint64_t i = 0; i < count; ++i) stages[size_t(stage)][begin + i] = tile[i].item;
    }
    for (uint64_t i = 0; i < count; ++i) items[begin + i] = tile[i].item;
  }
  if (rec)
    for (int stage = 0; stage < p.block_stages; ++stage)
      record_host_items<T>(*rec, network_merge_block_step(p, stage), stages[size_t(stage)].data(), n);

  std::vector<Item> in = std::move(items), out(n);
  const uint64_t units = p.units();
  std::vector<uint64_t> splits(units);
  const auto less = [](const Item& x, const Item& y) { return item_less<T>(x, y); };
  for (int pass = 0; pass < p.passes; ++pass) {
    const uint64_t r = p.run_in(pass);
    for (uint64_t u = 0; u < units; ++u) {  // partition: the A-split of every unit's first output
      const MergeTile m = merge_tile(n, p.chunk, r, u);
      const Item* a = in.data() + m.a_begin;
      splits[u] = merge_path<T, uint64_t>(a, m.a_len, a + m.a_len, m.b_len, m.diag);
    }
    if (rec && p.chunked(pass)) record_host_items<T>(*rec, network_merge_partition_step(p, pass, splits), in.data(), n);
    MergeBufferTrace buffer = network_merge_buffer_trace(p, pass);
    NetworkLevels levels = network_merge_levels(p, pass);
    for (uint64_t u = 0; u < units; ++u) {  // one network per unit
      const MergeTile m = merge_tile(n, p.chunk, r, u);
      const Item* a = in.data() + m.a_begin;
      const Item* b = a + m.a_len;
      const uint64_t a0 = splits[u], a1 = merge_tile_a_end(m, splits.data(), u);
      const uint64_t b0 = m.diag - a0, b1 = m.diag + m.count - a1;
      Item* dst = out.data() + m.a_begin + m.diag;
      if (rec && u == p.highlight_unit(pass)) {
        network_merge::UnitTraceObserver<T> obs(buffer, levels, p.levels());
        network_merge::retained_vector_merge(a + a0, a1 - a0, b + b0, b1 - b0, dst, size_t(p.width), less, obs);
      } else {
        network_merge::retained_vector_merge(a + a0, a1 - a0, b + b0, b1 - b0, dst, size_t(p.width), less);
      }
    }
    if (rec) record_host_items<T>(*rec, network_merge_network_step(p, pass, std::move(levels)), in.data(), n);
    std::swap(in, out);
    if (rec) record_host_items<T>(*rec, network_merge_merge_step(p, pass, std::move(buffer)), in.data(), n);
  }
  items = std::move(in);
}

}  // namespace

void network_merge_model_sort(const NetworkMergePlan& plan, HostKeys& keys, Recorder* recorder) {
  merge::sort_host_items("network-merge", plan.n, keys, recorder, [&](auto traits, auto& items) {
    sort_items<decltype(traits)>(plan, items, recorder);
  });
}

}  // namespace sortscope
