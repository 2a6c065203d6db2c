#pragma once
// GPU sample sort and its two building blocks as algorithms of their own (README.md):
//   "sample-sort"     Leischner, Osipov & Sanders, GPU sample sort (Leischner 2010 §6);
//   "quicksort"       the thread-block quicksort of Leischner 2010 App. C (after Cederman & Tsigas);
//   "odd-even-merge"  Batcher's odd-even merge sort network (Leischner 2010 §5.3.1);
//   "radix-hybrid"    Stehle & Jacobsen's hybrid MSD radix sort (SIGMOD 2017) on sample sort's engine.
#include "algorithm.h"

namespace sortscope {
const Algorithm& sample_sort_algorithm();
const Algorithm& quicksort_algorithm();
const Algorithm& odd_even_merge_algorithm();
const Algorithm& radix_hybrid_algorithm();
}  // namespace sortscope
