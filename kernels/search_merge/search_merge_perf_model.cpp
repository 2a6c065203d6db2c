#include "search_merge_perf_model.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "search_merge_rank.h"

namespace sortscope {

namespace {
// Comparisons (probes) per key of the local phase on tiles of T keys (002 §2.3-§2.5, §3).
double local_comparisons_per_key(SearchMergeLocal local, double tile) {
  const double levels = std::log2(tile);
  switch (local) {
    case SearchMergeLocal::Rank:
    case SearchMergeLocal::RankStable: return tile;          // every key against the whole tile
    case SearchMergeLocal::Transposition: return tile / 2;   // T phases of T/2 comparators
    case SearchMergeLocal::BinaryMerge: break;               // stage s: log2(2^s) + 1 probes
  }
  return levels * (levels + 1) / 2;
}
}  // namespace

PerfModel search_merge_perf_model(const SearchMergePlan& p) {
  PerfModel m;
  m.source = "Locicero 002 §3";
  if (p.n == 0) return m;
  const double n = double(p.n), kb = key_bytes(p.key_type), item = kb + (p.with_values ? 4.0 : 0.0);
  const bool transform = p.key_type != KeyType::U32 && p.key_type != KeyType::U64;
  const double tile = double(std::min<uint64_t>(p.tile, p.n));
  int launch = 0;
  m.launches.push_back({launch++, fmt::format("local {} sort (tiles of {} keys, shared memory)",
                                              search_merge_local_name(p.local), p.tile),
                        2 * n * item, n * local_comparisons_per_key(p.local, tile) / 32});
  const bool half = p.global == SearchMergeGlobal::Half;
  for (int pass = 0; pass < p.passes; ++pass) {
    // Full: every key searches its sibling run, log2(run) + 1 probes. Half: the left run's keys
    // search and copy the right-run keys that land before them; every key still moves once.
    const double run = double(p.run_of_pass(pass)), full_probes = std::log2(run) + 1;
    // Windowed searches (search_merge_rank.h) on uniform keys: a window of about g positions for a
    // group of g keys, log2(g) + 1 probes. search=edges: the group's two edge keys search the whole
    // run first, and the block waits for them. search=block (runs of at least kSearchMergeWindowKeys):
    // every thread probes once a round of the block's 128-way edge search, ceil(log2(run) / 7) rounds.
    const double group = std::min(run, double(kSearchMergeWindowKeys));
    const double window_probes = std::log2(group) + 1;
    double probes = full_probes, chain = full_probes;
    const char* how = "";
    if (p.search == SearchMergeSearch::Edges && group > 2) {
      probes = (2 * full_probes + (group - 2) * window_probes) / group;
      chain = full_probes + window_probes;
      how = ", edge-key windows";
    } else if (p.search == SearchMergeSearch::Block && run >= kSearchMergeWindowKeys) {
      const double rounds = std::ceil(std::log2(run) / std::log2(kSearchMergeWindowKeys / 2.0));
      probes = chain = rounds + window_probes;
      how = ", block windows";
    }
    const double searches = half ? n / 2 : n;
    m.launches.push_back({launch++, fmt::format("global {} pass {} (runs of {}{})", half ? "half" : "full", pass + 1,
                                                p.run_of_pass(pass), how),
                          2 * n * item, (searches * probes + (half ? n / 2 : 0)) / 32});
    // Each probe waits for the one before: the pass is as long as its chains of loads (§3's
    // searches in global memory), not its bytes; windowed, a key's chain includes its block's edge
    // search.
    m.launches.back().serial_loads = searches * chain;
  }
  if (p.passes % 2) m.launches.push_back({-1, "copy back (odd number of passes)", 2 * n * item, 0});
  if (transform) add_ordered_bits_transforms(m, p.n, key_bytes(p.key_type));
  return m;
}

}  // namespace sortscope
