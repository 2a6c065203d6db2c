#include "search_merge_steps.h"
#include "common/count_words.h"

#include <algorithm>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "common/aux_types.h"
#include "search_merge_rank.h"

namespace sortscope {

SiblingSearches search_merge_pair(uint32_t pass, bool local, uint64_t run, uint64_t begin, uint32_t left_len,
                                  uint32_t right_len) {
  SiblingSearches s;
  s.pass = pass;
  s.local = local;
  s.run = run;
  s.left_begin = begin;
  s.left_len = left_len;
  s.right_len = right_len;
  s.probe_begin.push_back(0);
  return s;
}

SearchMergeStepWriter::SearchMergeStepWriter(const SearchMergePlan& plan, Recorder& recorder)
    : p_(plan), rec_(recorder) {
  tree_.half = plan.global == SearchMergeGlobal::Half;
}

void SearchMergeStepWriter::input(const ArrayState& array) {
  rec_.set_padded_n(p_.n);
  rec_.record(make_step(SearchMergeStep::Input,
                        fmt::format("{} unsorted {} keys{}: tiles sorted locally, then merged pairwise by binary "
                                    "search. As ordered bits; {}",
                                    p_.n, key_type_name(p_.key_type), p_.with_values ? " with values" : "",
                                    p_.describe())),
              array);
}

void SearchMergeStepWriter::rank(RankTile tile, const ArrayState& array) {
  const bool stable = p_.local == SearchMergeLocal::RankStable;
  tile.tile = p_.highlight_tile();
  tile.begin = p_.tile_begin(tile.tile);
  tile.stable = stable;
  Step s = make_step(SearchMergeStep::LocalRank,
                     fmt::format("Every key counts the keys of its tile smaller than it: that count is its place{}. "
                                 "{} of {} keys, {} comparisons per key (local memory)",
                                 stable ? ", after the equal keys before it" : "", counted(p_.tiles, "tile"), p_.tile,
                                 p_.tile));
  s.aux.push_back(BlockOwnership{p_.tile});
  s.aux.push_back(std::move(tile));
  s.aux.push_back(SortedRuns{p_.tile});
  rec_.record(std::move(s), array);
}

void SearchMergeStepWriter::transposition(TranspositionTrace tile, const ArrayState& array) {
  tile.tile = p_.highlight_tile();
  tile.begin = p_.tile_begin(tile.tile);
  Step s = make_step(SearchMergeStep::LocalTransposition,
                     fmt::format("Every tile is sorted by neighbours swapping: even pairs, then odd pairs, {} times. "
                                 "{} of {} keys; swaps per phase fall to zero as the tile settles",
                                 p_.tile, counted(p_.tiles, "tile"), p_.tile));
  s.aux.push_back(BlockOwnership{p_.tile});
  s.aux.push_back(std::move(tile));
  s.aux.push_back(SortedRuns{p_.tile});
  rec_.record(std::move(s), array);
}

void SearchMergeStepWriter::merge_stage(int stage, uint64_t run, const SearchMergeWork& work, SiblingSearches pair,
                                        const ArrayState& array) {
  Step s = make_step(SearchMergeStep::LocalMergeStage,
                     fmt::format("Inside every tile, runs of {} merge into runs of {}: each key binary-searches "
                                 "the other run for its place. Local stage {}, {} probes per key at most",
                                 run, 2 * run, stage + 1, work.max));
  s.aux.push_back(BlockOwnership{p_.tile});
  s.aux.push_back(std::move(pair));
  s.aux.push_back(SortedRuns{std::min<uint64_t>(2 * run, p_.n)});
  rec_.record(std::move(s), array);
}

void SearchMergeStepWriter::global_pass(int pass, const SearchMergeWork& work, SiblingSearches pair,
                                        const ArrayState& array) {
  const uint64_t run = p_.run_of_pass(pass), pairs = (p_.n + 2 * run - 1) / (2 * run);
  const bool half = p_.global == SearchMergeGlobal::Half;
  MergeTreeWork::Level level;
  level.run = run;
  level.pairs = pairs;
  level.items = work.items;
  level.max_work = work.max;
  level.mean_work = work.items ? double(work.total) / double(work.items) : 0;
  tree_.levels.push_back(level);
  // search=block (search_merge_rank.h): the searches are bounded by each group's edge keys.
  const char* whom = half ? "left-run key" : "key";
  const std::string how =
      p_.search == SearchMergeSearch::Edges
          ? fmt::format("the first and last {} of every {} binary-search the whole other run, the others only the "
                        "window between their places",
                        whom, std::min<uint64_t>(run, kSearchMergeWindowKeys))
      : p_.search == SearchMergeSearch::Block && run >= kSearchMergeWindowKeys
          ? fmt::format("each block of {} {}s finds the places of its first and last one in the other run together "
                        "(a 128-way search), then every {} binary-searches only the window between them",
                        kSearchMergeWindowKeys, whom, whom)
          : fmt::format("every {} finds its place by binary search in the other run", whom);
  Step s = make_step(SearchMergeStep::GlobalPass,
                     fmt::format("Runs of {} merge pairwise into runs of {}: {}. Pass {}/{}: {}, {} work-items, the "
                                 "busiest does {} (mean {:.1f})",
                                 run, 2 * run, how, pass + 1, p_.passes, counted(pairs, "pair"), work.items,
                                 counted(work.max, "step"), level.mean_work));
  s.aux.push_back(BlockOwnership{2 * run});
  s.aux.push_back(std::move(pair));
  s.aux.push_back(tree_);
  s.aux.push_back(SortedRuns{std::min<uint64_t>(2 * run, p_.n)});
  rec_.record(std::move(s), array);
}

}  // namespace sortscope
