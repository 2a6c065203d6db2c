#pragma once
// The distributed sorts as algorithms of the registry (README.md): "distributed-sample-sort",
// "distributed-merge", "distributed-radix-onesweep", each with its ranks as a parameter. Their CPU
// model is the simulated ranks (labelled simulated), which explain mode, render, trace and the GUI
// run anywhere; `sortscope run --algo sample-sort --gpus P` picks the entry and, on a host with
// NCCL and P GPUs, runs the NCCL path (distributed_gpu.h) instead.
#include <string>
#include <optional>
#include <string_view>

#include "algorithm.h"
#include "distributed_sort.h"

namespace sortscope {

const Algorithm& distributed_sample_sort_algorithm();
const Algorithm& distributed_merge_algorithm();
const Algorithm& distributed_radix_algorithm();
const Algorithm& distributed_algorithm(DistributedSort sort);

// "distributed-" + the one-GPU id, and back (nullopt for any other id).
std::string distributed_algorithm_id(DistributedSort sort);
std::optional<DistributedSort> distributed_sort_of_entry(std::string_view id);

// The parameters of a resolved scenario of one of the entries.
uint32_t ranks_param(const ParamValues& params);
DistributedParams distributed_params(const ParamValues& params, uint64_t seed);

}  // namespace sortscope
