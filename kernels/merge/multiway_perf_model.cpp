#include "multiway_perf_model.h"

#include <cmath>

#include <fmt/format.h>

#include "primitives/merge_path/merge_sort_perf_model.h"
#include "two_way_perf_model.h"

namespace sortscope {

double leischner_network_ops_per_key(int b, bool stable) {
  // Fig. 11, columns b = 64, 128, 256 (the 32 column is no block size offered here).
  const int column = b <= 64 ? 0 : (b <= 128 ? 1 : 2);
  static constexpr double kBitonic[] = {50.8, 59, 70};
  static constexpr double kRanking[] = {93.3, 106.4, 121.1};
  return stable ? kRanking[column] : kBitonic[column];
}

// Instructions per key and tree level outside the merging network: two-way block-wise merging
// 12 + 2 x SIMD width / b (§5.3.4); a pipelined 4-way level 21 + 4 x SIMD width / b (§5.3.5), where
// every key passes two mergers (a leaf, then the head), so two networks.
double multiway_ops_per_key_level(int b, bool stable, bool pipelined) {
  if (pipelined) return 21 + 4.0 * 32 / b + 2 * leischner_network_ops_per_key(b, false);
  return 12 + 2.0 * 32 / b + leischner_network_ops_per_key(b, stable);
}

PerfModel multiway_perf_model(const MultiwayPlan& p, int key_bytes, bool with_values, bool transform) {
  PerfModel model = merge_sort_perf_model(
      p.pipelined ? "Leischner 2010 §5.3.4, §5.3.5 (pipelined 4-way), Fig. 11; Satish et al. 2010 §5.3.2 (block sort)"
                  : "Leischner 2010 §5.3.4, Fig. 11; Satish et al. 2010 §5.3.2 (block sort)",
      p.n, key_bytes, with_values, transform, [&](PerfModel& m, double n, double item) {
        LaunchModel block = two_way_block_sort_model(p.block, key_bytes, with_values);
        block.launch = kMultiwayBlockSortLaunch;
        block.name = multiway_block_sort_launch(p);
        m.launches.push_back(block);
        const double per_level = multiway_ops_per_key_level(p.merge_threads, p.stable, p.pipelined);
        for (int ri = 0; ri < int(p.rounds.size()); ++ri) {
          const MultiwayRound& r = p.rounds[size_t(ri)];
          const double offsets = double(r.groups) * (r.k + 1);
          m.launches.push_back({-1, fmt::format("run offsets (round {})", ri + 1), offsets * 8, 0});
          // One selection per part boundary: about log2(R) probes in each of the k runs.
          const double selections = double(r.groups) * (r.parts_per_group + 1);
          const double probes = std::ceil(std::log2(double(std::max<uint64_t>(r.run_in, 2))));
          m.launches.push_back({multiway_select_launch_index(ri), multiway_select_launch(p, ri),
                                selections * r.k * (probes * key_bytes + 4), 0});
          // Each tree level reads and writes every item once (the pipelined tree's levels are 4-way:
          // half as many, its inner level in shared memory).
          m.launches.push_back({multiway_merge_launch_index(ri), multiway_merge_launch(p, ri), 2 * n * item * r.levels,
                                n * per_level * r.levels / 32});
        }
      });
  // Measured 3.3-12x the model on an H100 (2026-11-24, docs/performance-history.md "Analytic models
  // beside the measurements"): the selection is few threads, each a chain of dependent probes.
  model.not_valid = "the multi-sequence selection (a few threads, each k x log2(run) dependent probes in device "
                    "memory) is latency bound and not counted";
  return model;
}

}  // namespace sortscope
