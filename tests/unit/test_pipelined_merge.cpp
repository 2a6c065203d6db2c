// Pipelined 4-way merging (Leischner 2010 §5.3.5; kernels/merge/pipelined_schedule.h): the host
// merger against std::merge on adversarial pieces, the sort with merge=pipelined-4way against
// std::stable_sort (up to stability: the tree runs the bitonic network) on every key type, with
// values, at the edge sizes; the PipelineTrace's rounds follow the schedule and round-trip through
// their trace codec, and a hostile one is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "common/trace_aux.h"
#include "common/trace_bytes.h"
#include "primitives/items/item_traits.h"
#include "merge/multiway.h"
#include "merge/multiway_model.h"
#include "merge/multiway_perf_model.h"
#include "merge/multiway_plan.h"
#include "merge/two_way_plan.h"
#include "merge_test_support.h"

namespace sortscope::test {
namespace {

ParamValues pipelined_params(int fan_in, int part_keys, const std::string& b) {
  const Algorithm& a = multiway_merge_algorithm();
  return resolved(a, {{kTwoWayThreads, choice(a, kTwoWayThreads, "128")},
                      {kTwoWayKeysPerThread, choice(a, kTwoWayKeysPerThread, "7")},
                      {kTwoWayBlockSortFactor, choice(a, kTwoWayBlockSortFactor, "1")},
                      {kMultiwayFanIn, fan_in},
                      {kMultiwayPartKeys, part_keys},
                      {kMultiwayMergeThreads, choice(a, kMultiwayMergeThreads, b)},
                      {kMultiwayMerge, choice(a, kMultiwayMerge, "pipelined-4way")}});
}

TEST(PipelinedMerge, FourPiecesEqualStdMergeAndTheRoundsFollowTheSchedule) {
  using T = merge::PairsU32;
  std::mt19937_64 rng(13);
  auto by_key = [](uint64_t a, uint64_t b) { return T::key(a) < T::key(b); };
  for (int trial = 0; trial < 160; ++trial) {
    std::vector<uint64_t> piece[4];
    uint32_t len[4];
    for (int p = 0; p < 4; ++p) {
      // Empty pieces, one-key pieces, multiples of b and not; few distinct keys (ties across all
      // four) or the largest key (no sentinel value may be reserved).
      const uint32_t shape = uint32_t(rng() % 5);
      len[p] = shape == 0 ? 0 : (shape == 1 ? 1 : (shape == 2 ? 128 * uint32_t(1 + rng() % 4) : uint32_t(rng() % 900)));
      const uint32_t range = trial % 3 == 0 ? 4 : 1000000;
      for (uint32_t i = 0; i < len[p]; ++i)
        piece[p].push_back(T::make(trial % 5 == 1 ? 0xffffffffu : uint32_t(rng() % range), uint32_t(p * 10000 + i)));
      std::stable_sort(piece[p].begin(), piece[p].end(), by_key);
    }
    std::vector<uint64_t> want;
    for (auto& p : piece) want.insert(want.end(), p.begin(), p.end());
    std::stable_sort(want.begin(), want.end(), by_key);
    const uint32_t total = len[0] + len[1] + len[2] + len[3];
    for (int b : {64, 128, 256}) {
      const std::string what = "trial " + std::to_string(trial) + " b=" + std::to_string(b);
      const uint64_t* src[4] = {piece[0].data(), piece[1].data(), piece[2].data(), piece[3].data()};
      std::vector<uint64_t> z(total, 0);
      PipelineTrace tr;
      merge::pipelined_merge_host<T>(src, len, z.data(), b, &tr);
      for (uint32_t i = 0; i < total; ++i) ASSERT_EQ(T::key(z[i]), T::key(want[i])) << what << " at " << i;
      std::vector<uint64_t> zs = z, ws = want;
      std::sort(zs.begin(), zs.end());
      std::sort(ws.begin(), ws.end());
      ASSERT_EQ(zs, ws) << what;
      // Rounds: the head's first load, then one per b outputs; each leaf runs exactly its steps.
      ASSERT_EQ(tr.rounds, total ? 1 + (total + uint32_t(b) - 1) / uint32_t(b) : 0u) << what;
      ASSERT_EQ(tr.fill.size(), 2 * size_t(tr.rounds)) << what;
      uint32_t leaf_steps[2] = {0, 0};
      for (uint32_t r = 0; r < tr.rounds; ++r) {
        for (int i = 0; i < 2; ++i) {
          leaf_steps[i] += (tr.leaves[r] >> i) & 1u;
          ASSERT_LE(tr.fill[2 * r + size_t(i)], uint32_t(2 * b)) << what;
        }
        ASSERT_EQ(tr.output[r], std::min<uint64_t>(uint64_t(r) * uint64_t(b), total)) << what;
      }
      for (int i = 0; i < 2; ++i)
        ASSERT_EQ(leaf_steps[i], (len[2 * i] + len[2 * i + 1] + uint32_t(b) - 1) / uint32_t(b)) << what << " leaf " << i;
      if (total) {
        // Round 0 primes both buffers with b keys (or all a leaf has).
        EXPECT_EQ(tr.fill[0], std::min<uint32_t>(uint32_t(b), len[0] + len[1])) << what;
        EXPECT_EQ(tr.fill[1], std::min<uint32_t>(uint32_t(b), len[2] + len[3])) << what;
      }
    }
  }
}

TEST(PipelinedMerge, SortsEveryKeyTypeWithValuesUpToStability) {
  for (const auto& [k, part, b] : std::vector<std::tuple<int, int, std::string>>{
           {2, 1024, "64"}, {4, 1024, "64"}, {8, 4096, "128"}, {16, 2048, "64"}, {64, 16384, "256"}})
    for (KeyType t : kAllKeyTypes)
      for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Zero, Distribution::Staggered})
        for (uint64_t n : {uint64_t(0), uint64_t(1), uint64_t(2), uint64_t(1000), uint64_t(4096), uint64_t(50003)}) {
          const HostKeys input = merge_input(d, t, n, true);
          HostKeys keys = input;
          multiway_merge_algorithm().run_model(pipelined_params(k, part, b), keys, nullptr);
          ASSERT_TRUE(same_up_to_stability(ordered_pairs(keys), stable_sorted(input)))
              << merge_describe(d, t, n, true) << " k=" << k;
        }
}

TEST(PipelinedMerge, PlanHalvesTheTreeLevels) {
  const uint64_t n = 1 << 20;
  for (int k : {2, 4, 8, 16, 256}) {
    ParamValues block_wise = pipelined_params(k, 16384, "128");
    block_wise[kMultiwayMerge] = kMultiwayMergeBlockWise;
    const MultiwayPlan two = make_multiway_plan(n, block_wise);
    const MultiwayPlan four = make_multiway_plan(n, pipelined_params(k, 16384, "128"));
    ASSERT_TRUE(four.pipelined);
    ASSERT_EQ(two.rounds.size(), four.rounds.size());
    for (size_t r = 0; r < two.rounds.size(); ++r) EXPECT_EQ(four.rounds[r].levels, (two.rounds[r].levels + 1) / 2) << k;
  }
}

// The model (§5.3.5): ceil(log4 k) levels instead of ceil(log2 k), each reading and writing every
// key once, so half the part merge's bytes at k = 16; per key and 4-way level 21 + 4 x 32 / b
// outside the networks and two networks, against 12 + 2 x 32 / b and one network a two-way level.
TEST(PipelinedMerge, ModelCountsHalfTheLevels) {
  const uint64_t n = uint64_t(1) << 24;
  ParamValues block_wise = pipelined_params(16, 16384, "128");
  block_wise[kMultiwayMerge] = kMultiwayMergeBlockWise;
  const ParamValues pipelined = pipelined_params(16, 16384, "128");
  const MultiwayPlan p2 = make_multiway_plan(n, block_wise), p4 = make_multiway_plan(n, pipelined);
  const PerfModel two = multiway_merge_algorithm().perf_model(n, KeyType::U32, false, block_wise);
  const PerfModel four = multiway_merge_algorithm().perf_model(n, KeyType::U32, false, pipelined);
  ASSERT_EQ(two.launches.size(), four.launches.size());
  const double op2 = multiway_ops_per_key_level(128, false, false), op4 = multiway_ops_per_key_level(128, false, true);
  EXPECT_DOUBLE_EQ(op4, 21 + 1 + 2 * leischner_network_ops_per_key(128, false));
  EXPECT_LT(op4, 2 * op2);  // "slightly more efficient" (§5.3.5)
  EXPECT_GT(op4, 2 * op2 - 4);
  size_t round = 0;
  for (size_t i = 0; i < two.launches.size(); ++i) {
    if (two.launches[i].launch != multiway_merge_launch_index(int(round))) {
      EXPECT_EQ(two.launches[i].bytes, four.launches[i].bytes) << two.launches[i].name;
      continue;
    }
    const int l2 = p2.rounds[round].levels, l4 = p4.rounds[round].levels;
    EXPECT_EQ(l4, (l2 + 1) / 2);
    EXPECT_DOUBLE_EQ(four.launches[i].bytes * l2, two.launches[i].bytes * l4) << four.launches[i].name;
    EXPECT_DOUBLE_EQ(four.launches[i].warp_ops, double(n) * op4 * l4 / 32) << four.launches[i].name;
    EXPECT_DOUBLE_EQ(two.launches[i].warp_ops, double(n) * op2 * l2 / 32) << two.launches[i].name;
    ++round;
  }
  EXPECT_EQ(round, p4.rounds.size());
  EXPECT_NE(four.source.find("§5.3.5"), std::string::npos);
}

TEST(PipelinedMerge, TimelineCarriesThePipelineAndItRoundTrips) {
  const Algorithm& a = multiway_merge_algorithm();
  const ParamValues params = pipelined_params(16, 2048, "64");
  HostKeys keys = merge_input(Distribution::Uniform, KeyType::U32, 65536, false);
  const Timeline t = explain_model(a, params, keys);
  EXPECT_EQ(snapshot_words(t, t.steps.back().keys), ordered_pairs(keys).keys);
  size_t pipelines = 0;
  for (const Step& s : t.steps) {
    const auto* p = find_aux<PipelineTrace>(s.aux);
    EXPECT_EQ(find_aux<MergeBufferTrace>(s.aux), nullptr);
    if (!p) continue;
    ++pipelines;
    EXPECT_EQ(p->capacity, 128u);
    EXPECT_GT(p->rounds, 2u);
    const AuxData aux{*p};
    const AuxCodecRegistry::Codec* c = aux_codec_registry().find(aux);
    ASSERT_NE(c, nullptr);
    ByteWriter w;
    c->encode(w, aux);
    std::vector<uint8_t> bytes = w.bytes();
    ByteReader r(bytes.data(), bytes.size());
    const AuxData back = c->decode(r);
    ByteWriter w2;
    c->encode(w2, back);
    EXPECT_EQ(w2.bytes(), bytes);
    // A fill past the capacity is refused.
    PipelineTrace bad = *p;
    bad.fill[1] = bad.capacity + 1;
    ByteWriter wb;
    c->encode(wb, AuxData{bad});
    const std::vector<uint8_t> bb = wb.bytes();
    ByteReader rb(bb.data(), bb.size());
    EXPECT_THROW(c->decode(rb), TraceFormatError);
  }
  // 74 runs of 896: a round of k = 16 and one of k = 8, a pipeline on each round's first level.
  EXPECT_EQ(pipelines, make_multiway_plan(65536, params).rounds.size());
  EXPECT_EQ(pipelines, 2u);
}

}  // namespace
}  // namespace sortscope::test
