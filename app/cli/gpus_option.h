#pragma once
// --gpus P|all (run, render, trace, gui, record; bench takes a list): sort across P GPUs with one
// of the distributed sorts (kernels/distributed). The scenario becomes the distributed entry of the
// algorithm with ranks = P; `--cpu` simulates the ranks (P up to 16) on any machine. Without --cpu
// the build must have NCCL and the host P GPUs, each refused with one line. Under a launcher
// (mpirun, srun) each process is one rank and P is the world size.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sortscope {

struct ScenarioArgs;

// "all" (0 here: every visible GPU) or a count of 1..1024; throws one line otherwise ("--gpus 0").
uint32_t parse_gpus(const std::string& text);

// The GPUs visible to this process (0 without CUDA or NCCL: the NCCL path is all that uses them).
int visible_gpus();

// The line refusing `asked` GPUs (parse_gpus: 0 = all) on a host with `have` visible, "" where it
// has them: "--gpus 3: this host has 1 GPU", "--gpus all: this host has no GPU" (all of none is no
// sort: refused before any NCCL group is made). The same words wherever a count of GPUs is checked
// (--gpus, bench --gpus, --alltoall).
std::string host_gpus_refusal(uint32_t asked, int have);
// Throws host_gpus_refusal's line where it is not "", with `no_gpu_hint` appended where the host
// has no GPU at all (" (--cpu simulates the ranks)" where --cpu can stand in).
void require_host_gpus(uint32_t asked, int have, std::string_view no_gpu_hint = {});
// The GPUs `asked` (0 = all) comes to on a host with `have` visible: all of them, or the count;
// throws require_host_gpus's line where the host has fewer, or none for all.
uint32_t resolve_host_gpus(uint32_t asked, int have, std::string_view no_gpu_hint = {});
// bench --gpus 1,2,all: each count of the list parsed (parse_gpus) and resolved on this host.
std::vector<uint32_t> resolve_host_gpu_list(const std::string& list, int have);

// The ranks --gpus asks for on this machine, checked (NCCL built in, enough GPUs, --cpu's limit,
// the launcher's world size), and the algorithm id and parameters the scenario runs with.
struct GpusScenario {
  std::string algorithm;            // "distributed-sample-sort", ...
  std::vector<std::string> params;  // the user's --param list plus ranks=P
  uint32_t ranks = 1;
};
GpusScenario gpus_scenario(const ScenarioArgs& args);

}  // namespace sortscope
