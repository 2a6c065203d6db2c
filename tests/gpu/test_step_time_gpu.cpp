// Step times on the GPU (app/core/runner.cpp, kernels/common/launch_clock.h): explain mode times a
// measure-mode run of its own with the launch clock; every step that names a launch gets a share of
// that launch's time, and the launches add up to about the whole sort.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/runner.h"
#include "gpu_test_env.h"

namespace sortscope::test {
namespace {

TEST(StepTimeGpu, EveryStepWithALaunchGetsTime) {
  const uint64_t n = g_sanitizer_run ? (1u << 14) : (1u << 20);
  Runner runner;
  for (const char* id : {"radix-onesweep", "radix", "split-radix", "merge", "multiway-merge", "odd-even-merge",
                         "cub-radix", "bitonic", "sample-sort", "quicksort"}) {
    Scenario s;
    s.algorithm = id;
    s.input.n = n;
    s.input.key = KeyType::U32;
    runner.prepare(s, std::nullopt, true);
    const ExplainResult r = runner.explain(s);
    EXPECT_TRUE(r.verdict.ok()) << id;
    ASSERT_FALSE(r.timeline.launches.empty()) << id;
    ASSERT_GT(r.timed_ms, 0) << id;
    double launches_ms = 0;
    for (const LaunchTime& l : r.timeline.launches) {
      EXPECT_GE(l.ms, 0) << id << " launch " << l.launch;
      EXPECT_FALSE(l.name.empty()) << id << " launch " << l.launch;
      launches_ms += l.ms;
    }
    // Sample sort and quicksort may make another number of passes in the timed run than in the
    // recorded one (sample_launches.h): a recorded pass the timed run did not make gets no time.
    const bool passes_vary = std::string(id) == "sample-sort" || std::string(id) == "quicksort";
    std::set<int> ran;
    for (const LaunchTime& l : r.timeline.launches) ran.insert(l.launch);
    int timed = 0;
    double steps_ms = 0;
    for (const Step& st : r.timeline.steps) {
      steps_ms += st.gpu_ms;
      if (st.launch < 0) continue;
      if (passes_vary && !ran.count(st.launch)) {
        EXPECT_EQ(st.gpu_ms, 0) << id;
        continue;
      }
      ++timed;
      EXPECT_GT(st.gpu_ms, 0) << id << ": step '" << st.caption << "' (launch " << st.launch << ")";
      EXPECT_GE(st.launch_share, 1) << id;
    }
    EXPECT_GT(timed, 0) << id;
    EXPECT_LE(steps_ms, launches_ms * (1 + 1e-9)) << id;
    // The marks cover the run from its first launch to its end, so their sum is the sorted run's
    // time less what ran before the first mark; a sane factor, not equality (event resolution,
    // launch gaps).
    EXPECT_LE(launches_ms, r.timed_ms * 1.5 + 0.05) << id;
    EXPECT_GE(launches_ms, r.timed_ms * 0.5) << id;
  }
}

}  // namespace
}  // namespace sortscope::test
