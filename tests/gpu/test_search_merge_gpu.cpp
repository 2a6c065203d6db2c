// Binary-search merge sort on the GPU against its CPU model and CUB: every local sort with both
// global passes, every key type with and without values, edge sizes around a tile, adversarial and
// special inputs. The kernels place every key by the model's rules (the unstable rank sort
// included), so keys and values must equal the model's exactly; the stable variants equal CUB's
// stable merge sort too. Explain mode: every step's snapshot, rank counts, swaps, sampled searches
// and merging-tree work equal the model's. Under compute-sanitizer (--sanitizer-run) only small
// inputs run.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "baselines/cub_merge.h"
#include "common/device_scratch.h"
#include "device_input.h"
#include "explain_gpu_support.h"
#include "gpu_test_env.h"
#include "measure_gpu_support.h"
#include "search_merge/search_merge.h"
#include "search_merge/search_merge_aux.h"
#include "../unit/sample_test_support.h"

namespace sortscope::test {
namespace {

const Algorithm& kMerge = binary_search_merge_algorithm();
const char* kLocals[] = {"rank", "rank-stable", "binary-merge", "transposition"};
const char* kGlobals[] = {"full", "half"};

ParamValues params(const std::string& local, const std::string& global, int tile, const std::string& search = "key") {
  return radix_params(kMerge,
                      {"local=" + local, "global=" + global, "tile=" + std::to_string(tile), "search=" + search});
}

std::vector<uint64_t> sizes(int tile) {
  if (g_sanitizer_run) return {0, 1, 2, uint64_t(tile) - 1, uint64_t(tile) + 1, 777};
  return {0, 1, 2, uint64_t(tile) - 1, uint64_t(tile), uint64_t(tile) + 1, 4 * uint64_t(tile) + 3, 100003};
}

TEST(SearchMergeGpu, EveryLocalAndGlobalSortsLikeTheModelForEveryKeyType) {
  DeviceScratch scratch;
  for (const char* local : kLocals)
    for (const char* global : kGlobals)
      for (int tile : {32, 256})
        for (KeyType t : kAllKeyTypes)
          for (uint64_t n : sizes(tile))
            for (bool values : {false, true}) {
              if (g_sanitizer_run && t != KeyType::U32 && t != KeyType::F64) continue;
              const ParamValues p = params(local, global, tile);
              const HostKeys input = radix_input(Distribution::Uniform, t, n, values);
              const std::string what = radix_describe(fmt::format("{} {} tile {}", local, global, tile), t, n, values);
              expect_equals_model(kMerge, p, input, scratch, what);
              if (std::string(local) == "rank" || n > 5000) continue;
              // The stable variants give CUB's stable merge sort's keys and values.
              const HostKeys got = sort_on_gpu(kMerge, p, input, scratch);
              const HostKeys cub = sort_on_gpu(cub_merge_algorithm(), ParamValues{}, input, scratch);
              ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what << " vs cub-merge";
              if (values) ASSERT_EQ(got.values, cub.values) << what << ": values differ from cub-merge's";
            }
}

TEST(SearchMergeGpu, LargeTilesDistributionsAndAdversarialInputs) {
  DeviceScratch scratch;
  const uint64_t n = g_sanitizer_run ? 3000 : (uint64_t(1) << 20) + 7;
  for (const char* local : kLocals)
    for (const char* global : kGlobals) {
      if (g_sanitizer_run && std::string(local) == "rank") continue;  // O(T^2): slow under the tools
      const ParamValues p = params(local, global, g_sanitizer_run ? 128 : 1024);
      for (Distribution d : kAllDistributions)
        expect_equals_model(kMerge, p, radix_input(d, KeyType::I32, n, true), scratch,
                            fmt::format("{} {} {}", local, global, distribution_name(d)));
      for (const auto& [name, words] : sample_adversarial(g_sanitizer_run ? 3000 : 70001))
        expect_equals_model(kMerge, p, sample_keys_from_ordered(KeyType::U64, words, true), scratch,
                            fmt::format("{} {} {}", local, global, name));
      for (KeyType t : kAllKeyTypes)
        expect_equals_model(kMerge, p, radix_special_input(t, 5000, true), scratch,
                            fmt::format("{} {} special", local, global));
    }
}

// search=block and search=edges: the windows bounded by each group's edge keys
// (search_merge_rank.h) give the model's arrays for groups that are whole runs (tile 32), one group
// a block (tile 256), short last runs and groups, every distribution; and past 2^20 keys, where the
// windows are a small part of each run and block's 128-way edge search takes three rounds.
TEST(SearchMergeGpu, BlockWindowedSearchesSortLikeTheModel) {
  DeviceScratch scratch;
  const std::vector<uint64_t> ns = g_sanitizer_run ? std::vector<uint64_t>{1, 257, 3000}
                                                   : std::vector<uint64_t>{0, 1, 257, 100003};
  for (const char* search : {"block", "edges"})
    for (const char* global : kGlobals) {
      for (int tile : {32, 256})
        for (KeyType t : {KeyType::U32, KeyType::I64, KeyType::F32})
          for (uint64_t n : ns) {
            const ParamValues p = params("binary-merge", global, tile, search);
            expect_equals_model(kMerge, p, radix_input(Distribution::Uniform, t, n, true), scratch,
                                radix_describe(fmt::format("{} {} tile {}", search, global, tile), t, n, true));
          }
      const uint64_t n = g_sanitizer_run ? 3000 : 70001;
      for (Distribution d : kAllDistributions)
        expect_equals_model(kMerge, params("rank", global, 256, search), radix_input(d, KeyType::U64, n, true), scratch,
                            fmt::format("{} {} {}", search, global, distribution_name(d)));
      if (!g_sanitizer_run)
        expect_equals_model(kMerge, params("binary-merge", global, 256, search),
                            radix_input(Distribution::Uniform, KeyType::U32, (uint64_t(1) << 20) + 7, false), scratch,
                            fmt::format("{} {} 2^20 + 7", search, global));
    }
}

// Explain mode's aux of a step against the model's: rank counts, swaps, sampled searches and
// merging-tree work (the steps themselves: expect_explain_equals_model).
void expect_same_search_merge_aux(const Step& g, const Step& m, const std::string& at) {
  expect_matching_aux<RankTile>(g, m, at, [&](const RankTile& a, const RankTile& b) {
    EXPECT_EQ(a.less, b.less) << at;
    EXPECT_EQ(a.equal, b.equal) << at;
    EXPECT_EQ(a.dest, b.dest) << at;
  });
  expect_matching_aux<TranspositionTrace>(g, m, at, [&](const TranspositionTrace& a, const TranspositionTrace& b) {
    EXPECT_EQ(a.swaps, b.swaps) << at;
  });
  expect_matching_aux<SiblingSearches>(g, m, at, [&](const SiblingSearches& a, const SiblingSearches& b) {
    EXPECT_EQ(a.left_begin, b.left_begin) << at;
    EXPECT_EQ(a.key, b.key) << at;
    EXPECT_EQ(a.rank, b.rank) << at;
    EXPECT_EQ(a.probe_begin, b.probe_begin) << at;
    EXPECT_EQ(a.probes, b.probes) << at;
  });
  expect_matching_aux<MergeTreeWork>(g, m, at, [&](const MergeTreeWork& a, const MergeTreeWork& b) {
    ASSERT_EQ(a.levels.size(), b.levels.size()) << at;
    for (size_t l = 0; l < b.levels.size(); ++l) {
      EXPECT_EQ(a.levels[l].items, b.levels[l].items) << at << " level " << l;
      EXPECT_EQ(a.levels[l].max_work, b.levels[l].max_work) << at << " level " << l;
      EXPECT_DOUBLE_EQ(a.levels[l].mean_work, b.levels[l].mean_work) << at << " level " << l;
    }
  });
}

TEST(SearchMergeGpu, ExplainModeStepsEqualTheModels) {
  for (const char* local : kLocals)
    for (const char* global : kGlobals)
      for (const char* search : {"key", "block", "edges"})
        for (uint64_t n : {uint64_t(1), uint64_t(700), g_sanitizer_run ? uint64_t(2000) : uint64_t(20000)})
          for (KeyType t : {KeyType::U32, KeyType::I64}) {
            // The windows are the global passes' only: two local sorts cover them.
            if (std::string(search) != "key" && std::string(local) != "binary-merge" && std::string(local) != "rank")
              continue;
            const std::string what = radix_describe(fmt::format("explain {} {} {}", local, global, search), t, n, true);
            ASSERT_NO_FATAL_FAILURE(expect_explain_equals_model(kMerge, params(local, global, 64, search),
                                                                radix_input(Distribution::LowEntropy, t, n, true),
                                                                what, {}, expect_same_search_merge_aux));
          }
}

}  // namespace
}  // namespace sortscope::test
