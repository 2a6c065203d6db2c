#pragma once
// Merge path (Odeh, Green, Mwassi, Shmueli, Birk 2012, "Merge path - parallel merging made simple";
// ModernGPU's MergePath): the outputs of merging A and B, laid out as a grid with A along one axis
// and B along the other, form a monotone path; cross-diagonal `diag` (diag outputs done) meets it
// at one point, found by binary search along the diagonal. merge_path returns how many of the
// first `diag` outputs come from A. With the left-run-first tie rule (an A key equal to a B key
// goes first) the split is the one a stable merge makes, so blocks that each merge their own
// stretch of the path produce exactly the stable merge. Used by the CPU models and the kernels.
#include <cstdint>

#include "common/binary_search.h"
#include "common/host_device.h"
#include "primitives/items/item_traits.h"

namespace sortscope::merge {

// The predicate merge path searches along cross-diagonal `diag`: a[mid] is among the first diag
// outputs unless b[diag-1-mid] is strictly smaller (ties go to A: stability). True, then false.
template <class T, class Index, class PtrA, class PtrB>
struct MergePathTakesA {
  PtrA a;
  PtrB b;
  Index diag;
  SORTSCOPE_HD bool operator()(Index mid) const { return !item_less<T>(b[diag - 1 - mid], a[mid]); }
};

// Where diagonal `diag` can meet the path: at least diag - b_len and at most min(diag, a_len)
// outputs come from A.
template <class Index>
SORTSCOPE_HD Index merge_path_lo(Index b_len, Index diag) { return diag > b_len ? diag - b_len : Index(0); }
template <class Index>
SORTSCOPE_HD Index merge_path_hi(Index a_len, Index diag) { return diag < a_len ? diag : a_len; }

// The split of cross-diagonal `diag` searched only in [lo, hi] (a caller that knows a narrower
// window than merge_path's, e.g. from a neighbouring diagonal's split, saves steps).
template <class T, class Index, class PtrA, class PtrB>
SORTSCOPE_HD Index merge_path_in(PtrA a, PtrB b, Index diag, Index lo, Index hi) {
  return partition_point(lo, hi, MergePathTakesA<T, Index, PtrA, PtrB>{a, b, diag});
}

template <class T, class Index, class PtrA, class PtrB>
SORTSCOPE_HD Index merge_path(PtrA a, Index a_len, PtrB b, Index b_len, Index diag) {
  return merge_path_in<T, Index>(a, b, diag, merge_path_lo(b_len, diag), merge_path_hi(a_len, diag));
}

// Stable serial merge of `count` outputs starting at a[ai], b[bi] (ties to A), the per-thread step
// after merge path has found (ai, bi). Writes out[0..count).
template <class T, class Index, class PtrA, class PtrB, class Out>
SORTSCOPE_HD void serial_merge(PtrA a, Index ai, Index a_end, PtrB b, Index bi, Index b_end,
                               Index count, Out out) {
  for (Index i = 0; i < count; ++i) {
    const bool take_a = bi >= b_end || (ai < a_end && !item_less<T>(b[bi], a[ai]));
    out[i] = take_a ? a[ai++] : b[bi++];
  }
}

}  // namespace sortscope::merge
