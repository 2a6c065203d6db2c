#pragma once
// CPU model of GPU sample sort and quicksort (sample_plan.h): the same passes, samples, count
// tables, scans, buckets and level-2 work list as the kernels, run one block after another. It is
// the oracle of the GPU tests (the sorted keys exactly, pairs as a multiset, the first pass's
// count table and scan exactly; the order inside a bucket is free on the GPU, where atomic
// counters hand out positions, so later passes sample different keys) and the no-GPU fallback.
#include <cstdint>

#include "common/host_keys.h"
#include "common/recorder.h"
#include "sample_plan.h"

namespace sortscope {

// What a run did, for tests and the README's claims (termination, skipped work).
struct SampleRunStats {
  uint32_t passes = 0;             // distribution passes, level 1 and level 3
  uint32_t level3_passes = 0;      // of which level 3 (levels = 3)
  uint64_t degenerate = 0;         // buckets split three ways at level 1
  uint64_t constant = 0;           // of those (and of digit passes' parents), constant: no scatter
  uint64_t narrowed = 0;           // of the constant ones, digit passes' narrowed (sample_settle_digit_parent)
  uint64_t small_buckets = 0;      // level-2 list
  uint64_t largest_small = 0;
  uint64_t block_partitions = 0;   // level-2 partition steps (block sample sort and quicksort)
  uint64_t block_three_way = 0;    // of those, three-way (quicksort or a degenerate block sample)
  uint64_t base_cases = 0;         // odd-even merge sorts
  uint64_t radix_sorts = 0;        // level2 = radix or rank: buckets sorted by one block at once
};

// Sorts `keys` (native keys, values follow) as plan.engine does; records the steps when
// `recorder` is set.
SampleRunStats sample_model_sort(const SamplePlan& plan, HostKeys& keys, Recorder* recorder);

// Batcher's odd-even merge sort of n words (and values when not null), comparator by comparator.
template <class Word>
void odd_even_sort_host(Word* keys, uint32_t* values, uint64_t n);

}  // namespace sortscope
