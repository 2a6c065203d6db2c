#pragma once
// Records on the GPU (README.md): the indirect strategy by gather or by cycle chasing in place and
// the direct strategy, each sort running through the chosen algorithm's own run_gpu key-value path,
// the record moves done by the kernels of record_gpu.cu (per-field gathers for ByField, the paper's
// Fig. 6 thread groups for the rows of ByRecord and Hybrid, one thread per cycle for cycles).
// Declared without CUDA headers; defined in CUDA builds only.
#include <cstdint>
#include <vector>

#include "algorithm.h"
#include "records/record_sort.h"

namespace sortscope {

struct RecordGpuResult {
  HostRecords output;      // the last timed run's sorted records, in the input's layout
  std::vector<double> ms;  // one per timed run: CUDA events around the sort (copy of the input not timed)
};

// Device bytes a run needs: the pristine input, the working and the other record buffer, the
// (key, index) pairs, the algorithm's own scratch for pairs of n and cycle chasing's 4n labels.
uint64_t records_gpu_bytes(const Algorithm& algorithm, const ParamValues& params, const RecordSortOptions& options,
                           const RecordShape& shape, uint64_t n);

// Uploads `input`, then `warmup` untimed and `reps` timed sorts, each of a fresh device copy of the
// input. Throws std::runtime_error on CUDA errors and std::invalid_argument for an algorithm that
// does not sort records.
RecordGpuResult measure_records_gpu(const Algorithm& algorithm, const ParamValues& params,
                                    const RecordSortOptions& options, const HostRecords& input, int warmup, int reps);

}  // namespace sortscope
