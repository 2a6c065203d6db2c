#pragma once
// Runs a bench matrix state by state on one Runner: every state's samples are taken until the
// stopping rule says so (bench_stats.h), every sample verified; the algorithm's baseline (CUB) is
// measured on the same input in the same run, once per input, with the same rule, and shared by
// the states of that input. After each finished state `on_record` gets the report so far: the
// command rewrites its files then, so an interrupt (which ends the run at the next sample with
// Interrupted) keeps every finished state. `cancel`, when given and raised (the app's sweep view,
// app/bench/sweep_worker.h), ends the run between samples with RunCancelled, the same way.
#include <atomic>
#include <functional>
#include <vector>

#include "bench_report.h"

namespace sortscope {

struct BenchProgress {
  size_t done = 0, total = 0;
  double elapsed_s = 0;
  double left_s = -1;        // estimate of the time left; -1 before the first state finished
  std::string current;       // the state being measured
};

// "" when the algorithm's plan takes the scenario's (resolved) parameters at its size and key type,
// else the plan's one-line reason (e.g. a tile too large for shared memory). Asked before anything
// runs, through Algorithm::scratch_bytes, which lays a run's buffers out from the same plan code;
// an algorithm that describes no scratch refuses nothing here (its run says why, if it must).
std::string plan_refusal(const Scenario& s);
// "" when a state can run as far as its scenario and the plan can tell (validate_scenario, then
// plan_refusal on the resolved scenario), else why not: what a sweep over a whole space (tune,
// the app's sweep view) skips instead of stopping on.
std::string state_refusal(const BenchState& st);

// Checks every state before anything is measured: validate_scenario, the plan (plan_refusal) and
// the memory check against what is free now. Throws std::runtime_error with one line naming the
// first state that cannot run.
void check_bench_states(const std::vector<BenchState>& states, const Runner& runner);
// The same checks, but a state that does not fit in memory is left out instead: the states that
// fit, and one line per left-out state in `left_out` ("bitonic n=2^31 key=u64 ...: needs ..."). A
// matrix that runs every sort up to the largest input each fits (--winners, --cliffs) uses this.
std::vector<BenchState> bench_states_that_fit(const std::vector<BenchState>& states, const Runner& runner,
                                              std::vector<std::string>& left_out);

BenchReport run_bench(const std::vector<BenchState>& states, const BenchSettings& settings, Runner& runner,
                      const std::function<void(const BenchReport&)>& on_record,
                      const std::function<void(const BenchProgress&)>& on_progress = {},
                      const std::atomic<bool>* cancel = nullptr);

// The estimate the progress line shows: the mean time of the finished states times the states
// left, at most the budget of each state left (its two measurements, algorithm and baseline, each
// at most `timeout_s` of samples); -1 before the first state finished.
double bench_time_left(size_t done, size_t total, double elapsed_s, double timeout_s);

}  // namespace sortscope
