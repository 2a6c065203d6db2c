// Step times (kernels/common/launch_times.h): per-launch GPU times to steps, fused launches split
// evenly, names from the steps or the model; and the launch numbering the drivers mark (the plan's
// functions) against the one the model's steps carry.
#include <gtest/gtest.h>

#include <iterator>
#include <set>

#include "algorithm.h"
#include "common/launch_times.h"
#include "merge/multiway_plan.h"
#include "merge/two_way_plan.h"
#include "radix_test_support.h"
#include "sample/sample_launches.h"
#include "sample/sample_steps.h"
#include "registry.h"

namespace sortscope::test {
namespace {

Step step_in(int launch, std::string name = {}) {
  Step s;
  s.launch = launch;
  s.launch_name = std::move(name);
  return s;
}

TEST(LaunchTimes, ALaunchTimeGoesToItsStepsSplitEvenlyWhenFused) {
  std::vector<Step> steps = {step_in(-1), step_in(0, "tile sort (fused)"), step_in(0, "tile sort (fused)"),
                             step_in(0, "tile sort (fused)"), step_in(1, "global pass"), step_in(2, "untimed")};
  steps[0].gpu_ms = 9;  // stale values are replaced
  const std::vector<LaunchTime> got =
      attribute_launch_times(steps, {{1, "", 1.5}, {0, "", 6.0}, {-1, "", 0.25}, {3, "", 2.0}},
                             {{3, "copy back", 0}});
  EXPECT_EQ(steps[0].gpu_ms, 0);
  EXPECT_EQ(steps[0].launch_share, 0);
  for (int i = 1; i <= 3; ++i) {
    EXPECT_DOUBLE_EQ(steps[size_t(i)].gpu_ms, 2.0) << i;
    EXPECT_EQ(steps[size_t(i)].launch_share, 3) << i;
  }
  EXPECT_DOUBLE_EQ(steps[4].gpu_ms, 1.5);
  EXPECT_EQ(steps[4].launch_share, 1);
  EXPECT_EQ(steps[5].gpu_ms, 0);  // its launch was not timed
  EXPECT_EQ(steps[5].launch_share, 0);
  ASSERT_EQ(got.size(), 4u);
  EXPECT_EQ(got[0].launch, -1);
  EXPECT_NE(got[0].name.find("outside"), std::string::npos);
  EXPECT_EQ(got[1].launch, 0);
  EXPECT_EQ(got[1].name, "tile sort (fused)");
  EXPECT_EQ(got[2].name, "global pass");
  EXPECT_EQ(got[3].name, "copy back");  // no step: the model's name
  EXPECT_EQ(got[3].ms, 2.0);
  // The steps' times add up to the timed launches that have steps.
  double sum = 0;
  for (const Step& s : steps) sum += s.gpu_ms;
  EXPECT_DOUBLE_EQ(sum, 7.5);
}

TEST(LaunchTimes, UnnamedLaunchWithoutStepOrModelIsNumbered) {
  std::vector<Step> steps;
  const std::vector<LaunchTime> got = attribute_launch_times(steps, {{7, "", 1.0}});
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].name, "launch 7");
}

// The radix drivers mark launches with RadixPlan's launch_of_* functions; the steps of the model
// carry the same indices and names (launch_names), and the model's launches (perf_model) are the
// drivers' sequence.
TEST(LaunchTimes, RadixMarksAreTheStepsNumbering) {
  for (const char* id : {"radix", "radix-onesweep"}) {
    const Algorithm& a = *find_algorithm(id);
    const uint64_t n = 50000;
    const ParamValues p = a.params_as_run(radix_params(a), KeyType::U32, false, n);
    const RadixPlan plan = make_radix_plan(radix_variant_of(a), n, KeyType::U32, false, p);
    const std::vector<std::string> names = plan.launch_names();
    std::set<int> marked;
    if (plan.single_block) {
      marked.insert(0);
    } else if (plan.variant == RadixVariant::ReduceThenScan) {
      for (int pass = 0; pass < plan.passes; ++pass)
        marked.insert({plan.launch_of_upsweep(pass), plan.launch_of_scan(pass), plan.launch_of_pass(pass)});
      if (plan.passes % 2) marked.insert(3 * plan.passes);
    } else {
      marked.insert({plan.launch_of_histogram(), plan.launch_of_histogram() + 1});
      for (int pass = 0; pass < plan.passes; ++pass)
        for (uint32_t q = 0; q < plan.portions; ++q) marked.insert(plan.launch_of_pass(pass) + int(q));
    }
    // Every launch named is marked once, and nothing else.
    ASSERT_EQ(marked.size(), names.size()) << id;
    EXPECT_EQ(*marked.begin(), 0) << id;
    EXPECT_EQ(*marked.rbegin(), int(names.size()) - 1) << id;
    // The model's steps name these launches.
    HostKeys keys = generate_host(InputSpec{Distribution::Uniform, n, KeyType::U32, false, 3});
    Timeline tl = radix_timeline(a, keys, false);
    Recorder rec(tl);
    a.run_model(p, keys, &rec);
    int with_launch = 0;
    for (const Step& s : tl.steps) {
      if (s.launch < 0) continue;
      ++with_launch;
      EXPECT_TRUE(marked.count(s.launch)) << id << ": step launch " << s.launch;
      EXPECT_EQ(s.launch_name, names.at(size_t(s.launch))) << id;
    }
    EXPECT_GT(with_launch, 0) << id;
  }
}

// The launch indices the CPU model's steps carry (the GPU path's steps number alike).
std::set<int> model_step_launches(const Algorithm& a, const ParamValues& p, uint64_t n) {
  HostKeys keys = generate_host(InputSpec{Distribution::Uniform, n, KeyType::U32, false, 3});
  Timeline tl = radix_timeline(a, keys, false);
  Recorder rec(tl);
  a.run_model(p, keys, &rec);
  std::set<int> used;
  for (const Step& s : tl.steps)
    if (s.launch >= 0) used.insert(s.launch);
  return used;
}

// The two-way merge sort's driver marks the block sort (kTwoWayBlockSortLaunch) and per pass a
// partition (unless the merge blocks search their own splits) and a merge (two_way_*_launch_index);
// the model's steps carry those indices, a fused pass's partition step the merge's.
TEST(LaunchTimes, TwoWayMergeMarksAreTheStepsNumbering) {
  const Algorithm& a = *find_algorithm("merge");
  const uint64_t n = 100000;
  for (int fused : {0, 1}) {
    ParamValues given = radix_params(a);
    given[kTwoWayFusedPartition] = fused;
    const ParamValues p = a.params_as_run(given, KeyType::U32, false, n);
    const TwoWayPlan plan = make_two_way_plan(n, KeyType::U32, false, p);
    ASSERT_EQ(plan.fused_partition, fused == 1);
    std::set<int> marked = {kTwoWayBlockSortLaunch};
    for (int pass = 0; pass < plan.passes; ++pass) {
      marked.insert(two_way_merge_launch_index(pass));
      if (!fused) marked.insert(two_way_partition_launch_index(pass));
      EXPECT_EQ(two_way_partition_step_launch_index(plan, pass),
                fused ? two_way_merge_launch_index(pass) : two_way_partition_launch_index(pass));
    }
    const std::set<int> used = model_step_launches(a, p, n);
    EXPECT_GT(plan.passes, 0);
    EXPECT_EQ(used, marked) << "fused_partition=" << fused;  // every marked launch has steps, and every step's launch is marked
  }
}

// The multiway merge sort's driver marks the block sort and per round a selection (with the run
// offsets before it) and a merge (multiway_*_launch_index).
TEST(LaunchTimes, MultiwayMergeMarksAreTheStepsNumbering) {
  const Algorithm& a = *find_algorithm("multiway-merge");
  const uint64_t n = 300000;
  const ParamValues p = a.params_as_run(radix_params(a), KeyType::U32, false, n);
  const MultiwayPlan plan = make_multiway_plan(n, p);
  std::set<int> marked = {kMultiwayBlockSortLaunch};
  for (size_t r = 0; r < plan.rounds.size(); ++r)
    marked.insert({multiway_select_launch_index(int(r)), multiway_merge_launch_index(int(r))});
  const std::set<int> used = model_step_launches(a, p, n);
  EXPECT_FALSE(plan.rounds.empty());
  EXPECT_EQ(used, marked);
}

// Sample sort's and quicksort's driver marks four launches per level-1 pass and one for level 2
// (sample_launches.h), level 2 at a fixed index past the passes'; the passes depend on the keys,
// so the model run's scatter steps count them.
TEST(LaunchTimes, SampleSortMarksAreTheStepsNumbering) {
  for (const char* id : {"sample-sort", "quicksort"}) {
    const Algorithm& a = *find_algorithm(id);
    const uint64_t n = uint64_t(1) << 18;
    const ParamValues p = a.params_as_run(radix_params(a), KeyType::U32, false, n);
    HostKeys keys = generate_host(InputSpec{Distribution::Uniform, n, KeyType::U32, false, 3});
    Timeline tl = radix_timeline(a, keys, false);
    Recorder rec(tl);
    a.run_model(p, keys, &rec);
    const SamplePlan plan =
        make_sample_plan(std::string(id) == "quicksort" ? SampleEngine::Quicksort : SampleEngine::SampleSort, n,
                         KeyType::U32, false, p);
    uint32_t passes = 0;
    std::set<int> used;
    for (const Step& s : tl.steps) {
      passes += s.kind == int(SampleStepKind::Scatter);
      if (s.launch >= 0) used.insert(s.launch);
    }
    ASSERT_GT(passes, 0u) << id;
    std::set<int> marked = {sample_level2_launch_index()};
    for (uint32_t pass = 0; pass < passes; ++pass)
      for (SampleLaunch l : {SampleLaunch::Splitters, SampleLaunch::Count, SampleLaunch::Scan, SampleLaunch::Scatter})
        marked.insert(sample_launch_index(pass, l));
    EXPECT_EQ(used, marked) << id;
    EXPECT_LT(*std::prev(marked.end(), 2), sample_level2_launch_index()) << id;  // level 2 after every pass
    for (const Step& s : tl.steps)
      if (s.kind == int(SampleStepKind::Count))
        EXPECT_EQ(s.launch_name, sample_launch_name(plan, uint32_t(s.launch / 4), SampleLaunch::Count)) << id;
  }
}

}  // namespace
}  // namespace sortscope::test
