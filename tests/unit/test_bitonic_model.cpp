// Bitonic sort's CPU model and launch plan: sorts like std::sort for every distribution, key type
// and size; values stay with their keys; a 256-key sort is the 36 layers of the network; padding
// never moves; the plan's launches cover the layers as the kernels expect.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "bitonic_test_support.h"
#include "bitonic/bitonic_model.h"
#include "common/key_transform.h"
#include "common/param_spec.h"
#include "test_workload.h"

namespace sortscope::test {
namespace {

// The largest: several global merge passes of the default plan (2^16 + 7 in the sanitizer build,
// test_workload.h).
const uint64_t kSizes[] = {0, 1, 2, 3, 1000, 4096,
                           workload_n((uint64_t(1) << 20) + 7, (uint64_t(1) << 16) + 7)};

ParamValues default_params() {
  ParamValues p;
  EXPECT_EQ(resolve_params(bitonic_algorithm().params(), p, "bitonic"), "");
  return p;
}

TEST(BitonicModel, SortsLikeStdSortForEveryDistributionKeyTypeAndSize) {
  const ParamValues params = default_params();
  for (Distribution d : kAllDistributions)
    for (KeyType t : kAllKeyTypes)
      for (uint64_t n : kSizes) {
        HostKeys keys = make_input(d, t, n, false);
        const std::vector<uint64_t> expected = sorted_ordered(keys);
        bitonic_algorithm().run_model(params, keys, nullptr);
        ASSERT_EQ(ordered_of(keys), expected) << describe(d, t, n, false);
      }
}

TEST(BitonicModel, ValuesStayWithTheirKeys) {
  const ParamValues params = default_params();
  for (KeyType t : kAllKeyTypes)
    for (Distribution d : {Distribution::Uniform, Distribution::FewUnique, Distribution::Zero,
                           Distribution::ReverseSorted})
      for (uint64_t n : {uint64_t(3), uint64_t(1000), uint64_t(4096), uint64_t(65539)}) {
        const HostKeys input = make_input(d, t, n, true);
        HostKeys keys = input;
        bitonic_algorithm().run_model(params, keys, nullptr);
        const std::string what = describe(d, t, n, true);
        ASSERT_EQ(ordered_of(keys), sorted_ordered(input)) << what;
        // value[i] = i in the input: each output pair must be an input pair, each value once.
        std::vector<bool> seen(n, false);
        for (uint64_t i = 0; i < n; ++i) {
          const uint32_t v = keys.values[i];
          ASSERT_LT(v, n) << what;
          ASSERT_FALSE(seen[v]) << what << ": value " << v << " twice";
          seen[v] = true;
          ASSERT_EQ(keys.raw(i), input.raw(v)) << what << ": pair broken at " << i;
        }
      }
}

TEST(BitonicModel, TwoHundredFiftySixKeysGiveTheThirtySixLayers) {
  HostKeys keys = make_input(Distribution::Uniform, KeyType::U32, 256, false);
  Timeline t = explain_model(default_params(), keys, uint64_t(1) << 30);
  ASSERT_EQ(t.padded_n, 256u);
  ASSERT_EQ(t.steps.size(), 37u);  // step 0 = input, then 1 + 2 + ... + 8 = 36 layers
  EXPECT_EQ(t.steps[0].kind, int(BitonicStep::Input));
  EXPECT_EQ(t.steps[0].launch, -1);
  const std::vector<ComparatorStage> want = expected_stages(256);
  ASSERT_EQ(want.size(), 36u);
  for (size_t i = 0; i < want.size(); ++i) {
    const Step& s = t.steps[i + 1];
    const auto* c = find_aux<ComparatorStage>(s.aux);
    ASSERT_NE(c, nullptr) << i;
    EXPECT_EQ(c->merge_size, want[i].merge_size) << i;
    EXPECT_EQ(c->stride, want[i].stride) << i;
    EXPECT_EQ(c->mirrored, want[i].mirrored) << i;
    EXPECT_EQ(s.kind, int(want[i].mirrored ? BitonicStep::Mirror : BitonicStep::HalfCleaner)) << i;
    // Default tile (256 x 8) holds all 256 keys: one fused launch, stages shown one by one.
    EXPECT_EQ(s.launch, 0) << i;
    EXPECT_EQ(s.launch_name, "tile sort (shared memory, fused): merges 2..256") << i;
    const auto* own = find_aux<BlockOwnership>(s.aux);
    ASSERT_NE(own, nullptr) << i;
    EXPECT_EQ(own->tile_keys, 256u) << i;
    EXPECT_EQ(s.pseudo_line, step_kinds_of(BitonicStep{})[size_t(s.kind)].pseudo_line);
  }
  EXPECT_EQ(t.steps[1].caption, "Merge into sorted runs of 2: compare each key with its mirror in its 2-block");
  EXPECT_EQ(t.steps[36].caption, "Merge into sorted runs of 256: half-cleaner, stride 1");
  EXPECT_EQ(t.steps[29].caption, "Merge into sorted runs of 256: compare each key with its mirror in its 256-block");
  // The last snapshot is the sorted array.
  std::vector<uint8_t> last = t.store->read_host(t.steps.back().keys);
  std::vector<uint32_t> words(256);
  std::memcpy(words.data(), last.data(), last.size());
  EXPECT_TRUE(std::is_sorted(words.begin(), words.end()));
}

TEST(BitonicModel, SmallTilesSplitTheNetworkIntoLaunches) {
  // Tile of 32 x 2 = 64 keys for 256 keys: tile sort (21 layers), then merges 128 and 256, one
  // launch per global layer.
  ParamValues params{{"threads", 32}, {"keys_per_thread", 2}, {"global_layers", 1}};
  const BitonicPlan plan = make_bitonic_plan(256, params);
  ASSERT_EQ(plan.tile_keys, 64u);
  ASSERT_EQ(plan.launches.size(), 6u);
  EXPECT_EQ(plan.launches[0].kind, BitonicLaunchKind::TileSort);
  EXPECT_EQ(plan.launches[0].layer_count, 21);
  EXPECT_EQ(plan.launches[1].name, "global mirror, merge 128");
  EXPECT_EQ(plan.launches[2].kind, BitonicLaunchKind::TileMerge);
  EXPECT_EQ(plan.launches[2].layer_count, 6);
  EXPECT_EQ(plan.launches[2].name, "merge 128 (shared memory, fused): strides 32..1");
  EXPECT_EQ(plan.launches[3].name, "global mirror, merge 256");
  EXPECT_EQ(plan.launches[4].name, "global stride 64, merge 256");
  EXPECT_EQ(plan.launches[5].kind, BitonicLaunchKind::TileMerge);
  EXPECT_EQ(plan.launches[4].block_keys, uint64_t(32) * kBitonicGlobalKeysPerThread);

  // Fusing global layers: merge 256's two global layers become one launch.
  const BitonicPlan fused = make_bitonic_plan(256, ParamValues{{"threads", 32}, {"keys_per_thread", 2}});
  ASSERT_EQ(fused.launches.size(), 5u);
  EXPECT_EQ(fused.launches[3].kind, BitonicLaunchKind::GlobalLayers);
  EXPECT_EQ(fused.launches[3].layer_count, 2);
  EXPECT_EQ(fused.launches[3].name, "global mirror + stride 64, merge 256");
  const BitonicPlan big = make_bitonic_plan(uint64_t(1) << 20, 32, 2, 3);
  // Merge 2^20 with a 64-key tile: 14 global layers in launches of 3, 3, 3, 3, 2.
  std::vector<std::string> names;
  for (const auto& l : big.launches)
    if (l.kind == BitonicLaunchKind::GlobalLayers && l.name.find("merge 1048576") != std::string::npos)
      names.push_back(l.name);
  EXPECT_EQ(names, (std::vector<std::string>{"global mirror + strides 262144..131072, merge 1048576",
                                             "global strides 65536..16384, merge 1048576",
                                             "global strides 8192..2048, merge 1048576",
                                             "global strides 1024..256, merge 1048576",
                                             "global strides 128..64, merge 1048576"}));

  HostKeys keys = make_input(Distribution::Uniform, KeyType::U32, 256, false);
  HostKeys keys_default = keys;
  Timeline t = explain_model(params, keys, uint64_t(1) << 30);
  ASSERT_EQ(t.steps.size(), 37u);
  std::vector<int> launch_of_step;
  for (size_t i = 1; i < t.steps.size(); ++i) launch_of_step.push_back(t.steps[i].launch);
  std::vector<int> want(21, 0);
  want.push_back(1);
  want.insert(want.end(), 6, 2);
  want.push_back(3);
  want.push_back(4);
  want.insert(want.end(), 6, 5);
  EXPECT_EQ(launch_of_step, want);
  // Fusion changes launches, never the network: the snapshots equal the one-tile run's.
  Timeline d = explain_model(default_params(), keys_default, uint64_t(1) << 30);
  ASSERT_EQ(d.steps.size(), t.steps.size());
  for (size_t i = 0; i < t.steps.size(); ++i)
    EXPECT_EQ(t.store->read_host(t.steps[i].keys), d.store->read_host(d.steps[i].keys)) << i;
}

TEST(BitonicModel, PaddingNeverMovesEvenAmongMaxValuedKeys) {
  // 1000 keys of which many equal the sentinel (u32 max); values i + 1 mark the real keys, the
  // padding's values are 0. Every snapshot must hold the 24 padding words at positions >= n.
  const uint64_t n = 1000;
  HostKeys keys(KeyType::U32, n, true);
  HostKeys random = make_input(Distribution::Uniform, KeyType::U32, n, false);
  for (uint64_t i = 0; i < n; ++i) {
    keys.as<uint32_t>()[i] = (i % 3 == 0) ? std::numeric_limits<uint32_t>::max() : random.as<uint32_t>()[i];
    keys.values[i] = uint32_t(i + 1);
  }
  for (ParamValues params : {default_params(), ParamValues{{"threads", 32}, {"keys_per_thread", 4}}}) {
    HostKeys k = keys;
    Timeline t = explain_model(params, k, uint64_t(1) << 30);
    ASSERT_EQ(t.padded_n, 1024u);
    for (size_t s = 0; s < t.steps.size(); ++s) {
      std::vector<uint8_t> kb = t.store->read_host(t.steps[s].keys);
      std::vector<uint8_t> vb = t.store->read_host(t.steps[s].values);
      ASSERT_EQ(kb.size(), 1024u * 4);
      ASSERT_EQ(vb.size(), 1024u * 4);
      std::vector<uint32_t> kw(1024), vw(1024);
      std::memcpy(kw.data(), kb.data(), kb.size());
      std::memcpy(vw.data(), vb.data(), vb.size());
      for (uint64_t i = 0; i < 1024; ++i) {
        if (i >= n) {
          ASSERT_EQ(kw[i], std::numeric_limits<uint32_t>::max()) << "step " << s << " pos " << i;
          ASSERT_EQ(vw[i], 0u) << "step " << s << " pos " << i;
        } else {
          ASSERT_NE(vw[i], 0u) << "step " << s << ": padding moved to " << i;
        }
      }
    }
    for (uint64_t i = 1; i < n; ++i) ASSERT_LE(k.as<uint32_t>()[i - 1], k.as<uint32_t>()[i]);
  }
}

TEST(BitonicModel, TinyInputsHaveOnlyTheInputStep) {
  for (uint64_t n : {uint64_t(0), uint64_t(1)}) {
    HostKeys keys = make_input(Distribution::Uniform, KeyType::F64, n, true);
    const HostKeys input = keys;
    Timeline t = explain_model(default_params(), keys, uint64_t(1) << 20);
    EXPECT_EQ(t.padded_n, n);
    ASSERT_EQ(t.steps.size(), 1u);
    EXPECT_EQ(keys.bytes, input.bytes);
    EXPECT_EQ(keys.values, input.values);
  }
  HostKeys two = make_input(Distribution::ReverseSorted, KeyType::I32, 2, false);
  Timeline t = explain_model(default_params(), two, uint64_t(1) << 20);
  EXPECT_EQ(t.steps.size(), 2u);
  EXPECT_LE(two.ordered(0), two.ordered(1));
}

TEST(BitonicPlan, LaunchesCoverEveryLayerOnceInOrder) {
  for (uint64_t n : {uint64_t(2), uint64_t(3), uint64_t(100), uint64_t(4096), uint64_t(1) << 20,
                     (uint64_t(1) << 20) + 7})
    for (int threads : {32, 256, 1024})
      for (int kpt : {1, 8, 32})
        for (int fuse : {1, 2, 3}) {
        const BitonicPlan plan = make_bitonic_plan(n, threads, kpt, fuse);
        int next = 0;
        for (const auto& l : plan.launches) {
          EXPECT_EQ(l.first_layer, next);
          EXPECT_GE(l.layer_count, 1);
          if (l.kind == BitonicLaunchKind::GlobalLayers) {
            EXPECT_LE(l.layer_count, fuse);
            // One merge size per global launch (the kernel's partner bits are consecutive).
            EXPECT_EQ(plan.layers[size_t(l.first_layer)].log_k,
                      plan.layers[size_t(l.first_layer + l.layer_count - 1)].log_k);
          }
          for (int i = l.first_layer; i < l.first_layer + l.layer_count; ++i) {
            const uint64_t mask = plan.layers[size_t(i)].xor_mask();
            if (l.kind == BitonicLaunchKind::GlobalLayers)
              EXPECT_GE(mask, plan.tile_keys);  // partner in another tile
            else
              EXPECT_LT(mask, plan.tile_keys);  // partner in the same tile
          }
          next += l.layer_count;
        }
        EXPECT_EQ(size_t(next), plan.layers.size());
        const int log_n = int(std::log2(double(plan.padded_n)));
        EXPECT_EQ(plan.layers.size(), size_t(log_n * (log_n + 1) / 2));
      }
}

TEST(BitonicPlan, BytesMovedCountsEveryPass) {
  const BitonicPlan plan = make_bitonic_plan(uint64_t(1) << 20, 256, 8, 3);
  // 1 tile sort + for k = 2^12..2^20: ceil((log2(k) - 11) / 3) global passes + 1 merge.
  size_t launches = 1;
  for (int lk = 12; lk <= 20; ++lk) launches += size_t(lk - 11 + 2) / 3 + 1;
  ASSERT_EQ(plan.launches.size(), launches);
  EXPECT_DOUBLE_EQ(bitonic_bytes_moved(plan, KeyType::U32, false), double(launches) * 2 * 4 * (1 << 20));
  EXPECT_DOUBLE_EQ(bitonic_bytes_moved(plan, KeyType::F32, false),
                   double(launches) * 2 * 4 * (1 << 20) + 4.0 * 4 * (1 << 20));
  EXPECT_GT(bitonic_algorithm().bytes_moved((1 << 20) + 7, KeyType::U64, true, ParamValues{}),
            bitonic_bytes_moved(make_bitonic_plan(uint64_t(1) << 21, 256, 8, 3), KeyType::U64, true));
}

TEST(BitonicAlgorithm, DescribesItself) {
  const Algorithm& a = bitonic_algorithm();
  EXPECT_EQ(a.id(), "bitonic");
  EXPECT_EQ(a.step_kinds().size(), 3u);
  for (const auto& k : a.step_kinds()) {
    ASSERT_GE(k.pseudo_line, 0);
    EXPECT_LT(size_t(k.pseudo_line), a.pseudo_code().size());
  }
  ParamValues bad{{"threads", 48}};
  EXPECT_NE(resolve_params(a.params(), bad, "bitonic"), "");
  ParamValues big{{"keys_per_thread", 64}};
  EXPECT_NE(resolve_params(a.params(), big, "bitonic"), "");
  ParamValues fuse{{"global_layers", 4}};
  EXPECT_NE(resolve_params(a.params(), fuse, "bitonic"), "");
}

}  // namespace
}  // namespace sortscope::test
