// network-merge on the GPU against its CPU model and CUB: every width, every key type with and
// without values, edge sizes around S and the tile, distributions, adversarial and special inputs.
// The kernels run the model's networks comparator by comparator (equal keys swapped only when
// strictly smaller, padding greater than every key), so keys and values equal the model's exactly;
// keys equal CUB's merge sort's, and (key, value) pairs are CUB's as a multiset (the network is not
// stable). Explain mode: every step's snapshot, network levels, retained-vector trace and chunk
// cuts equal the model's. Under compute-sanitizer (--sanitizer-run) only small inputs run.
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "baselines/cub_merge.h"
#include "common/device_scratch.h"
#include "device_input.h"
#include "explain_gpu_support.h"
#include "gpu_test_env.h"
#include "measure_gpu_support.h"
#include "merge/merge_aux.h"
#include "network_merge/network_merge.h"
#include "network_merge/network_merge_aux.h"
#include "network_merge/network_merge_plan.h"
#include "../unit/sample_test_support.h"

namespace sortscope::test {
namespace {

const Algorithm& kNet = network_merge_algorithm();

// Two keys a block-sort thread (the paper's one comparator per thread and layer); other counts:
// KeysPerThreadAndChunksLikeTheModel and the defaults.
ParamValues params(int width, int threads, int lists) {
  return radix_params(kNet, {"width=" + std::to_string(width), "threads=" + std::to_string(threads),
                             "lists=" + std::to_string(lists), "keys=2"});
}

TEST(NetworkMergeGpu, EveryWidthSortsLikeTheModelAndCubForEveryKeyType) {
  DeviceScratch scratch;
  for (int width : {4, 8, 16, 32, 64, 128})
    for (KeyType t : kAllKeyTypes)
      for (bool values : {false, true}) {
        if (g_sanitizer_run && t != KeyType::U32 && t != KeyType::F64) continue;
        const int threads = width == 16 ? 512 : 64, lists = width == 64 ? 8 : width == 128 ? 2 : 4;
        const ParamValues p = params(width, threads, lists);
        const uint64_t s = uint64_t(width), tile = make_network_merge_plan(1, t, values, p).tile;
        std::vector<uint64_t> sizes = {0, 1, 2, s - 1, s, s + 1, tile - 1, tile, tile + 1, 4 * tile + 3, 20011};
        if (!g_sanitizer_run && width == 16 && (t == KeyType::U32 || t == KeyType::F64))
          sizes.push_back((uint64_t(1) << 20) + 7);
        for (uint64_t n : sizes) {
          const HostKeys input = radix_input(Distribution::Uniform, t, n, values);
          const std::string what = radix_describe(fmt::format("S={} threads={} lists={}", width, threads, lists), t, n,
                                                  values);
          expect_equals_model(kNet, p, input, scratch, what);
          const HostKeys got = sort_on_gpu(kNet, p, input, scratch);
          const HostKeys cub = sort_on_gpu(cub_merge_algorithm(), ParamValues{}, input, scratch);
          ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what << " vs cub-merge";
          if (values) expect_sorted_multiset(got, cub, what + " (pairs vs cub-merge)");
        }
      }
}

TEST(NetworkMergeGpu, DistributionsAdversarialAndSpecialInputs) {
  DeviceScratch scratch;
  const uint64_t n = g_sanitizer_run ? 3000 : (uint64_t(1) << 18) + 7;
  for (int width : {4, 16, 64}) {
    const ParamValues p = params(width, 128, width == 64 ? 8 : 4);
    for (Distribution d : kAllDistributions)
      expect_equals_model(kNet, p, radix_input(d, KeyType::I32, n, true), scratch,
                          fmt::format("S={} {}", width, distribution_name(d)));
    for (const auto& [name, words] : sample_adversarial(g_sanitizer_run ? 3000 : 70001))
      expect_equals_model(kNet, p, sample_keys_from_ordered(KeyType::U64, words, true), scratch,
                          fmt::format("S={} {}", width, name));
    for (KeyType t : kAllKeyTypes)
      expect_equals_model(kNet, p, radix_special_input(t, 5000, true), scratch, fmt::format("S={} special", width));
  }
  expect_equals_model(kNet, radix_params(kNet), radix_input(Distribution::Uniform, KeyType::U32, n, false), scratch,
                      "defaults");
}

// S = 128 in measure mode, levels=transpose (the buffer through shared memory twice a call, every
// level inside a thread) and levels=shuffle, with tiles large enough that most calls are full
// (the transposed path) and sizes that end lists mid-vector (the padded calls in between).
// Keys alone run with padding=largest and =flags (the flagged network at a list's end).
TEST(NetworkMergeGpu, Width128TransposeAndShuffleLikeTheModel) {
  DeviceScratch scratch;
  for (const char* stores : {"scalar", "vector"})
  for (const char* padding : {"largest", "flags"})
  for (const char* levels : {"transpose", "shuffle"})
    for (const auto& [threads, keys] : {std::pair{"threads=512", "keys=8"}, std::pair{"threads=256", "keys=16"}})
      for (KeyType t : kAllKeyTypes)
        for (bool values : {false, true}) {
          if (g_sanitizer_run && (t != KeyType::U32 || std::string(levels) != "transpose")) continue;
          if (values && std::string(padding) == "largest") continue;  // keys alone only
          // stores only changes the transposed calls' writes (4- and 8-byte items, keys and values):
          // one tile shape and no 2^20 input for vector, so the test stays short.
          const bool vector = std::string(stores) == "vector";
          if (vector && (std::string(levels) != "transpose" || std::string(threads) != "threads=512")) continue;
          const ParamValues p = radix_params(kNet, {"width=128", "lists=2", std::string("levels=") + levels, threads,
                                                    keys, std::string("padding=") + padding,
                                                    std::string("stores=") + stores});
          std::vector<uint64_t> sizes = {1, 127, 128, 129, 255, 256, 257, 4095, 4096, 4097, 3 * 4096 + 5, 20011};
          if (!g_sanitizer_run && !vector && (t == KeyType::U32 || t == KeyType::F64))
            sizes.push_back((uint64_t(1) << 20) + 7);
          for (uint64_t n : sizes) {
            const HostKeys input = radix_input(Distribution::Uniform, t, n, values);
            const std::string what = radix_describe(
                fmt::format("S=128 levels={} padding={} stores={} {} {}", levels, padding, stores, threads, keys), t,
                n, values);
            expect_equals_model(kNet, p, input, scratch, what);
          }
        }
  const ParamValues p = radix_params(kNet, {"width=128", "levels=transpose"});
  const uint64_t n = g_sanitizer_run ? 5000 : 70001;
  for (const auto& [name, words] : sample_adversarial(n))
    expect_equals_model(kNet, p, sample_keys_from_ordered(KeyType::U64, words, true), scratch,
                        "S=128 transpose " + name);
  for (Distribution d : kAllDistributions)
    for (bool values : {false, true})
      expect_equals_model(kNet, p, radix_input(d, KeyType::U32, n, values), scratch,
                          fmt::format("S=128 transpose {}", distribution_name(d)));
}

// Keys alone at S = 32 and 64 with both paddings (largest: every call on the min/max network).
TEST(NetworkMergeGpu, KeysAlonePaddingLargestAndFlagsLikeTheModel) {
  DeviceScratch scratch;
  for (const char* padding : {"largest", "flags"})
    for (int width : {32, 64})
      for (KeyType t : {KeyType::U32, KeyType::F32, KeyType::U64, KeyType::I64})
        for (uint64_t n :
             {uint64_t(1), uint64_t(63), uint64_t(4097), g_sanitizer_run ? uint64_t(5000) : uint64_t(300007)}) {
          const ParamValues p =
              radix_params(kNet, {"width=" + std::to_string(width), std::string("padding=") + padding});
          const std::string what = radix_describe(fmt::format("S={} padding={}", width, padding), t, n, false);
          expect_equals_model(kNet, p, radix_input(Distribution::FewUnique, t, n, false), scratch,
                              what + " few unique");
          expect_equals_model(kNet, p, radix_input(Distribution::Uniform, t, n, false), scratch, what);
          // The largest key itself (a real key equal to the padding word), NaNs, infinities, zeros.
          if (n == 4097) expect_equals_model(kNet, p, radix_special_input(t, 5000, false), scratch, what + " special");
        }
}

// 4-byte keys alone with a 16384-key tile (1024 threads x 16 keys: layers across 32 warps), the
// widest chunk and the transposed calls with vector stores, and 32 keys a thread, against the
// model and CUB.
TEST(NetworkMergeGpu, Tile16384KeysAloneLikeTheModel) {
  DeviceScratch scratch;
  for (const char* chunk : {"chunk=2048", "chunk=4096"})
    for (KeyType t : {KeyType::U32, KeyType::F32, KeyType::I32}) {
      if (g_sanitizer_run && (t != KeyType::U32 || std::string(chunk) != "chunk=4096")) continue;
      const ParamValues p = radix_params(kNet, {"width=128", "levels=transpose", "padding=largest", "stores=vector",
                                                "threads=1024", "keys=16", chunk});
      // 32 keys a thread (4-byte items): 256 x 32 (tile 8192) and 512 x 32 (16384).
      const ParamValues k32 = radix_params(kNet, {"width=128", "levels=transpose", "padding=largest",
                                                  std::string(chunk) == "chunk=4096" ? "threads=512" : "threads=256",
                                                  "keys=32", chunk});
      for (uint64_t n : {uint64_t(1), uint64_t(16383), uint64_t(16384), uint64_t(16385), uint64_t(3 * 16384 + 5),
                         g_sanitizer_run ? uint64_t(40000) : (uint64_t(1) << 20) + 7}) {
        const HostKeys input = radix_input(Distribution::Uniform, t, n, false);
        const std::string what = radix_describe(fmt::format("tile 16384 {}", chunk), t, n, false);
        expect_equals_model(kNet, p, input, scratch, what);
        expect_equals_model(kNet, k32, input, scratch, what + " keys=32");
        const HostKeys got = sort_on_gpu(kNet, p, input, scratch);
        const HostKeys cub = sort_on_gpu(cub_merge_algorithm(), ParamValues{}, input, scratch);
        ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what << " vs cub-merge";
      }
      expect_equals_model(kNet, p, radix_special_input(t, 5000, false), scratch, "tile 16384 special");
      expect_equals_model(kNet, k32, radix_special_input(t, 5000, false), scratch, "keys=32 special");
    }
}

// The register block sort with 2, 4, 8 and 16 keys a thread (layers inside a thread, across lanes,
// across warps) and chunks smaller than two tiles, against the model and CUB.
TEST(NetworkMergeGpu, KeysPerThreadAndChunksLikeTheModel) {
  DeviceScratch scratch;
  for (int keys : {2, 4, 8, 16})
    for (int threads : {64, 256})
      for (int chunk : {256, 2048})
        for (KeyType t : kAllKeyTypes)
          for (bool values : {false, true}) {
            if (g_sanitizer_run && (t != KeyType::U32 || threads != 64)) continue;
            const ParamValues p = radix_params(kNet, {"width=16", "threads=" + std::to_string(threads),
                                                      "keys=" + std::to_string(keys), "chunk=" + std::to_string(chunk)});
            const uint64_t tile = uint64_t(threads) * uint64_t(keys);
            for (uint64_t n : {uint64_t(1), uint64_t(33), tile - 1, tile, tile + 1, 3 * tile + 5,
                               g_sanitizer_run ? uint64_t(5000) : uint64_t(70001)}) {
              const HostKeys input = radix_input(Distribution::Uniform, t, n, values);
              const std::string what =
                  radix_describe(fmt::format("keys={} threads={} chunk={}", keys, threads, chunk), t, n, values);
              expect_equals_model(kNet, p, input, scratch, what);
              const HostKeys got = sort_on_gpu(kNet, p, input, scratch);
              const HostKeys cub = sort_on_gpu(cub_merge_algorithm(), ParamValues{}, input, scratch);
              ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what << " vs cub-merge";
            }
          }
}

// Explain mode's aux of a step against the model's: network levels, retained-vector trace and chunk
// cuts (the steps themselves, their launches included: expect_explain_equals_model).
void expect_same_network_merge_aux(const Step& g, const Step& m, const std::string& at) {
  expect_matching_aux<NetworkLevels>(g, m, at, [&](const NetworkLevels& a, const NetworkLevels& b) {
    EXPECT_EQ(a.unit, b.unit) << at;
    EXPECT_EQ(a.loaded_from, b.loaded_from) << at;
    EXPECT_EQ(a.rows, b.rows) << at;
  });
  expect_matching_aux<MergeBufferTrace>(g, m, at, [&](const MergeBufferTrace& a, const MergeBufferTrace& b) {
    EXPECT_EQ(a.steps, b.steps) << at;
    EXPECT_EQ(a.loaded_from, b.loaded_from) << at;
    EXPECT_EQ(a.out_begin, b.out_begin) << at;
    EXPECT_EQ(a.before, b.before) << at;
    EXPECT_EQ(a.after, b.after) << at;
  });
  expect_matching_aux<MergePathGrid>(g, m, at, [&](const MergePathGrid& a, const MergePathGrid& b) {
    EXPECT_EQ(a.diagonals, b.diagonals) << at;
    EXPECT_EQ(a.a_splits, b.a_splits) << at;
    const MergeBlockShares *sg = find_aux<MergeBlockShares>(g.aux), *sm = find_aux<MergeBlockShares>(m.aux);
    ASSERT_TRUE(sg && sm) << at;
    EXPECT_EQ(sg->a_begin, sm->a_begin) << at;
    EXPECT_EQ(sg->b_end, sm->b_end) << at;
  });
}

TEST(NetworkMergeGpu, ExplainModeStepsEqualTheModels) {
  for (int width : {4, 16, 64, 128})
    for (uint64_t n : {uint64_t(1), uint64_t(100), uint64_t(700), g_sanitizer_run ? uint64_t(2000) : uint64_t(20000)})
      for (KeyType t : {KeyType::U32, KeyType::I64})
        for (bool values : {false, true}) {
          ParamValues p = params(width, 64, width == 64 ? 8 : 4);
          if (width != 4) p["keys"] = 8;  // the register block sort's layers across warps, stage by stage
          expect_explain_equals_model(kNet, p, radix_input(Distribution::LowEntropy, t, n, values),
                                      radix_describe(fmt::format("explain S={}", width), t, n, values),
                                      {.launches = true}, expect_same_network_merge_aux);
        }
}

// The teaching values at lecture sizes: a 64 x 2 tile, S = 16 and (256 keys) the lecture chunk, 128,
// so that 256 keys' one merge is cut at a merge-path splitter: explain mode step for step against the
// model, and the measured run sorted and a permutation (CUB's merge sort's keys, the model's values);
// then the lecture chunk under every width it allows (2S <= 128), measured.
TEST(NetworkMergeGpu, LectureChunkEqualsTheModel) {
  DeviceScratch scratch;
  for (uint64_t n : {uint64_t(256), uint64_t(1024), uint64_t(4096)})
    for (KeyType t : {KeyType::U32, KeyType::I64})
      for (bool values : {false, true}) {
        ParamValues p = kNet.teaching_params(n, t, values, {});
        ASSERT_EQ(resolve_params(kNet.params(), p, kNet.id()), "");
        const std::string what = radix_describe("teaching values", t, n, values);
        const NetworkMergePlan plan = make_network_merge_plan(n, t, values, p);
        ASSERT_TRUE(plan.passes > 0 && plan.chunked(plan.passes - 1)) << what << ": no merge-path split";
        expect_explain_equals_model(kNet, p, radix_input(Distribution::Gaussian, t, n, values), what + " explain",
                                    {.launches = true}, expect_same_network_merge_aux);
        const HostKeys input = radix_input(Distribution::FewUnique, t, n, values);
        expect_equals_model(kNet, p, input, scratch, what);
        const HostKeys got = sort_on_gpu(kNet, p, input, scratch);
        const HostKeys cub = sort_on_gpu(cub_merge_algorithm(), ParamValues{}, input, scratch);
        ASSERT_EQ(radix_ordered_of(got), radix_ordered_of(cub)) << what << " vs cub-merge";
      }
  for (int width : {4, 8, 16, 32, 64})
    for (KeyType t : {KeyType::U32, KeyType::U64})
      for (bool values : {false, true}) {
        ParamValues p = params(width, 64, 2);
        p["chunk"] = kNetworkMergeLectureChunk;
        const uint64_t n = g_sanitizer_run ? 3001 : 20011;
        expect_equals_model(kNet, p, radix_input(Distribution::Uniform, t, n, values), scratch,
                            radix_describe(fmt::format("lecture chunk S={}", width), t, n, values));
      }
}

}  // namespace
}  // namespace sortscope::test
