#pragma once
// `sortscope run --gpus P`: one distributed sort, verified across ranks, with its phases per rank,
// the load and the exchange. With --cpu the simulated ranks (kernels/distributed/distributed_model.h);
// otherwise NCCL over P GPUs of this process, or one rank per process under a launcher
// (docs/distributed.md).
#include <string>

#include "common/scenario.h"

namespace CLI {
class App;
}

namespace sortscope {

struct ScenarioArgs;

struct DistributedOptions {
  std::string rendezvous;    // --rendezvous FILE|HOST:PORT (multi-process runs)
  double rank_timeout = 60;  // --rank-timeout SECONDS: the longest any rank waits for the others
};

// Adds --rendezvous and --rank-timeout to `cmd`.
void add_distributed_options(CLI::App& cmd, DistributedOptions& o);

// Runs scenario `s` (a distributed entry, build_scenario with --gpus) `reps` times after `warmup`.
// Throws ExitStatus{2} after printing when the verification fails.
void run_distributed(const Scenario& s, const ScenarioArgs& args, const DistributedOptions& o, int reps, int warmup);

// `sortscope bench --gpus 1,2,4`: the scaling table of every distributed sort (or those in `algos`)
// at each GPU count; `bench --alltoall`: NCCL's all-to-all bandwidth over message sizes.
void bench_gpus(const std::vector<std::string>& algos, const std::string& gpus_list, const Scenario& s, int reps,
                const DistributedOptions& o);
void bench_alltoall(const std::string& gpus, const DistributedOptions& o);

}  // namespace sortscope
