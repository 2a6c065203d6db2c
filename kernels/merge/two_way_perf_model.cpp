#include "two_way_perf_model.h"

#include <algorithm>
#include <cmath>

#include "primitives/merge_path/merge_sort_perf_model.h"

namespace sortscope {

LaunchModel two_way_block_sort_model(const TwoWayPlan& p, int key_bytes, bool with_values) {
  const double n = double(p.n), item = key_bytes + (with_values ? 4 : 0);
  const double levels = p.n ? std::log2(double(std::min<uint64_t>(p.block_tile, p.n))) : 0;
  return {kTwoWayBlockSortLaunch, two_way_block_sort_launch(p), 2 * n * item,
          n * kSatishMergeOpsPerKeyLevel * std::max(levels, 0.0)};
}

PerfModel two_way_perf_model(const TwoWayPlan& p, int key_bytes, bool with_values, bool transform) {
  return merge_sort_perf_model(
      "Satish et al. 2010 §5.3.2 (merge level), §6.2 (O_overhead)", p.n, key_bytes, with_values, transform,
      [&](PerfModel& m, double n, double item) {
        // ways=4: every later pair of levels is one pass over memory (TwoWayPlan::four_way_from).
        // The block sort's log2(block tile) levels all happen in one launch: one read and one write.
        m.launches.push_back(two_way_block_sort_model(p, key_bytes, with_values));
        for (int pass = 0; pass < p.passes; ++pass) {
          if (p.four_way_from(pass)) {
            // Two levels, one pass over memory (four_way_split.h): the grid of 2-way splits of
            // runs of R, then per tile the coarse outer search over grid points (two keys and two
            // splits a step) and the fine one inside a tile (log2(tile) steps of two inner searches
            // of log2(tile) keys each, cache hits mostly; counted as key reads), then the merge.
            const double grid = std::ceil(std::log2(double(std::min<uint64_t>(2 * p.run_in(pass), p.n))));
            const double coarse = std::ceil(std::log2(double(std::min<uint64_t>(4 * p.run_in(pass), p.n)) /
                                                       double(p.tile) + 1));
            const double fine = std::ceil(std::log2(double(p.tile)));
            m.launches.push_back({two_way_partition_launch_index(pass), two_way_partition_launch(pass),
                                  double(p.tiles + 1) * (grid * key_bytes + 8), 0});
            m.launches.push_back({two_way_partition_launch_index(pass + 1), two_way_four_way_split_launch(pass),
                                  double(p.tiles) * (coarse * (2 * key_bytes + 16) + 2 * fine * fine * key_bytes + 24),
                                  0});
            m.launches.push_back({two_way_merge_launch_index(pass + 1), two_way_four_way_merge_launch(p, pass),
                                  2 * n * item, 2 * n * kSatishMergeOpsPerKeyLevel});
            ++pass;
            continue;
          }
          // One binary search per output tile over a pair of runs: log2(2R) key reads and a split written.
          const double search = std::ceil(std::log2(double(std::min<uint64_t>(2 * p.run_in(pass), p.n))));
          double merge_bytes = 2 * n * item;
          if (p.fused_partition) {
            // Each merge block searches both its splits itself: rounds of 32 probes, two keys each
            // (common/multi_probe_search.h), log2(33) halvings a round.
            merge_bytes += 2 * double(p.tiles) * std::ceil(search / std::log2(33.0)) * 64 * key_bytes;
          } else {
            m.launches.push_back({two_way_partition_launch_index(pass), two_way_partition_launch(pass),
                                  double(p.tiles + 1) * (search * key_bytes + 8), 0});
          }
          m.launches.push_back({two_way_merge_launch_index(pass), two_way_merge_launch(p, pass), merge_bytes,
                                n * kSatishMergeOpsPerKeyLevel});
        }
      });
}

}  // namespace sortscope
