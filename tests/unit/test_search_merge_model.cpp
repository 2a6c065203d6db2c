// Locicero's binary-search merge sort (kernels/search_merge/): every local sort with both global
// passes against std::stable_sort (the stable ones: keys and values exactly; the unstable rank sort:
// keys, and (key, value) pairs as a multiset) for every key type, distribution, edge size and
// adversarial input; full and half passes give the same array; the sibling rank rule is stable;
// the timeline's searches, rank counts and merging tree agree with the snapshots, and the half
// version's busiest work-item grows toward the root (the stall, 002 §3).
#include <gtest/gtest.h>

#include <algorithm>

#include <fmt/format.h>

#include "common/aux_types.h"
#include "sample_test_support.h"
#include "search_merge/search_merge.h"
#include "search_merge/search_merge_aux.h"
#include "search_merge/search_merge_plan.h"
#include "search_merge/search_merge_rank.h"

namespace sortscope::test {
namespace {

const Algorithm& kMerge = binary_search_merge_algorithm();
const char* kLocals[] = {"rank", "rank-stable", "binary-merge", "transposition"};

ParamValues params(const std::string& local, const std::string& global, int tile = 64) {
  return radix_params(kMerge, {"local=" + local, "global=" + global, "tile=" + std::to_string(tile)});
}

void expect_sorts(const ParamValues& p, const std::string& local, const HostKeys& input, const std::string& what) {
  HostKeys keys = input;
  kMerge.run_model(p, keys, nullptr);
  if (local == "rank") {
    expect_sorted_multiset(keys, input, what);
    return;
  }
  const SortedPairs want = radix_stable_reference(input);
  ASSERT_EQ(radix_ordered_of(keys), want.keys) << what;
  if (input.has_values()) ASSERT_EQ(keys.values, want.values) << what << ": not stable";
}

TEST(SearchMergeRank, SiblingRankIsStableAndCollisionFree) {
  // L = 1 2 2 3, R = 2 2 4: equal keys of L before those of R.
  const uint32_t L[] = {1, 2, 2, 3}, R[] = {2, 2, 4};
  auto none = [](uint32_t) {};
  std::vector<int> place(7, -1);
  for (uint32_t i = 0; i < 4; ++i) place[i + sibling_rank(L[i], R, SearchWindow{0, 3}, false, none)] = int(i);
  for (uint32_t j = 0; j < 3; ++j) place[j + sibling_rank(R[j], L, SearchWindow{0, 4}, true, none)] = int(10 + j);
  EXPECT_EQ(place, (std::vector<int>{0, 1, 2, 10, 11, 3, 12}));
}

TEST(SearchMergeModel, EveryLocalAndGlobalSortsEveryKeyTypeDistributionAndSize) {
  for (const char* local : kLocals)
    for (const char* global : {"full", "half"}) {
      const ParamValues p = params(local, global);
      for (Distribution d : kAllDistributions)
        for (KeyType t : kAllKeyTypes)
          for (uint64_t n : {0, 1, 2, 3, 63, 64, 65, 127, 129, 1000, 4097}) {
            const bool values = (n + uint64_t(t)) % 2 == 1;
            expect_sorts(p, local, radix_input(d, t, n, values),
                         radix_describe(std::string(local) + "/" + global + " " + std::string(distribution_name(d)), t,
                                        n, values));
          }
      for (const auto& [name, words] : sample_adversarial(3001))
        expect_sorts(p, local, sample_keys_from_ordered(KeyType::I64, words, true), std::string(local) + " " + name);
      expect_sorts(p, local, radix_special_input(KeyType::F32, 2000, true), std::string(local) + " special");
    }
  expect_sorts(radix_params(kMerge), "rank", radix_input(Distribution::Uniform, KeyType::F64, 200003, true), "defaults");
  expect_sorts(params("binary-merge", "half", 1024), "binary-merge",
               radix_input(Distribution::FewUnique, KeyType::U32, 100000, true), "tile 1024");
}

TEST(SearchMergeModel, FullAndHalfPassesGiveTheSameArray) {
  for (const char* local : {"rank-stable", "transposition"}) {
    const HostKeys input = radix_input(Distribution::FewUnique, KeyType::U64, 5000, true);
    HostKeys full = input, half = input;
    kMerge.run_model(params(local, "full"), full, nullptr);
    kMerge.run_model(params(local, "half"), half, nullptr);
    EXPECT_EQ(full.bytes, half.bytes);
    EXPECT_EQ(full.values, half.values);
  }
}

// search=block and search=edges (search_merge_rank.h): the same ranks from windows bounded by each
// group's first and last key, so the same arrays as Locicero's every-key search, for groups that are
// whole runs (tile 32, early passes), one group of 256 keys of a longer run, and short last runs; on
// uniform keys the mean probes of the root pass fall from log2(run) + 1 to about log2(256) + 1.
TEST(SearchMergeModel, BlockWindowedSearchesGiveTheSameArrays) {
  for (int search : {int(SearchMergeSearch::Block), int(SearchMergeSearch::Edges)})
    for (const char* global : {"full", "half"})
      for (int tile : {32, 256})
        for (Distribution d : kAllDistributions)
          for (uint64_t n : {uint64_t(1), uint64_t(257), uint64_t(20001)}) {
            const HostKeys input = radix_input(d, KeyType::I64, n, true);
            HostKeys key = input, block = input;
            ParamValues pk = params("binary-merge", global, tile), pb = pk;
            pb["search"] = search;
            kMerge.run_model(pk, key, nullptr);
            kMerge.run_model(pb, block, nullptr);
            const std::string what =
                fmt::format("search {} {} tile {} {} n {}", search, global, tile, distribution_name(d), n);
            ASSERT_EQ(block.bytes, key.bytes) << what;
            ASSERT_EQ(block.values, key.values) << what;
          }
  const uint64_t n = 1 << 16;
  for (const char* global : {"full", "half"}) {
    const HostKeys input = radix_input(Distribution::Uniform, KeyType::U32, n, false);
    std::vector<double> mean[3];
    for (int search : {int(SearchMergeSearch::Key), int(SearchMergeSearch::Block), int(SearchMergeSearch::Edges)}) {
      HostKeys keys = input;
      Timeline tl = radix_timeline(kMerge, keys, false);
      Recorder rec(tl);
      ParamValues p = params("rank-stable", global, 256);
      p["search"] = search;
      kMerge.run_model(p, keys, &rec);
      const MergeTreeWork* tree = find_aux<MergeTreeWork>(tl.steps.back().aux);
      ASSERT_NE(tree, nullptr);
      for (const auto& level : tree->levels) mean[search].push_back(level.mean_work);
      for (const Step& s : tl.steps)
        if (const SiblingSearches* ss = find_aux<SiblingSearches>(s.aux))
          for (size_t k = 0; k + 1 < ss->probe_begin.size(); ++k)
            EXPECT_LE(ss->probe_begin[k + 1] - ss->probe_begin[k], 16u);
    }
    // The root pass (runs of 2^15): every key 15-16 probes (plus about one copy, half), against about
    // log2(256) + 1 in the window and the two edges' 16 in a group of 256.
    ASSERT_EQ(mean[0].size(), mean[1].size());
    EXPECT_GE(mean[0].back(), 15.0) << global;
    EXPECT_LE(mean[1].back(), 11.5) << global;
    EXPECT_LE(mean[2].back(), 11.5) << global;
  }
}

// The defaults (auto): Locicero's rank sort, full passes and every-key searches below 2^27 keys (so
// lectures and the app's sizes show the document's sort); from 2^27 the local binary merge, half
// passes and block windows, the combination measured fastest there (docs/PERFORMANCE.md). A value
// the user gives wins, and search=auto takes windows only with half passes.
TEST(SearchMergePlan, AutoTakesWindowsAndHalfPassesFrom2To27Keys) {
  const ParamValues none;
  const SearchMergePlan small = make_search_merge_plan(kSearchMergeWindowedFrom - 1, KeyType::U32, false, none);
  EXPECT_EQ(small.local, SearchMergeLocal::Rank);
  EXPECT_EQ(small.global, SearchMergeGlobal::Full);
  EXPECT_EQ(small.search, SearchMergeSearch::Key);
  const SearchMergePlan large = make_search_merge_plan(kSearchMergeWindowedFrom, KeyType::U64, false, none);
  EXPECT_EQ(large.local, SearchMergeLocal::BinaryMerge);
  EXPECT_EQ(large.global, SearchMergeGlobal::Half);
  EXPECT_EQ(large.search, SearchMergeSearch::Block);
  const ParamValues full = {{"global", int(SearchMergeGlobal::Full)}};
  const SearchMergePlan given = make_search_merge_plan(uint64_t(1) << 28, KeyType::U32, false, full);
  EXPECT_EQ(given.local, SearchMergeLocal::BinaryMerge);
  EXPECT_EQ(given.search, SearchMergeSearch::Key);
  // What ran, as `run`, the CSV and the app print it.
  ParamValues p = radix_params(kMerge);
  EXPECT_EQ(p.at("local"), kParamAuto);
  const ParamValues ran = kMerge.params_as_run(p, KeyType::U32, false, uint64_t(1) << 28);
  EXPECT_EQ(ran.at("local"), int(SearchMergeLocal::BinaryMerge));
  EXPECT_EQ(ran.at("global"), int(SearchMergeGlobal::Half));
  EXPECT_EQ(ran.at("search"), int(SearchMergeSearch::Block));
  EXPECT_EQ(kMerge.params_as_run(p, KeyType::U32, false, 1 << 20).at("local"), int(SearchMergeLocal::Rank));
}

TEST(SearchMergeModel, TimelineSearchesRanksAndMergeTree) {
  const uint64_t n = 3000;
  for (const char* local : kLocals)
    for (const char* global : {"full", "half"}) {
      const HostKeys input = radix_input(Distribution::Uniform, KeyType::U32, n, true);
      HostKeys keys = input;
      Timeline tl = radix_timeline(kMerge, keys, false);
      Recorder rec(tl);
      const ParamValues p = params(local, global);
      kMerge.run_model(p, keys, &rec);
      const SearchMergePlan plan = make_search_merge_plan(n, KeyType::U32, true, p);
      SCOPED_TRACE(plan.describe());
      const size_t local_steps = std::string(local) == "binary-merge" ? 6 : 1;  // runs 1 .. 32 in a tile of 64
      ASSERT_EQ(tl.steps.size(), 1 + local_steps + size_t(plan.passes));
      EXPECT_EQ(plan.passes, 6);  // 64 -> 4096 >= 3000
      std::vector<uint64_t> before = radix_snapshot(tl, tl.steps[0]);
      for (size_t i = 1; i < tl.steps.size(); ++i) {
        const Step& s = tl.steps[i];
        const std::vector<uint64_t> snap = radix_snapshot(tl, s);
        if (const RankTile* r = find_aux<RankTile>(s.aux)) {
          const uint64_t b = r->begin;
          for (size_t k = 0; k < r->dest.size(); ++k) {
            EXPECT_EQ(snap[b + r->dest[k]], before[b + k]) << "rank dest of key " << k;
            uint32_t less = 0;
            for (size_t j = 0; j < r->dest.size(); ++j) less += before[b + j] < before[b + k];
            EXPECT_EQ(r->less[k], less);
          }
        }
        if (const TranspositionTrace* tr = find_aux<TranspositionTrace>(s.aux)) {
          ASSERT_EQ(tr->swaps.size(), plan.tile);
          EXPECT_EQ(tr->swaps.back(), 0u);
        }
        if (const SiblingSearches* ss = find_aux<SiblingSearches>(s.aux)) {
          ASSERT_FALSE(ss->key.empty());
          ASSERT_EQ(ss->probe_begin.size(), ss->key.size() + 1);
          for (size_t k = 0; k < ss->key.size(); ++k) {
            const bool right = ss->key[k] >= ss->left_len;
            const uint64_t sib = right ? ss->left_begin : ss->left_begin + ss->left_len;
            const uint64_t len = right ? ss->left_len : ss->right_len;
            const uint64_t x = before[ss->left_begin + ss->key[k]];
            uint32_t want = 0;
            for (uint64_t j = 0; j < len; ++j) want += right ? before[sib + j] <= x : before[sib + j] < x;
            EXPECT_EQ(ss->rank[k], want) << "search of key " << ss->key[k];
            for (uint32_t q = ss->probe_begin[k]; q < ss->probe_begin[k + 1]; ++q) EXPECT_LT(ss->probes[q], len);
            const uint64_t own = right ? ss->key[k] - ss->left_len : ss->key[k];
            EXPECT_EQ(snap[ss->left_begin + own + want], x);
          }
        }
        before = snap;
      }
      const MergeTreeWork* tree = find_aux<MergeTreeWork>(tl.steps.back().aux);
      ASSERT_NE(tree, nullptr);
      ASSERT_EQ(tree->levels.size(), size_t(plan.passes));
      EXPECT_EQ(tree->levels.back().pairs, 1u);
      if (std::string(global) == "half") {
        EXPECT_LT(tree->levels.back().items, n);
        // The stall near the root (002 §3): where the runs do not interleave (sorted input), the last
        // left-run item copies the whole right run, so the busiest item's work grows with the run.
        HostKeys sorted = radix_input(Distribution::Sorted, KeyType::U32, n, false);
        Timeline ts = radix_timeline(kMerge, sorted, false);
        Recorder rs(ts);
        kMerge.run_model(p, sorted, &rs);
        const MergeTreeWork* st = find_aux<MergeTreeWork>(ts.steps.back().aux);
        ASSERT_NE(st, nullptr);
        EXPECT_GE(st->levels.back().max_work, n - 2048);  // the right run of the root pass
        EXPECT_GE(st->levels.front().max_work, 64u);
      } else {
        EXPECT_EQ(tree->levels.back().items, n);
        EXPECT_LE(tree->levels.back().max_work, 12u);  // log2(2048) + 1 probes
      }
      EXPECT_EQ(radix_snapshot(tl, tl.steps.back()), radix_stable_reference(input).keys);
    }
}

}  // namespace
}  // namespace sortscope::test
