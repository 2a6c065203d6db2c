// The runner's memory check (app/core/runner.h) counts the algorithm's real scratch: on the GPU
// the bytes its plan carves (Algorithm::scratch_bytes), for the CPU model the padded default; a run
// that does not fit is refused with one line naming the scratch and the largest n that fits.
#include <gtest/gtest.h>

#include <string>

#include "core/runner.h"
#include "registry.h"

namespace sortscope::test {
namespace {

Scenario scenario(const char* algorithm, uint64_t n, KeyType key, bool values) {
  Scenario s;
  s.algorithm = algorithm;
  s.input.n = n;
  s.input.key = key;
  s.input.with_values = values;
  EXPECT_EQ(validate_scenario(s), "");
  return s;
}

// Without CUDA the baselines report no scratch, so the algorithm's own figure is the estimate; with
// CUDA the baseline's (which shares the block) may be larger.
void expect_scratch_of(const Scenario& s, bool explain) {
  const Algorithm& a = *find_algorithm(s.algorithm);
  const uint64_t own = a.scratch_bytes(s.input.n, s.input.key, s.input.with_values, s.params, explain);
  const MemoryEstimate m = estimate_memory(s, explain, 1 << 20);
  if (built_with_cuda())
    EXPECT_GE(m.scratch, own) << s.algorithm;
  else
    EXPECT_EQ(m.scratch, own) << s.algorithm;
}

TEST(MemoryEstimate, GpuScratchIsThePlansLayout) {
  for (const char* id : {"merge", "multiway-merge", "radix", "radix-onesweep", "bitonic"})
    for (bool explain : {false, true}) {
      expect_scratch_of(scenario(id, 3'000'000, KeyType::U32, false), explain);
      expect_scratch_of(scenario(id, 1u << 24, KeyType::F64, true), explain);
    }
  // The plan's figure, not the old guess of two padded copies: 2^24 + 1 u32 keys sorted by the
  // two-way sort need two run buffers and the splits, far below two copies padded to 2^25.
  const Scenario s = scenario("merge", (1u << 24) + 1, KeyType::U32, false);
  const uint64_t own = find_algorithm("merge")->scratch_bytes(s.input.n, KeyType::U32, false, s.params, false);
  EXPECT_LT(own, default_scratch_estimate(s.input.n, KeyType::U32, false) * 3 / 4);
  EXPECT_GE(own, 2 * s.input.n * 4);
}

TEST(MemoryEstimate, ExplainAddsCaptureAndItsScratch) {
  const Scenario s = scenario("merge", 1u << 22, KeyType::U32, true);
  const MemoryEstimate m = estimate_memory(s, false, 64 << 20), e = estimate_memory(s, true, 64 << 20);
  EXPECT_EQ(m.capture, 0u);
  EXPECT_GT(e.capture, uint64_t(64) << 20);
  EXPECT_GT(e.scratch, m.scratch);  // the block sort's stages and the unpacked pairs
}

TEST(MemoryEstimate, RefusedBeforeAllocatingWithTheScratchNamed) {
  const Scenario s = scenario("multiway-merge", 1u << 24, KeyType::U64, true);
  const MemoryEstimate m = estimate_memory(s, false, 0);
  EXPECT_EQ(check_memory(s, false, 0, m.total(), true), "");
  const std::string e = check_memory(s, false, 0, m.total() - 1, true);
  ASSERT_FALSE(e.empty());
  EXPECT_NE(e.find("scratch " + format_bytes(double(m.scratch))), std::string::npos) << e;
  EXPECT_NE(e.find("try n <="), std::string::npos) << e;
  // The largest n it offers fits.
  const uint64_t offered = std::stoull(e.substr(e.find("try n <= ") + 9));
  Scenario smaller = s;
  smaller.input.n = offered;
  EXPECT_EQ(check_memory(smaller, false, 0, m.total() - 1, true), "");
  EXPECT_LT(offered, s.input.n);
}

TEST(MemoryEstimate, CpuModelAndRefusedPlansUseThePaddedDefault) {
  const Scenario s = scenario("merge", 3'000'000, KeyType::U32, false);
  // The CPU model's host memory: two padded copies.
  const std::string e = check_memory(s, false, 0, 1, false);
  EXPECT_NE(e.find("scratch " + format_bytes(double(default_scratch_estimate(s.input.n, KeyType::U32, false)))),
            std::string::npos)
      << e;
  // Radix plans refuse n >= 2^32: the estimate still answers (the run will say why).
  Scenario big = scenario("radix-onesweep", 1ull << 33, KeyType::U32, false);
  EXPECT_EQ(estimate_memory(big, false, 0).scratch, default_scratch_estimate(1ull << 33, KeyType::U32, false));
}

}  // namespace
}  // namespace sortscope::test
