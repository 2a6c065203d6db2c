// The race (issue 15, "A race"): the clock that maps one global time to each lane's step
// (app/core/race_clock.h) by step and by time, lanes finishing apart and together; the lanes run on
// the same input by the CPU models (app/core/race_lanes.h), each verified, with their step times.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "core/race_clock.h"
#include "core/race_lanes.h"
#include "core/runner.h"
#include "registry.h"

namespace sortscope::test {
namespace {

TEST(RaceClock, ByStepEveryLaneShowsTheSameFractionOfItsOwnStepsAndNothingIsRanked) {
  // Lane 0: 4 steps (0..3), lane 1: 6 steps (0..5). Times are ignored by the step clock.
  const RaceClock c(RaceClockKind::Step, {{0, 5, 5, 5}, {0, 1, 1, 1, 1, 1}});
  EXPECT_EQ(c.end(), 1);
  // Every lane ends at the end: a sort of few steps does not "win" (issue 29: one sample-sort step
  // is not one bitonic layer).
  EXPECT_EQ(c.finish(0), 1);
  EXPECT_EQ(c.finish(1), 1);
  EXPECT_EQ(c.at(0, 0.5).step, 1);  // 1/3 <= 0.5 < 2/3
  EXPECT_EQ(c.at(1, 0.5).step, 2);  // 2/5 <= 0.5 < 3/5
  EXPECT_EQ(c.at(1, 0.6).step, 3);
  EXPECT_DOUBLE_EQ(c.at(1, 0.6).fraction, 0.6);
  EXPECT_DOUBLE_EQ(c.at(0, 0.5).fraction, 1.0 / 3);
  EXPECT_FALSE(c.at(0, 0.99).finished);
  EXPECT_TRUE(c.at(0, 1).finished);
  EXPECT_TRUE(c.at(1, 1).finished);
  // Ranks nothing: no place, finished or not.
  EXPECT_EQ(c.at(0, 1).place, 0);
  EXPECT_EQ(c.place(0), 0);
  EXPECT_EQ(c.place(1), 0);
  // By step, a lane's time is the sum of its step times through the step shown.
  EXPECT_DOUBLE_EQ(c.at(0, 0.7).ms, 10);
  EXPECT_DOUBLE_EQ(c.at(0, 99).ms, 15);
  EXPECT_DOUBLE_EQ(c.total_ms(1), 5);
  // A tick at every step of every lane: 0, 1/5, 1/3, 2/5, 3/5, 2/3, 4/5, 1.
  const std::vector<double> t = c.ticks();
  ASSERT_EQ(t.size(), 8u);
  EXPECT_DOUBLE_EQ(t[1], 0.2);
  EXPECT_DOUBLE_EQ(t[2], 1.0 / 3);
  EXPECT_DOUBLE_EQ(t.back(), 1);
}

TEST(RaceClock, ByTimeTheFasterSortFinishesFirstThoughItHasMoreSteps) {
  // Lane 0: 3 slow steps (total 9 ms); lane 1: 6 quick ones (total 2.5 ms).
  const RaceClock c(RaceClockKind::Time, {{0, 4, 5}, {0, 0.5, 0.5, 0.5, 0.5, 0.5}});
  EXPECT_DOUBLE_EQ(c.end(), 9);
  EXPECT_DOUBLE_EQ(c.finish(1), 2.5);
  EXPECT_EQ(c.place(1), 1);
  EXPECT_EQ(c.place(0), 2);
  // Step k shows once steps 0..k are done: lane 0's step 1 at 4 ms, step 2 at 9 ms.
  EXPECT_EQ(c.at(0, 3.99).step, 0);
  EXPECT_EQ(c.at(0, 4).step, 1);
  EXPECT_EQ(c.at(0, 8.9).step, 1);
  EXPECT_EQ(c.at(0, 9).step, 2);
  EXPECT_EQ(c.at(1, 1.2).step, 2);
  EXPECT_TRUE(c.at(1, 2.5).finished);
  EXPECT_EQ(c.at(1, 3).place, 1);
  EXPECT_FALSE(c.at(0, 3).finished);
  // By time, a lane's time runs with the clock and stops at its finish.
  EXPECT_DOUBLE_EQ(c.at(0, 3).ms, 3);
  EXPECT_DOUBLE_EQ(c.at(1, 3).ms, 2.5);
  EXPECT_DOUBLE_EQ(c.at(1, -1).ms, 0);
  // A tick at every completion, each once: 0, 0.5, 1, 1.5, 2, 2.5, 4, 9.
  EXPECT_EQ(c.ticks(), (std::vector<double>{0, 0.5, 1, 1.5, 2, 2.5, 4, 9}));
}

TEST(RaceClock, TiesShareAPlace) {
  const RaceClock c(RaceClockKind::Time, {{0, 1, 2}, {0, 3}, {0, 0.5, 0.5, 4}});
  EXPECT_EQ(c.place(0), 1);
  EXPECT_EQ(c.place(1), 1);
  EXPECT_EQ(c.place(2), 3);  // two finished before it
  EXPECT_TRUE(c.at(0, 3).finished);
  EXPECT_TRUE(c.at(1, 3).finished);
  EXPECT_EQ(c.ticks(), (std::vector<double>{0, 0.5, 1, 3, 5}));
}

TEST(RaceClock, AFirstStepWithTimeShowsTheInputUntilItIsDone) {
  const RaceClock c(RaceClockKind::Time, {{2, 1}, {1}});
  EXPECT_EQ(c.at(0, 0).step, 0);
  EXPECT_FALSE(c.at(0, 0).finished);
  EXPECT_EQ(c.at(0, 2.5).step, 0);
  EXPECT_EQ(c.at(0, 3).step, 1);
  EXPECT_TRUE(c.at(1, 1).finished);  // one step: finished when it is done
  EXPECT_FALSE(c.at(1, 0.5).finished);
}

TEST(RaceClock, MomentsOfAPlaybackAreTicksByStepAndEvenByTime) {
  const RaceClock s(RaceClockKind::Step, {{0, 5, 5}, {0, 1}});
  EXPECT_EQ(race_moments(s), s.ticks());
  const RaceClock t(RaceClockKind::Time, {{0, 4, 5}, {0, 0.5, 0.5, 0.5, 0.5, 0.5}});
  const std::vector<double> m = race_moments(t);
  ASSERT_EQ(m.size(), t.ticks().size());
  EXPECT_DOUBLE_EQ(m.front(), 0);
  EXPECT_DOUBLE_EQ(m.back(), t.end());
  for (size_t i = 1; i < m.size(); ++i) EXPECT_NEAR(m[i] - m[i - 1], t.end() / double(m.size() - 1), 1e-12);
  // The faster lane is finished well before the last moment, the slower one only at it.
  int first_done = -1;
  for (size_t i = 0; i < m.size() && first_done < 0; ++i)
    if (t.at(1, m[i]).finished) first_done = int(i);
  EXPECT_GT(first_done, 0);
  EXPECT_LT(first_done, int(m.size()) / 2);
  EXPECT_FALSE(t.at(0, m[m.size() - 2]).finished);
  // A race over in no time has the one moment.
  EXPECT_EQ(race_moments(RaceClock(RaceClockKind::Time, {{0}, {0, 0}})), std::vector<double>{0});
}

TEST(RaceClock, RefusesWhatCannotBeRaced) {
  EXPECT_THROW(RaceClock(RaceClockKind::Step, {}), std::invalid_argument);
  EXPECT_THROW(RaceClock(RaceClockKind::Step, {{1}, {}}), std::invalid_argument);
  EXPECT_THROW(RaceClock(RaceClockKind::Time, {{1, -1}}), std::invalid_argument);
  EXPECT_THROW(RaceClock(RaceClockKind::Time, {{1, NAN}}), std::invalid_argument);
  EXPECT_EQ(parse_race_clock("step"), RaceClockKind::Step);
  EXPECT_EQ(parse_race_clock("time"), RaceClockKind::Time);
  EXPECT_FALSE(parse_race_clock("gpu").has_value());
}

Scenario lane(const std::string& algo, uint64_t n) {
  Scenario s;
  s.algorithm = algo;
  s.input.n = n;
  s.input.seed = 7;
  return s;
}

TEST(RaceLanes, WithoutAGpuTheLanesAreTimedByTheirModelsForANamedGpuNotByTheCpuModel) {
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  const RaceRun run = run_race(runner, {lane("bitonic", 1000), lane("radix", 1000), lane("merge", 1000)}, std::nullopt);
  ASSERT_EQ(run.lanes.size(), 3u);
  EXPECT_EQ(run.times, RaceTimes::Modelled);
  EXPECT_EQ(run.times_source, "modelled for NVIDIA H200");
  EXPECT_NE(race_clock_label(RaceClockKind::Time, run).find("modelled for NVIDIA H200"), std::string::npos);
  EXPECT_TRUE(run.verified());
  const Timeline& first = run.lanes[0].result->timeline;
  for (const RaceLane& l : run.lanes) {
    const Timeline& tl = l.result->timeline;
    EXPECT_TRUE(l.result->verdict.ok()) << tl.algorithm;
    EXPECT_EQ(l.result->backend, Backend::CpuModel);
    EXPECT_EQ(tl.n, 1000u);
    // The same input: the same display range (min and max of the keys) in every lane.
    EXPECT_EQ(tl.range.lo, first.range.lo) << tl.algorithm;
    EXPECT_EQ(tl.range.hi, first.range.hi) << tl.algorithm;
    ASSERT_EQ(l.step_ms.size(), tl.steps.size()) << tl.algorithm;
    // The model's times, not the host's: the lane's total is the model's prediction for the H200,
    // each launch with its launch cost.
    const Algorithm& a = *find_algorithm(tl.algorithm);
    const InputSpec& in = l.result->scenario.input;
    const ParamValues ran = a.params_as_run(l.result->scenario.params, in.key, in.with_values, in.n);
    const PerfModel model = a.perf_model(in.n, in.key, in.with_values, ran);
    const double predicted = predict(model, default_model_gpu().facts).total_ms +
                             double(model.launches.size()) * default_model_gpu().launch_us * 1e-3;
    EXPECT_GT(predicted, 0) << tl.algorithm;
    EXPECT_NEAR(l.total_ms(), predicted, predicted * 1e-9) << tl.algorithm;
    EXPECT_GT(l.keys_per_s(), 0) << tl.algorithm;
    // The steps that ran in a launch carry its time: more than the input step alone.
    int timed = 0;
    for (double ms : l.step_ms) timed += ms > 0;
    EXPECT_GT(timed, 1) << tl.algorithm;
  }
  EXPECT_EQ(run.lanes[1].result->timeline.algorithm, "radix");
  // Both clocks build over them; the time clock ends at the slowest lane's total.
  const RaceClock by_time = make_race_clock(RaceClockKind::Time, run);
  double slowest = 0;
  for (const RaceLane& l : run.lanes) slowest = std::max(slowest, l.total_ms());
  EXPECT_DOUBLE_EQ(by_time.end(), slowest);
  const RaceClock by_step = make_race_clock(RaceClockKind::Step, run);
  EXPECT_EQ(by_step.steps(2), int(run.lanes[2].result->timeline.steps.size()));
  // Another named GPU gives other times; an unknown name is one line listing the known.
  RaceRun h100 = run;
  time_race(h100, find_model_gpu("H100"));
  EXPECT_EQ(h100.times_source, "modelled for NVIDIA H100");
  EXPECT_GT(h100.lanes[0].total_ms(), run.lanes[0].total_ms());  // less bandwidth than the H200's
  EXPECT_THROW(find_model_gpu("gtx280"), std::runtime_error);
}

TEST(RaceLanes, ALaneThatCannotRunIsNamed) {
  RunnerOptions ro;
  ro.force_cpu = true;
  Runner runner(ro);
  try {
    run_race(runner, {lane("bitonic", 64), lane("no-such-sort", 64)}, std::nullopt);
    FAIL() << "an unknown racer ran";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("lane 2 (no-such-sort)"), std::string::npos) << e.what();
  }
  EXPECT_THROW(run_race(runner, {lane("bitonic", 64)}, std::nullopt), std::runtime_error);
}

// Lanes are made here as a trace replays them: a result with its timeline and, for a GPU
// recording, the step times its launches were timed with.
std::shared_ptr<ExplainResult> recorded_lane(const std::string& algo, Backend backend, std::vector<double> gpu_ms) {
  auto r = std::make_shared<ExplainResult>();
  r->scenario.algorithm = algo;
  r->scenario.input.n = 1u << 16;
  r->timeline.algorithm = algo;
  r->timeline.n = 1u << 16;
  r->backend = backend;
  for (size_t k = 0; k < gpu_ms.size(); ++k) {
    Step st;
    st.launch = int(k);
    st.gpu_ms = gpu_ms[k];
    r->timeline.steps.push_back(st);
    if (backend == Backend::Gpu) r->timeline.launches.push_back({int(k), "launch", gpu_ms[k]});
  }
  return r;
}

TEST(RaceLanes, GpuTimesRaceWhereEveryLaneHasThemAndAreNeverMixedWithModelled) {
  RaceRun run;
  for (auto [algo, ms] : {std::pair<const char*, std::vector<double>>{"bitonic", {0, 1, 1}}, {"radix", {0, 0.25, 0.25}}}) {
    RaceLane l;
    l.result = recorded_lane(algo, Backend::Gpu, ms);
    l.measured_on = "recorded on NVIDIA H200 (GPU)";
    run.lanes.push_back(l);
  }
  time_race(run, default_model_gpu());
  EXPECT_EQ(run.times, RaceTimes::Gpu);
  EXPECT_EQ(run.times_source, "recorded on NVIDIA H200 (GPU)");
  EXPECT_DOUBLE_EQ(run.lanes[0].total_ms(), 2);
  const RaceClock c = make_race_clock(RaceClockKind::Time, run);
  EXPECT_EQ(c.place(1), 1);  // radix: 0.5 ms against bitonic's 2
  EXPECT_EQ(c.place(0), 2);
  // One lane recorded on the CPU model: its times are not GPU times, so the race is modelled
  // for every lane, not ranked by the CPU's clock or by measured and modelled times mixed.
  run.lanes[1].result = recorded_lane("radix", Backend::CpuModel, {0, 50, 50});
  run.lanes[1].measured_on.clear();
  time_race(run, default_model_gpu());
  EXPECT_EQ(run.times, RaceTimes::Modelled);
  for (const RaceLane& l : run.lanes) EXPECT_NE(l.total_ms(), 100) << l.result->timeline.algorithm;
  EXPECT_NE(run.lanes[0].total_ms(), 2);
}

TEST(RaceLanes, TheTimeClockIsRefusedWithoutGpuTimes) {
  RaceRun run;
  for (const char* algo : {"bitonic", "radix"}) {
    RaceLane l;
    l.result = recorded_lane(algo, Backend::CpuModel, {0, 1, 1});
    run.lanes.push_back(l);
  }
  run.times = RaceTimes::None;
  run.why_no_times = "cub-radix has no GPU step times and no analytic model";
  try {
    make_race_clock(RaceClockKind::Time, run);
    FAIL() << "a race without GPU times was ranked";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no analytic model"), std::string::npos) << e.what();
  }
  EXPECT_EQ(make_race_clock(RaceClockKind::Step, run).steps(1), 3);
}

}  // namespace
}  // namespace sortscope::test
