#pragma once
// `sortscope run --gpus P`: one distributed sort, verified across ranks, with its phases per rank,
// the load and the exchange. With --cpu the simulated ranks (kernels/distributed/distributed_model.h);
// otherwise NCCL over P GPUs of this process, or one rank per process under a launcher
// (docs/distributed.md).
#include <string>
#include <vector>

#include "common/scenario.h"
#include "distributed/distributed_sort.h"
#include "distributed/distributed_verify.h"

namespace CLI {
class App;
}

namespace sortscope {

struct ScenarioArgs;

struct DistributedOptions {
  std::string rendezvous;    // --rendezvous FILE|HOST:PORT (multi-process runs)
  double rank_timeout = 60;  // --rank-timeout SECONDS: the longest any rank waits for the others
  bool host_io = false;      // --host-io: input and output in pinned host memory, the copies timed
};

// Adds --rendezvous, --rank-timeout and --host-io to `cmd`.
void add_distributed_options(CLI::App& cmd, DistributedOptions& o);

// --host-io belongs to a sort across GPUs: refused in one line where `across_gpus` is false (no
// --gpus, or bench --alltoall); with simulated ranks (`simulated`, --cpu) it does nothing, which
// one line on stdout says.
void check_host_io(const DistributedOptions& o, bool across_gpus, bool simulated);

// The host-to-host reference that a --host-io run's keys/s is read against (docs/distributed.md).
inline constexpr const char* kHostToHostReference =
    "RMG sort (Maltenberger et al., SIGMOD 2022): 10.4 G keys/s on 8 x A100, host to host";

// Runs scenario `s` (a distributed entry, build_scenario with --gpus) `reps` times after `warmup`.
// Throws ExitStatus{2} after printing when the verification fails.
void run_distributed(const Scenario& s, const ScenarioArgs& args, const DistributedOptions& o, int reps, int warmup);

// `trace --gpus P` on GPUs: scenario `s` (a distributed entry) sorted on the GPUs, `warmup` runs then
// `reps` timed, verified across ranks: the median run's per-rank figures (its phase times are
// what the trace's steps show), every run's time, and the verdict. Only rank 0's process `speaks`
// (writes the trace). Throws one line where NCCL is not built in or P is above the simulated ranks'.
struct GpuDistributedRuns {
  DistributedRunInfo median;
  std::vector<double> ms;
  DistributedVerdict verdict;
  std::string devices;  // "2 x NVIDIA H200 (NCCL, one process)"
  bool speaks = true;
};
GpuDistributedRuns measure_distributed_on_gpus(const Scenario& s, const ScenarioArgs& args, const DistributedOptions& o,
                                               int reps, int warmup);

// `sortscope bench --gpus 1,2,4`: the scaling table of every distributed sort (or those in `algos`)
// at each GPU count; `bench --alltoall`: NCCL's all-to-all bandwidth over message sizes.
void bench_gpus(const std::vector<std::string>& algos, const std::string& gpus_list, const Scenario& s, int reps,
                const DistributedOptions& o);
void bench_alltoall(const std::string& gpus, const DistributedOptions& o);

}  // namespace sortscope
