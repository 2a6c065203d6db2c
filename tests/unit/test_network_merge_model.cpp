// network-merge's CPU model (kernels/network_merge/, Satish et al. 2010 §5.3) against std::sort for
// every key type, distribution, width and edge size (0, 1, 2, S - 1, S, S + 1, tile +- 1,
// 2^20 + 7), duplicates, adversarial and special inputs, values following their keys (the network
// is not stable: (key, value) pairs compared as a multiset); the timeline: block-sort stages, the
// network's levels (a bitonic input, each level's comparators, a sorted output), the retained
// vector (every call writes the lower half it merged), the chunk cuts (merge-path splits) and the
// launch order; the plan refuses what no kernel is compiled for.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "common/aux_types.h"
#include "merge/merge_aux.h"
#include "network_merge/network_merge.h"
#include "network_merge/network_merge_aux.h"
#include "network_merge/network_merge_perf_model.h"
#include "network_merge/network_merge_plan.h"
#include "sample_test_support.h"

namespace sortscope::test {
namespace {

const Algorithm& kNet = network_merge_algorithm();

ParamValues params(int width, int threads = 64, int lists = 4) {
  return radix_params(kNet, {"width=" + std::to_string(width), "threads=" + std::to_string(threads),
                             "lists=" + std::to_string(lists), "keys=2"});
}

void expect_sorts(const ParamValues& p, const HostKeys& input, const std::string& what) {
  HostKeys keys = input;
  kNet.run_model(p, keys, nullptr);
  expect_sorted_multiset(keys, input, what);
}

TEST(NetworkMergeModel, SortsEveryKeyTypeDistributionWidthAndEdgeSize) {
  for (int width : {4, 16, 64, 128}) {
    const ParamValues p = params(width);
    const uint64_t s = uint64_t(width);
    for (Distribution d : kAllDistributions)
      for (KeyType t : kAllKeyTypes)
        for (uint64_t n : {uint64_t(0), uint64_t(1), uint64_t(2), s - 1, s, s + 1, uint64_t(127), uint64_t(128),
                           uint64_t(129), uint64_t(1000), uint64_t(4097)}) {
          const bool values = (n + uint64_t(t)) % 2 == 1;
          expect_sorts(p, radix_input(d, t, n, values),
                       radix_describe("S=" + std::to_string(width) + " " + std::string(distribution_name(d)), t, n,
                                      values));
        }
    for (const auto& [name, words] : sample_adversarial(3001))
      expect_sorts(p, sample_keys_from_ordered(KeyType::I64, words, true), "S=" + std::to_string(width) + " " + name);
    expect_sorts(p, radix_special_input(KeyType::F32, 2000, true), "special f32");
    expect_sorts(p, radix_special_input(KeyType::F64, 2000, false), "special f64");
  }
}

// Tiles of threads x keys, and chunks smaller than two tiles (every pass cut, the first too).
TEST(NetworkMergeModel, SortsWithWiderTilesAndSmallChunks) {
  for (int keys : {4, 8, 16})
    for (int chunk : {256, 4096})
      for (KeyType t : {KeyType::U32, KeyType::F64})
        for (uint64_t n : {uint64_t(1), uint64_t(255), uint64_t(513), uint64_t(3 * 512 + 5), uint64_t(20011)}) {
          const ParamValues p = radix_params(kNet, {"width=8", "threads=64", "keys=" + std::to_string(keys),
                                                    "chunk=" + std::to_string(chunk)});
          expect_sorts(p, radix_input(Distribution::Uniform, t, n, n % 2 == 1),
                       radix_describe(fmt::format("keys={} chunk={}", keys, chunk), t, n, n % 2 == 1));
        }
}

TEST(NetworkMergeModel, SortsLargeInputsWithTheDefaults) {
  const ParamValues p = radix_params(kNet);
  const uint64_t n = (uint64_t(1) << 20) + 7;
  expect_sorts(p, radix_input(Distribution::Uniform, KeyType::U32, n, false), "2^20+7 u32");
  expect_sorts(p, radix_input(Distribution::FewUnique, KeyType::F64, n, true), "2^20+7 f64 few unique +values");
  expect_sorts(params(32, 1024, 2), radix_input(Distribution::Uniform, KeyType::I32, 300001, true), "S=32 tile 2048");
  // 4-byte keys alone may take a 16384-key tile (1024 x 16), with the widest chunk.
  const ParamValues big = radix_params(kNet, {"width=128", "threads=1024", "keys=16", "chunk=4096"});
  expect_sorts(big, radix_input(Distribution::Uniform, KeyType::U32, n, false), "2^20+7 u32 tile 16384");
  expect_sorts(big, radix_input(Distribution::FewUnique, KeyType::F32, 16385, false), "16385 f32 tile 16384");
  const ParamValues k32 = radix_params(kNet, {"width=128", "threads=256", "keys=32"});
  expect_sorts(k32, radix_input(Distribution::Uniform, KeyType::U32, 70001, false), "70001 u32 256 x 32");
  expect_sorts(k32, radix_special_input(KeyType::F32, 9000, false), "special f32 256 x 32");
}

TEST(NetworkMergeModel, ValuesFollowTheirKeys) {
  // value i belongs to key i: after the sort every value still sits beside its own key.
  HostKeys input = radix_input(Distribution::FewUnique, KeyType::U32, 5000, true);
  for (uint32_t i = 0; i < 5000; ++i) input.values[i] = i;
  HostKeys keys = input;
  kNet.run_model(params(8), keys, nullptr);
  const auto* in = input.as<uint32_t>();
  const auto* out = keys.as<uint32_t>();
  for (size_t i = 0; i < 5000; ++i) ASSERT_EQ(out[i], in[keys.values[i]]) << "position " << i;
}

TEST(NetworkMergeModel, PlanRefusesWhatNoKernelIsCompiledFor) {
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"width", 12}}), std::invalid_argument);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"threads", 96}}), std::invalid_argument);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"width", 64}, {"lists", 16}}), std::invalid_argument);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"keys", 3}}), std::invalid_argument);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"chunk", 100}}), std::invalid_argument);
  // 16 networks staging 2048 16-byte items each: 512 KB of shared memory per merge block.
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U64, true, {{"width", 32}, {"lists", 16}, {"chunk", 2048}}),
               std::invalid_argument);
  EXPECT_NO_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"width", 32}, {"lists", 16}, {"chunk", 2048}}));
  // Tiles of at most 8192 keys, 16384 for 4-byte items (32-bit keys alone): 16 keys a thread with
  // 1024 threads is taken there and refused for pairs and 64-bit keys; 512 x 16 everywhere.
  EXPECT_EQ(make_network_merge_plan(100, KeyType::U32, false, {{"threads", 1024}, {"keys", 16}}).tile, 16384u);
  EXPECT_EQ(make_network_merge_plan(100, KeyType::F32, false, {{"threads", 1024}, {"keys", 16}}).tile, 16384u);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, true, {{"threads", 1024}, {"keys", 16}}),
               std::invalid_argument);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U64, false, {{"threads", 1024}, {"keys", 16}}),
               std::invalid_argument);
  EXPECT_EQ(make_network_merge_plan(100, KeyType::U64, true, {{"threads", 512}, {"keys", 16}}).tile, 8192u);
  // 32 keys a thread: 4-byte items only.
  EXPECT_EQ(make_network_merge_plan(100, KeyType::I32, false, {{"threads", 512}, {"keys", 32}}).tile, 16384u);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, true, {{"threads", 128}, {"keys", 32}}),
               std::invalid_argument);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::F64, false, {{"threads", 128}, {"keys", 32}}),
               std::invalid_argument);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"threads", 1024}, {"keys", 32}}),
               std::invalid_argument);
  // stores: auto is vector; scalar where asked; anything else refused.
  const int scalar = int(NetworkMergeStores::Scalar);
  EXPECT_TRUE(make_network_merge_plan(100, KeyType::U32, false, {}).vector_stores);
  EXPECT_FALSE(make_network_merge_plan(100, KeyType::U32, true, {{"stores", scalar}}).vector_stores);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"stores", 3}}), std::invalid_argument);
  // levels=transpose is compiled for S = 128 alone; auto takes it there and shuffles elsewhere.
  const int shuffle = int(NetworkMergeLevels::Shuffle), transpose = int(NetworkMergeLevels::Transpose);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"width", 64}, {"levels", transpose}}),
               std::invalid_argument);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"levels", 7}}), std::invalid_argument);
  EXPECT_TRUE(make_network_merge_plan(100, KeyType::U32, false, {{"width", 128}}).transpose);
  EXPECT_TRUE(make_network_merge_plan(100, KeyType::U32, false, {{"width", 128}, {"levels", transpose}}).transpose);
  EXPECT_FALSE(make_network_merge_plan(100, KeyType::U32, false, {{"width", 128}, {"levels", shuffle}}).transpose);
  EXPECT_FALSE(make_network_merge_plan(100, KeyType::U32, false, {{"width", 64}}).transpose);
  // Three 2S-item transpose buffers a network beside its staged unit (u32 keys: 3 KB at S = 128).
  const NetworkMergePlan t128 = make_network_merge_plan(1 << 20, KeyType::U32, false, {{"width", 128}, {"lists", 2}});
  EXPECT_EQ(t128.merge_smem_bytes(), 2 * (t128.chunk * 4 + 3 * 256 * 4));
  // A unit never straddles two pairs: the chunk is at most twice the tile.
  const NetworkMergePlan wide = make_network_merge_plan(1 << 16, KeyType::U32, false,
                                                        {{"threads", 64}, {"keys", 8}, {"chunk", 4096}});
  EXPECT_EQ(wide.tile, 512u);
  EXPECT_EQ(wide.chunk, 1024u);
  const NetworkMergePlan small = make_network_merge_plan(1 << 16, KeyType::U32, false,
                                                         {{"threads", 64}, {"keys", 8}, {"chunk", 256}});
  EXPECT_TRUE(small.chunked(0));
  const NetworkMergePlan p = make_network_merge_plan(3000, KeyType::U32, false, params(16));
  EXPECT_EQ(p.tile, 128u);
  EXPECT_EQ(p.chunk, 256u);
  EXPECT_EQ(p.passes, 5);  // runs of 128 .. 2048 < 3000
  EXPECT_EQ(p.levels(), 5);
  EXPECT_FALSE(p.chunked(0));
  EXPECT_TRUE(p.chunked(1));
  EXPECT_EQ(network_merge_merge_launch_index(p, 0), 1);
  EXPECT_EQ(network_merge_partition_launch_index(p, 0), -1);
  EXPECT_EQ(network_merge_partition_launch_index(p, 1), 2);
  EXPECT_EQ(network_merge_merge_launch_index(p, 1), 3);
  EXPECT_EQ(network_merge_merge_launch_index(p, 4), 9);
}

// width, keys and levels `auto` per item type (the session-8 measurements), and what the CLI shows
// as run.
TEST(NetworkMergeModel, AutoDefaultsPerItemType) {
  // Session 9: 4-byte keys alone at S = 128 with transposes, a 256 x 32 block sort, padded by the
  // largest key, stored by 16-byte vectors.
  const NetworkMergePlan keys32 = make_network_merge_plan(1 << 20, KeyType::F32, false, {});
  EXPECT_EQ(keys32.width, 128);
  EXPECT_EQ(keys32.threads, 256);
  EXPECT_EQ(keys32.keys, 32);
  EXPECT_EQ(keys32.tile, 8192u);
  EXPECT_TRUE(keys32.transpose);
  EXPECT_TRUE(keys32.largest_pad);
  EXPECT_TRUE(keys32.vector_stores);
  const NetworkMergePlan pairs32 = make_network_merge_plan(1 << 20, KeyType::U32, true, {});
  EXPECT_EQ(pairs32.width, 128);
  EXPECT_EQ(pairs32.threads, 512);
  EXPECT_EQ(pairs32.keys, 4);
  EXPECT_TRUE(pairs32.transpose);
  EXPECT_FALSE(pairs32.largest_pad);
  EXPECT_TRUE(pairs32.vector_stores);
  for (bool values : {false, true}) {
    const NetworkMergePlan wide = make_network_merge_plan(1 << 20, KeyType::I64, values, {});
    EXPECT_EQ(wide.width, 64);
    EXPECT_EQ(wide.threads, 512);
    EXPECT_EQ(wide.keys, 8);
    EXPECT_EQ(wide.largest_pad, !values);
  }
  // An explicit value wins over auto.
  EXPECT_EQ(make_network_merge_plan(1 << 20, KeyType::U32, true, {{"width", 32}, {"keys", 2}}).width, 32);
  const ParamValues ran = kNet.params_as_run(radix_params(kNet), KeyType::U32, true, 1 << 20);
  EXPECT_EQ(ran.at("width"), 128);
  EXPECT_EQ(ran.at("threads"), 512);
  EXPECT_EQ(ran.at("keys"), 4);
  EXPECT_EQ(ran.at("levels"), int(NetworkMergeLevels::Transpose));
  EXPECT_EQ(ran.at("padding"), int(NetworkMergePadding::Flags));  // values: always flags
  EXPECT_EQ(ran.at("stores"), int(NetworkMergeStores::Vector));
  const ParamValues ran_keys = kNet.params_as_run(radix_params(kNet), KeyType::U32, false, 1 << 20);
  EXPECT_EQ(ran_keys.at("threads"), 256);
  EXPECT_EQ(ran_keys.at("keys"), 32);
  EXPECT_EQ(ran_keys.at("padding"), int(NetworkMergePadding::Largest));
  // lists=auto: 4 networks a block for 4-byte keys alone from 2^22 (sessions 9 and 10: up to 1.4% faster),
  // 2 below that and for every other item type; what ran names the choice; an explicit value wins.
  EXPECT_EQ(ran.at("lists"), 2);
  EXPECT_EQ(ran_keys.at("lists"), 2);  // 2^20
  EXPECT_EQ(kNet.params_as_run(radix_params(kNet), KeyType::U32, false, uint64_t(1) << 22).at("lists"), 4);
  EXPECT_EQ(kNet.params_as_run(radix_params(kNet), KeyType::U32, false, uint64_t(1) << 24).at("lists"), 4);
  EXPECT_EQ(kNet.params_as_run(radix_params(kNet), KeyType::F32, false, uint64_t(1) << 30).at("lists"), 4);
  EXPECT_EQ(kNet.params_as_run(radix_params(kNet), KeyType::U32, false, (uint64_t(1) << 22) - 1).at("lists"), 2);
  EXPECT_EQ(kNet.params_as_run(radix_params(kNet), KeyType::U32, true, uint64_t(1) << 28).at("lists"), 2);
  EXPECT_EQ(kNet.params_as_run(radix_params(kNet), KeyType::U64, false, uint64_t(1) << 28).at("lists"), 2);
  EXPECT_EQ(make_network_merge_plan(uint64_t(1) << 26, KeyType::I32, false, {}).lists, 4);
  EXPECT_EQ(make_network_merge_plan(uint64_t(1) << 26, KeyType::I32, false, {{"lists", 2}}).lists, 2);
  EXPECT_EQ(make_network_merge_plan(uint64_t(1) << 26, KeyType::U64, true, {}).lists, 2);
  EXPECT_EQ(network_merge_auto_lists(KeyType::U32, false, kNetworkMergeFourListsFrom), 4);
  const ParamSpec* lists_spec = find_param(kNet.params(), "lists");
  ASSERT_NE(lists_spec, nullptr);
  EXPECT_TRUE(lists_spec->has_auto);
  EXPECT_EQ(lists_spec->default_value, kParamAuto);
  {
    ParamValues given = radix_params(kNet);
    const ParamValues shown = kNet.params_as_run(given, KeyType::U32, false, uint64_t(1) << 24);
    EXPECT_NE(format_params(kNet.params(), given, &shown).find("lists=auto(4)"), std::string::npos);
  }
  // Padding by the largest key is for keys alone.
  const int largest = int(NetworkMergePadding::Largest), flags = int(NetworkMergePadding::Flags);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, true, {{"padding", largest}}), std::invalid_argument);
  EXPECT_THROW(make_network_merge_plan(100, KeyType::U32, false, {{"padding", 9}}), std::invalid_argument);
  EXPECT_TRUE(make_network_merge_plan(100, KeyType::U64, false, {{"padding", largest}}).largest_pad);
  EXPECT_TRUE(make_network_merge_plan(100, KeyType::U64, false, {}).largest_pad);
  EXPECT_FALSE(make_network_merge_plan(100, KeyType::U64, false, {{"padding", flags}}).largest_pad);
  EXPECT_FALSE(make_network_merge_plan(100, KeyType::U64, true, {}).largest_pad);
}

// The model's instructions a key and pass for u32 keys: S = 64 2.56 (shuffles for 5 of 7 levels),
// S = 128 by shuffles 2.03, by transposes (8 levels inside threads, 43 for the moves) 1.43.
TEST(NetworkMergeModel, PerfModelCountsTransposedLevels) {
  auto ops = [](int width, int levels) {
    return network_merge_ops_per_key_pass(
        make_network_merge_plan(1 << 20, KeyType::U32, false, {{"width", width}, {"levels", levels}}));
  };
  const int shuffle = int(NetworkMergeLevels::Shuffle), transpose = int(NetworkMergeLevels::Transpose);
  EXPECT_NEAR(ops(64, shuffle), (76 + 2 * 2 * 2 + 5 * 4 * 4) / 64.0, 1e-9);
  EXPECT_NEAR(ops(128, shuffle), (76 + 3 * 4 * 2 + 5 * 8 * 4) / 128.0, 1e-9);
  EXPECT_NEAR(ops(128, transpose), (76 + 43 + 8 * 4 * 2) / 128.0, 1e-9);
  EXPECT_LT(ops(128, transpose), ops(128, shuffle));
}

bool key_sorted(const uint64_t* x, size_t n) { return std::is_sorted(x, x + n); }

TEST(NetworkMergeModel, TimelineShowsStagesNetworkLevelsRetainedVectorAndCuts) {
  const uint64_t n = 3000;
  for (int width : {4, 16}) {
    const HostKeys input = radix_input(Distribution::FewUnique, KeyType::U32, n, true);
    HostKeys keys = input;
    Timeline tl = radix_timeline(kNet, keys, false);
    Recorder rec(tl);
    const ParamValues p = params(width);
    kNet.run_model(p, keys, &rec);
    const NetworkMergePlan plan = make_network_merge_plan(n, KeyType::U32, true, p);
    SCOPED_TRACE(plan.describe());
    // input, 7 block-sort stages, pass 1 (network, merge), passes 2-5 (partition, network, merge)
    ASSERT_EQ(tl.steps.size(), 1u + 7u + 2u + 4u * 3u);
    const uint64_t s = uint64_t(width), slots = 2 * s;
    int last_launch = -1, stage = 0, networks = 0, merges = 0, partitions = 0;
    std::vector<uint64_t> before = radix_snapshot(tl, tl.steps[0]);
    for (size_t i = 1; i < tl.steps.size(); ++i) {
      const Step& st = tl.steps[i];
      EXPECT_GE(st.launch, last_launch) << "step " << i;
      last_launch = st.launch;
      const std::vector<uint64_t> snap = radix_snapshot(tl, st);
      const std::string kind = kNet.step_kinds()[size_t(st.kind)].id;
      if (kind == "block-sort") {
        const uint64_t run = uint64_t(2) << stage++;
        for (uint64_t b = 0; b < n; b += run)
          ASSERT_TRUE(key_sorted(&snap[b], std::min(run, n - b))) << "stage " << stage << " run at " << b;
      }
      if (const NetworkLevels* l = find_aux<NetworkLevels>(st.aux)) {
        ++networks;
        ASSERT_EQ(l->width, s);
        ASSERT_EQ(l->rows.size(), size_t(plan.levels() + 1) * slots);
        const uint64_t* row0 = l->rows.data();
        EXPECT_TRUE(key_sorted(row0, s)) << "the retained vector";
        EXPECT_TRUE(std::is_sorted(row0 + s, row0 + slots, std::greater<>())) << "the loaded vector, reversed";
        std::vector<uint64_t> want(row0, row0 + slots);
        std::sort(want.begin(), want.end());
        for (int lv = 1; lv <= plan.levels(); ++lv) {
          const uint64_t* prev = &l->rows[size_t(lv - 1) * slots];
          const uint64_t* row = &l->rows[size_t(lv) * slots];
          const uint64_t stride = s >> (lv - 1);
          for (uint64_t k = 0; k < slots; ++k) {
            if (k & stride) continue;
            EXPECT_EQ(row[k], std::min(prev[k], prev[k + stride])) << "level " << lv << " slot " << k;
            EXPECT_EQ(row[k + stride], std::max(prev[k], prev[k + stride])) << "level " << lv << " slot " << k;
          }
        }
        EXPECT_EQ(std::vector<uint64_t>(l->rows.end() - ptrdiff_t(slots), l->rows.end()), want);
        EXPECT_EQ(snap, before) << "the network step shows the pass's input";
      }
      if (const MergePathGrid* g = find_aux<MergePathGrid>(st.aux)) {
        ++partitions;
        ASSERT_GE(g->diagonals.size(), 3u);
        for (size_t j = 0; j < g->diagonals.size(); ++j) {
          const uint64_t a = g->a_splits[j], b = g->diagonals[j] - a;
          if (a > 0 && b < g->b_len) EXPECT_LE(before[g->a_begin + a - 1], before[g->b_begin + b]);
          if (b > 0 && a < g->a_len) EXPECT_LT(before[g->b_begin + b - 1], before[g->a_begin + a]);
        }
        ASSERT_NE(find_aux<MergeBlockShares>(st.aux), nullptr);
      }
      if (const MergeBufferTrace* bt = find_aux<MergeBufferTrace>(st.aux)) {
        ++merges;
        ASSERT_EQ(bt->buffer_keys, slots);
        ASSERT_GT(bt->steps, 0u);
        ASSERT_EQ(bt->after.size(), size_t(bt->steps) * slots);
        const uint64_t run = plan.run_in(merges - 1), unit = bt->block;
        const uint64_t out0 = unit * plan.chunk;
        for (uint32_t c = 0; c < bt->steps; ++c) {
          const uint64_t* aft = &bt->after[size_t(c) * slots];
          EXPECT_TRUE(key_sorted(aft, slots));
          std::vector<uint64_t> x(bt->before.begin() + ptrdiff_t(c * slots), bt->before.begin() + ptrdiff_t((c + 1) * slots));
          std::vector<uint64_t> y(aft, aft + slots);
          std::sort(x.begin(), x.end());
          EXPECT_EQ(x, y) << "call " << c;
          if (c + 1 < bt->steps) {
            // The upper half is the next call's retained vector.
            const uint64_t* next = &bt->before[size_t(c + 1) * slots];
            EXPECT_TRUE(std::equal(aft + s, aft + slots, next + s)) << "call " << c;
          }
          for (uint64_t k = 0; k < s; ++k)
            if (aft[k] != ~uint64_t(0)) EXPECT_EQ(snap[out0 + bt->out_begin[c] + k], aft[k]) << "call " << c;
        }
        for (uint64_t b = 0; b < n; b += 2 * run)
          ASSERT_TRUE(key_sorted(&snap[b], std::min(2 * run, n - b))) << "pass " << merges << " run at " << b;
      }
      before = snap;
    }
    EXPECT_EQ(stage, plan.block_stages);
    EXPECT_EQ(networks, plan.passes);
    EXPECT_EQ(merges, plan.passes);
    EXPECT_EQ(partitions, plan.passes - 1);
    EXPECT_EQ(radix_snapshot(tl, tl.steps.back()), radix_stable_reference(input).keys);
  }
}

}  // namespace
}  // namespace sortscope::test
