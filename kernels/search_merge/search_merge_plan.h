#pragma once
// The decomposition of Locicero's GPU merge sort ("Parallel Sorting", 002 §2.4-§3), shared by the
// CPU model and the kernels: a local phase sorts every tile of `tile` keys (one work-group) with one
// of four small sorts, then global passes merge sibling runs of tile, 2 tile, 4 tile, ... keys
// (ping-pong buffers, a bottom-up merging tree, §2.1) where every key finds its place by a binary
// search in its sibling run. Plain C++.
#include <cstdint>
#include <string>
#include <vector>

#include "common/key_type.h"
#include "common/param_spec.h"
#include "common/timeline.h"

namespace sortscope {

// The local phase (§2.3-§2.5): the rank ("counting") sort, its stable form, the binary-search merge
// inside the tile, the odd-even transposition ("assembly lane") sort.
enum class SearchMergeLocal { Rank = 0, RankStable = 1, BinaryMerge = 2, Transposition = 3 };
// The global passes (§3): one work-item per key, or one per left-run key that also copies the
// right-run keys that land before it.
enum class SearchMergeGlobal { Full = 0, Half = 1 };
// The global passes' searches: every key over its whole sibling run (Locicero's), or within the
// window between the ranks of its group's first and last key (search_merge_rank.h,
// kSearchMergeWindowKeys): the block finds those two ranks together (block), or the two edge keys
// search the whole run themselves (edges).
enum class SearchMergeSearch { Key = 0, Block = 1, Edges = 2 };

inline constexpr int kSearchMergeTiles[] = {32, 64, 128, 256, 512, 1024};
inline constexpr uint64_t kSearchMergeMaxKeys = 0xFFFFFFFFull;
// From this many keys `auto` takes local = binary-merge, global = half and search = block; below it
// rank, full and key (Locicero's; lectures and the app's sizes). make_search_merge_plan says why.
inline constexpr uint64_t kSearchMergeWindowedFrom = uint64_t(1) << 27;

const std::vector<ParamSpec>& search_merge_params();

struct SearchMergePlan {
  KeyType key_type = KeyType::U32;
  bool with_values = false;
  uint64_t n = 0;
  SearchMergeLocal local = SearchMergeLocal::Rank;
  SearchMergeGlobal global = SearchMergeGlobal::Full;
  SearchMergeSearch search = SearchMergeSearch::Key;
  uint64_t tile = 256;       // keys per work-group in the local phase
  uint64_t tiles = 0;
  int passes = 0;            // global passes: runs of tile, 2 tile, ... until one run holds n
  uint64_t tile_begin(uint64_t t) const { return t * tile < n ? t * tile : n; }
  uint64_t tile_end(uint64_t t) const { return tile_begin(t + 1); }
  uint64_t run_of_pass(int pass) const { return tile << pass; }  // run length merged by the pass
  uint64_t highlight_tile() const { return tiles / 2; }
  bool stable() const { return local != SearchMergeLocal::Rank; }
  std::string describe() const;
};

SearchMergePlan make_search_merge_plan(uint64_t n, KeyType type, bool with_values, const ParamValues& params);
// `params` with local, global and search as the plan resolves their `auto` (Algorithm::params_as_run).
ParamValues search_merge_params_as_run(const ParamValues& params, KeyType type, bool with_values, uint64_t n);
const char* search_merge_local_name(SearchMergeLocal l);

// Step kinds (values index the catalog; timeline.h: make_step).
enum class SearchMergeStep { Input, LocalRank, LocalMergeStage, LocalTransposition, GlobalPass };
const std::vector<StepKind>& step_kinds_of(SearchMergeStep);
const std::vector<std::string>& search_merge_pseudo_code();

}  // namespace sortscope
