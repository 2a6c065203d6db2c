#pragma once
// The host's driver of sample sort and quicksort (§6.1-6.2), one loop for the CPU model and the GPU
// path: the array starts as one bucket (the input step); while some bucket holds more than M keys,
// one level-1 pass over all such buckets at once (§6.2: "we run the step in parallel for multiple
// buckets"; with pass_k = by-size, after the first, one for the buckets of each k); with levels = 3, passes over the buckets still above what one block sorts; then level 2
// over the small buckets, largest first; the last step shows the whole array sorted. The engine does the work, the schedule (sample_schedule.h) decides it.
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "sample_schedule.h"
#include "sample_steps.h"

namespace sortscope {

struct SampleDriverRun {
  uint32_t passes = 0;         // distribution passes, level 1 and level 3
  uint32_t level3_passes = 0;  // of which level 3
  uint64_t small_buckets = 0;  // level-2 list
  uint64_t largest_small = 0;
};

// `engine` provides
//   ArrayState array(const std::vector<SampleBucket>& buckets)   the array as the timeline shows it
//   std::vector<SampleBucket> distribute(SamplePass pass, std::vector<SampleBucket>& buckets)
//       one pass (level 1 or level 3) over pass.parents, recording its steps; returns the parents' children
//       and updates `buckets` (every bucket, for the pictures)
//   void second_level(const std::vector<SampleSmallBucket>& small)   level 2, in the list's order
// `writer` (explain mode) records the input and the last step; null when not recording.
template <class Engine>
SampleDriverRun run_sample_driver(const SamplePlan& plan, Engine& engine, SampleStepWriter* writer) {
  SampleDriverRun run;
  std::vector<SampleBucket> buckets;
  if (plan.n) buckets.push_back({0, plan.n, false, false});
  if (writer) writer->input(engine.array(buckets));
  std::vector<SampleBucket> large;
  std::vector<SampleSmallBucket> small;
  sort_out_buckets(plan, buckets, large, small);
  while (!large.empty()) {
    if (!plan.k_by_size || run.passes == 0) {  // the first pass cuts by k either way
      std::vector<SampleBucket> children = engine.distribute(layout_pass(plan, run.passes, large), buckets);
      ++run.passes;
      sort_out_buckets(plan, children, large, small);
      continue;
    }
    // pass_k = by-size: one pass for the buckets of each k their sizes need (sample_pass_k_by_size),
    // largest k first, as level 3 does below; on uniform keys every bucket of a round takes the same k.
    std::map<uint32_t, std::vector<SampleBucket>, std::greater<>> by_k;
    for (const SampleBucket& b : large) by_k[sample_pass_k_by_size(plan, double(b.size))].push_back(b);
    large.clear();
    for (const auto& [k, parents] : by_k) {
      std::vector<SampleBucket> children = engine.distribute(layout_pass(plan, run.passes, parents, k), buckets);
      ++run.passes;
      std::vector<SampleBucket> still;
      sort_out_buckets(plan, children, still, small);
      large.insert(large.end(), still.begin(), still.end());
    }
  }
  if (plan.levels == 3) {
    // Level 3 (README.md): the buckets level 1 left above what one block sorts are distributed again,
    // so that level 2 sorts every bucket by one block instead of leaving the large ones to the
    // thesis's block sample sort. A pass has one k for all its buckets, so there is one pass for the
    // buckets of each k their sizes need (sample_level3_k), largest k first.
    std::vector<SampleBucket> over, none;
    take_level3_buckets(plan, small, over);
    for (uint32_t round = 0; !over.empty() && round < kSampleLevel3Rounds; ++round) {
      std::map<uint32_t, std::vector<SampleBucket>, std::greater<>> by_k;
      for (const SampleBucket& b : over) by_k[sample_level3_k(plan, b.size)].push_back(b);
      for (const auto& [k, parents] : by_k) {
        std::vector<SampleBucket> children = engine.distribute(layout_pass(plan, run.passes, parents, k, 3), buckets);
        ++run.passes;
        ++run.level3_passes;
        sort_out_buckets(plan, children, none, small);  // children of buckets <= M: none is larger
      }
      take_level3_buckets(plan, small, over);
    }
    // What is still above a block after kSampleLevel3Rounds takes the thesis's level 2.
    for (const SampleBucket& b : over) small.push_back({b.begin, b.size, b.in_alt ? 1u : 0u, 0u});
  }
  // Largest first (§6.2: "we schedule buckets for sorting ordered by size"), once for the whole list.
  order_largest_first(small);
  run.small_buckets = small.size();
  run.largest_small = small.empty() ? 0 : small.front().size;
  if (!small.empty()) engine.second_level(small);
  if (writer && plan.n) {
    const std::vector<SampleBucket> all = {{0, plan.n, false, true}};
    writer->second_level(small, engine.array(all));
  }
  return run;
}

}  // namespace sortscope
