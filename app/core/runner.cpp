#include "runner.h"
#include "interrupt.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <numeric>

#include <fmt/format.h>

#include "common/density.h"
#include "common/generators.h"
#include "common/key_transform.h"
#include "common/launch_times.h"
#include "common/recorder.h"
#include "records/record_sort.h"
#include "registry.h"
#include "teaching_params.h"
#include "tuning_table.h"

#if SORTSCOPE_HAS_CUDA
#include <cuda_runtime_api.h>

#include "common/cuda_check.h"
#include "common/density_gpu.h"
#include "common/device_buffer.h"
#include "common/device_scratch.h"
#include "common/generators_gpu.h"
#include "common/key_transform_gpu.h"
#include "common/verify_gpu.h"
#endif

namespace sortscope {

std::string_view backend_name(Backend b) { return b == Backend::Gpu ? "GPU" : "CPU model"; }

// ---------------------------------------------------------------------------------------------
// Validation and the memory estimate: no allocation here.

namespace {

// validate_scenario for the algorithm already resolved from s.algorithm.
std::string validate_scenario_of(const Algorithm* a, Scenario& s) {
  if (!a) return fmt::format("unknown algorithm '{}' (known: {})", s.algorithm, algorithm_names());
  apply_teaching_params(*a, s);  // lecture sizes: unset parameters take their teaching values
  if (auto e = resolve_params(a->params(), s.params, a->id()); !e.empty()) return e;
  if (auto e = validate_input_spec(s.input); !e.empty()) return e;
  if (auto e = a->check_input(s.input.key, s.input.with_values); !e.empty()) return e;
  if (s.records) {
    if (!find_record_sort_algorithm(a->id()))
      return fmt::format("records: {} does not sort records (allowed: {})", a->id(), record_sort_algorithm_names());
    if (s.input.with_values) return "records: not with values (values are the one-field record sort)";
    if (auto e = check_record_fields(s.records->fields); !e.empty()) return e;
    if (auto e = check_record_options(a->id(), {s.records->strategy, s.records->rearrange}); !e.empty()) return e;
    if (s.input.n > UINT32_MAX) return "records: n must be below 2^32 (a 32-bit record index)";
  }
  return {};
}

// The algorithm of a scenario, looked up once per run and passed on; throws std::runtime_error with
// validate_scenario's line where the scenario is not valid.
const Algorithm& validated_algorithm(Scenario& s) {
  const Algorithm* a = find_algorithm(s.algorithm);
  if (auto e = validate_scenario_of(a, s); !e.empty()) throw std::runtime_error(e);
  return *a;
}

}  // namespace

std::string validate_scenario(Scenario& s) { return validate_scenario_of(find_algorithm(s.algorithm), s); }

namespace {

using U128 = unsigned __int128;
uint64_t saturate(U128 v) { return v > U128(UINT64_MAX) ? UINT64_MAX : uint64_t(v); }
uint64_t sat_add(uint64_t a, uint64_t b) { return saturate(U128(a) + b); }

// The scratch a run of n keys carves. On the GPU: the algorithm's own layout
// (Algorithm::scratch_bytes), or its baseline's when larger (measure mode may run both, on one
// scratch block); where a plan refuses this n, the run itself will say why, and the estimate falls
// back to default_scratch_estimate. The CPU models allocate host vectors as they go: the default.
uint64_t scratch_for(const Scenario& s, uint64_t n, bool explain, bool gpu) {
  const InputSpec& in = s.input;
  const Algorithm* a = find_algorithm(s.algorithm);
  if (!gpu || !a) return default_scratch_estimate(n, in.key, in.with_values);
  if (n > kMaxPlannedKeys) return UINT64_MAX;  // no plan is asked (runner.h)
  auto of = [&](const Algorithm& alg, const ParamValues& params) -> uint64_t {
    try {
      return alg.scratch_bytes(n, in.key, in.with_values, params, explain);
    } catch (const std::exception&) {
      return default_scratch_estimate(n, in.key, in.with_values);
    }
  };
  uint64_t bytes = of(*a, s.params);
  if (const Algorithm* b = find_algorithm(a->baseline()); b && b != a) {
    ParamValues defaults;
    resolve_params(b->params(), defaults, b->id());
    bytes = std::max(bytes, of(*b, defaults));
  }
  return bytes;
}

MemoryEstimate estimate_for(const Scenario& s, uint64_t n, bool explain, uint64_t budget, bool gpu) {
  const KeyType key = s.input.key;
  const uint64_t elem = uint64_t(key_bytes(key)) + (s.input.with_values ? 4 : 0);
  MemoryEstimate m;
  m.input = saturate(U128(n) * elem);
  m.pristine = m.input;
  m.scratch = scratch_for(s, n, explain, gpu);
  if (explain) m.capture = sat_add(budget, saturate(U128(n) * uint64_t(key_bytes(key))));
  m.margin = gpu ? (64ull << 20) : (16ull << 20);
  return m;
}

uint64_t total_of(const MemoryEstimate& m) {
  uint64_t t = 0;
  for (uint64_t part : {m.input, m.pristine, m.scratch, m.capture, m.margin}) t = sat_add(t, part);
  return t;
}

}  // namespace

MemoryEstimate estimate_memory(const Scenario& s, bool explain, uint64_t capture_budget_bytes) {
  return estimate_for(s, s.input.n, explain, capture_budget_bytes, true);
}

std::string check_memory(const Scenario& s, bool explain, uint64_t capture_budget_bytes,
                         uint64_t free_bytes, bool gpu) {
  const InputSpec& in = s.input;
  auto need = [&](uint64_t n) {
    return total_of(estimate_for(s, n, explain, capture_budget_bytes, gpu));
  };
  const uint64_t total = need(in.n);
  if (total <= free_bytes) return {};
  // The largest n that fits: binary search over the same estimate.
  uint64_t lo = 0, hi = in.n;
  while (lo < hi) {
    // The upper middle, written so that hi - lo + 1 never wraps to 0 (hi = 2^64 - 1).
    const uint64_t mid = lo + (hi - lo) / 2 + ((hi - lo) & 1);
    if (need(mid) <= free_bytes) lo = mid;
    else hi = mid - 1;
  }
  const MemoryEstimate m = estimate_for(s, in.n, explain, capture_budget_bytes, gpu);
  std::string fits;
  if (lo > 0) {
    const uint64_t p = uint64_t(1) << (63 - __builtin_clzll(lo));
    fits = fmt::format("; try n <= {} (2^{} fits)", lo, __builtin_ctzll(p));
  }
  return fmt::format(
      "n = {} {} keys{} needs about {} of {} memory (input {}, pristine copy {}, scratch {}{}) but "
      "only {} is free{}",
      in.n, key_type_name(in.key), in.with_values ? " with values" : "",
      total == UINT64_MAX ? std::string("more than 16 EiB") : format_bytes(double(total)),
      gpu ? "GPU" : "host", format_bytes(double(m.input)), format_bytes(double(m.pristine)),
      format_bytes(double(m.scratch)),
      explain ? ", capture " + format_bytes(double(m.capture)) : std::string(),
      format_bytes(double(free_bytes)), fits);
}

// ---------------------------------------------------------------------------------------------
// The runner's state: the pristine input, the working copy, and (GPU) the stream, events and scratch.

namespace {

bool same_input(const InputSpec& a, const InputSpec& b) {
  Scenario sa, sb;
  sa.input = a;
  sb.input = b;
  return scenario_to_json(sa, algorithm_params)["input"] == scenario_to_json(sb, algorithm_params)["input"];
}

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

Timing summarise(Backend backend, int warmup, std::vector<double> ms, const Algorithm& a,
                 const Scenario& s) {
  Timing t;
  t.backend = backend;
  t.warmup = warmup;
  t.clock = backend == Backend::Gpu ? "CUDA events" : "steady clock (CPU model)";
  if (!ms.empty()) {
    t.median_ms = median_of(ms);
    t.min_ms = *std::min_element(ms.begin(), ms.end());
    t.max_ms = *std::max_element(ms.begin(), ms.end());
  }
  t.ms = std::move(ms);
  const InputSpec& in = s.input;
  const int kb = key_bytes(in.key), vb = in.with_values ? 4 : 0;
  const double model = a.bytes_moved(in.n, in.key, in.with_values, s.params);
  if (model > 0) {
    t.bytes = model;
    t.bytes_from_model = true;
    t.bytes_basis = fmt::format("{}'s bytes-moved model", a.id());
  } else {
    t.bytes = 2.0 * double(in.n) * double(kb + vb);
    t.bytes_from_model = false;
    t.bytes_basis = vb ? fmt::format("2*n*({}+4) B: each key and value read and written once", kb)
                       : fmt::format("2*n*{} B: each key read and written once", kb);
  }
  if (t.median_ms > 0) {
    t.keys_per_s = double(in.n) / (t.median_ms * 1e-3);
    t.gb_per_s = t.bytes / (t.median_ms * 1e-3) / 1e9;
  }
  return t;
}


}  // namespace

struct Runner::State {
  // Tuning tables read so far, by path (absent: no table there), so a sweep reads each once.
  std::map<std::string, std::optional<TuningTable>> tuning;
  bool prepared = false;
  InputSpec spec;           // the input as prepared (n/key/values from the user's keys when adopted)
  Backend backend = Backend::CpuModel;
  bool from_user = false;
  std::optional<HostKeys> user;  // kept so a backend switch can re-upload them
  std::string source;
  MultisetHash hash{};
  bool have_range = false;
  DisplayRange range;
  bool have_output = false;
  HostKeys host_pristine, host_work;  // CPU model
#if SORTSCOPE_HAS_CUDA
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
  DeviceBuffer<unsigned char> d_pristine, d_work;
  DeviceBuffer<uint32_t> d_pristine_values, d_work_values;
  DeviceScratch scratch;
  DeviceBuffer<unsigned char> l2_flush;  // MeasureOptions::flush_l2: the L2's size, allocated on first use

  DeviceKeys pristine_keys() {
    return DeviceKeys{spec.key, d_pristine.data(), spec.with_values ? d_pristine_values.data() : nullptr,
                      spec.n};
  }
  DeviceKeys work_keys() {
    return DeviceKeys{spec.key, d_work.data(), spec.with_values ? d_work_values.data() : nullptr, spec.n};
  }
  // Device keys (and values) copied to the host, after the stream's work is done.
  HostKeys download(const DeviceKeys& d) const {
    HostKeys out(spec.key, size_t(spec.n), spec.with_values);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    if (!out.bytes.empty())
      CUDA_CHECK(cudaMemcpy(out.bytes.data(), d.keys, out.bytes.size(), cudaMemcpyDeviceToHost));
    if (out.has_values())
      CUDA_CHECK(cudaMemcpy(out.values.data(), d.values, out.values.size() * 4, cudaMemcpyDeviceToHost));
    return out;
  }
  // Work = pristine, on the stream (the untimed fresh copy before each repetition).
  void reset_work() {
    const size_t kbytes = size_t(spec.n) * key_bytes(spec.key);
    if (kbytes)
      CUDA_CHECK(cudaMemcpyAsync(d_work.data(), d_pristine.data(), kbytes, cudaMemcpyDeviceToDevice, stream));
    if (spec.with_values && spec.n)
      CUDA_CHECK(cudaMemcpyAsync(d_work_values.data(), d_pristine_values.data(), size_t(spec.n) * 4,
                                 cudaMemcpyDeviceToDevice, stream));
  }
  void release_device() {
    d_pristine = {};
    d_work = {};
    d_pristine_values = {};
    d_work_values = {};
    scratch.release();
    l2_flush = {};
  }
  ~State() {
    if (stream) cudaStreamSynchronize(stream);
    release_device();
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
    if (stream) cudaStreamDestroy(stream);
  }
#endif
};

Runner::Runner(RunnerOptions options) : options_(options), device_(query_device()),
                                        state_(std::make_unique<State>()) {
#if SORTSCOPE_HAS_CUDA
  if (device_.gpu) {
    CUDA_CHECK(cudaStreamCreateWithFlags(&state_->stream, cudaStreamNonBlocking));
    CUDA_CHECK(cudaEventCreate(&state_->start));
    CUDA_CHECK(cudaEventCreate(&state_->stop));
  }
#endif
}

Runner::~Runner() = default;

GpuStream Runner::stream() const {
#if SORTSCOPE_HAS_CUDA
  return state_->stream;
#else
  return nullptr;
#endif
}

Backend Runner::backend_for(const Algorithm& a) const {
  return device_.gpu && !options_.force_cpu && a.has_gpu() ? Backend::Gpu : Backend::CpuModel;
}

Scenario Runner::prepare(Scenario s, std::optional<HostKeys> user, bool for_explain) {
  State& st = *state_;
  if (user) {
    s.input.n = user->size();
    s.input.key = user->type;
    if (user->has_values()) {
      s.input.with_values = true;
    } else if (s.input.with_values) {
      // Key-value run on keys without values: each value is the key's input position, so the
      // output shows where every key came from.
      user->values.resize(user->size());
      std::iota(user->values.begin(), user->values.end(), 0u);
    }
  }
  const Algorithm& a = validated_algorithm(s);
  const Backend backend = backend_for(a);

  if (!user && st.prepared && !st.from_user && st.backend == backend && same_input(st.spec, s.input))
    return s;  // the same generated input is already there

  // Let go of the previous input first: the memory check must see what this run can have.
  st.prepared = false;
  st.have_output = false;
  st.have_range = false;
  st.host_pristine = {};
  st.host_work = {};
#if SORTSCOPE_HAS_CUDA
  if (device_.gpu) {
    CUDA_CHECK(cudaStreamSynchronize(st.stream));
    st.release_device();
  }
#endif
  const bool gpu = backend == Backend::Gpu;
  const uint64_t free_b = gpu ? free_memory_now(device_) : host_available_bytes();
  if (auto e = check_memory(s, for_explain, options_.capture_budget_bytes, free_b, gpu); !e.empty())
    throw std::runtime_error(e);

  st.spec = s.input;
  st.backend = backend;
  st.from_user = user.has_value();
  st.user = std::move(user);
  const uint64_t n = s.input.n;
  [[maybe_unused]] const size_t kbytes = size_t(n) * key_bytes(s.input.key);

  if (gpu) {
#if SORTSCOPE_HAS_CUDA
    st.d_pristine.resize(kbytes);
    st.d_work.resize(kbytes);
    if (s.input.with_values) {
      st.d_pristine_values.resize(size_t(n));
      st.d_work_values.resize(size_t(n));
    }
    DeviceKeys pk = st.pristine_keys();
    if (st.user) {
      if (kbytes)
        CUDA_CHECK(cudaMemcpyAsync(pk.keys, st.user->bytes.data(), kbytes, cudaMemcpyHostToDevice, st.stream));
      if (pk.values && n)
        CUDA_CHECK(cudaMemcpyAsync(pk.values, st.user->values.data(), size_t(n) * 4,
                                   cudaMemcpyHostToDevice, st.stream));
      st.source = "input file";
    } else {
      generate_device(s.input, pk, st.stream);
      st.source = "generated on the GPU";
    }
    st.hash = multiset_hash_device(pk, st.stream);
    CUDA_CHECK(cudaStreamSynchronize(st.stream));
#endif
  } else {
    if (st.user) {
      st.host_pristine = *st.user;
      st.source = "input file";
    } else {
      st.host_pristine = generate_host(s.input);
      st.source = "generated on the CPU";
    }
    st.hash = multiset_hash_host(st.host_pristine);
  }
  st.prepared = true;
  return s;
}

void Runner::ensure_prepared(const Scenario& s, const Algorithm& a, bool for_explain) {
  State& st = *state_;
  const Backend backend = backend_for(a);
  if (st.prepared && st.backend == backend && same_input(st.spec, s.input)) return;
  if (st.prepared && st.from_user && same_input(st.spec, s.input)) {
    prepare(s, st.user, for_explain);  // the same user keys on the other backend
    return;
  }
  prepare(s, std::nullopt, for_explain);
}

MeasureResult Runner::measure(const Scenario& scenario, const MeasureOptions& options,
                              const std::atomic<bool>* cancel) {
  Scenario s = scenario;
  const Algorithm& a = validated_algorithm(s);
  const std::string base = options.baseline ? a.baseline() : std::string();
  if (base.empty() || base == scenario.algorithm || backend_for(a) != Backend::Gpu)
    return measure_one(s, a, options, cancel);
  // The baseline first, so that last_output() is the algorithm's own result.
  Scenario b = scenario;
  b.algorithm = base;
  b.params.clear();  // its defaults
  const Algorithm& ba = validated_algorithm(b);
  MeasureResult br = measure_one(b, ba, options, cancel);
  MeasureResult r = measure_one(s, a, options, cancel);
  r.baseline_id = base;
  r.baseline = br.timing;
  r.baseline_verified = br.verdict.ok();
  return r;
}

MeasureResult Runner::measure_one(const Scenario& s, const Algorithm& a, const MeasureOptions& options,
                                  const std::atomic<bool>* cancel) {
  ensure_prepared(s, a, false);
  State& st = *state_;
  const int warmup = std::max(0, options.warmup), reps = std::max(1, options.reps);
  std::string table;
  const ParamValues ran = params_as_run(s, a, &table);
  std::vector<double> ms;
  std::optional<Verdict> verdict;
  auto keep = [&](const Verdict& v) {  // the first failing verdict sticks, else the latest
    if (!verdict || verdict->ok()) verdict = v;
  };
  st.have_output = false;

  if (st.backend == Backend::Gpu) {
#if SORTSCOPE_HAS_CUDA
    DeviceKeys work = st.work_keys();
    GpuRunContext ctx;
    ctx.stream = st.stream;
    ctx.scratch = &st.scratch;
    ctx.slots = options_.slots;
    if (options.flush_l2 && device_.l2_bytes && st.l2_flush.size() != device_.l2_bytes)
      st.l2_flush.resize(size_t(device_.l2_bytes));
    for (int64_t i = 0; i < int64_t(warmup) + reps; ++i) {  // 64-bit: no overflow at INT_MAX warm-ups
      if (cancel && cancel->load()) throw RunCancelled();
      throw_if_interrupted();
      st.reset_work();
      if (options.flush_l2 && st.l2_flush.size())
        CUDA_CHECK(cudaMemsetAsync(st.l2_flush.data(), i & 0xff, st.l2_flush.size(), st.stream));
      CUDA_CHECK(cudaEventRecord(st.start, st.stream));
      a.run_gpu(ran, work, ctx);
      CUDA_CHECK(cudaEventRecord(st.stop, st.stream));
      CUDA_CHECK(cudaEventSynchronize(st.stop));
      float t = 0;
      CUDA_CHECK(cudaEventElapsedTime(&t, st.start, st.stop));
      if (i < warmup) continue;
      ms.push_back(t);
      keep(verify_device(st.hash, work, st.stream));
    }
#endif
  } else {
    using Clock = std::chrono::steady_clock;
    for (int64_t i = 0; i < int64_t(warmup) + reps; ++i) {  // 64-bit: no overflow at INT_MAX warm-ups
      if (cancel && cancel->load()) throw RunCancelled();
      throw_if_interrupted();
      st.host_work = st.host_pristine;  // fresh copy, not timed
      auto t0 = Clock::now();
      a.run_model(ran, st.host_work, nullptr);
      auto t1 = Clock::now();
      if (i < warmup) continue;
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
      keep(verify_host(st.hash, st.host_work));
    }
  }
  st.have_output = true;

  MeasureResult r;
  r.scenario = s;
  r.input_source = st.source;
  if (st.backend == Backend::Gpu) r.device = device_.name;
  else if (!device_.gpu) r.device = device_.name;
  else if (options_.force_cpu) r.device = "CPU model (--cpu: GPU not used)";
  else r.device = fmt::format("CPU model ({} has no GPU kernels)", a.id());
  r.timing = summarise(st.backend, warmup, std::move(ms), a, s);
  r.params_ran = ran;
  r.tuning_table = table;
  r.verdict = *verdict;
  // The model for this device with its theoretical peak bandwidth; a caller that measured the copy
  // bandwidth re-evaluates it with that (model_report.h).
  r.model = model_report(a, s, ran, device_facts(device_, 0));
  if (st.backend != Backend::Gpu && !r.model.model.empty()) {
    r.model.prediction = {};
    r.model.why_not = "the CPU model ran (its timings are not the GPU's the model predicts)";
  }
  return r;
}

ExplainResult Runner::explain(const Scenario& scenario) {
  Scenario s = scenario;
  const Algorithm& a = validated_algorithm(s);
  ensure_prepared(s, a, true);
  State& st = *state_;
  const InputSpec& in = st.spec;
  const ParamValues ran = params_as_run(s, a);
  ExplainResult r;
  r.scenario = s;
  r.backend = st.backend;
  st.have_output = false;

  if (st.backend == Backend::Gpu) {
#if SORTSCOPE_HAS_CUDA
    if (!st.have_range) {
      const size_t kbytes = size_t(in.n) * key_bytes(in.key);
      DeviceBuffer<unsigned char> ordered(kbytes);
      if (kbytes)
        CUDA_CHECK(cudaMemcpyAsync(ordered.data(), st.d_pristine.data(), kbytes,
                                   cudaMemcpyDeviceToDevice, st.stream));
      keys_to_ordered_device(ordered.data(), in.n, in.key, st.stream);
      st.range = display_range_device(ordered.data(), in.n, in.key, st.stream);
      st.have_range = true;
    }
    // The capture store degrades to density summaries past its budget, so a budget larger than
    // what is free now is shrunk rather than refused.
    uint64_t budget = options_.capture_budget_bytes;
    const uint64_t free_now = free_memory_now(device_);
    const uint64_t reserve = (64ull << 20) + 2 * st.scratch.total_bytes();
    if (free_now < budget + reserve) budget = free_now > reserve ? (free_now - reserve) / 2 : 0;
    r.timeline = make_timeline(a.id(), in.key, in.n, in.n, in.with_values, true, st.range, budget);
    Recorder recorder(r.timeline);
    DeviceKeys work = st.work_keys();
    GpuRunContext ctx;
    ctx.stream = st.stream;
    ctx.recorder = &recorder;
    ctx.scratch = &st.scratch;
    ctx.slots = options_.slots;
    st.reset_work();
    CUDA_CHECK(cudaEventRecord(st.start, st.stream));
    a.run_gpu(ran, work, ctx);
    CUDA_CHECK(cudaEventRecord(st.stop, st.stream));
    CUDA_CHECK(cudaEventSynchronize(st.stop));
    float t = 0;
    CUDA_CHECK(cudaEventElapsedTime(&t, st.start, st.stop));
    r.run_ms = t;
    r.verdict = verify_device(st.hash, work, st.stream);
    time_launches(a, ran, r);
#endif
  } else {
    if (!st.have_range) {
      std::vector<uint8_t> ordered = st.host_pristine.bytes;
      keys_to_ordered_host(ordered.data(), in.n, in.key);
      st.range = display_range_host(ordered.data(), in.n, in.key);
      st.have_range = true;
    }
    r.timeline = make_timeline(a.id(), in.key, in.n, in.n, in.with_values, false, st.range,
                               options_.capture_budget_bytes);
    Recorder recorder(r.timeline);
    st.host_work = st.host_pristine;
    auto t0 = std::chrono::steady_clock::now();
    a.run_model(ran, st.host_work, &recorder);
    auto t1 = std::chrono::steady_clock::now();
    r.run_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    if (recorder.step_host_ms().size() == r.timeline.steps.size()) r.step_host_ms = recorder.step_host_ms();
    r.verdict = verify_host(st.hash, st.host_work);
  }
  st.have_output = true;
  return r;
}

#if SORTSCOPE_HAS_CUDA
// Step times: the capture's read-backs would dominate the recorded run, so the sort runs again in
// measure mode (no recorder) on a fresh copy of the input, once to load the measure-mode kernels
// and once with the launch clock (CUDA events at the drivers' launch marks); the per-launch times
// go to the steps that name those launches (attribute_launch_times).
void Runner::time_launches(const Algorithm& a, const ParamValues& ran, ExplainResult& r) {
  State& st = *state_;
  DeviceKeys work = st.work_keys();
  GpuRunContext ctx;
  ctx.stream = st.stream;
  ctx.scratch = &st.scratch;
  ctx.slots = options_.slots;
  st.reset_work();
  a.run_gpu(ran, work, ctx);  // warm-up: module loading outside the clocked run
  LaunchClock clock(st.stream);
  ctx.clock = &clock;
  st.reset_work();
  CUDA_CHECK(cudaEventRecord(st.start, st.stream));
  a.run_gpu(ran, work, ctx);
  CUDA_CHECK(cudaEventRecord(st.stop, st.stream));
  std::vector<LaunchTime> launches = clock.finish();
  CUDA_CHECK(cudaEventSynchronize(st.stop));
  float t = 0;
  CUDA_CHECK(cudaEventElapsedTime(&t, st.start, st.stop));
  r.timed_ms = t;
  if (const Verdict v = verify_device(st.hash, work, st.stream); r.verdict.ok() && !v.ok()) r.verdict = v;
  std::vector<LaunchTime> model_names;
  const InputSpec& in = st.spec;
  for (const LaunchModel& l : a.perf_model(in.n, in.key, in.with_values, ran).launches)
    if (l.launch >= 0) model_names.push_back({l.launch, l.name, 0});
  r.timeline.launches = attribute_launch_times(r.timeline.steps, std::move(launches), model_names);
}
#endif

ParamValues Runner::params_as_run(const Scenario& s, std::string* table) const {
  const Algorithm* a = find_algorithm(s.algorithm);
  if (!a) {
    if (table) table->clear();
    return s.params;
  }
  return params_as_run(s, *a, table);
}

ParamValues Runner::params_as_run(const Scenario& s, const Algorithm& algorithm, std::string* table) const {
  if (table) table->clear();
  const Algorithm* a = &algorithm;
  const InputSpec& in = s.input;
  ParamValues p = s.params;
  bool any_auto = false;
  for (const auto& [name, v] : p) any_auto = any_auto || v == kParamAuto;
  if (any_auto) {
    // The CPU models have their own tables ("CPU model"), so a table never crosses backends.
    const std::string device = backend_for(*a) == Backend::Gpu ? device_.name : "CPU model";
    const std::filesystem::path path = tuning_table_path(device, a->id(), in.key, in.with_values);
    auto it = state_->tuning.find(path.string());
    if (it == state_->tuning.end())
      it = state_->tuning.emplace(path.string(), load_tuning_table(path, device, a->id(), in.key, in.with_values)).first;
    if (it->second) {
      if (const TuningRow* row = it->second->row_for(in.n)) {
        p = apply_tuning_row(a->params(), p, *row);
        if (table) *table = path.string();
      }
    }
  }
  return a->params_as_run(p, in.key, in.with_values, in.n);
}

HostKeys Runner::last_output() const {
  const State& st = *state_;
  if (!st.have_output) throw std::logic_error("Runner::last_output before a run");
  if (st.backend == Backend::CpuModel) return st.host_work;
#if SORTSCOPE_HAS_CUDA
  return st.download(state_->work_keys());
#else
  return HostKeys(st.spec.key, size_t(st.spec.n), st.spec.with_values);
#endif
}

HostKeys Runner::input_keys() const {
  const State& st = *state_;
  if (!st.prepared) throw std::logic_error("Runner::input_keys before prepare");
  if (st.backend == Backend::CpuModel) return st.host_pristine;
#if SORTSCOPE_HAS_CUDA
  return st.download(state_->pristine_keys());
#else
  return HostKeys(st.spec.key, size_t(st.spec.n), st.spec.with_values);
#endif
}

}  // namespace sortscope
