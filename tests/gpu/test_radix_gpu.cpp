// Radix sort on the GPU (both variants) against the CPU model, std::stable_sort and CUB: results
// for every key type with and without values (stability included), every parameter choice, and in
// explain mode the GPU's snapshots step by step against the model's. Under compute-sanitizer
// (--sanitizer-run) only small inputs run.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include "baselines/cub_radix.h"
#include "common/cuda_check.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "gpu_test_env.h"
#include "radix/radix_steps.h"
#include "../unit/radix_test_support.h"
#include "device_input.h"
#include "explain_gpu_support.h"

namespace sortscope::test {
namespace {

const Algorithm* kVariants[] = {&radix_algorithm(), &radix_onesweep_algorithm()};

void expect_equal_sorts(const HostKeys& got, const HostKeys& want, const std::string& what) {
  ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(want)) << what;
  ASSERT_EQ(got.values, want.values) << what << ": values differ (stability)";
}

std::vector<uint64_t> sizes() {
  if (g_racecheck_run) return {333, 4097};
  if (g_sanitizer_run) return {0, 1, 333, 4096, 4097, 20011};
  return {0, 1, 2, 333, 4096, 4097, 7681, 65535, 65537, 1000003, (uint64_t(1) << 20) + 7};
}

TEST(RadixGpu, SortsLikeTheModelAndCubForEveryKeyType) {
  DeviceScratch scratch;
  const ParamValues none;
  for (const Algorithm* a : kVariants) {
    const ParamValues p = radix_params(*a);
    for (KeyType t : tested_key_types())
      for (uint64_t n : sizes())
        for (bool values : {false, true}) {
          const std::string what = radix_describe(a->id(), t, n, values);
          const HostKeys input = radix_input(Distribution::Uniform, t, n, values);
          const HostKeys got = sort_on_gpu(*a, p, input, scratch);
          HostKeys model = input;
          a->run_model(p, model, nullptr);
          expect_equal_sorts(got, model, what + " vs model");
          const HostKeys cub = sort_on_gpu(cub_radix_algorithm(), none, input, scratch);
          expect_equal_sorts(got, cub, what + " vs cub-radix");
          const SortedPairs ref = radix_stable_reference(input);
          ASSERT_EQ(radix_ordered_of(got), ref.keys) << what;
          if (values) {
            ASSERT_EQ(got.values, ref.values) << what;
          }
        }
  }
}

TEST(RadixGpu, DistributionsAndSpecialValuesStayStable) {
  DeviceScratch scratch;
  const uint64_t n = g_sanitizer_run ? 9000 : 300007;
  for (const Algorithm* a : kVariants) {
    const ParamValues p = radix_params(*a);
    for (KeyType t : tested_key_types()) {
      std::vector<std::pair<std::string, HostKeys>> inputs;
      inputs.emplace_back("special", radix_special_input(t, n, true));
      for (Distribution d : {Distribution::Zero, Distribution::Sorted, Distribution::ReverseSorted,
                             Distribution::FewUnique, Distribution::LowEntropy, Distribution::RandomizedDuplicates})
        inputs.emplace_back(std::string(distribution_name(d)), radix_input(d, t, n, true));
      for (const auto& [name, input] : inputs) {
        const SortedPairs ref = radix_stable_reference(input);
        const HostKeys got = sort_on_gpu(*a, p, input, scratch);
        ASSERT_EQ(radix_ordered_of(got), ref.keys) << radix_describe(a->id() + " " + name, t, n, true);
        ASSERT_EQ(got.values, ref.values) << radix_describe(a->id() + " " + name, t, n, true) << ": not stable";
      }
    }
  }
}

TEST(RadixGpu, EveryParameterChoice) {
  DeviceScratch scratch;
  const uint64_t n = g_racecheck_run ? 4500 : g_sanitizer_run ? 20011 : 500009;
  std::vector<std::pair<const Algorithm*, std::vector<std::string>>> configs;
  const std::vector<std::string> kpts = g_sanitizer_run
      ? std::vector<std::string>{"8", "32"} : std::vector<std::string>{"8", "12", "16", "20", "24", "28", "32"};
  const std::vector<std::string> threads = g_sanitizer_run
      ? std::vector<std::string>{"256"} : std::vector<std::string>{"128", "256", "384", "512"};
  for (const char* ranking : {"ranking=ballot", "ranking=match", "ranking=atomic"})
    for (const auto& kpt : kpts)
      for (const auto& th : threads)
        for (const Algorithm* a : kVariants)
          configs.push_back({a, {ranking, "keys_per_thread=" + kpt, "threads=" + th}});
  // When a key-value onesweep tile loads its values (the inputs below have values).
  for (const char* load : {"value_load=early", "value_load=staged", "value_load=after-keys", "value_load=after-keys-batched"})
    for (const auto& kpt : kpts)
      for (const auto& th : threads)
        configs.push_back({&radix_onesweep_algorithm(), {load, "keys_per_thread=" + kpt, "threads=" + th}});
  // Kernels compiled for exactly their block size, with every value load (keys only: below).
  for (const RadixTileShape& shape : kRadixExactShapes)
    for (const char* load : {"value_load=late", "value_load=early", "value_load=staged", "value_load=after-keys",
                             "value_load=after-keys-batched"})
      configs.push_back({&radix_onesweep_algorithm(),
                         {load, "block_compile=exact", "threads=" + std::to_string(shape.threads),
                          "keys_per_thread=" + std::to_string(shape.keys_per_thread)}});
  // Both histograms (lanes is the default) with three value loads and two tile shapes.
  for (const char* hist : {"histogram=shared", "histogram=lanes"})
    for (const char* load : {"value_load=late", "value_load=staged", "value_load=after-keys-batched"})
      for (const char* shape : {"threads=128", "threads=512"})
        configs.push_back({&radix_onesweep_algorithm(), {hist, load, shape}});
  for (int bits = 1; bits <= 8; ++bits) {
    if (g_sanitizer_run && bits != 1 && bits != 5 && bits != 8) continue;
    for (const char* blocks : {"max_blocks=1", "max_blocks=7", "max_blocks=1024"})
      configs.push_back({&radix_algorithm(), {"radix_bits=" + std::to_string(bits), blocks}});
  }
  for (KeyType t : {KeyType::U32, KeyType::F64}) {
    const HostKeys input = radix_input(Distribution::FewUnique, t, n, true);
    const SortedPairs ref = radix_stable_reference(input);
    for (const auto& [a, set] : configs) {
      const ParamValues p = radix_params(*a, set);
      std::string what = a->id();
      for (const auto& s : set) what += " " + s;
      const HostKeys got = sort_on_gpu(*a, p, input, scratch);
      ASSERT_EQ(radix_ordered_of(got), ref.keys) << radix_describe(what, t, n, true);
      ASSERT_EQ(got.values, ref.values) << radix_describe(what, t, n, true);
    }
  }
}

// histogram=lanes on every key type, keys only and pairs, uniform and all-equal keys (all of a
// lane's keys in one digit: the largest counts a 16-bit column half takes).
TEST(RadixGpu, LanesHistogramSortsEveryKeyType) {
  DeviceScratch scratch;
  const Algorithm& a = radix_onesweep_algorithm();
  const ParamValues p = radix_params(a, {"histogram=lanes"});
  std::vector<uint64_t> ns = {4097, 20011};
  if (!g_sanitizer_run) ns.insert(ns.end(), {1000003, (uint64_t(1) << 22) + 7});
  for (KeyType t : tested_key_types())
    for (uint64_t n : ns)
      for (bool values : {false, true})
        for (Distribution dist : {Distribution::Uniform, Distribution::Zero}) {
          if (dist == Distribution::Zero && n != ns.back()) continue;
          const HostKeys input = radix_input(dist, t, n, values);
          const SortedPairs ref = radix_stable_reference(input);
          const HostKeys got = sort_on_gpu(a, p, input, scratch);
          const std::string what = radix_describe("radix-onesweep histogram=lanes", t, n, values);
          ASSERT_EQ(radix_ordered_of(got), ref.keys) << what;
          if (values) ASSERT_EQ(got.values, ref.values) << what;
        }
}

// block_compile=exact on keys-only runs (the test above sorts pairs).
TEST(RadixGpu, ExactBlockKernelsSortKeys) {
  DeviceScratch scratch;
  const uint64_t n = g_sanitizer_run ? 20011 : 500009;
  for (KeyType t : {KeyType::U32, KeyType::F64})
    for (const RadixTileShape& shape : kRadixExactShapes) {
      const HostKeys input = radix_input(Distribution::FewUnique, t, n, false);
      const SortedPairs ref = radix_stable_reference(input);
      const std::vector<std::string> set = {"block_compile=exact", "threads=" + std::to_string(shape.threads),
                                            "keys_per_thread=" + std::to_string(shape.keys_per_thread)};
      const HostKeys got = sort_on_gpu(radix_onesweep_algorithm(), radix_params(radix_onesweep_algorithm(), set),
                                       input, scratch);
      ASSERT_EQ(radix_ordered_of(got), ref.keys) << radix_describe("exact " + set[1] + " " + set[2], t, n, false);
    }
}

// digit_bits=11 (onesweep's wide passes): u32 (3 passes: keys -> alt -> alt2 -> keys), u64 (6),
// f32 and i64, keys and pairs, every ranking, the tile shapes a wide tile fits (packed counters),
// sizes with a ragged last tile; uniform, all-equal (single-digit short circuit) and few-unique
// keys, against std::stable_sort and the model.
TEST(RadixGpu, ElevenBitDigitsSortLikeTheModel) {
  DeviceScratch scratch;
  const Algorithm& a = radix_onesweep_algorithm();
  std::vector<uint64_t> ns = {4097, 20011};
  if (!g_sanitizer_run) ns.push_back((uint64_t(1) << 20) + 13);  // (the first two cases only)
  struct Case {
    const char *threads, *kpt, *ranking;
  };
  const Case cases[] = {{"threads=auto", "keys_per_thread=auto", "ranking=atomic"},
                        {"threads=256", "keys_per_thread=32", "ranking=atomic"},
                        {"threads=384", "keys_per_thread=24", "ranking=match"},
                        {"threads=128", "keys_per_thread=12", "ranking=ballot"}};
  for (const Case& c : cases)
    for (KeyType t : {KeyType::U32, KeyType::U64, KeyType::F32, KeyType::I64})
      for (uint64_t n : ns)
        for (bool values : {false, true})
          for (Distribution dist : {Distribution::Uniform, Distribution::Zero, Distribution::FewUnique}) {
            if (dist != Distribution::Uniform && n != ns[1] && n != ns.back()) continue;
            if (n > (uint64_t(1) << 16) && &c - cases > 1) continue;
            if (g_sanitizer_run && (t == KeyType::F32 || t == KeyType::I64)) continue;
            const ParamValues p = radix_params(a, {"digit_bits=11", c.threads, c.kpt, c.ranking});
            const HostKeys input = radix_input(dist, t, n, values);
            const SortedPairs ref = radix_stable_reference(input);
            const HostKeys got = sort_on_gpu(a, p, input, scratch);
            const std::string what = radix_describe("radix-onesweep digit_bits=11 " + std::string(distribution_name(dist)) +
                                                        " " + c.threads + " " + c.kpt + " " + c.ranking,
                                                    t, n, values);
            ASSERT_EQ(radix_ordered_of(got), ref.keys) << what;
            if (values) ASSERT_EQ(got.values, ref.values) << what;
            if (n == ns[1]) {
              HostKeys model = input;
              a.run_model(p, model, nullptr);
              expect_equal_sorts(got, model, what + " vs model");
            }
          }
}

// Explain mode: the GPU timeline equals the model's step for step (the look-back times excepted:
// on the GPU they are measured, so only their invariants are checked).
void expect_same_timeline(const Algorithm& a, const ParamValues& p, const HostKeys& input) {
  const std::string what = radix_describe(a.id(), input.type, input.size(), input.has_values());
  const ExplainRuns r = run_explain(a, p, input);
  expect_equal_sorts(r.gpu_keys, r.model_keys, what + " result");
  const RadixPlan plan = make_radix_plan(radix_variant_of(a), input.size(), input.type, input.has_values(), p);
  const auto same_aux = [&](const Step& g, const Step& m, const std::string& at) {
    expect_matching_aux<DigitHistogram>(g, m, at, [&](const DigitHistogram& gh, const DigitHistogram& mh) {
      EXPECT_EQ(gh.rows, mh.rows) << at;
      EXPECT_EQ(gh.blocks_per_row, mh.blocks_per_row) << at;
      EXPECT_EQ(gh.digit_shift, mh.digit_shift) << at;
      EXPECT_EQ(gh.counts, mh.counts) << at;
      EXPECT_EQ(gh.scanned, mh.scanned) << at;
    });
    expect_matching_aux<LocalRanks>(g, m, at, [&](const LocalRanks& gr, const LocalRanks& mr) {
      EXPECT_EQ(gr.block, mr.block) << at;
      EXPECT_EQ(gr.ranks, mr.ranks) << at;
    });
    expect_matching_aux<ScatterMap>(g, m, at, [&](const ScatterMap& gm, const ScatterMap& mm) {
      EXPECT_EQ(gm.dest, mm.dest) << at;
    });
    expect_matching_aux<LookbackState>(g, m, at, [&](const LookbackState& gl, const LookbackState&) {
      SCOPED_TRACE(at);
      EXPECT_TRUE(gl.measured);
      ASSERT_EQ(gl.tiles, plan.tiles);
      std::vector<bool> seen(gl.ticks, false);
      for (uint32_t t = 0; t < gl.tiles; ++t) {
        EXPECT_LE(gl.aggregate_at[t], gl.inclusive_at[t]);
        ASSERT_LT(gl.inclusive_at[t], gl.ticks);
        EXPECT_LE(gl.depth[t], t);
        if (t > 0) EXPECT_GE(gl.depth[t], 1u);
        EXPECT_FALSE(seen[gl.aggregate_at[t]]);
        seen[gl.aggregate_at[t]] = true;
        if (t > 0) {
          EXPECT_FALSE(seen[gl.inclusive_at[t]]);
          seen[gl.inclusive_at[t]] = true;
        }
      }
      EXPECT_EQ(gl.depth[0], 0u);
    });
  };
  expect_explain_steps_equal(r, what, {.captions = false, .launches = true, .pseudo_lines = true}, same_aux);
}

TEST(RadixGpu, ExplainSnapshotsEqualTheModels) {
  std::vector<uint64_t> ns = {0, 1, 1000, 4096, 9001, 70001};
  if (!g_sanitizer_run) ns.push_back(1500007);
  for (const Algorithm* a : kVariants)
    for (uint64_t n : ns)
      for (KeyType t : {KeyType::F32, KeyType::I64}) {
        const bool values = (n % 2) == 1;
        expect_same_timeline(*a, radix_params(*a), radix_input(Distribution::Gaussian, t, n, values));
      }
  expect_same_timeline(radix_algorithm(),
                       radix_params(radix_algorithm(), {"radix_bits=3", "max_blocks=5", "threads=128", "keys_per_thread=8"}),
                       radix_input(Distribution::FewUnique, KeyType::U32, 20011, true));
  for (const char* load : {"value_load=early", "value_load=staged", "value_load=after-keys", "value_load=after-keys-batched"})
    expect_same_timeline(radix_onesweep_algorithm(), radix_params(radix_onesweep_algorithm(), {load}),
                         radix_input(Distribution::FewUnique, KeyType::U32, 20011, true));
  // The shared histogram (lanes is the default): the all-places histogram step must be the model's.
  expect_same_timeline(radix_onesweep_algorithm(), radix_params(radix_onesweep_algorithm(), {"histogram=shared"}),
                       radix_input(Distribution::Uniform, KeyType::I64, 70001, false));
  // All keys equal: every full onesweep tile takes the single-digit short circuit (no ranking, keys
  // stored from registers); its snapshots and scatter map must still be the model's.
  for (bool values : {false, true})
    expect_same_timeline(radix_onesweep_algorithm(), radix_params(radix_onesweep_algorithm()),
                         radix_input(Distribution::Zero, KeyType::I32, 70001, values));
}

// The lecture block (threads=32, one warp: radix_teaching_threads) at the sizes a lecture explains
// and beyond: explain mode step for step against the model (4-bit and 8-bit digits, every value
// load), and measured runs of every ranking, keys per thread and histogram against the stable sort.
TEST(RadixGpu, LectureBlockOfOneWarpEqualsTheModel) {
  for (uint64_t n : {uint64_t(256), uint64_t(1000), uint64_t(1024), uint64_t(4097)})
    for (KeyType t : {KeyType::U32, KeyType::I64}) {
      const bool values = n != 1024;
      expect_same_timeline(radix_algorithm(),
                           radix_params(radix_algorithm(), {"threads=32", "radix_bits=4", "single_block=off"}),
                           radix_input(Distribution::Gaussian, t, n, values));
      expect_same_timeline(radix_onesweep_algorithm(),
                           radix_params(radix_onesweep_algorithm(), {"threads=32", "single_block=off"}),
                           radix_input(Distribution::Gaussian, t, n, values));
    }
  DeviceScratch scratch;
  const HostKeys input = radix_input(Distribution::FewUnique, KeyType::U32, g_sanitizer_run ? 20011 : 300007, true);
  const SortedPairs ref = radix_stable_reference(input);
  for (const char* ranking : {"ranking=ballot", "ranking=match", "ranking=atomic"})
    for (const char* kpt : {"keys_per_thread=8", "keys_per_thread=32"})
      for (const char* extra : {"histogram=shared", "histogram=lanes", "value_load=after-keys-batched"})
        for (const Algorithm* a : kVariants) {
          std::vector<std::string> set = {"threads=32", ranking, kpt};
          if (a == &radix_onesweep_algorithm()) set.push_back(extra);
          const HostKeys got = sort_on_gpu(*a, radix_params(*a, set), input, scratch);
          std::string what = a->id();
          for (const auto& x : set) what += " " + x;
          ASSERT_EQ(radix_ordered_of(got), ref.keys) << what;
          ASSERT_EQ(got.values, ref.values) << what;
        }
}

// The teaching values at lecture sizes (kernels/teaching_params.h): the lecture tile (one warp x 2
// keys) at 256 keys, one warp x 8 at 1024, 128 x 8 at 4096, 4-bit digits in both variants (onesweep's
// lecture digit width), passes over tiles: explain mode step for step against the model, and the
// measured run sorted and a permutation (the stable sort's keys and values). Then the lecture tile
// with 8-bit digits and every ranking (its atomic-OR words outgrow its 64-key exchange buffer) and
// 4-bit onesweep digits on every compiled keys per thread, measured, against the stable sort.
TEST(RadixGpu, LectureTilesAndDigitsEqualTheModel) {
  DeviceScratch scratch;
  for (const Algorithm* a : kVariants)
    for (uint64_t n : {uint64_t(256), uint64_t(1024), uint64_t(4096)})
      for (KeyType t : {KeyType::U32, KeyType::I64})
        for (bool values : {false, true}) {
          ParamValues p = a->teaching_params(n, t, values, {});
          ASSERT_EQ(resolve_params(a->params(), p, a->id()), "");
          expect_same_timeline(*a, p, radix_input(Distribution::Gaussian, t, n, values));
          const HostKeys input = radix_input(Distribution::FewUnique, t, n, values);
          const HostKeys got = sort_on_gpu(*a, p, input, scratch);
          const SortedPairs ref = radix_stable_reference(input);
          const std::string what = radix_describe(a->id() + " teaching values", t, n, values);
          ASSERT_EQ(radix_ordered_of(got), ref.keys) << what;
          if (values) ASSERT_EQ(got.values, ref.values) << what;
        }
  const HostKeys input = radix_input(Distribution::FewUnique, KeyType::U32, g_sanitizer_run ? 5003 : 70001, true);
  const SortedPairs ref = radix_stable_reference(input);
  // (tile and ranking, digit width); the digit width is radix_bits or digit_bits by variant.
  std::vector<std::pair<std::vector<std::string>, int>> sets;
  for (const char* ranking : {"ranking=ballot", "ranking=match", "ranking=atomic"})
    for (int bits : {4, 8}) sets.push_back({{"threads=32", "keys_per_thread=2", ranking}, bits});
  for (int kpt : kRadixKeysPerThread) sets.push_back({{"keys_per_thread=" + std::to_string(kpt)}, 4});
  for (const Algorithm* a : kVariants)
    for (const auto& [tile, bits] : sets) {
      std::vector<std::string> given = tile;
      given.push_back((a == &radix_algorithm() ? "radix_bits=" : "digit_bits=") + std::to_string(bits));
      const HostKeys got = sort_on_gpu(*a, radix_params(*a, given), input, scratch);
      std::string what = a->id();
      for (const auto& x : given) what += " " + x;
      ASSERT_EQ(radix_ordered_of(got), ref.keys) << what;
      ASSERT_EQ(got.values, ref.values) << what;
    }
}

// 11-bit digits in explain mode: 2048-digit tile counts and offsets, three passes (u32) and six
// (i64), all keys equal (the short circuit) and few unique ones.
TEST(RadixGpu, ElevenBitExplainSnapshotsEqualTheModels) {
  for (KeyType t : {KeyType::U32, KeyType::I64})
    for (Distribution d : {Distribution::FewUnique, Distribution::Zero})
      expect_same_timeline(radix_onesweep_algorithm(), radix_params(radix_onesweep_algorithm(), {"digit_bits=11"}),
                           radix_input(d, t, 70001, true));
}

}  // namespace
}  // namespace sortscope::test
