#pragma once
// The block sort on the host (the CPU models' form of block_sort.cuh): the same threads, the same
// transposition sorts and the same merge-path stages, so every stage's tile equals the kernel's.
#include <algorithm>
#include <utility>
#include <vector>

#include "block_sort_plan.h"
#include "primitives/items/item_traits.h"
#include "primitives/merge_path/merge_path.h"

namespace sortscope::merge {

// One thread's odd-even transposition sort of its VT items (stable: swaps strictly greater only).
template <class T>
void transposition_sort_host(typename T::Item* x, int vt) {
  for (int r = 0; r < vt; ++r)
    for (int i = r & 1; i + 1 < vt; i += 2)
      if (item_less<T>(x[i + 1], x[i])) std::swap(x[i], x[i + 1]);
}

// Block sort of one padded tile (p.tile items), stage by stage; `after_stage(s)` sees the tile
// after stage s.
template <class T, class F>
void block_sort_tile(const BlockSortPlan& p, typename T::Item* tile, F&& after_stage) {
  using Item = typename T::Item;
  const int vt = p.keys_per_thread;
  for (int t = 0; t < p.threads; ++t) transposition_sort_host<T>(tile + t * vt, vt);
  after_stage(0);
  std::vector<Item> merged(p.tile);
  for (int coop = 2, stage = 1; coop <= p.threads; coop *= 2, ++stage) {
    // Thread t of a group of coop threads merges outputs [diag, diag + VT) of its pair of runs.
    for (int t = 0; t < p.threads; ++t) {
      const int first = (t & ~(coop - 1)) * vt, len = (coop / 2) * vt, diag = (t & (coop - 1)) * vt;
      const Item* a = tile + first;
      const Item* b = a + len;
      const int ai = merge_path<T, int>(a, len, b, len, diag);
      serial_merge<T, int>(a, ai, len, b, diag - ai, len, vt, merged.data() + first + diag);
    }
    std::copy(merged.begin(), merged.end(), tile);
    after_stage(stage);
  }
}

}  // namespace sortscope::merge
