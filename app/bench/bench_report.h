#pragma once
// What a `sortscope bench` run found: one record per finished state (its scenario, the summary of
// its samples, its baseline's on the same input), and the facts of the run shared by every record
// (device, backend, stopping rule). The writers (bench_writers.h) turn a report into CSV, JSON and
// Markdown; --compare reads the JSON back (bench_compare.h).
#include <optional>
#include <string>
#include <vector>

#include "bench_matrix.h"
#include "bench_stats.h"
#include "core/bound_distance.h"  // keys_per_sm_per_clock
#include "core/runner.h"

namespace sortscope {

struct BenchMeasurement {
  std::string algorithm;
  SampleSummary summary;
  std::string stopped_by;  // stop_reason(): "noise", "timeout", "max-samples"
  bool verified = false;
};

struct BenchRecord {
  BenchState state;
  // The run's result as `sortscope run` has it (timing over every sample, verdict, baseline's
  // timing), so the CSV row is the one `run` writes.
  MeasureResult result;
  BenchMeasurement measurement;
  std::optional<BenchMeasurement> baseline;  // absent on the CPU model and for the baselines themselves
  double keys_per_sm_per_clock = 0;          // keys/s / (SMs x SM clock); 0 where unknown (CPU model)
  // The distance to the limit: the bytes-moved model at the copy bandwidth measured at the start of
  // the run, against the median (core/bound_distance.h); fraction 0 where the sort has no model.
  BoundDistance bound;
};

struct BenchSettings {
  StopRule rule;
  int warmup = 2;
  bool flush_l2 = false;
};

struct BenchReport {
  std::string started;           // UTC, ISO 8601
  std::string device;            // DeviceInfo::summary() or the CPU model's line
  std::string backend;           // "gpu" or "cpu-model"
  int sm_count = 0;
  int sm_clock_khz = 0;
  // The yardstick of every record's fraction of the bound: the device's copy bandwidth (the host's
  // memcpy on the CPU model), measured once at the start of the run, and how.
  double copy_gb_per_s = 0;
  std::string bandwidth_source;
  BenchSettings settings;
  size_t planned_states = 0;     // the matrix's size
  // The parameter columns of the CSV: every parameter of the matrix's algorithms, in spec order,
  // first algorithm first (an algorithm's row leaves the others' columns empty).
  std::vector<std::string> param_names;
  std::vector<BenchRecord> records;  // finished states, in the order they ran
  bool complete() const { return records.size() == planned_states; }
};

}  // namespace sortscope
