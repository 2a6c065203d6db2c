#include "bench_runner.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "core/csv_writer.h"
#include "core/interrupt.h"
#include "record_bench_runner.h"  // measure_reference_bandwidth
#include "registry.h"

namespace sortscope {

double bench_time_left(size_t done, size_t total, double elapsed_s, double timeout_s) {
  if (done == 0 || done > total) return -1;
  const double left = elapsed_s / double(done) * double(total - done);
  return std::min(left, 2.0 * timeout_s * double(total - done));
}

std::string plan_refusal(const Scenario& s) {
  const Algorithm* a = find_algorithm(s.algorithm);
  if (!a) return "unknown algorithm '" + s.algorithm + "'";
  if (s.input.n > kMaxPlannedKeys) return {};  // not a plan's question: the memory check refuses it
  try {
    (void)a->scratch_bytes(s.input.n, s.input.key, s.input.with_values, s.params, false);
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

std::string state_refusal(const BenchState& st) {
  Scenario s = st.scenario;
  if (auto e = validate_scenario(s); !e.empty()) return e;
  return plan_refusal(s);
}

namespace {
// The memory check of one state against what is free now; "" where it fits.
std::string memory_refusal(const Scenario& s, const Runner& runner) {
  const bool gpu = runner.backend_for(*find_algorithm(s.algorithm)) == Backend::Gpu;
  const uint64_t free_b = gpu ? free_memory_now(runner.device()) : host_available_bytes();
  return check_memory(s, false, runner.options().capture_budget_bytes, free_b, gpu);
}
}  // namespace

void check_bench_states(const std::vector<BenchState>& states, const Runner& runner) {
  for (const BenchState& st : states) {
    Scenario s = st.scenario;
    if (auto e = validate_scenario(s); !e.empty()) throw std::runtime_error(st.name + ": " + e);
    if (auto e = plan_refusal(s); !e.empty()) throw std::runtime_error(st.name + ": " + e);
    if (auto e = memory_refusal(s, runner); !e.empty()) throw std::runtime_error(st.name + ": " + e);
  }
}

std::vector<BenchState> bench_states_that_fit(const std::vector<BenchState>& states, const Runner& runner,
                                              std::vector<std::string>& left_out) {
  std::vector<BenchState> kept;
  for (const BenchState& st : states) {
    Scenario s = st.scenario;
    if (auto e = validate_scenario(s); !e.empty()) throw std::runtime_error(st.name + ": " + e);
    if (auto e = plan_refusal(s); !e.empty()) throw std::runtime_error(st.name + ": " + e);
    if (auto e = memory_refusal(s, runner); !e.empty())
      left_out.push_back(st.name + ": " + e);
    else
      kept.push_back(st);
  }
  return kept;
}

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Samples one scenario until the rule stops it: a first call with the warm-up, then one timed
// repetition per call, so the rule looks at every new sample. Returns the run's result with its
// timing over every sample (and the first failing verdict, else the last).
struct Sampled {
  MeasureResult result;
  BenchMeasurement measurement;
};

Sampled sample(Runner& runner, const Scenario& s, const BenchSettings& settings, const std::atomic<bool>* cancel) {
  const auto t0 = Clock::now();
  std::vector<double> ms;
  MeasureResult first;
  std::optional<Verdict> verdict;
  std::string stopped;
  for (bool warm = true; stopped.empty(); warm = false) {
    MeasureOptions mo;
    mo.warmup = warm ? settings.warmup : 0;
    mo.reps = 1;
    mo.flush_l2 = settings.flush_l2;
    MeasureResult r = runner.measure(s, mo, cancel);
    if (warm) first = r;
    if (!verdict || verdict->ok()) verdict = r.verdict;
    ms.insert(ms.end(), r.timing.ms.begin(), r.timing.ms.end());
    stopped = stop_reason(settings.rule, summarise_samples(ms), seconds_since(t0));
  }
  Sampled out;
  out.measurement.algorithm = s.algorithm;
  out.measurement.summary = summarise_samples(ms);
  out.measurement.stopped_by = stopped;
  out.measurement.verified = verdict->ok();
  // The timing as `run` reports it, over every sample: median, min, max and the rates from them.
  Timing& t = first.timing;
  t.warmup = settings.warmup;
  t.ms = ms;
  t.median_ms = out.measurement.summary.median_ms;
  t.min_ms = out.measurement.summary.min_ms;
  t.max_ms = out.measurement.summary.max_ms;
  const double sec = t.median_ms * 1e-3;
  t.keys_per_s = sec > 0 ? double(first.scenario.input.n) / sec : 0;
  t.gb_per_s = sec > 0 ? t.bytes / sec / 1e9 : 0;
  first.verdict = *verdict;
  out.result = std::move(first);
  return out;
}

std::string input_key(const Scenario& s) { return scenario_to_json(s, algorithm_params)["input"].dump(); }

}  // namespace

BenchReport run_bench(const std::vector<BenchState>& states, const BenchSettings& settings, Runner& runner,
                      const std::function<void(const BenchReport&)>& on_record,
                      const std::function<void(const BenchProgress&)>& on_progress,
                      const std::atomic<bool>* cancel) {
  BenchReport report;
  report.started = utc_time(std::chrono::system_clock::now());
  report.settings = settings;
  report.planned_states = states.size();
  for (const BenchState& st : states)
    for (const std::string& name : csv_param_names(*find_algorithm(st.scenario.algorithm)))
      if (std::find(report.param_names.begin(), report.param_names.end(), name) == report.param_names.end())
        report.param_names.push_back(name);
  const DeviceInfo& dev = runner.device();
  bool any_gpu = false;
  for (const BenchState& st : states)
    any_gpu = any_gpu || runner.backend_for(*find_algorithm(st.scenario.algorithm)) == Backend::Gpu;
  report.backend = any_gpu ? "gpu" : "cpu-model";
  report.device = any_gpu ? dev.summary() : dev.gpu ? "CPU model (GPU not used)" : dev.name;
  report.sm_count = any_gpu ? dev.sm_count : 0;
  report.sm_clock_khz = any_gpu ? dev.sm_clock_khz : 0;
  const MeasuredBandwidth bw = measure_reference_bandwidth(any_gpu, runner);
  report.copy_gb_per_s = bw.gbs;
  report.bandwidth_source = bw.source;

  // Baselines measured for the current input, by id: shared by every state of that input (the
  // states of one input run one after another, expand_bench_matrix's order).
  std::string baseline_input;
  std::map<std::string, Sampled> baselines;
  const auto t0 = Clock::now();
  for (size_t i = 0; i < states.size(); ++i) {
    const BenchState& st = states[i];
    if (on_progress)
      on_progress({i, states.size(), seconds_since(t0),
                   bench_time_left(i, states.size(), seconds_since(t0), settings.rule.timeout_s), st.name});
    throw_if_interrupted();
    if (cancel && cancel->load()) throw RunCancelled();
    const Algorithm& algo = *find_algorithm(st.scenario.algorithm);
    const bool gpu = runner.backend_for(algo) == Backend::Gpu;
    const std::string base = algo.baseline();
    if (input_key(st.scenario) != baseline_input) {
      baselines.clear();
      baseline_input = input_key(st.scenario);
    }
    const Sampled* b = nullptr;
    if (gpu && !base.empty() && base != algo.id()) {
      auto it = baselines.find(base);
      if (it == baselines.end()) {
        Scenario bs = st.scenario;
        bs.algorithm = base;
        bs.params.clear();  // its defaults
        it = baselines.emplace(base, sample(runner, bs, settings, cancel)).first;
      }
      b = &it->second;
    }
    Sampled ours = sample(runner, st.scenario, settings, cancel);
    BenchRecord rec;
    rec.state = st;
    rec.result = std::move(ours.result);
    rec.measurement = ours.measurement;
    if (b) {
      rec.baseline = b->measurement;
      rec.result.baseline_id = base;
      rec.result.baseline = b->result.timing;
      rec.result.baseline_verified = b->measurement.verified;
    }
    const Timing& t = rec.result.timing;
    rec.bound = bound_distance(t.bytes_from_model ? t.bytes : 0, report.copy_gb_per_s, t.median_ms,
                               rec.result.scenario.input.n, gpu ? dev.sm_count : 0, gpu ? dev.sm_clock_khz : 0);
    rec.keys_per_sm_per_clock = rec.bound.keys_per_sm_per_clock;
    report.records.push_back(std::move(rec));
    on_record(report);
  }
  if (on_progress) on_progress({states.size(), states.size(), seconds_since(t0), 0, ""});
  return report;
}

}  // namespace sortscope
