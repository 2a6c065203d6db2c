// The distributed sorts' snapshot as key classes (views/key_coloring.h), colour by bucket: the rank
// (GPU) that holds each key. The step's array is the ranks' keys one after another, so the ranks are
// stretches of positions: each rank's share of the input until the exchange, what it received after.
#include <fmt/format.h>

#include "distributed/distributed_aux.h"
#include "views/view_registry.h"

namespace sortscope {
namespace {

std::optional<KeyClassRule> distributed_classes(ColorBy mode, const DistributedSnapshot& s, const KeyClassSite& site) {
  const DistributedRunInfo& in = s.info;
  if (mode != ColorBy::Bucket || in.ranks == 0) return std::nullopt;
  const bool exchanged = s.phase != DistributedPhase::Count_ && int(s.phase) >= int(DistributedPhase::Exchange);
  const std::vector<uint64_t>& held = exchanged ? in.keys_after : in.keys_before;
  if (held.size() != in.ranks) return std::nullopt;
  uint64_t total = 0;
  std::vector<uint64_t> begins;
  for (uint64_t k : held) {
    begins.push_back(total);
    total += k;
  }
  if (total != site.n) return std::nullopt;  // not every key placed (an empty or partial record)
  return segment_classes(std::move(begins), fmt::format("the rank holding the key ({} {})", in.ranks,
                                                        exchanged ? "ranks, after the exchange" : "ranks"));
}

}  // namespace

void register_distributed_key_classes(ViewRegistry& registry) {
  registry.add_key_classes<DistributedSnapshot>(distributed_classes);
}

}  // namespace sortscope
