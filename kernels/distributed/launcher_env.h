#pragma once
// One rank per process under a standard launcher: the rank and world size that mpirun (Open MPI:
// OMPI_COMM_WORLD_RANK/SIZE; MPICH and Intel MPI: PMI_RANK/SIZE) or Slurm's srun
// (SLURM_PROCID/NTASKS) put in the environment, and the rank on this host (which GPU to use).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace sortscope {

struct LauncherRank {
  uint32_t rank = 0, size = 1;
  uint32_t local_rank = 0;  // the process's index among those on its host (picks the GPU)
  bool local_known = false;  // the launcher said it (else rank % visible GPUs)
  std::string source;       // "Open MPI", "PMI", "Slurm": for messages
};

using EnvLookup = std::function<const char*(const char*)>;

// The launcher's rank, or nullopt when no launcher set any (a single process). A set but malformed
// pair (a rank not below the size, a non-number) throws std::runtime_error with one line.
std::optional<LauncherRank> launcher_rank_from_env(const EnvLookup& getenv_fn);
std::optional<LauncherRank> launcher_rank_from_env();  // the process's environment

}  // namespace sortscope
