#pragma once
// The step catalog of sample sort and quicksort (captions, pseudo-code lines) and the one place
// that turns what a pass produced into timeline steps. The CPU model and the GPU path both call
// SampleStepWriter with host copies of the same data, so their timelines have the same steps.
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <string>
#include <vector>

#include "common/recorder.h"
#include "common/timeline.h"
#include "primitives/digit_histogram/digit_histogram.h"  // DigitHistogram: the k x p bucket table drawn as radix's digit counts
#include "sample_aux.h"
#include "sample_launches.h"
#include "sample_schedule.h"

namespace sortscope {

enum class SampleStepKind { Input, Splitters, Count, Scan, Scatter, SecondLevel };

const std::vector<StepKind>& sample_step_kinds(SampleEngine e);
const std::vector<std::string>& sample_pseudo_code(SampleEngine e);
// radix-hybrid's (classify = digits): the same kinds in the same places, kind Splitters standing for
// the digit's shift (no step records it: a digit pass has no splitter step).
const std::vector<StepKind>& radix_hybrid_step_kinds();
const std::vector<std::string>& radix_hybrid_pseudo_code();

// The array as the timeline shows it (the CPU model's): every bucket's keys from the buffer they
// are in now, one copy a stretch (buffer_runs). The GPU path does the same copies on the device.
template <class Word>
void compose_buckets(const std::vector<SampleBucket>& buckets, const Word* out, const Word* alt,
                     Word* view) {
  for (const SampleBufferRun& r : buffer_runs(buckets)) {
    const Word* src = (r.in_alt ? alt : out) + r.begin;
    std::copy(src, src + r.size, view + r.begin);
  }
}

class SampleStepWriter {
 public:
  SampleStepWriter(const SamplePlan& plan, Recorder& recorder) : plan_(plan), rec_(recorder) {}
  void input(const ArrayState& array);
  // After the splitter step of a pass: `degenerate` buckets got a three-way split; `first_sample` is
  // the sorted sample of the pass's first bucket (a * k words), shown with its splitters.
  void splitters(const SamplePass& pass, uint32_t degenerate, const std::vector<uint64_t>& first_sample,
                 const ArrayState& array);
  // The pass's count table (pass.table_entries, layout of sample_layout.h), before and after the
  // scan; shown as a blocks x buckets matrix (replicas summed), DigitHistogram's heat map.
  void counts(const SamplePass& pass, const std::vector<uint64_t>& table, const ArrayState& array);
  void scan(const SamplePass& pass, const std::vector<uint64_t>& table,
            const std::vector<uint64_t>& scanned, const ArrayState& array);
  // After the scatter: `slot_counts` holds pass.slots() child sizes per parent (pass.parents'
  // order, degenerate flags set); `buckets` is every bucket after the pass.
  void scatter(const SamplePass& pass, uint32_t constant, const std::vector<uint64_t>& slot_counts,
               const std::vector<SampleBucket>& buckets, const ArrayState& array);
  // Level 2 over `small` (its schedule, largest first); the step shows the recursion tree that the
  // passes recorded above built.
  void second_level(const std::vector<SampleSmallBucket>& small, const ArrayState& array);
  // The traced bucket's level-2 stack (the engine's, recorded before second_level), shown with it.
  void level2_stack(SampleLevel2Stack stack) { level2_stack_ = std::move(stack); }

 private:
  // The catalog the steps are made from: radix-hybrid's for a digit plan, else the engine's.
  const std::vector<StepKind>& kinds() const;
  Step step(SampleStepKind kind, std::string caption) const;
  // A level-1 or level-3 pass's step, with the launch it ran in (sample_launches.h).
  Step pass_step(SampleStepKind kind, const SamplePass& pass, SampleLaunch launch, std::string caption) const;
  // "Pass 2" or "Level 3, pass 3": how the captions name a pass.
  std::string pass_title(const SamplePass& pass) const;
  uint64_t sample_keys(const SamplePass& pass) const { return uint64_t(plan_.oversampling) * pass.k; }
  // The pass's splitters as the search tree of the kernels, with a few sample keys' descents.
  SampleSearchTree search_tree(const SamplePass& pass, const SampleSplitters& sp) const;
  // Marks the pass's parents split (three ways, constant) and adds their children (pass_children).
  void grow_tree(const SamplePass& pass, const std::vector<uint64_t>& slot_counts);
  // Keeps that a level-1 pass cut buckets into depth `depth` by k (tree_.level_ks, sorted, once each).
  void note_level_k(uint32_t depth, uint32_t k);
  DigitHistogram histogram(const SamplePass& pass, const std::vector<uint64_t>& table,
                           const std::vector<uint64_t>* scanned) const;
  // The count-table columns the pass used: pass.slots() where a bucket split three ways (<, =, >:
  // every quicksort pass, a sample-sort pass with a degenerate sample), else k. They differ only
  // for k = 2, whose slots() keeps a third column that a two-way pass leaves empty.
  uint32_t table_columns(const SamplePass& pass) const;
  const SamplePlan& plan_;
  Recorder& rec_;
  // The recursion so far (input() starts it, scatter() grows it) and, by start, the leaves that a
  // later pass or level 2 may still take.
  SampleRecursionTree tree_;
  std::optional<SampleLevel2Stack> level2_stack_;
  std::map<uint64_t, uint32_t> open_leaf_;
  // The passes (by index) whose splitter step found a degenerate sample: splitters() records it
  // from the count both paths give it (the GPU path's parents learn their flags only after the scan).
  std::set<uint32_t> three_way_passes_;
};

}  // namespace sortscope
