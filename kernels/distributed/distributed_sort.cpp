#include "distributed_sort.h"

#include <algorithm>

#include <fmt/format.h>

namespace sortscope {

namespace {
constexpr const char* kIds[] = {"sample-sort", "merge", "radix-onesweep"};
}

std::optional<DistributedSort> distributed_sort_of(std::string_view algorithm_id) {
  for (int i = 0; i < 3; ++i)
    if (algorithm_id == kIds[i]) return DistributedSort(i);
  return std::nullopt;
}

const char* distributed_sort_id(DistributedSort sort) { return kIds[int(sort)]; }

std::string distributed_sort_ids() { return "sample-sort, merge, radix-onesweep"; }

const char* distributed_phase_name(DistributedSort sort, DistributedPhase phase) {
  switch (phase) {
    case DistributedPhase::CopyIn: return "copy in";
    case DistributedPhase::Presort: return "local sort";
    case DistributedPhase::Sample: return "sample";
    case DistributedPhase::Splitters: return "splitters";
    case DistributedPhase::Count: return sort == DistributedSort::Merge ? "pack" : "count";
    case DistributedPhase::Exchange: return "exchange";
    case DistributedPhase::Finish: return sort == DistributedSort::Merge ? "merge" : "local sort";
    case DistributedPhase::CopyOut: return "copy out";
    default: return "?";
  }
}

double DistributedRunInfo::imbalance() const {
  if (n == 0 || keys_after.empty()) return 1.0;
  const uint64_t most = *std::max_element(keys_after.begin(), keys_after.end());
  return double(most) * double(ranks) / double(n);
}

uint64_t DistributedRunInfo::bytes_between_ranks() const {
  uint64_t b = 0;
  for (uint32_t i = 0; i < ranks; ++i)
    for (uint32_t j = 0; j < ranks; ++j)
      if (i != j) b += exchange_bytes[size_t(i) * ranks + j];
  return b;
}

DistributedRunInfo make_run_info(DistributedSort sort, uint32_t ranks, KeyType type, bool with_values, uint64_t n,
                                 bool simulated) {
  DistributedRunInfo info;
  info.sort = sort;
  info.ranks = ranks;
  info.simulated = simulated;
  info.type = type;
  info.with_values = with_values;
  info.n = n;
  info.keys_before.assign(ranks, 0);
  info.keys_after.assign(ranks, 0);
  info.rank_first.assign(ranks, 0);
  info.rank_last.assign(ranks, 0);
  info.exchange_bytes.assign(size_t(ranks) * ranks, 0);
  info.phase_ms.assign(size_t(ranks) * kDistributedPhases, 0.0);
  info.phase_bytes.assign(size_t(ranks) * kDistributedPhases, 0.0);
  for (uint32_t r = 0; r < ranks; ++r)
    info.keys_before[r] = rank_share_begin(n, ranks, r + 1) - rank_share_begin(n, ranks, r);
  return info;
}

std::string decimal_bytes(double b) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB"};
  int u = 0;
  while (b >= 1000 && u < 4) b /= 1000, ++u;
  return fmt::format("{:.{}f} {}", b, u == 0 ? 0 : (b < 10 ? 2 : 1), units[u]);
}

uint64_t rank_share_begin(uint64_t n, uint32_t ranks, uint32_t rank) {
  const uint64_t base = n / ranks, extra = n % ranks;
  return uint64_t(rank) * base + std::min<uint64_t>(rank, extra);
}

}  // namespace sortscope
