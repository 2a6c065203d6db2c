#pragma once
// The serial merge of merge path on the device (Odeh et al. 2012; Satish et al. 2010 §5.3.1, one
// thread merging VT outputs from shared memory): the host form is serial_merge (merge_path.h).
#include "primitives/items/item_traits.h"

namespace sortscope::merge {

// Serial merge of VT outputs into registers from A = smem[ai, a_end) and B = smem[bi, b_end), B
// right after A. The next A and B items wait in registers and every step makes exactly one shared
// load, from the list it took from (CUB's SerialMerge shape: one address select, no guarded
// loads). Ties go to A. That load may read smem[b_end], one past B: the kernels allocate a tile
// plus one item (kSmemPad) so it stays inside the buffer; what it reads is never output, because
// an exhausted list is never taken from. Outputs beyond both lists repeat items the caller ignores.
// took(i, pos) learns where output i came from (a position in smem, at most the tile's size): the
// split layout fetches the value there; the item layout passes a no-op.
constexpr int kSmemPad = 1;

struct IgnoreSource {
  __device__ __forceinline__ void operator()(int, int) const {}
};

template <class T, int VT, class Took = IgnoreSource>
__device__ __forceinline__ void serial_merge_regs(const typename T::Item* smem, int ai, int a_end, int bi,
                                                  int b_end, typename T::Item (&x)[VT], const Took& took = {}) {
  using Item = typename T::Item;
  Item a_item = smem[ai];
  Item b_item = smem[bi];
#pragma unroll
  for (int i = 0; i < VT; ++i) {
    const bool take_b = bi < b_end && (ai >= a_end || item_less<T>(b_item, a_item));
    x[i] = take_b ? b_item : a_item;
    took(i, take_b ? bi : ai);
    if (take_b)
      ++bi;
    else
      ++ai;
    const Item next = smem[take_b ? bi : ai];
    if (take_b)
      b_item = next;
    else
      a_item = next;
  }
}

}  // namespace sortscope::merge
