// The lecture-size rule (kernels/teaching_params.h): one rule for every entry point, a value the
// user sets always wins, and at 256, 1024 and 4096 keys every algorithm's explanation has every kind
// of snapshot its explanation of 2^20 keys has (DESIGN.md, "Lecture sizes").
//
// The 2^20 sets are pinned below: an explained run of 2^20 keys on the CPU models takes minutes on
// a CI runner (bitonic alone records 210 full-array steps), too slow for a unit test. They were
// computed with the DISABLED_ test at the end (the same code at 2^20 with the defaults); run it
// with --gtest_also_run_disabled_tests after changing what an algorithm records at 2^20.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "common/trace_aux.h"
#include "core/runner.h"
#include "merge/multiway_plan.h"
#include "radix/radix_plan.h"
#include "split_radix/split_radix_plan.h"
#include "registry.h"
#include "teaching_params.h"

namespace sortscope {
namespace {

using Kinds = std::set<std::string>;

// The explained run of `given` on the CPU model, as every entry point prepares it (teaching values
// included), verified.
ExplainResult explained(const Scenario& given) {
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  const Scenario s = runner.prepare(given, std::nullopt, true);
  ExplainResult r = runner.explain(s);
  EXPECT_TRUE(r.verdict.ok()) << given.algorithm << " n = " << given.input.n;
  return r;
}

// The stable names (trace_aux.h) of every snapshot type the explained run records.
Kinds aux_kinds(const Scenario& given) {
  const ExplainResult r = explained(given);
  Kinds kinds;
  for (const Step& step : r.timeline.steps)
    for (const AuxData& a : step.aux) {
      const AuxCodecRegistry::Codec* c = aux_codec_registry().find(a);
      kinds.insert(c ? c->name : "unregistered");
    }
  return kinds;
}

Scenario scenario(const std::string& algorithm, uint64_t n) {
  Scenario s;
  s.algorithm = algorithm;
  s.input.n = n;
  s.input.seed = 29;
  return s;
}

std::string text(const Kinds& k) {
  std::string s;
  for (const std::string& name : k) s += (s.empty() ? "" : ", ") + name;
  return "{" + s + "}";
}

// What each algorithm's explanation of 2^20 uniform u32 keys records (see the file comment).
const std::map<std::string, Kinds>& kinds_at_2e20() {
  static const std::map<std::string, Kinds> k = {
#include "teaching_kinds_2e20.inc"
  };
  return k;
}

// The library baselines (CUB) have no CPU model and no steps.
bool is_baseline(const Algorithm& a) {
  for (const Algorithm* b : all_algorithms())
    if (b->baseline() == a.id()) return true;
  return false;
}

// Kinds recorded only where every key can be drawn on its own (radix_aux.h: the scatter map's
// arrows, one a key), so lecture sizes have them and 2^20 does not.
const Kinds kSmallInputsOnly = {"radix.scatter-map"};

TEST(TeachingParams, EveryLectureSizeShowsWhatTwoToTheTwentyShows) {
  for (const Algorithm* a : all_algorithms()) {
    if (is_baseline(*a)) continue;
    const auto want = kinds_at_2e20().find(a->id());
    ASSERT_NE(want, kinds_at_2e20().end()) << a->id() << ": no 2^20 set pinned";
    for (uint64_t n : {256u, 1024u, 4096u}) {
      Kinds got = aux_kinds(scenario(a->id(), n));
      for (const std::string& k : kSmallInputsOnly) got.erase(k);
      EXPECT_EQ(text(got), text(want->second)) << a->id() << " at n = " << n;
    }
  }
}

// validate_scenario applies the rule: unset parameters take the teaching values and are named in
// `taught`; a value the user set wins; past 4096 keys nothing changes.
TEST(TeachingParams, UnsetParametersTakeTeachingValuesAndTheUsersWin) {
  Scenario s = scenario("radix", 1024);
  ASSERT_EQ(validate_scenario(s), "");
  EXPECT_EQ(s.params.at("radix_bits"), 4);
  EXPECT_EQ(s.params.at("single_block"), 0);  // the passes over tiles: per-block histograms
  EXPECT_EQ(s.taught, (std::vector<std::string>{"radix_bits", "threads", "keys_per_thread", "single_block"}));
  Scenario mine = scenario("radix", 1024);
  mine.params["radix_bits"] = 8;
  ASSERT_EQ(validate_scenario(mine), "");
  EXPECT_EQ(mine.params.at("radix_bits"), 8);
  EXPECT_EQ(std::count(mine.taught.begin(), mine.taught.end(), "radix_bits"), 0);
  // A value named in the scenario wins, `auto` included (a measuring command fills every default
  // in, so `run` never takes teaching values); the others are taught.
  Scenario onesweep = scenario("radix-onesweep", 256);
  onesweep.params["threads"] = kParamAuto;
  ASSERT_EQ(validate_scenario(onesweep), "");
  EXPECT_EQ(onesweep.params.at("threads"), kParamAuto);
  EXPECT_EQ(onesweep.params.at("keys_per_thread"), 2);  // the lecture tile's
  EXPECT_EQ(onesweep.params.at("digit_bits"), 4);
  Scenario filled = scenario("merge", 4096);
  fill_param_defaults(find_algorithm("merge")->params(), filled.params);
  ASSERT_EQ(validate_scenario(filled), "");
  EXPECT_TRUE(filled.taught.empty());
  // Sample sort's values follow n: every first-level bucket (about n / 8 keys) exceeds M = n / 16.
  Scenario sample = scenario("sample-sort", 4096);
  ASSERT_EQ(validate_scenario(sample), "");
  EXPECT_EQ(sample.params.at("k"), 8);
  EXPECT_EQ(sample.params.at("bucket_max"), 256);
  Scenario big = scenario("radix", 4097);
  ASSERT_EQ(validate_scenario(big), "");
  EXPECT_EQ(big.params.at("radix_bits"), 8);
  EXPECT_TRUE(big.taught.empty());
  // Shown as it ran: auto(value).
  const Algorithm& radix = *find_algorithm("radix");
  const ParamValues ran = radix.params_as_run(s.params, s.input.key, false, s.input.n);
  EXPECT_NE(format_params(radix.params(), mark_taught(s.params, s.taught), &ran).find("radix_bits=auto(4)"),
            std::string::npos);
}

// The step kinds (catalog ids) of an explained run, in order.
std::vector<std::string> step_ids(const Scenario& given) {
  const ExplainResult r = explained(given);
  std::vector<std::string> ids;
  const Algorithm& a = *find_algorithm(given.algorithm);
  for (const Step& step : r.timeline.steps) ids.push_back(a.step_kinds()[size_t(step.kind)].id);
  return ids;
}

size_t count_of(const std::vector<std::string>& ids, const std::string& id) {
  return size_t(std::count(ids.begin(), ids.end(), id));
}

// The merge sorts merge at lecture sizes: their block sort's tile (the lecture tile, 128 x 1 keys,
// below 4 x 896 keys) leaves several runs, so the explanation shows merge passes or k-way rounds
// after the block sort, not the block sort and then the sorted array.
TEST(TeachingParams, MergeSortsMergeAtLectureSizes) {
  const auto merge = step_ids(scenario("merge", 256));
  EXPECT_EQ(count_of(merge, "partition"), 1u);  // runs of 128 -> 256 along the merge path
  EXPECT_EQ(count_of(merge, "merge"), 1u);
  const auto merge_1k = step_ids(scenario("merge", 1024));
  EXPECT_EQ(count_of(merge_1k, "merge"), 3u);  // 128 -> 256 -> 512 -> 1024
  const auto merge_4k = step_ids(scenario("merge", 4096));
  EXPECT_EQ(count_of(merge_4k, "merge"), 3u);  // tiles of 896 (VT = 7): 5 runs, 3 passes
  const auto multiway = step_ids(scenario("multiway-merge", 256));
  EXPECT_EQ(count_of(multiway, "select"), 1u);       // 4 runs of 64 (the lecture block sort) in parts of 64
  EXPECT_EQ(count_of(multiway, "merge-level"), 2u);  // a 4-way tree: 2 levels
  {
    Scenario m = scenario("multiway-merge", 256);
    ASSERT_EQ(validate_scenario(m), "");
    EXPECT_EQ(m.params.at("threads"), 64);
    const Algorithm& a = *find_algorithm("multiway-merge");
    const MultiwayPlan plan = make_multiway_plan(256, a.params_as_run(m.params, KeyType::U32, false, 256));
    ASSERT_EQ(plan.rounds.size(), 1u);
    EXPECT_EQ(plan.rounds[0].k, 4u);
    EXPECT_EQ(plan.rounds[0].run_in, 64u);
    EXPECT_EQ(plan.rounds[0].parts_per_group, 4u);
  }
  const auto multiway_1k = step_ids(scenario("multiway-merge", 1024));
  EXPECT_EQ(count_of(multiway_1k, "select"), 2u);       // 8 runs: a 4-way round, then a 2-way one
  EXPECT_EQ(count_of(multiway_1k, "merge-level"), 3u);  // 2 tree levels, then 1
  // Network merge: the lecture chunk (128) cuts the one merge of two 128-key runs at a merge-path
  // splitter.
  const auto network = step_ids(scenario("network-merge", 256));
  EXPECT_EQ(count_of(network, "partition"), 1u);
  EXPECT_EQ(count_of(network, "merge"), 1u);
  const auto search = step_ids(scenario("binary-search-merge", 256));
  EXPECT_EQ(count_of(search, "global-pass"), 2u);  // tiles of 64: 64 -> 128 -> 256
  // The teaching values follow n, and a value the user sets wins: VT = 7 at 256 keys is one tile.
  Scenario s = scenario("merge", 256);
  ASSERT_EQ(validate_scenario(s), "");
  EXPECT_EQ(s.params.at("keys_per_thread"), 1);
  Scenario m = scenario("multiway-merge", 1024);
  ASSERT_EQ(validate_scenario(m), "");
  EXPECT_EQ(m.params.at("keys_per_thread"), 1);
  EXPECT_EQ(m.params.at("part_keys"), 256);
  EXPECT_EQ(m.params.at("block_sort_threads"), 1);
  Scenario m4 = scenario("multiway-merge", 4096);
  ASSERT_EQ(validate_scenario(m4), "");
  EXPECT_EQ(m4.params.at("keys_per_thread"), 7);
  EXPECT_EQ(m4.params.at("part_keys"), 1024);
  Scenario mine = scenario("merge", 256);
  mine.params["keys_per_thread"] = 7;
  EXPECT_EQ(count_of(step_ids(mine), "merge"), 0u);
}

// The radix sorts count per block over several blocks at lecture sizes: the lecture tile (one warp x
// 2 keys) at 256 keys, the lecture block of one warp x 8 keys (256-key tiles) below 4096 keys, 128 x 8
// from there; the one-block shortcut is off; 4-bit digits. Split radix alike: its lecture tile (32 x
// 2) below 2048 keys, the paper's 128 x 4 from there.
TEST(TeachingParams, RadixSortsCountOverSeveralBlocks) {
  for (const char* id : {"radix", "radix-onesweep"})
    for (const auto& [n, threads, kpt, blocks] :
         {std::tuple{256, 32, 2, 4u}, std::tuple{1024, 32, 8, 4u}, std::tuple{2048, 32, 8, 8u}, std::tuple{4096, 128, 8, 4u}}) {
      Scenario s = scenario(id, uint64_t(n));
      ASSERT_EQ(validate_scenario(s), "");
      EXPECT_EQ(s.params.at("threads"), threads) << id << " n = " << n;
      EXPECT_EQ(s.params.at("keys_per_thread"), kpt) << id << " n = " << n;
      const Algorithm& a = *find_algorithm(id);
      const RadixPlan plan = make_radix_plan(std::string(id) == "radix" ? RadixVariant::ReduceThenScan : RadixVariant::Onesweep,
                                             uint64_t(n), KeyType::U32, false, a.params_as_run(s.params, KeyType::U32, false, uint64_t(n)));
      EXPECT_FALSE(plan.single_block) << id;
      EXPECT_EQ(plan.blocks, blocks) << id << " n = " << n;
      EXPECT_EQ(plan.radix_bits, 4) << id << " n = " << n;
    }
  for (const auto& [n, threads, kpt, tiles] :
       {std::tuple{256, 32, 2, 4u}, std::tuple{1024, 32, 2, 16u}, std::tuple{2048, 128, 4, 4u}, std::tuple{4096, 128, 4, 8u}}) {
    Scenario s = scenario("split-radix", uint64_t(n));
    ASSERT_EQ(validate_scenario(s), "");
    EXPECT_EQ(s.params.at("threads"), threads) << "split-radix n = " << n;
    EXPECT_EQ(s.params.at("keys_per_thread"), kpt) << "split-radix n = " << n;
    const Algorithm& a = *find_algorithm("split-radix");
    const SplitRadixPlan plan =
        make_split_radix_plan(uint64_t(n), KeyType::U32, false, a.params_as_run(s.params, KeyType::U32, false, uint64_t(n)));
    EXPECT_EQ(plan.tiles, tiles) << "split-radix n = " << n;
    EXPECT_EQ(plan.digit_bits, 4) << "split-radix n = " << n;
  }
  // A value the user sets beside a taught one runs: split radix's lecture values with any other.
  Scenario mine = scenario("split-radix", 256);
  mine.params["threads"] = 128;
  ASSERT_EQ(validate_scenario(mine), "");
  EXPECT_EQ(mine.params.at("keys_per_thread"), 2);
  EXPECT_EQ(explained(mine).timeline.steps.empty(), false);
  // The onesweep lecture tile's refusals (make_radix_plan): other value loads, wide digits.
  EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, 256, KeyType::U32, true,
                               {{"threads", 32}, {"keys_per_thread", 2}, {"single_block", 0}, {"value_load", 2}}),
               std::invalid_argument);
  EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, 256, KeyType::U32, false,
                               {{"threads", 32}, {"keys_per_thread", 2}, {"single_block", 0}, {"digit_bits", 11}}),
               std::invalid_argument);
}

// Prints the 2^20 sets in the form of teaching_kinds_2e20.inc, and checks the pinned ones.
TEST(TeachingParams, DISABLED_PinnedSetsAtTwoToTheTwenty) {
  for (const Algorithm* a : all_algorithms()) {
    if (is_baseline(*a)) continue;
    const Kinds k = aux_kinds(scenario(a->id(), uint64_t(1) << 20));
    std::string line = "    {\"" + a->id() + "\", {";
    bool first = true;
    for (const std::string& name : k) line += (first ? "\"" : ", \"") + name + "\"", first = false;
    std::printf("%s}},\n", line.c_str());
    const auto want = kinds_at_2e20().find(a->id());
    if (want != kinds_at_2e20().end()) EXPECT_EQ(text(k), text(want->second)) << a->id();
  }
}

// For writing lessons: prints each step of $SORTSCOPE_STEPS_OF ("sample-sort 1024") with its
// snapshot kinds, so a slide's "step" and "shows" can be chosen.
TEST(TeachingParams, DISABLED_PrintSteps) {
  const char* what = std::getenv("SORTSCOPE_STEPS_OF");
  if (!what) GTEST_SKIP() << "set SORTSCOPE_STEPS_OF=\"ALGORITHM N\"";
  std::istringstream in(what);
  std::string algorithm;
  uint64_t n = 0;
  in >> algorithm >> n;
  const ExplainResult r = explained(scenario(algorithm, n));
  for (size_t i = 0; i < r.timeline.steps.size(); ++i) {
    const Step& st = r.timeline.steps[i];
    std::string kinds;
    for (const AuxData& a : st.aux)
      if (const AuxCodecRegistry::Codec* c = aux_codec_registry().find(a)) kinds += " " + c->name;
    std::printf("%3zu [%s]%s | %.100s\n", i, find_algorithm(algorithm)->step_kinds()[size_t(st.kind)].id.c_str(),
                kinds.c_str(), st.caption.c_str());
  }
}

}  // namespace
}  // namespace sortscope
