// The distributed sorts on GPUs with NCCL (kernels/distributed/distributed_gpu.h): 2 ranks in one
// process where the host has 2 GPUs (skipped otherwise, with the reason), 1 rank on any GPU (the
// case compute-sanitizer runs). Each result is verified across ranks and compared with the
// simulated ranks' result on the same input (the CPU model is the oracle).
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "common/generators.h"
#include "common/verify.h"
#include "distributed/distributed_gpu.h"
#include "distributed/distributed_model.h"
#include "gpu_test_env.h"
#include "registry.h"

namespace sortscope::test {
namespace {

LocalSort local_for(DistributedSort sort, KeyType t, bool values, uint64_t n) {
  LocalSort l;
  l.algorithm = find_algorithm(sort == DistributedSort::Merge ? "merge"
                               : sort == DistributedSort::SampleSort ? "sample-sort"
                                                                     : "radix-onesweep");
  EXPECT_EQ(resolve_params(l.algorithm->params(), l.params, l.algorithm->id()), "");
  l.params = l.algorithm->params_as_run(l.params, t, values, n);
  return l;
}

// Sorts on the group, verifies across ranks, and compares each rank's keys (and for merge, which is
// stable, values) with the simulated ranks.
void check_against_model(RankGroup& group, DistributedSort sort, const InputSpec& spec, const std::string& what) {
  DistributedGpuSort d(group, sort, DistributedParams{}, local_for(sort, spec.key, spec.with_values, spec.n), spec.key,
                       spec.with_values, spec.n);
  const MultisetHash hash = d.generate(spec);
  DistributedRunInfo info;
  for (int rep = 0; rep < 2; ++rep) info = d.run();  // twice: buffers are reused
  const DistributedVerdict v = d.verify(hash);
  ASSERT_TRUE(v.ok()) << what << ": " << v.summary();
  const HostKeys input = generate_host(spec);
  EXPECT_EQ(hash, multiset_hash_host(input)) << what << ": the GPU generator matches the CPU one";
  std::vector<HostKeys> model = split_into_ranks(input, group.world());
  const DistributedRunInfo m = distributed_sort_model(sort, DistributedParams{}, model);
  EXPECT_EQ(info.keys_after, m.keys_after) << what << ": the same split as the simulated ranks";
  const size_t kb = size_t(key_bytes(spec.key));
  for (size_t l = 0; l < group.local_count(); ++l) {
    const DeviceKeys out = d.output(l);
    const uint32_t r = group.rank(l);
    ASSERT_EQ(out.n, model[r].size()) << what << " rank " << r;
    HostKeys got(spec.key, out.n, spec.with_values);
    group.set_device(l);
    if (out.n) {
      ASSERT_EQ(cudaMemcpy(got.bytes.data(), out.keys, out.n * kb, cudaMemcpyDeviceToHost), cudaSuccess);
      if (spec.with_values) {
        ASSERT_EQ(cudaMemcpy(got.values.data(), out.values, out.n * 4, cudaMemcpyDeviceToHost), cudaSuccess);
      }
    }
    EXPECT_EQ(got.bytes, model[r].bytes) << what << " rank " << r;
    if (sort == DistributedSort::Merge && spec.with_values) {
      EXPECT_EQ(got.values, model[r].values) << what << " rank " << r;
    }
  }
  if (sort == DistributedSort::Merge) {
    EXPECT_EQ(info.keys_after, info.keys_before) << what;
  }
}

InputSpec spec_of(Distribution d, KeyType t, uint64_t n, bool values) {
  InputSpec s;
  s.dist = d;
  s.key = t;
  s.n = n;
  s.with_values = values;
  s.seed = 5;
  return s;
}

TEST(DistributedGpu, TwoRanksOneProcess) {
  if (g_sanitizer_run) GTEST_SKIP() << "the sanitizer runs one rank (OneRank)";
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  if (count < 2) GTEST_SKIP() << "needs 2 GPUs, this host has " << count;
  auto group = RankGroup::single_process({0, 1}, 60);
  for (DistributedSort sort : {DistributedSort::SampleSort, DistributedSort::Merge, DistributedSort::RadixOnesweep}) {
    const std::string id = distributed_sort_id(sort);
    check_against_model(*group, sort, spec_of(Distribution::Uniform, KeyType::U32, (1u << 20) + 3, false), id + " u32");
    check_against_model(*group, sort, spec_of(Distribution::Uniform, KeyType::F64, (1u << 19) + 1, true), id + " f64 pairs");
    check_against_model(*group, sort, spec_of(Distribution::DeterministicDuplicates, KeyType::U64, 1u << 19, true),
                        id + " det-duplicates u64 pairs");
  }
}

TEST(DistributedGpu, OneRank) {
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  auto group = RankGroup::single_process({0}, 60);
  const uint64_t n = g_sanitizer_run ? 5000 : (1u << 18) + 7;
  for (DistributedSort sort : {DistributedSort::SampleSort, DistributedSort::Merge, DistributedSort::RadixOnesweep})
    check_against_model(*group, sort, spec_of(Distribution::Uniform, KeyType::I32, n, true),
                        std::string(distributed_sort_id(sort)) + " one rank");
}

TEST(DistributedGpu, AlltoallBench) {
  if (g_sanitizer_run) GTEST_SKIP() << "timing only";
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  std::vector<int> devices;
  for (int i = 0; i < std::min(count, 2); ++i) devices.push_back(i);
  auto group = RankGroup::single_process(devices, 60);
  const auto pts = alltoall_bench(*group, {uint64_t(1) << 20, uint64_t(1) << 22}, 3);
  ASSERT_EQ(pts.size(), 2u);
  for (const auto& p : pts) EXPECT_GT(p.algbw_gbs, 0);
}

}  // namespace
}  // namespace sortscope::test
