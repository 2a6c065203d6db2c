#include "record_bench_runner.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "common/generators.h"
#include "core/csv_writer.h"
#include "core/interrupt.h"
#include "parse/size_parse.h"
#include "record_measure.h"
#include "registry.h"

#if SORTSCOPE_HAS_CUDA
#include "common/bandwidth.h"
#endif

namespace sortscope {

double RecordBenchRecord::records_per_s() const {
  const double s = measurement.summary.median_ms * 1e-3;
  return s > 0 ? double(state.base.scenario.input.n) / s : 0;
}
double RecordBenchRecord::model_gb_per_s() const {
  const double s = measurement.summary.median_ms * 1e-3;
  return s > 0 ? model_bytes / s / 1e9 : 0;
}
double RecordBenchRecord::speedup() const {
  return baseline && measurement.summary.median_ms > 0 ? baseline->summary.median_ms / measurement.summary.median_ms : 0;
}
double RecordBenchReport::bandwidth_fraction(const RecordBenchRecord& r) const {
  return bandwidth_gbs > 0 ? r.model_gb_per_s() / bandwidth_gbs : 0;
}

void check_record_states(const std::vector<RecordBenchState>& states, bool gpu) {
  const uint64_t free_b = gpu ? free_memory_now(query_device()) : host_available_bytes();
  for (const RecordBenchState& st : states) {
    const Algorithm& algo = *find_algorithm(st.base.scenario.algorithm);
    const uint64_t n = st.base.scenario.input.n;
    const double need = records_run_bytes(algo, st.base.scenario.params, st.options, st.shape, n, gpu, gpu);
    if (need > double(free_b))
      throw std::runtime_error(fmt::format("{}: {} records of {} bytes need about {} of {} memory; {} is free (try a "
                                           "smaller --n or fewer --fields)",
                                           st.name, n, st.shape.key_size() + 4 * st.shape.fields, format_bytes(need),
                                           gpu ? "GPU" : "host (the CPU model's)", format_bytes(double(free_b))));
  }
}

MeasuredBandwidth measure_reference_bandwidth(bool gpu, const Runner& runner) {
#if SORTSCOPE_HAS_CUDA
  if (gpu) {
    const CopyBandwidth bw = measure_copy_bandwidth(default_bandwidth_buffer_bytes(), 10, runner.stream());
    return {bw.gb_per_s, fmt::format("device copy bandwidth, {} copied, median of {}, measured in this run",
                                     format_bytes(double(bw.buffer_bytes)), bw.reps)};
  }
#else
  (void)gpu;
#endif
  (void)runner;
  constexpr size_t kBytes = size_t(64) << 20;
  std::vector<uint8_t> a(kBytes, 1), b(kBytes, 2);
  std::vector<double> s;
  for (int r = 0; r < 6; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    std::memcpy(r % 2 ? a.data() : b.data(), r % 2 ? b.data() : a.data(), kBytes);
    const auto t1 = std::chrono::steady_clock::now();
    if (r) s.push_back(std::chrono::duration<double>(t1 - t0).count());
  }
  std::sort(s.begin(), s.end());
  return {2.0 * double(kBytes) / s[s.size() / 2] / 1e9, "host memcpy of 64 MiB, median of 5, measured in this run"};
}

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

struct Sampled {
  BenchMeasurement measurement;
  HostRecords output;  // the last batch's
  RecordVerdict verdict;
};

// Batches of the rule's minimum (one upload of the input per batch on the GPU), warm-up in the
// first, each batch's output verified, until the rule stops.
template <class Measure, class Verify>
Sampled sample(const BenchSettings& settings, const std::string& id, Measure measure, Verify verify) {
  const auto t0 = Clock::now();
  Sampled out;
  std::vector<double> ms;
  std::string stopped;
  for (bool first = true; stopped.empty(); first = false) {
    throw_if_interrupted();
    const int reps = int(std::max<size_t>(1, std::min(settings.rule.min_samples, settings.rule.max_samples - ms.size())));
    RecordRun run = measure(first ? settings.warmup : 0, reps);
    const RecordVerdict v = verify(run.output);
    if (first || out.verdict.ok()) out.verdict = v;
    ms.insert(ms.end(), run.ms.begin(), run.ms.end());
    out.output = std::move(run.output);
    stopped = stop_reason(settings.rule, summarise_samples(ms), seconds_since(t0));
  }
  out.measurement.algorithm = id;
  out.measurement.summary = summarise_samples(ms);
  out.measurement.stopped_by = stopped;
  out.measurement.verified = out.verdict.ok();
  return out;
}

}  // namespace

RecordBenchReport run_record_bench(const std::vector<RecordBenchState>& states, const BenchSettings& settings, bool gpu,
                                   const std::string& device, const MeasuredBandwidth& bandwidth,
                                   const std::function<void(const RecordBenchReport&)>& on_record,
                                   const std::function<void(const BenchProgress&)>& on_progress) {
  RecordBenchReport report;
  report.started = utc_time(std::chrono::system_clock::now());
  report.device = device;
  report.backend = gpu ? "gpu" : "cpu-model";
  report.settings = settings;
  report.bandwidth_gbs = bandwidth.gbs;
  report.bandwidth_source = bandwidth.source;
  report.planned_states = states.size();

  std::string current_input;
  std::optional<HostRecords> input;
  std::optional<Sampled> base;
  std::string keys_name;
  HostKeys keys;
  const auto t0 = Clock::now();
  for (size_t i = 0; i < states.size(); ++i) {
    const RecordBenchState& st = states[i];
    if (on_progress)
      on_progress({i, states.size(), seconds_since(t0),
                   bench_time_left(i, states.size(), seconds_since(t0), settings.rule.timeout_s), st.name});
    throw_if_interrupted();
    const InputSpec& in = st.base.scenario.input;
    if (st.input_name != current_input) {
      // A new record input: its keys (generated once per key input), its records, its baseline.
      current_input = st.input_name;
      base.reset();
      const std::string kn = scenario_to_json(st.base.scenario, algorithm_params)["input"].dump();
      if (kn != keys_name) {
        keys = generate_host(in);
        keys_name = kn;
      }
      input = records_from_keys(keys, st.shape.fields, st.shape.layout, in.seed);
      if (gpu)
        base = sample(settings, "cub-radix", [&](int w, int r) { return measure_records_baseline(*input, w, r); },
                      [&](const HostRecords& o) { return verify_record_run(*input, o, true, nullptr); });
    }
    const Algorithm& algo = *find_algorithm(st.base.scenario.algorithm);
    const bool stable = find_record_sort_algorithm(algo.id())->stable;
    const HostRecords* reference = base && base->verdict.ok() ? &base->output : nullptr;
    Sampled ours = sample(
        settings, algo.id(),
        [&](int w, int r) { return measure_records(algo, st.base.scenario.params, st.options, *input, w, r, gpu); },
        [&](const HostRecords& o) { return verify_record_run(*input, o, stable, reference); });
    RecordBenchRecord rec;
    rec.state = st;
    rec.measurement = ours.measurement;
    rec.verdict_detail = ours.verdict.summary();
    const bool is_baseline = algo.id() == "cub-radix" && st.options.strategy == RecordStrategy::Indirect &&
                             st.options.rearrange == Rearrange::Gather;
    if (base && !is_baseline) rec.baseline = base->measurement;
    rec.traffic = record_traffic(st.shape, in.n);
    rec.model_bytes = st.options.strategy == RecordStrategy::Direct ? rec.traffic.direct_bytes : rec.traffic.indirect_bytes();
    report.records.push_back(std::move(rec));
    on_record(report);
  }
  if (on_progress) on_progress({states.size(), states.size(), seconds_since(t0), 0, ""});
  return report;
}

}  // namespace sortscope

namespace sortscope {

std::string alpha_group_name(const RecordBenchState& st, bool baseline) {
  std::string algo = baseline ? std::string("cub-radix (baseline)") : st.base.scenario.algorithm;
  if (!baseline)
    for (const auto& [k, v] : st.base.set_params) algo += fmt::format(" {}={}", k, v);
  const InputSpec& in = st.base.scenario.input;
  return fmt::format("{} n={} dist={}", algo, format_size(in.n), distribution_name(in.dist));
}

std::vector<LayoutAlphaFit> fit_report_alphas(const RecordBenchReport& report) {
  std::vector<LayoutAlphaFit> fits;
  std::vector<std::vector<GatherSample>> samples;
  std::vector<std::string> baseline_inputs;  // each input's baseline counted once
  auto add = [&](const RecordBenchState& st, bool baseline, double ms) {
    size_t f = 0;
    while (f < fits.size() && !(fits[f].layout == st.shape.layout && fits[f].key == st.shape.key)) ++f;
    if (f == fits.size()) {
      fits.push_back({st.shape.layout, st.shape.key, {}, {}});
      samples.emplace_back();
    }
    const std::string g = alpha_group_name(st, baseline);
    auto& groups = fits[f].groups;
    const size_t gi = size_t(std::find(groups.begin(), groups.end(), g) - groups.begin());
    if (gi == groups.size()) groups.push_back(g);
    samples[f].push_back({gi, st.shape, st.base.scenario.input.n, ms});
  };
  for (const RecordBenchRecord& r : report.records) {
    const RecordBenchState& st = r.state;
    if (st.options.strategy != RecordStrategy::Indirect || st.options.rearrange != Rearrange::Gather) continue;
    if (!r.measurement.verified) continue;
    add(st, false, r.measurement.summary.median_ms);
    if (r.baseline && r.baseline->verified &&
        std::find(baseline_inputs.begin(), baseline_inputs.end(), st.input_name) == baseline_inputs.end()) {
      baseline_inputs.push_back(st.input_name);
      add(st, true, r.baseline->summary.median_ms);
    }
  }
  for (size_t f = 0; f < fits.size(); ++f) fits[f].alpha = fit_gather_alpha(samples[f], report.bandwidth_gbs);
  return fits;
}

const LayoutAlphaFit* find_alpha_fit(const std::vector<LayoutAlphaFit>& fits, const RecordShape& shape) {
  for (const LayoutAlphaFit& f : fits)
    if (f.layout == shape.layout && f.key == shape.key) return &f;
  return nullptr;
}

}  // namespace sortscope
