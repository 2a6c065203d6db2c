#include "gpus_option.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "common/count_words.h"
#include "distributed/distributed.h"
#include "distributed/launcher_env.h"
#include "scenario_options.h"
#if SORTSCOPE_HAS_NCCL
#include "distributed/rank_group.h"
#endif

namespace sortscope {

uint32_t parse_gpus(const std::string& text) {
  if (text == "all") return 0;
  const std::string usage =
      fmt::format("--gpus '{}': give how many GPUs to sort across, 1 to {}, or all", text, kMaxRanks);
  if (text.empty() || text.size() > 4 || text.find_first_not_of("0123456789") != std::string::npos)
    throw std::runtime_error(usage);
  const unsigned long v = std::stoul(text);
  if (v == 0) throw std::runtime_error(fmt::format("--gpus 0: a sort needs at least 1 GPU (or all)"));
  if (v > kMaxRanks) throw std::runtime_error(usage);
  return uint32_t(v);
}

int visible_gpus() {
#if SORTSCOPE_HAS_NCCL
  return visible_gpu_count();
#else
  return 0;
#endif
}

std::string host_gpus_refusal(uint32_t asked, int have) {
  const uint32_t gpus = uint32_t(std::max(have, 0));
  if (asked <= gpus && (asked != 0 || gpus != 0)) return {};
  return fmt::format("--gpus {}: this host has {}", asked == 0 ? std::string("all") : std::to_string(asked),
                     gpus == 0 ? std::string("no GPU") : counted(gpus, "GPU"));
}

void require_host_gpus(uint32_t asked, int have, std::string_view no_gpu_hint) {
  if (std::string e = host_gpus_refusal(asked, have); !e.empty())
    throw std::runtime_error(have <= 0 ? e + std::string(no_gpu_hint) : e);
}

uint32_t resolve_host_gpus(uint32_t asked, int have, std::string_view no_gpu_hint) {
  require_host_gpus(asked, have, no_gpu_hint);
  return asked == 0 ? uint32_t(have) : asked;
}

std::vector<uint32_t> resolve_host_gpu_list(const std::string& list, int have) {
  std::vector<uint32_t> counts;
  for (size_t start = 0, comma; start <= list.size(); start = comma + 1) {
    comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    counts.push_back(resolve_host_gpus(parse_gpus(list.substr(start, comma - start)), have));
  }
  return counts;
}

GpusScenario gpus_scenario(const ScenarioArgs& a) {
  const uint32_t asked = parse_gpus(a.gpus);
  const auto sort = distributed_sort_of(a.algo);
  if (!sort)
    throw std::runtime_error(fmt::format("--gpus: '{}' has no form across GPUs (those that do: {})", a.algo,
                                         distributed_sort_ids()));
  GpusScenario g;
  g.algorithm = distributed_algorithm_id(*sort);
  for (const std::string& p : a.params) {
    if (p.rfind("ranks=", 0) == 0) throw std::runtime_error("--param ranks=... does not go with --gpus: --gpus says the ranks");
    g.params.push_back(p);
  }
  if (a.cpu) {
    if (asked == 0) throw std::runtime_error("--gpus all --cpu: simulated ranks need a count (1 to 16)");
    if (asked > kMaxSimulatedRanks)
      throw std::runtime_error(fmt::format("--gpus {} --cpu: at most {} simulated ranks", asked, kMaxSimulatedRanks));
    g.ranks = asked;
  } else {
#if !SORTSCOPE_HAS_NCCL
    throw std::runtime_error("--gpus: this sortscope was built without NCCL, so it cannot sort across GPUs (--cpu "
                             "simulates the ranks)");
#else
    if (const auto launcher = launcher_rank_from_env(); launcher && launcher->size > 1) {
      if (asked != 0 && asked != launcher->size)
        throw std::runtime_error(fmt::format("--gpus {}: under {} each of the {} processes is one rank; give --gpus "
                                             "all or {}",
                                             asked, launcher->source, launcher->size, launcher->size));
      g.ranks = launcher->size;
    } else {
      g.ranks = resolve_host_gpus(asked, visible_gpus(), " (--cpu simulates the ranks)");
    }
#endif
  }
  // The entry's ranks parameter stops at the simulated limit; real GPUs run outside the runner.
  g.params.push_back(fmt::format("ranks={}", std::min(g.ranks, kMaxSimulatedRanks)));
  return g;
}

}  // namespace sortscope
