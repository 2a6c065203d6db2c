#pragma once
// The host bookkeeping of sample sort and quicksort (§6.2: "for keeping track of buckets during
// the distribution pass a small amount of CPU memory is required"), shared by the CPU model and
// the GPU path: which buckets a pass splits and with how many blocks, which children a pass
// leaves, and the level-2 work list in the order its blocks run.
#include <cstdint>
#include <vector>

#include "sample_layout.h"
#include "sample_plan.h"

namespace sortscope {

struct SampleBucket {
  uint64_t begin = 0, size = 0;
  bool in_alt = false;  // keys in the scratch buffer
  bool done = false;    // sorted already: the equal part of a three-way split, or constant
  // classify = digits: the keys agree on every bit but the low `bits_left` (the digits above were
  // passes that led here); 0: all equal, done.
  uint32_t bits_left = 64;
};

struct SamplePass {
  uint32_t index = 0;
  // 1: a level-1 pass (buckets above M, the plan's k); 3: a level-3 pass (buckets still above
  // plan.level3_above after level 1, a k of its own: sample_level3_k).
  int level = 1;
  uint32_t k = 0;              // buckets a parent is cut into (every parent of the pass alike)
  int log_k = 0;
  bool digits = false;         // classify = digits: no sample, each parent cut by its next digit
  std::vector<SampleParent> parents;
  uint32_t total_blocks = 0;
  uint64_t table_entries = 0;  // sum over parents of slots() x blocks x scatter_replicas
  uint64_t keys = 0;           // keys of all parents
  // Count-table slots per (block, replica): k, or 3 where a two-bucket pass splits three ways.
  uint32_t slots() const { return k < 3 ? 3 : k; }
};

// Lays out a pass over `large` (every bucket > M, not done) that cuts each into `k` buckets (0: the
// plan's k): blocks spread by size so that the pass has about plan.blocks blocks, each owning a whole
// number of threads x keys_per_thread rounds.
SamplePass layout_pass(const SamplePlan& plan, uint32_t index, const std::vector<SampleBucket>& large,
                       uint32_t k = 0, int level = 1);

// The children of `parent` after its pass: counts[j] keys went to bucket j (pass.k entries, or the
// first three for a three-way split). Empty children are dropped; the equal part of a three-way
// split is done; a constant parent stays where it is, done. In a digit pass the children keep
// parent.digit_shift bits to classify, and are done where none is left (all their keys equal).
std::vector<SampleBucket> pass_children(const SamplePass& pass, const SampleParent& parent, const uint64_t* counts);
// The same, appended to `children` (the passes' loops over thousands of parents: no vector a parent).
void append_pass_children(const SamplePass& pass, const SampleParent& parent, const uint64_t* counts,
                          std::vector<SampleBucket>& children);

// After a digit pass's count, what the host makes of a parent from its children's sizes (`counts`,
// pass.k of them) and its keys' min and max (the count kernel reduces both in a digit pass): min = max,
// constant (done, no scatter, §6.2's test); all keys in one bucket, narrowed (no scatter; the bucket
// stays whole with only the bits where min and max differ left, so its next pass splits it: this is
// how a sorted run of small keys, or any bucket whose keys share more leading bits than one digit,
// skips the digits it would only copy); else split as counted. Every digit pass thus splits a parent,
// finishes it, or narrows it for a next pass that splits it: the passes end on any input.
// Returns the bucket's state: 0 split, 1 constant, 2 narrowed.
int sample_settle_digit_parent(const SamplePass& pass, SampleParent& parent, const uint64_t* counts, uint64_t lo,
                               uint64_t hi);

// The timeline's bucket list after a pass: `pass`'s parents replaced by their children.
void replace_parents(const SamplePass& pass, const std::vector<SampleBucket>& children,
                     std::vector<SampleBucket>& buckets);

// A stretch of the array whose keys sit in one buffer: neighbouring buckets merged.
struct SampleBufferRun {
  uint64_t begin = 0, size = 0;
  bool in_alt = false;
};

// Where the array's keys are now, as the fewest stretches: the buckets ordered by position and
// neighbours in the same buffer merged. Explain mode composes the array it shows from these, one
// copy a stretch (thousands of buckets after the last pass, but few stretches: a pass moves all
// its parents' keys to the other buffer together).
std::vector<SampleBufferRun> buffer_runs(std::vector<SampleBucket> buckets);

// Splits the buckets into those that need another pass (size > M, not done) and the level-2 list
// (appended to `small` in the order given, done buckets already in the output array left out). The
// driver orders the list once every pass is done (order_largest_first).
void sort_out_buckets(const SamplePlan& plan, const std::vector<SampleBucket>& buckets,
                      std::vector<SampleBucket>& large, std::vector<SampleSmallBucket>& small);

// Level 3: moves every bucket of `small` that is not done and holds more than plan.level3_above keys
// into `over` (cleared first), in `small`'s order; `small` keeps the rest in its order.
void take_level3_buckets(const SamplePlan& plan, std::vector<SampleSmallBucket>& small,
                         std::vector<SampleBucket>& over);

// Orders a level-2 list largest first, equal sizes by position (`begin` ascending; begins are
// distinct): the order std::stable_sort with that comparison gives, in linear time. After the last
// pass at 2^28 keys the list holds 65,536 buckets, and the comparison sort took milliseconds of host
// time while the GPU waited for level 2; here, where the list is not in position order already, its
// ascending runs merged (the driver appends one run a pass: a few), then stable LSD counting passes
// of 11 bits over (largest size - size).
void order_largest_first(std::vector<SampleSmallBucket>& small);

// The level-2 bucket whose stack of segments the timeline traces (SampleLevel2Stack): the first of
// the list (largest first) that is sorted by partition steps rather than finished, moved, or sorted
// by the block radix sort; -1 when none is.
int64_t traced_level2_bucket(const SamplePlan& plan, const std::vector<SampleSmallBucket>& small);

// The splitters of a sorted sample (a * k keys): s_i = sample[i * a - 1], i = 1 .. k-1 (Alg. 5,
// 1-based S_a, S_2a, ...), and whether the sample is degenerate (§6.2, sample_degenerate: all
// splitters equal; for k = 2, the one splitter equal to the sample's largest key).
template <class Word>
bool splitters_of_sample(const Word* sorted_sample, uint32_t k, uint32_t a, Word* splitters) {
  for (uint32_t i = 1; i < k; ++i) splitters[i - 1] = sorted_sample[uint64_t(i) * a - 1];
  return sample_degenerate(sorted_sample, k, a);
}

}  // namespace sortscope
