#include "two_way_model.h"

#include <algorithm>
#include <stdexcept>

#include "common/ordered_model.h"
#include "common/run_cancel.h"
#include "primitives/block_sort/block_sort_host.h"
#include "primitives/items/host_items.h"
#include "primitives/merge_path/merge_path.h"

namespace sortscope {
namespace {

using namespace merge;

template <class T>
void sort_items(const TwoWayPlan& p, std::vector<typename T::Item>& items, Recorder* rec) {
  using Item = typename T::Item;
  const uint64_t n = p.n;
  if (rec) record_host_items<T>(*rec, two_way_input_step(p), items.data(), n);
  if (p.block_tiles == 0) return;

  // Block sort: tiles padded with max items, exactly as the kernel pads the last one.
  std::vector<Item> work(p.block_tiles * p.block_tile, max_item<T>());
  std::copy(items.begin(), items.end(), work.begin());
  std::vector<std::vector<Item>> stages(rec ? size_t(p.block_stages) : 0);
  for (uint64_t t = 0; t < p.block_tiles; ++t) {
    // 2^24 keys take seconds: the app's cancel looks once per tile (common/run_cancel.h).
    throw_if_run_cancelled();
    Item* tile = work.data() + t * p.block_tile;
    block_sort_tile<T>(p.block_sort(), tile, [&](int s) {
      if (!rec) return;
      auto& st = stages[size_t(s)];
      st.insert(st.end(), tile, tile + p.block_tile);
    });
  }
  if (rec)
    for (int s = 0; s < p.block_stages; ++s)
      record_host_items<T>(*rec, two_way_block_step(p, s), stages[size_t(s)].data(), n);

  std::vector<Item> in(work.begin(), work.begin() + ptrdiff_t(n)), out(n);
  std::vector<uint64_t> splits(p.tiles);
  for (int pass = 0; pass < p.passes; ++pass) {
    const uint64_t r = p.run_in(pass);
    for (uint64_t t = 0; t < p.tiles; ++t) {  // partition: one split per output tile
      throw_if_run_cancelled_at(t);
      const MergeTile m = merge_tile(n, p.tile, r, t);
      const Item* a = in.data() + m.a_begin;
      splits[t] = merge_path<T, uint64_t>(a, m.a_len, a + m.a_len, m.b_len, m.diag);
    }
    if (rec) record_host_items<T>(*rec, two_way_partition_step(p, pass, splits), in.data(), n);
    for (uint64_t t = 0; t < p.tiles; ++t) {  // merge: block t, thread by thread
      throw_if_run_cancelled();
      const MergeTile m = merge_tile(n, p.tile, r, t);
      const Item* a = in.data() + m.a_begin;
      const Item* b = a + m.a_len;
      const uint64_t a0 = splits[t], a1 = merge_tile_a_end(m, splits.data(), t);
      const uint64_t b0 = m.diag - a0, b1 = m.diag + m.count - a1;
      // The block's share in "shared memory": A part then B part.
      std::vector<Item> smem(a + a0, a + a1);
      smem.insert(smem.end(), b + b0, b + b1);
      const int na = int(a1 - a0), nb = int(b1 - b0), count = int(m.count);
      for (int th = 0; th < p.threads; ++th) {
        const int diag = std::min(th * p.keys_per_thread, count);
        const int cnt = std::min(p.keys_per_thread, count - diag);
        const int ai = merge_path<T, int>(smem.data(), na, smem.data() + na, nb, diag);
        serial_merge<T, int>(smem.data(), ai, na, smem.data() + na, diag - ai, nb, cnt,
                             out.data() + t * p.tile + diag);
      }
    }
    std::swap(in, out);
    if (rec) record_host_items<T>(*rec, two_way_merge_step(p, pass), in.data(), n);
  }
  items = std::move(in);
}

}  // namespace

template <class T>
void merge::two_way_block_sort_host(const TwoWayPlan& p, std::vector<typename T::Item>& items) {
  using Item = typename T::Item;
  if (p.block_tiles == 0) return;
  std::vector<Item> work(p.block_tiles * p.block_tile, max_item<T>());
  std::copy(items.begin(), items.end(), work.begin());
  for (uint64_t t = 0; t < p.block_tiles; ++t) {
    throw_if_run_cancelled();
    block_sort_tile<T>(p.block_sort(), work.data() + t * p.block_tile, [](int) {});
  }
  std::copy(work.begin(), work.begin() + ptrdiff_t(items.size()), items.begin());
}

template void merge::two_way_block_sort_host<merge::KeysU32>(const TwoWayPlan&, std::vector<merge::KeysU32::Item>&);
template void merge::two_way_block_sort_host<merge::KeysU64>(const TwoWayPlan&, std::vector<merge::KeysU64::Item>&);
template void merge::two_way_block_sort_host<merge::PairsU32>(const TwoWayPlan&, std::vector<merge::PairsU32::Item>&);
template void merge::two_way_block_sort_host<merge::PairsU64>(const TwoWayPlan&, std::vector<merge::PairsU64::Item>&);

void two_way_model_sort(const TwoWayPlan& plan, HostKeys& keys, Recorder* recorder) {
  merge::sort_host_items("two-way merge", plan.n, keys, recorder, [&](auto traits, auto& items) {
    sort_items<decltype(traits)>(plan, items, recorder);
  });
}

}  // namespace sortscope
