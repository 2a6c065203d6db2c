#pragma once
// Measuring one record sort (kernels/records/README.md), shared by `sortscope run --fields` and
// `sortscope bench`'s record axes: the timed runs on the GPU or the CPU model, the baseline (CUB's
// pairs sort of (key, index) plus the same gather: the and the paper's yardstick), the
// memory a run needs, and the verification (exact up to kExactRecordCheckMax records, the O(n)
// checks beyond).
#include <cstdint>
#include <vector>

#include "algorithm.h"
#include "records/record_sort.h"

namespace sortscope {

struct RecordRun {
  std::vector<double> ms;  // one per timed run (CUDA events on the GPU, the CPU clock on the model)
  HostRecords output;      // the last run's sorted records
};

// `warmup` untimed and `reps` timed sorts, each of a fresh copy of `input` (the copy not timed):
// on the GPU when `gpu` (CUDA builds; record_gpu.h), else with the CPU model. Throws
// Interrupted between runs on a signal.
RecordRun measure_records(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                          const HostRecords& input, int warmup, int reps, bool gpu);
// The baseline on the same records: cub-radix, indirect, gather. GPU only (throws runtime_error on
// the CPU model or in a build without CUDA).
RecordRun measure_records_baseline(const HostRecords& input, int warmup, int reps);

// The bytes a run needs (GPU memory when `gpu`, else host memory for the CPU model: the input,
// the working copy, the reference and a moved copy, plus the (key, index) pairs twice), with the
// baseline's need when `baseline`.
double records_run_bytes(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                         const RecordShape& shape, uint64_t n, bool gpu, bool baseline);

// Exact checks (verify_records) up to this many records; beyond, verify_records_fast: byte for
// byte against `stable_sorted` (a verified stable sort of the same input) for a stable sort where
// one is given, else the multiset hash.
inline constexpr uint64_t kExactRecordCheckMax = uint64_t(1) << 22;
RecordVerdict verify_record_run(const HostRecords& input, const HostRecords& output, bool stable,
                                const HostRecords* stable_sorted);

}  // namespace sortscope
