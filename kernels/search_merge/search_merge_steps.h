#pragma once
// The steps of binary-search merge sort, shared by the CPU model and the kernels: each phase hands
// over what it measured (the highlighted tile's or pair's capture, the work of its items) and the
// writer records the step with its caption, so both paths give the same timeline. Plain C++.
#include <algorithm>
#include <cstdint>

#include "common/recorder.h"
#include "search_merge_aux.h"
#include "search_merge_plan.h"

namespace sortscope {

// The work of a merge's items: binary-search probes, plus the copies of the half version.
struct SearchMergeWork {
  uint64_t items = 0, max = 0, total = 0;
  void add(uint64_t w) {
    ++items;
    max = std::max(max, w);
    total += w;
  }
};

// The searches of one pair, before its keys are sampled: which merge, the pair's place and lengths.
SiblingSearches search_merge_pair(uint32_t pass, bool local, uint64_t run, uint64_t begin, uint32_t left_len,
                                  uint32_t right_len);

class SearchMergeStepWriter {
 public:
  SearchMergeStepWriter(const SearchMergePlan& plan, Recorder& recorder);
  void input(const ArrayState& array);
  void rank(RankTile tile, const ArrayState& array);
  void transposition(TranspositionTrace tile, const ArrayState& array);
  void merge_stage(int stage, uint64_t run, const SearchMergeWork& work, SiblingSearches pair, const ArrayState& array);
  // A global pass; its work becomes a level of the merging tree the step shows.
  void global_pass(int pass, const SearchMergeWork& work, SiblingSearches pair, const ArrayState& array);

 private:
  const SearchMergePlan& p_;
  Recorder& rec_;
  MergeTreeWork tree_;
};

}  // namespace sortscope
