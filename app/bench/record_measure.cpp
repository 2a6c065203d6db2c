#include "record_measure.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "core/interrupt.h"

#if SORTSCOPE_HAS_CUDA
#include "baselines/cub_radix.h"
#include "records/record_gpu.h"
#endif

namespace sortscope {

RecordRun measure_records(const Algorithm& algo, const ParamValues& params, const RecordSortOptions& options,
                          const HostRecords& input, int warmup, int reps, bool gpu) {
  RecordRun run;
#if SORTSCOPE_HAS_CUDA
  if (gpu) {
    RecordGpuResult g = measure_records_gpu(algo, params, options, input, warmup, reps);
    run.ms = std::move(g.ms);
    run.output = std::move(g.output);
    return run;
  }
#else
  (void)gpu;
#endif
  for (int r = 0; r < warmup + reps; ++r) {
    throw_if_interrupted();
    HostRecords work = input;  // fresh input copy per run, not timed
    const auto t0 = std::chrono::steady_clock::now();
    sort_records_model(algo, params, options, work);
    const auto t1 = std::chrono::steady_clock::now();
    if (r >= warmup) run.ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    run.output = std::move(work);
  }
  return run;
}

RecordRun measure_records_baseline(const HostRecords& input, int warmup, int reps) {
#if SORTSCOPE_HAS_CUDA
  // The paper's and the yardstick: CUB's pairs sort of (key, index), then the gather.
  RecordGpuResult b = measure_records_gpu(cub_radix_algorithm(), {}, RecordSortOptions{}, input, warmup, reps);
  return RecordRun{std::move(b.ms), std::move(b.output)};
#else
  (void)input, (void)warmup, (void)reps;
  throw std::runtime_error("the records' baseline (cub-radix pairs + gather) runs on the GPU only");
#endif
}

double records_run_bytes(const Algorithm& algo, const ParamValues& params, const RecordSortOptions& options,
                         const RecordShape& shape, uint64_t n, bool gpu, bool baseline) {
#if SORTSCOPE_HAS_CUDA
  if (gpu) {
    double need = double(records_gpu_bytes(algo, params, options, shape, n));
    if (baseline)
      need = std::max(need, double(records_gpu_bytes(cub_radix_algorithm(), {}, RecordSortOptions{}, shape, n)));
    return need;
  }
#else
  (void)algo, (void)params, (void)options, (void)gpu, (void)baseline;
#endif
  return 4.0 * double(shape.total_bytes(n)) + 2.0 * double(n) * (shape.key_size() + 4);
}

RecordVerdict verify_record_run(const HostRecords& input, const HostRecords& output, bool stable,
                                const HostRecords* stable_sorted) {
  if (input.n <= kExactRecordCheckMax) return verify_records(input, output, stable);
  return verify_records_fast(input, output, stable ? stable_sorted : nullptr);
}

}  // namespace sortscope
