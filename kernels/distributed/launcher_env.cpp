#include "launcher_env.h"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include "distributed_sort.h"

namespace sortscope {

namespace {

struct LauncherVars {
  const char* source;
  const char* rank;
  const char* size;
  const char* local_rank;
};

// In the order checked: a job step under srun inside mpirun is rare; Open MPI first as it also
// sets PMI_* in some builds.
constexpr LauncherVars kLaunchers[] = {
    {"Open MPI", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK"},
    {"PMI", "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID"},
    {"Slurm", "SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID"},
};

// A decimal count of at most 9 digits (no sign, no spaces), else nullopt.
std::optional<uint32_t> parse_count(const char* text) {
  if (!text || !*text) return std::nullopt;
  uint64_t v = 0;
  int digits = 0;
  for (const char* c = text; *c; ++c) {
    if (*c < '0' || *c > '9' || ++digits > 9) return std::nullopt;
    v = v * 10 + uint64_t(*c - '0');
  }
  return uint32_t(v);
}

}  // namespace

std::optional<LauncherRank> launcher_rank_from_env(const EnvLookup& getenv_fn) {
  for (const LauncherVars& l : kLaunchers) {
    const char* rank_text = getenv_fn(l.rank);
    const char* size_text = getenv_fn(l.size);
    if (!rank_text && !size_text) continue;
    const auto rank = parse_count(rank_text), size = parse_count(size_text);
    if (!rank || !size || *size == 0 || *rank >= *size || *size > kMaxRanks)
      throw std::runtime_error(fmt::format("{} environment: {}='{}' and {}='{}' are not a rank below a world size "
                                           "of 1 to {}", l.source, l.rank, rank_text ? rank_text : "",
                                           l.size, size_text ? size_text : "", kMaxRanks));
    LauncherRank r;
    r.rank = *rank;
    r.size = *size;
    r.source = l.source;
    if (const auto local = parse_count(getenv_fn(l.local_rank))) {
      r.local_rank = *local;
      r.local_known = true;
    }
    return r;
  }
  return std::nullopt;
}

std::optional<LauncherRank> launcher_rank_from_env() {
  return launcher_rank_from_env([](const char* name) { return static_cast<const char*>(std::getenv(name)); });
}

}  // namespace sortscope
