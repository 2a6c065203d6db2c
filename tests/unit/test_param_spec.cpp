// A parameter is its value, everywhere (param_spec.h): each kind of spec allows exactly its values
// and refuses the rest with one line listing them; text form and parsing agree; plans built from
// the values use exactly those values; auto resolves to the tuned value; scenario JSON holds values
// and names and round-trips.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "common/param_spec.h"
#include "common/scenario.h"
#include "merge/multiway_plan.h"
#include "merge/two_way_plan.h"
#include "radix/radix_plan.h"
#include "registry.h"

namespace sortscope {
namespace {

const ParamSpec kRange = ParamSpec::range("threads", 256, 32, 1024, true, "");
const ParamSpec kList = ParamSpec::list("kpt", std::vector<int>{8, 12, 16}, true, kParamAuto, "");
const ParamSpec kEnum = ParamSpec::enumeration("ranking", {{0, "ballot"}, {1, "match"}, {2, "atomic"}}, 2, "");

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(ParamSpec, EachKindAllowsExactlyItsValues) {
  EXPECT_TRUE(kRange.allows(32) && kRange.allows(1024) && kRange.allows(256));
  EXPECT_FALSE(kRange.allows(48) || kRange.allows(16) || kRange.allows(2048) || kRange.allows(kParamAuto));
  EXPECT_TRUE(kList.allows(8) && kList.allows(16) && kList.allows(kParamAuto));
  EXPECT_FALSE(kList.allows(0) || kList.allows(1) || kList.allows(2) || kList.allows(3) || kList.allows(9));
  EXPECT_TRUE(kEnum.allows(0) && kEnum.allows(2));
  EXPECT_FALSE(kEnum.allows(3) || kEnum.allows(-1) || kEnum.allows(kParamAuto));
  EXPECT_EQ(kRange.allowed_text(), "32..1024 (powers of two)");
  EXPECT_EQ(kList.allowed_text(), "auto, 8, 12, 16");
  EXPECT_EQ(kEnum.allowed_text(), "ballot, match, atomic");
}

TEST(ParamSpec, TextFormAndParsingAgree) {
  for (const ParamSpec* p : {&kList, &kEnum})
    for (int v : p->offered()) {
      int back = -12345;
      EXPECT_EQ(parse_param_value(*p, format_param_value(*p, v), back, "x"), "");
      EXPECT_EQ(back, v);
    }
  EXPECT_EQ(format_param_value(kList, kParamAuto), "auto");
  EXPECT_EQ(format_param_value(kList, kParamAuto, 12), "auto(12)");
  EXPECT_EQ(format_param_value(kList, 16, 16), "16");
  EXPECT_EQ(format_param_value(kEnum, 1), "match");
  int v = 0;
  EXPECT_EQ(parse_param_value(kRange, "512", v, "x"), "");
  EXPECT_EQ(v, 512);
}

TEST(ParamSpec, IllegalValuesAreRefusedWithTheAllowedList) {
  int v = 77;
  for (const char* bad : {"3", "0", "2", "auto(12)", "", "8.0", " 8", "eight"}) {
    const std::string err = parse_param_value(kList, bad, v, "radix-onesweep");
    EXPECT_TRUE(contains(err, "parameter 'kpt' of radix-onesweep")) << bad << ": " << err;
    EXPECT_TRUE(contains(err, "allowed: auto, 8, 12, 16")) << bad << ": " << err;
  }
  for (const char* bad : {"2", "fast", "Atomic"})
    EXPECT_TRUE(contains(parse_param_value(kEnum, bad, v, "r"), "allowed: ballot, match, atomic")) << bad;
  for (const char* bad : {"48", "16", "2048", "auto"})
    EXPECT_TRUE(contains(parse_param_value(kRange, bad, v, "b"), "32..1024 (powers of two)")) << bad;
  EXPECT_EQ(v, 77) << "a refused value must not be stored";
  ParamValues values{{"kpt", 3}};
  EXPECT_TRUE(contains(resolve_params({kList}, values, "a"), "3 is not allowed (allowed: auto, 8, 12, 16)"));
}

TEST(ParamSpec, ParsedAssignmentsStoreTheValue) {
  const Algorithm* a = find_algorithm("radix-onesweep");
  ASSERT_NE(a, nullptr);
  ParamValues p;
  EXPECT_EQ(parse_param_assignment(a->params(), "keys_per_thread=16", p, a->id()), "");
  EXPECT_EQ(parse_param_assignment(a->params(), "threads=256", p, a->id()), "");
  EXPECT_EQ(parse_param_assignment(a->params(), "ranking=match", p, a->id()), "");
  EXPECT_EQ(p.at("keys_per_thread"), 16);
  EXPECT_EQ(p.at("threads"), 256);
  EXPECT_EQ(p.at("ranking"), int(RadixRanking::Match));
  EXPECT_EQ(resolve_params(a->params(), p, a->id()), "");
  EXPECT_EQ(format_params(a->params(), p), "threads=256 keys_per_thread=16 ranking=match value_load=auto block_compile=generic histogram=auto digit_bits=auto single_block=on");
}

// The plans use exactly the values given.
TEST(ParamSpec, PlansUseTheGivenValues) {
  const uint64_t n = uint64_t(1) << 20;
  for (int threads : kRadixThreads)
    for (int kpt : kRadixKeysPerThread) {
      ParamValues p{{"threads", threads}, {"keys_per_thread", kpt}};
      ASSERT_EQ(resolve_params(radix_onesweep_params(), p, "radix-onesweep"), "");
      const RadixPlan plan = make_radix_plan(RadixVariant::Onesweep, n, KeyType::U32, false, p);
      EXPECT_EQ(plan.threads, threads);
      EXPECT_EQ(plan.keys_per_thread, kpt);
      EXPECT_EQ(plan.tile_keys, uint64_t(threads) * uint64_t(kpt));
    }
  for (int nt : kTwoWayThreadChoices)
    for (int vt : kTwoWayKeysChoices) {
      const TwoWayPlan plan = make_two_way_plan(n, ParamValues{{kTwoWayThreads, nt}, {kTwoWayKeysPerThread, vt},
                                                               {kTwoWayBlockSortFactor, 1}});
      EXPECT_EQ(plan.tile, uint64_t(nt) * uint64_t(vt));
    }
  const MultiwayPlan mw = make_multiway_plan(n, ParamValues{{kMultiwayMergeThreads, 64}});
  EXPECT_EQ(mw.merge_threads, 64);
  // Values no kernel is compiled for never reach a plan, even when a caller skips the spec.
  EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, n, KeyType::U32, false, ParamValues{{"keys_per_thread", 3}}),
               std::invalid_argument);
  EXPECT_THROW(make_two_way_plan(n, ParamValues{{kTwoWayKeysPerThread, 3}}), std::invalid_argument);
  EXPECT_THROW(make_multiway_plan(n, ParamValues{{kMultiwayMergeThreads, 1}}), std::invalid_argument);
}

// auto stays auto in the scenario; what it runs as is the tuned value (docs/performance-history.md).
TEST(ParamSpec, AutoRunsAsTheTunedValue) {
  const Algorithm* a = find_algorithm("radix-onesweep");
  ParamValues p;
  ASSERT_EQ(resolve_params(a->params(), p, a->id()), "");
  EXPECT_EQ(p.at("threads"), kParamAuto);
  EXPECT_EQ(p.at("keys_per_thread"), kParamAuto);
  EXPECT_EQ(p.at("ranking"), int(RadixRanking::AtomicOr));
  const uint64_t large = uint64_t(1) << 28;
  const ParamValues u32 = a->params_as_run(p, KeyType::U32, false, large);
  EXPECT_EQ(u32.at("threads"), 512);
  EXPECT_EQ(u32.at("keys_per_thread"), 24);
  const ParamValues u64 = a->params_as_run(p, KeyType::U64, false, large);
  EXPECT_EQ(u64.at("threads"), 256);
  EXPECT_EQ(u64.at("keys_per_thread"), 32);
  const RadixPlan plan = make_radix_plan(RadixVariant::Onesweep, large, KeyType::U32, false, p);
  EXPECT_EQ(plan.tile_keys, 512u * 24u);
  // A keys-only run has no values: value_load is not among what it ran with, and is not shown.
  EXPECT_EQ(u32.count("value_load"), 0u);
  EXPECT_EQ(format_params(a->params(), p, &u32), "threads=auto(512) keys_per_thread=auto(24) ranking=atomic block_compile=generic histogram=auto(lanes) digit_bits=auto(8) single_block=on");
  const ParamValues u32_pairs = a->params_as_run(p, KeyType::U32, true, large);
  EXPECT_EQ(format_params(a->params(), p, &u32_pairs),
            "threads=auto(512) keys_per_thread=auto(24) ranking=atomic value_load=auto(after-keys-batched) block_compile=generic histogram=auto(lanes) digit_bits=auto(8) single_block=on");
  ParamValues given = p;
  ASSERT_EQ(parse_param_assignment(a->params(), "value_load=after-keys", given, a->id()), "");
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U64, true, given).value_load,
            RadixValueLoad::AfterKeys);
  const ParamValues keys_only_given = a->params_as_run(given, KeyType::U64, false, large);
  EXPECT_EQ(format_params(a->params(), given, &keys_only_given), "threads=auto(256) keys_per_thread=auto(32) ranking=atomic block_compile=generic histogram=auto(lanes) digit_bits=auto(8) single_block=on");
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U64, false, given).value_load, RadixValueLoad::Late);
  // after-keys-batched: the same order with the value loads in batches; both use the key buffer.
  ParamValues batched = p;
  ASSERT_EQ(parse_param_assignment(a->params(), "value_load=after-keys-batched", batched, a->id()), "");
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U32, true, batched).value_load,
            RadixValueLoad::AfterKeysBatched);
  EXPECT_TRUE(radix_after_keys(RadixValueLoad::AfterKeysBatched));
  EXPECT_TRUE(radix_after_keys(RadixValueLoad::AfterKeys));
  EXPECT_FALSE(radix_after_keys(RadixValueLoad::Staged));
  EXPECT_FALSE(radix_after_keys(RadixValueLoad::Late));
  // histogram: auto (lanes at 2^28), lanes or shared, for keys-only and pairs runs alike; others refused.
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U32, false, p).histogram, RadixHistogram::Lanes);
  ParamValues shared = p;
  ASSERT_EQ(parse_param_assignment(a->params(), "histogram=shared", shared, a->id()), "");
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U64, false, shared).histogram, RadixHistogram::Shared);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U32, true, shared).histogram, RadixHistogram::Shared);
  const ParamValues shared_run = a->params_as_run(shared, KeyType::U32, false, large);
  EXPECT_EQ(format_params(a->params(), shared, &shared_run),
            "threads=auto(512) keys_per_thread=auto(24) ranking=atomic block_compile=generic histogram=shared digit_bits=auto(8) single_block=on");
  ParamValues bad_hist = p;
  EXPECT_NE(parse_param_assignment(a->params(), "histogram=warps", bad_hist, a->id()), "");
  bad_hist["histogram"] = 7;
  EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U32, false, bad_hist), std::invalid_argument);
  // block_compile=exact: kernels for the listed tile shapes only; others are refused in one line.
  ParamValues exact = p;
  ASSERT_EQ(parse_param_assignment(a->params(), "block_compile=exact", exact, a->id()), "");
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U64, false, exact).block_compile,
            RadixBlockCompile::Exact);  // auto: 256 x 32
  EXPECT_THROW(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U32, false, exact), std::invalid_argument);
  exact["threads"] = 384;
  exact["keys_per_thread"] = 24;
  EXPECT_NO_THROW(make_radix_plan(RadixVariant::Onesweep, large, KeyType::U32, true, exact));
  EXPECT_NO_THROW(make_radix_plan(RadixVariant::Onesweep, 4096, KeyType::U32, false, ParamValues{{"block_compile", 1}}));
  for (const RadixTileShape& t : kRadixExactShapes) EXPECT_TRUE(radix_exact_shape(t.threads, t.keys_per_thread));
  EXPECT_FALSE(radix_exact_shape(512, 24));
  // value_load=auto: the late path below 2^20 (for u32 pairs below 2^19), after-keys-batched from
  // 2^20 for 64-bit keys (512 x 16) and from 2^19 for 32-bit keys (512 x 8, 512 x 16, from 2^24 512 x 24).
  EXPECT_EQ(p.at("value_load"), kParamAuto);
  auto load = [&](KeyType t, int log2) {
    return RadixValueLoad(a->params_as_run(p, t, true, uint64_t(1) << log2).at("value_load"));
  };
  EXPECT_EQ(load(KeyType::U32, 18), RadixValueLoad::Late);
  EXPECT_EQ(load(KeyType::U32, 19), RadixValueLoad::AfterKeysBatched);
  EXPECT_EQ(load(KeyType::U32, 20), RadixValueLoad::AfterKeysBatched);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 19, KeyType::U32, true, p).tile_keys, 512u * 8u);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 21, KeyType::U32, true, p).tile_keys, 512u * 16u);
  EXPECT_EQ(load(KeyType::U64, 18), RadixValueLoad::Late);
  EXPECT_EQ(load(KeyType::U64, 20), RadixValueLoad::AfterKeysBatched);
  EXPECT_EQ(load(KeyType::U64, 22), RadixValueLoad::AfterKeysBatched);
  EXPECT_EQ(load(KeyType::F64, 28), RadixValueLoad::AfterKeysBatched);
  EXPECT_EQ(load(KeyType::U32, 22), RadixValueLoad::AfterKeysBatched);
  EXPECT_EQ(load(KeyType::U32, 24), RadixValueLoad::AfterKeysBatched);
  EXPECT_EQ(load(KeyType::F32, 26), RadixValueLoad::AfterKeysBatched);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 28, KeyType::U32, true, p).value_load,
            RadixValueLoad::AfterKeysBatched);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 28, KeyType::U32, true, p).tile_keys, 512u * 24u);
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 28, KeyType::U64, true, p).tile_keys, 512u * 16u);
  // histogram=auto is the default: shared below 2^20 for 32-bit keys and below 2^19 for 64-bit keys
  // (lanes lost up to 3.5% at 2^16..2^18), lanes above, with and without values; what ran names the
  // choice.
  EXPECT_EQ(p.at("histogram"), kParamAuto);
  const ParamSpec* hist_spec = find_param(a->params(), "histogram");
  ASSERT_NE(hist_spec, nullptr);
  EXPECT_TRUE(hist_spec->has_auto);  // so `tune` sweeps it
  for (KeyType t : {KeyType::U32, KeyType::F32, KeyType::U64, KeyType::I64})
    for (bool values : {false, true}) {
      auto hist = [&](uint64_t n) { return RadixHistogram(a->params_as_run(p, t, values, n).at("histogram")); };
      EXPECT_EQ(hist(uint64_t(1) << 16), RadixHistogram::Shared);
      EXPECT_EQ(hist(uint64_t(1) << 18), RadixHistogram::Shared);
      const bool wide = key_bytes(t) == 8;
      EXPECT_EQ(hist(uint64_t(1) << 19), wide ? RadixHistogram::Lanes : RadixHistogram::Shared);
      EXPECT_EQ(hist((uint64_t(1) << 19) - 1), RadixHistogram::Shared);
      EXPECT_EQ(hist((uint64_t(1) << 20) - 1), wide ? RadixHistogram::Lanes : RadixHistogram::Shared);
      EXPECT_EQ(hist(uint64_t(1) << 20), RadixHistogram::Lanes);
      EXPECT_EQ(hist(uint64_t(1) << 30), RadixHistogram::Lanes);
      EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 16, t, values, p).histogram, RadixHistogram::Shared);
      EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 24, t, values, p).histogram, RadixHistogram::Lanes);
    }
  const ParamValues small = a->params_as_run(p, KeyType::U32, false, uint64_t(1) << 16);
  EXPECT_EQ(format_params(a->params(), p, &small),
            "threads=auto(256) keys_per_thread=auto(12) ranking=atomic block_compile=generic histogram=auto(shared) digit_bits=auto(8) single_block=on");
  // An explicit choice wins at every size.
  EXPECT_EQ(make_radix_plan(RadixVariant::Onesweep, uint64_t(1) << 16, KeyType::U32, false,
                            ParamValues{{"histogram", int(RadixHistogram::Lanes)}}).histogram,
            RadixHistogram::Lanes);
  EXPECT_EQ(a->params_as_run(shared, KeyType::U64, true, uint64_t(1) << 28).at("histogram"), int(RadixHistogram::Shared));
  // Reduce-then-scan has no such parameter, and none appears in what it ran with.
  const Algorithm* rts = find_algorithm("radix");
  ASSERT_NE(rts, nullptr);
  EXPECT_EQ(rts->params_as_run({}, KeyType::U32, false, uint64_t(1) << 20).count("histogram"), 0u);
}

// An enumeration with an `auto` name is an auto parameter as a list with auto is (tune sweeps
// both); one without is not.
TEST(ParamSpec, EnumerationsWithAutoHaveAuto) {
  EXPECT_TRUE(ParamSpec::enumeration("e", {{kParamAuto, "auto"}, {1, "one"}}, kParamAuto, "").has_auto);
  EXPECT_FALSE(ParamSpec::enumeration("e", {{0, "zero"}, {1, "one"}}, 0, "").has_auto);
  const ParamSpec e = ParamSpec::enumeration("e", {{kParamAuto, "auto"}, {1, "one"}}, kParamAuto, "");
  EXPECT_TRUE(e.allows(kParamAuto));
  EXPECT_EQ(e.offered(), (std::vector<int>{kParamAuto, 1}));
  // fill_param_defaults fills what is missing and keeps what is there.
  const Algorithm* a = find_algorithm("radix-onesweep");
  ParamValues p{{"threads", 256}};
  fill_param_defaults(a->params(), p);
  EXPECT_EQ(p.at("threads"), 256);
  EXPECT_EQ(p.at("histogram"), kParamAuto);
  EXPECT_EQ(p.size(), a->params().size());
}

TEST(ScenarioJson, ParamsAreValuesAndNamesAndRoundTrip) {
  Scenario s;
  s.algorithm = "radix-onesweep";
  s.params = {{"threads", kParamAuto}, {"keys_per_thread", 16}, {"ranking", 0}};
  s.input.n = 12345;
  const nlohmann::json j = scenario_to_json(s, algorithm_params);
  EXPECT_EQ(j["params"], nlohmann::json::parse(R"({"threads": "auto", "keys_per_thread": 16, "ranking": "ballot"})"));
  const Scenario back = scenario_from_json(nlohmann::json::parse(j.dump()), algorithm_params);
  EXPECT_EQ(back.params, s.params);
  EXPECT_EQ(back.algorithm, s.algorithm);
  EXPECT_EQ(back.input.n, s.input.n);

  Scenario m;
  m.algorithm = "multiway-merge";
  ASSERT_EQ(resolve_params(*algorithm_params(m.algorithm), m.params, m.algorithm), "");
  EXPECT_EQ(scenario_from_json(scenario_to_json(m, algorithm_params), algorithm_params).params, m.params);
}

TEST(ScenarioJson, IllegalParamsAreRefusedWithTheAllowedList) {
  auto error_of = [](const char* text) {
    try {
      scenario_from_json(nlohmann::json::parse(text), algorithm_params);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_TRUE(contains(error_of(R"({"algorithm": "radix-onesweep", "params": {"keys_per_thread": 3}})"),
                       "allowed: auto, 2, 8, 12, 16, 20, 24, 28, 32"));
  EXPECT_TRUE(contains(error_of(R"({"algorithm": "radix-onesweep", "params": {"ranking": "fast"}})"),
                       "allowed: ballot, match, atomic"));
  EXPECT_TRUE(contains(error_of(R"({"algorithm": "radix-onesweep", "params": {"ranking": 2}})"),
                       "allowed: ballot, match, atomic"));
  EXPECT_TRUE(contains(error_of(R"({"algorithm": "merge", "params": {"threads": 2}})"), "allowed: auto, 128, 256, 512"));
  EXPECT_TRUE(contains(error_of(R"({"algorithm": "merge", "params": {"nosuch": 2}})"), "unknown parameter 'nosuch'"));
  EXPECT_TRUE(contains(error_of(R"({"algorithm": "bitonic", "params": {"threads": 4294967296}})"), "threads"));
  EXPECT_TRUE(contains(error_of(R"({"algorithm": "bitonic", "params": {"threads": 1.5}})"), "threads"));
}

// The built-in auto choices depend on the size (common/size_table.h): every size of every key
// width and values resolves to values the specs allow and the plans build, small inputs get other
// tiles than large ones, and a value given explicitly always wins.
TEST(ParamSpec, BuiltinAutoIsSizeAware) {
  for (const char* id : {"merge", "radix-onesweep"}) {
    const Algorithm* a = find_algorithm(id);
    ParamValues p;
    ASSERT_EQ(resolve_params(a->params(), p, id), "");
    for (KeyType key : {KeyType::U32, KeyType::U64, KeyType::F64})
      for (bool values : {false, true}) {
        SCOPED_TRACE(std::string(id) + " " + std::string(key_type_name(key)) + (values ? " pairs" : " keys"));
        for (int log2 = 0; log2 <= 31; ++log2) {
          const uint64_t n = uint64_t(1) << log2;
          const ParamValues ran = a->params_as_run(p, key, values, n);
          for (const ParamSpec& spec : a->params()) {
            if (!ran.count(spec.name)) {  // only a parameter the run has no use for is dropped
              EXPECT_TRUE(spec.name == "value_load" && !values) << spec.name << " at 2^" << log2;
              continue;
            }
            ASSERT_NE(ran.at(spec.name), kParamAuto) << spec.name << " at 2^" << log2;
            EXPECT_TRUE(spec.allows(ran.at(spec.name))) << spec.name << " at 2^" << log2;
          }
          if (std::string(id) == "merge")
            EXPECT_NO_THROW(make_two_way_plan(n, ran));
          else
            EXPECT_NO_THROW(make_radix_plan(RadixVariant::Onesweep, n, key, values, ran));
        }
        EXPECT_NE(a->params_as_run(p, key, values, uint64_t(1) << 16), a->params_as_run(p, key, values, uint64_t(1) << 28));
      }
  }
  // Merge: the 2^28 u32 keys row is the former fixed default's neighbour; 2^16 takes a smaller tile.
  const Algorithm* merge = find_algorithm("merge");
  ParamValues p;
  ASSERT_EQ(resolve_params(merge->params(), p, "merge"), "");
  const TwoWayPlan small = make_two_way_plan(uint64_t(1) << 16, KeyType::U32, false, p);
  const TwoWayPlan large = make_two_way_plan(uint64_t(1) << 28, KeyType::U32, false, p);
  EXPECT_LT(small.block_tile, large.block_tile);
  // Small sizes: the merge blocks search their own splits (no partition launch); 2^28: the
  // partition kernel (docs/performance-history.md, "Merge passes without a partition launch").
  EXPECT_TRUE(small.fused_partition);
  EXPECT_FALSE(large.fused_partition);
  // u32 keys from 2^26: the 1024-thread block sort (128 x 25 x 8), one pass fewer than 256 x 21 x 2.
  EXPECT_EQ(large.block_threads, 1024);
  EXPECT_EQ(large.block_tile, uint64_t(128 * 25 * 8));
  EXPECT_EQ(large.passes, 14);
  EXPECT_THROW(make_two_way_plan(uint64_t(1) << 16, p), std::invalid_argument);  // auto must be resolved first
  // u64 + values: keys and values apart from 2^20 (measured there and above), 16-byte items below;
  // other items never split.
  EXPECT_FALSE(make_two_way_plan(uint64_t(1) << 18, KeyType::U64, true, p).split_values);
  for (int log2 : {20, 22, 24, 28, 30}) {
    EXPECT_TRUE(make_two_way_plan(uint64_t(1) << log2, KeyType::U64, true, p).split_values) << log2;
    EXPECT_TRUE(make_two_way_plan(uint64_t(1) << log2, KeyType::F64, true, p).split_values) << log2;
    EXPECT_FALSE(make_two_way_plan(uint64_t(1) << log2, KeyType::U64, false, p).split_values) << log2;
    EXPECT_FALSE(make_two_way_plan(uint64_t(1) << log2, KeyType::U32, true, p).split_values) << log2;
  }
  p[kTwoWayKeysPerThread] = 15;
  for (int log2 : {16, 20, 24, 28}) {
    const ParamValues ran = merge->params_as_run(p, KeyType::U64, true, uint64_t(1) << log2);
    EXPECT_EQ(ran.at(kTwoWayKeysPerThread), 15);
    EXPECT_NE(ran.at(kTwoWayThreads), kParamAuto);
  }
}

}  // namespace
}  // namespace sortscope
