#include "session.h"

#include "core/record_scenario.h"
#include "common/run_cancel.h"

#include <algorithm>
#include <exception>

#include "parse/size_parse.h"
#include "registry.h"
#if SORTSCOPE_HAS_CUDA
#include "common/bandwidth.h"
#endif

namespace sortscope {

Session::Session(SessionOptions options) : options_(std::move(options)) {
  sweep_enabled_ = options_.sweep;
  thread_ = std::thread([this] { worker(); });
}

Session::~Session() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    pending_.reset();
  }
  latest_ = ~uint64_t(0);
  cancel_ = true;
  wake_.notify_all();
  thread_.join();
}

uint64_t Session::submit(const Scenario& s, std::shared_ptr<const HostKeys> input,
                         std::shared_ptr<const HostRecords> records) {
  std::lock_guard lock(mutex_);
  uint64_t gen = latest_.load() + 1;
  latest_ = gen;
  cancel_ = true;
  pending_ = Job{gen, s, true, input, records};
  current_ = s;
  current_input_ = std::move(input);
  current_records_ = std::move(records);
  wake_.notify_all();
  return gen;
}

void Session::remeasure() {
  std::lock_guard lock(mutex_);
  if (!current_) return;
  if (pending_) return;  // a run is already queued: it measures anyway
  // Same generation: the results belong to the scenario already shown.
  pending_ = Job{latest_.load(), *current_, false, current_input_, current_records_};
  wake_.notify_all();
}

void Session::set_sweep_enabled(bool on) { sweep_enabled_ = on; }

std::vector<SessionEvent> Session::poll() {
  std::lock_guard lock(mutex_);
  std::vector<SessionEvent> out(std::make_move_iterator(events_.begin()), std::make_move_iterator(events_.end()));
  events_.clear();
  return out;
}

SessionStatus Session::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

DeviceInfo Session::device() const {
  std::lock_guard lock(mutex_);
  return device_;
}

Backend Session::backend_for(const Algorithm& a) const {
  std::lock_guard lock(mutex_);
  return device_.gpu && a.has_gpu() && !options_.runner.force_cpu ? Backend::Gpu : Backend::CpuModel;
}

void Session::retire(std::shared_ptr<const ExplainResult> old) {
  if (!old) return;
  std::lock_guard lock(mutex_);
  retired_.push_back(std::move(old));
  wake_.notify_all();
}

bool Session::wait_idle(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return idle_cv_.wait_for(lock, timeout, [&] { return status_.ready && !status_.busy && !pending_; });
}

void Session::push(SessionEvent e) {
  std::lock_guard lock(mutex_);
  events_.push_back(std::move(e));
}

std::string Session::sweep_key(const Scenario& s) {
  // Everything but n and the seed: the sweep varies n, and the seed does not move throughput.
  Scenario k = s;
  k.input.n = 0;
  k.input.seed = 0;
  return scenario_to_json(k, algorithm_params).dump();
}

void Session::worker() {
  try {
    runner_ = std::make_unique<Runner>(options_.runner);
  } catch (const std::exception& e) {
    std::lock_guard lock(mutex_);
    status_.ready = true;
    events_.push_back({SessionEvent::Kind::Error, 0, nullptr, nullptr, 0,
                       std::string("cannot start the runner: ") + e.what()});
    stop_ = true;
    idle_cv_.notify_all();
    return;
  }
  {
    std::lock_guard lock(mutex_);
    device_ = runner_->device();
    status_.ready = true;
    events_.push_back({SessionEvent::Kind::Ready, 0, nullptr, nullptr, 0, device_.summary()});
  }
#if SORTSCOPE_HAS_CUDA
  // The yardstick for the bandwidth-bound line, measured once on this device (DESIGN.md,
  // "Performance rules"). A smaller buffer than the CLI's default keeps start-up quick; it is still
  // far larger than L2.
  if (options_.measure_bandwidth && device_.gpu && !options_.runner.force_cpu) {
    try {
      uint64_t bytes = std::min<uint64_t>(256ull << 20, default_bandwidth_buffer_bytes());
      CopyBandwidth bw = measure_copy_bandwidth(bytes, 10, runner_->stream());
      push({SessionEvent::Kind::Bandwidth, 0, nullptr, nullptr, bw.gb_per_s, {}});
    } catch (const std::exception& e) {
      push({SessionEvent::Kind::Error, 0, nullptr, nullptr, 0,
            std::string("copy bandwidth not measured: ") + e.what()});
    }
  }
#endif
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      for (;;) {
        retired_.clear();  // frees old timelines here, off the UI thread
        if (stop_ || pending_) break;
        status_.busy = false;
        status_.activity.clear();
        idle_cv_.notify_all();
        wake_.wait(lock);
      }
      if (stop_) break;
      job = std::move(*pending_);
      pending_.reset();
      status_.busy = true;
      status_.generation = job.generation;
      cancel_ = false;
    }
    run_job(job);
  }
  runner_.reset();
  std::lock_guard lock(mutex_);
  retired_.clear();
  status_.busy = false;
  idle_cv_.notify_all();
}

void Session::run_job(const Job& job) {
  auto activity = [&](std::string what) {
    std::lock_guard lock(mutex_);
    status_.activity = std::move(what);
  };
  Scenario s = job.scenario;
  // Explain runs (keys and records) stop at their next step once cancel_ is raised: a newer job
  // arrived or the app is closing (~Session), so quitting never waits for a long recording.
  const RunCancelScope cancel_scope(&cancel_);
  try {
    if (s.records) {
      // Records: explain mode only, on the CPU model (core/record_scenario.h); measured by
      // `sortscope run --fields` and `bench`, not here.
      if (job.input) throw std::runtime_error("records: the open file holds keys, not records (it has no fields)");
      activity("recording record steps (CPU model)");
      const uint64_t budget = runner_->options().capture_budget_bytes;
      auto e = std::make_shared<ExplainResult>(
          job.records ? explain_record_input(s, records_for_scenario(*job.records, s), budget)
                      : explain_record_scenario(s, budget));
      push({SessionEvent::Kind::Explained, job.generation, nullptr, e, 0, {}});
      return;
    }
    if (job.records)
      throw std::runtime_error("the open file holds records (a key and " + std::to_string(job.records->shape.fields) +
                               " fields): tick records to sort them");
    if (job.input) {
      activity("loading the input file");
      s = runner_->prepare(s, *job.input, job.explain);  // a copy: the runner may add values
    }
    activity("measuring");
    auto m = std::make_shared<MeasureResult>(runner_->measure(s, options_.measure, &cancel_));
    push({SessionEvent::Kind::Measured, job.generation, m, nullptr, 0, {}});
    if (!job.explain || superseded(job.generation)) return;
    activity("recording steps");
    auto e = std::make_shared<ExplainResult>(runner_->explain(s));
    push({SessionEvent::Kind::Explained, job.generation, nullptr, e, 0, {}});
    if (superseded(job.generation)) return;
    if (sweep_enabled_ && !job.input) run_sweep(job);
  } catch (const RunCancelled&) {
    // A newer scenario arrived; it is already pending.
  } catch (const StepsCancelled&) {
    // The same, or the app is closing: an explain run stops at its next step.
  } catch (const std::exception& e) {
    push({SessionEvent::Kind::Error, job.generation, nullptr, nullptr, 0, e.what()});
  }
}

void Session::run_sweep(const Job& job) {
  std::string key = sweep_key(job.scenario);
  if (key == last_sweep_key_) return;  // only n or the seed changed: the curve still holds
  const Algorithm* algo = find_algorithm(job.scenario.algorithm);
  bool gpu = algo && runner_->backend_for(*algo) == Backend::Gpu;
  int hi = gpu ? options_.sweep_max_log2_gpu : options_.sweep_max_log2_cpu;
  int lo = std::min(options_.sweep_min_log2, hi);
  for (int e = lo; e <= hi; ++e) {
    if (superseded(job.generation)) return;  // abandoned: the next scenario sweeps again
    Scenario s = job.scenario;
    s.input.n = uint64_t(1) << e;
    // Stop at the first size that does not fit: larger ones will not either.
    if (!check_memory(s, false, runner_->options().capture_budget_bytes, free_memory_now(runner_->device()), gpu)
             .empty())
      break;
    {
      std::lock_guard lock(mutex_);
      status_.activity = "sweep n = " + format_size(s.input.n);
    }
    auto m = std::make_shared<MeasureResult>(runner_->measure(s, options_.sweep_measure, &cancel_));
    push({SessionEvent::Kind::SweepPoint, job.generation, m, nullptr, 0, {}});
  }
  last_sweep_key_ = key;
  push({SessionEvent::Kind::SweepDone, job.generation, nullptr, nullptr, 0, {}});
}

}  // namespace sortscope
