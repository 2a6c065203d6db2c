// --gpus (app/cli/gpus_option.h): the counts it takes, the one-line refusals (--gpus 0, an
// algorithm without a distributed form, too many simulated ranks, more GPUs than the host has, no
// NCCL in this build), and the scenario it makes: the distributed entry with ranks = P.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "common/scenario.h"
#include "gpus_option.h"
#include "scenario_options.h"

namespace sortscope {
namespace {

std::string refusal(const ScenarioArgs& a) {
  try {
    build_scenario(a);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return {};
}

TEST(GpusOption, Counts) {
  EXPECT_EQ(parse_gpus("all"), 0u);
  EXPECT_EQ(parse_gpus("4"), 4u);
  for (const char* bad : {"0", "", "-1", "two", "1e3", "99999"}) {
    try {
      parse_gpus(bad);
      ADD_FAILURE() << "accepted --gpus '" << bad << "'";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("--gpus"), std::string::npos);
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
}

TEST(GpusOption, SimulatedScenario) {
  ScenarioArgs a;
  a.algo = "sample-sort";
  a.gpus = "8";
  a.cpu = true;
  a.n = "4096";
  const Scenario s = build_scenario(a);
  EXPECT_EQ(s.algorithm, "distributed-sample-sort");
  EXPECT_EQ(s.params.at("ranks"), 8);
  a.algo = "bitonic";
  EXPECT_NE(refusal(a).find("no form across GPUs"), std::string::npos);
  a.algo = "merge";
  a.gpus = "17";
  EXPECT_NE(refusal(a).find("at most 16 simulated ranks"), std::string::npos);
  a.gpus = "all";
  EXPECT_NE(refusal(a).find("need a count"), std::string::npos);
  a.gpus = "2";
  a.params = {"ranks=3"};
  EXPECT_NE(refusal(a).find("does not go with --gpus"), std::string::npos);
}

// More GPUs than the host has: one line naming both counts, the host's in the singular at 1.
TEST(GpusOption, MoreThanTheHostHas) {
  EXPECT_NO_THROW(require_host_gpus(2, 2));
  EXPECT_NO_THROW(require_host_gpus(1, 8));
  auto refused = [](uint32_t asked, int have) -> std::string {
    try {
      require_host_gpus(asked, have);
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(refused(2, 1), "--gpus 2: this host has 1 GPU");
  EXPECT_EQ(refused(8, 4), "--gpus 8: this host has 4 GPUs");
  EXPECT_EQ(refused(1, 0), "--gpus 1: this host has no GPU");
}

// --gpus all resolves to every visible GPU; on a host with none it is refused in one line before
// any group of ranks is made (bench --gpus all once went on to an NCCL group of 0 ranks), and so is
// every list that holds it.
TEST(GpusOption, AllOnAHostWithoutGpusIsRefused) {
  EXPECT_EQ(resolve_host_gpus(0, 4), 4u);
  EXPECT_EQ(resolve_host_gpus(2, 4), 2u);
  EXPECT_EQ(host_gpus_refusal(0, 1), "");
  EXPECT_EQ(host_gpus_refusal(0, 0), "--gpus all: this host has no GPU");
  EXPECT_EQ(host_gpus_refusal(0, -1), "--gpus all: this host has no GPU");  // a failed device count
  auto refused = [](auto&& f) -> std::string {
    try {
      f();
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(refused([] { resolve_host_gpus(0, 0); }), "--gpus all: this host has no GPU");
  EXPECT_EQ(refused([] { resolve_host_gpu_list("all", 0); }), "--gpus all: this host has no GPU");
  EXPECT_EQ(refused([] { resolve_host_gpu_list("1,all", 0); }), "--gpus 1: this host has no GPU");
  EXPECT_EQ(refused([] { resolve_host_gpu_list("2,4", 2); }), "--gpus 4: this host has 2 GPUs");
  EXPECT_EQ(resolve_host_gpu_list("1,2,all", 8), (std::vector<uint32_t>{1, 2, 8}));
  EXPECT_NE(refused([] { resolve_host_gpu_list("1,,2", 8); }).find("--gpus ''"), std::string::npos);
}

TEST(GpusOption, RealGpusNeedNccl) {
  ScenarioArgs a;
  a.algo = "radix-onesweep";
  a.gpus = "2";
#if SORTSCOPE_HAS_NCCL
  GTEST_SKIP() << "this build has NCCL: the refusal depends on the host's GPUs";
#else
  EXPECT_NE(refusal(a).find("built without NCCL"), std::string::npos);
#endif
}

}  // namespace
}  // namespace sortscope
