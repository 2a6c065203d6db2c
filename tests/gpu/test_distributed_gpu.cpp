// The distributed sorts on GPUs with NCCL (kernels/distributed/distributed_gpu.h): 2 ranks in one
// process where the host has 2 GPUs (skipped otherwise, with the reason), 1 rank on any GPU (the
// case compute-sanitizer runs), and 2 ranks as 2 processes of this program meeting through a file
// rendezvous: a sort, and a rank that dies before the exchange (the survivor stops with a message
// within the rank timeout; the death is a phase hook set here, never in sortscope). Each result is
// verified across ranks and compared with the simulated ranks' result on the same input (the CPU
// model is the oracle).
#include <gtest/gtest.h>

#include <cuda_runtime.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "common/generators.h"
#include "common/verify.h"
#include "distributed/distributed_gpu.h"
#include "distributed/distributed_model.h"
#include "distributed/launcher_env.h"
#include "distributed/rendezvous.h"
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

InputSpec spec_of(Distribution d, KeyType t, uint64_t n, bool values);

// Sorts on the group, verifies across ranks, and compares each rank's keys (and for merge, which is
// stable, values) with the simulated ranks.
// With `host_io` the input and output are in host memory (keep_data_in_host_memory): the output
// compared is what reached host memory (verify copies it back over the device's output).
void check_against_model(RankGroup& group, DistributedSort sort, const InputSpec& spec, const std::string& what,
                         bool host_io = false) {
  DistributedGpuSort d(group, sort, DistributedParams{}, local_for(sort, spec.key, spec.with_values, spec.n), spec.key,
                       spec.with_values, spec.n);
  if (host_io) d.keep_data_in_host_memory();
  const MultisetHash hash = d.generate(spec);
  DistributedRunInfo info;
  for (int rep = 0; rep < 2; ++rep) info = d.run();  // twice: buffers are reused
  const DistributedVerdict v = d.verify(hash);
  ASSERT_TRUE(v.ok()) << what << ": " << v.summary();
  // The copy phases move each rank's share in and its sorted range out, and only with host I/O.
  EXPECT_EQ(info.host_io, host_io) << what;
  ASSERT_EQ(info.exchange_device_ms.size(), size_t(group.world())) << what;
  for (uint32_t r = 0; r < group.world(); ++r) {
    EXPECT_EQ(info.bytes(r, DistributedPhase::CopyIn), host_io ? double(info.keys_before[r] * info.bytes_per_key()) : 0.0)
        << what << " rank " << r;
    EXPECT_EQ(info.bytes(r, DistributedPhase::CopyOut), host_io ? double(info.keys_after[r] * info.bytes_per_key()) : 0.0)
        << what << " rank " << r;
  }
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
  // Two reused buffers a rank (kernels/distributed/rank_memory.h), as planned: what a rank holds after
  // the runs is the plan (its small buffers grown as the run needed them) within a few MiB.
  for (size_t l = 0; l < group.local_count(); ++l)
    EXPECT_LE(d.memory_held(l), d.memory_planned(l) + (uint64_t(4) << 20)) << what << " rank " << group.rank(l);
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

// Input and output in host memory (--host-io): every sort, keys alone and pairs, and radix on few
// unique keys, whose skewed split outgrows the planned output (the host output grows with it).
TEST(DistributedGpu, HostIo) {
  if (g_sanitizer_run) GTEST_SKIP() << "the sanitizer runs one rank (OneRank)";
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  std::vector<int> devices;
  for (int i = 0; i < std::min(count, 2); ++i) devices.push_back(i);
  auto group = RankGroup::single_process(devices, 60);
  for (DistributedSort sort : {DistributedSort::SampleSort, DistributedSort::Merge, DistributedSort::RadixOnesweep}) {
    const std::string id = std::string(distributed_sort_id(sort)) + " host I/O";
    check_against_model(*group, sort, spec_of(Distribution::Uniform, KeyType::U32, (1u << 20) + 3, false), id + " u32", true);
    check_against_model(*group, sort, spec_of(Distribution::Uniform, KeyType::U64, (1u << 19) + 1, true), id + " u64 pairs",
                        true);
  }
  check_against_model(*group, DistributedSort::RadixOnesweep, spec_of(Distribution::FewUnique, KeyType::U32, 1u << 19, true),
                      "radix host I/O few-unique pairs", true);
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
  // The exchange's shapes at a small size: every row measured (or the registered rows' one line).
  const auto shapes = alltoall_shapes(*group, uint64_t(1) << 22, 2);
  if (group->world() > 1) EXPECT_GE(shapes.size(), 5u);
  for (const auto& row : shapes) EXPECT_TRUE(row.ms > 0 || row.shape.find("not measured") != std::string::npos) << row.shape;
}

}  // namespace
}  // namespace sortscope::test

namespace sortscope::test {
namespace {

// ---- Two processes, one rank each (the path of `sortscope run --gpus` under mpirun or srun) ----

constexpr double kChildRankTimeout = 10;  // seconds: NCCL init, and how long the survivor waits for a dead peer

// One rank of two, started by DistributedGpu.TwoProcesses* as a process of this program:
// SORTSCOPE_TEST_CHILD_RANK is its rank, SORTSCOPE_TEST_RENDEZVOUS the file the id goes through;
// with SORTSCOPE_TEST_DIE_BEFORE set to a phase's name, rank 1 exits just before that phase and
// rank 0 must stop with a message instead of hanging.
TEST(DistributedGpuChild, OneRankOfTwo) {
  const char* rank = std::getenv("SORTSCOPE_TEST_CHILD_RANK");
  if (!rank) GTEST_SKIP() << "a child of DistributedGpu.TwoProcesses*";
  LauncherRank me;
  me.rank = uint32_t(std::atoi(rank));
  me.size = 2;
  me.local_rank = me.rank;
  me.local_known = true;
  me.source = "test";
  auto group = RankGroup::one_rank(me, parse_rendezvous(std::getenv("SORTSCOPE_TEST_RENDEZVOUS")), int(me.rank),
                                   kChildRankTimeout);
  const InputSpec spec = spec_of(Distribution::Uniform, KeyType::U32, (1u << 20) + 3, true);
  const DistributedSort sort = DistributedSort::SampleSort;
  DistributedGpuSort d(*group, sort, DistributedParams{}, local_for(sort, spec.key, spec.with_values, spec.n), spec.key,
                       spec.with_values, spec.n);
  const char* die = std::getenv("SORTSCOPE_TEST_DIE_BEFORE");
  if (die)
    d.set_phase_hook([phase_name = std::string(die)](uint32_t r, const char* phase) {
      if (r == 1 && phase_name == phase) std::_Exit(3);
    });
  const MultisetHash hash = d.generate(spec);
  if (!die) {
    d.run();
    const DistributedVerdict v = d.verify(hash);
    EXPECT_TRUE(v.ok()) << v.summary();
    return;
  }
  const auto t0 = std::chrono::steady_clock::now();
  try {
    d.run();
    ADD_FAILURE() << "rank 0 finished a sort whose rank 1 died";
  } catch (const std::runtime_error& e) {
    std::printf("rank %u stopped: %s\n", me.rank, e.what());
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
  }
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), kChildRankTimeout + 10);
}

struct Child {
  pid_t pid = 0;
  int status = -1;
  std::string log;
};

// Starts this program's DistributedGpuChild.OneRankOfTwo as ranks 0 and 1 and waits for both (at
// most `limit_s`, then kills them: a hang fails the test instead of stalling it).
std::vector<Child> run_two_children(const std::string& die_before, double limit_s) {
  const std::string dir = testing::TempDir();
  const std::string rendezvous = dir + "sortscope_two_ranks_" + std::to_string(::getpid());
  std::remove(rendezvous.c_str());
  std::vector<Child> kids(2);
  for (int r = 0; r < 2; ++r) {
    kids[r].log = dir + "sortscope_rank" + std::to_string(r) + "_" + std::to_string(::getpid()) + ".log";
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) env.push_back(*e);
    env.push_back("SORTSCOPE_TEST_CHILD_RANK=" + std::to_string(r));
    env.push_back("SORTSCOPE_TEST_RENDEZVOUS=" + rendezvous);
    if (!die_before.empty()) env.push_back("SORTSCOPE_TEST_DIE_BEFORE=" + die_before);
    std::vector<char*> envp;
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::string exe = "/proc/self/exe", filter = "--gtest_filter=DistributedGpuChild.OneRankOfTwo";
    std::vector<char*> argv = {exe.data(), filter.data(), nullptr};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, kids[r].log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    EXPECT_EQ(posix_spawn(&kids[r].pid, exe.c_str(), &fa, nullptr, argv.data(), envp.data()), 0);
    posix_spawn_file_actions_destroy(&fa);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(limit_s);
  for (Child& k : kids) {
    while (k.pid > 0 && ::waitpid(k.pid, &k.status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        ADD_FAILURE() << "a rank still runs after " << limit_s << " s: killed";
        ::kill(k.pid, SIGKILL);
        ::waitpid(k.pid, &k.status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  std::remove(rendezvous.c_str());
  return kids;
}

std::string read_all(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

bool two_gpus_for_processes(std::string& why) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) count = 0;
  if (g_sanitizer_run) why = "the sanitizer runs one rank (OneRank)";
  else if (count < 2) why = "needs 2 GPUs, this host has " + std::to_string(count);
  return why.empty();
}

TEST(DistributedGpu, TwoProcessesThroughTheRendezvous) {
  std::string why;
  if (!two_gpus_for_processes(why)) GTEST_SKIP() << why;
  const std::vector<Child> kids = run_two_children("", 120);
  for (int r = 0; r < 2; ++r)
    EXPECT_TRUE(WIFEXITED(kids[r].status) && WEXITSTATUS(kids[r].status) == 0)
        << "rank " << r << ":\n" << read_all(kids[r].log);
}

TEST(DistributedGpu, ARankThatDiesBeforeTheExchangeStopsTheOther) {
  std::string why;
  if (!two_gpus_for_processes(why)) GTEST_SKIP() << why;
  const std::vector<Child> kids = run_two_children("the exchange", 120);
  EXPECT_TRUE(WIFEXITED(kids[1].status) && WEXITSTATUS(kids[1].status) == 3) << read_all(kids[1].log);
  const std::string log0 = read_all(kids[0].log);
  EXPECT_TRUE(WIFEXITED(kids[0].status) && WEXITSTATUS(kids[0].status) == 0) << log0;
  EXPECT_NE(log0.find("rank 0 stopped: "), std::string::npos) << log0;
}

}  // namespace
}  // namespace sortscope::test
