#include "network_merge_perf_model.h"

#include <algorithm>
#include <cmath>

#include "merge/merge_perf_model.h"

namespace sortscope {

double network_merge_ops_per_key_pass(int width) {
  return std::log2(2.0 * width) * kNetworkLevelOps / 32 + kNetworkOverheadOps;
}

PerfModel network_merge_perf_model(const NetworkMergePlan& p, bool transform) {
  const int key_bytes = sortscope::key_bytes(p.key_type);
  return merge_sort_perf_model(
      "Satish et al. 2010 §5.3.2 (8 warp instructions a network level), §6.2 (O_overhead 0.6)", p.n, key_bytes,
      p.with_values, transform, [&](PerfModel& m, double n, double item) {
        // Block sort: one read and one write of every item; log2(t)(log2(t) + 1) / 2 layers of the
        // bitonic sort, each a network level of 32 comparators (64 keys) per warp, plus the overhead once.
        const double lg = std::log2(double(std::min(p.tile, p.n)));
        const double layers = lg * (lg + 1) / 2;
        m.launches.push_back({kNetworkMergeBlockSortLaunch, network_merge_block_sort_launch(p), 2 * n * item,
                              n * (layers * kNetworkLevelOps / 64 + kNetworkOverheadOps)});
        const uint64_t units = p.units();
        for (int pass = 0; pass < p.passes; ++pass) {
          if (p.chunked(pass)) {
            // One merge-path search per unit over its pair: log2(2R) key reads, a split written (O_part).
            const double search = std::ceil(std::log2(double(std::min<uint64_t>(2 * p.run_in(pass), p.n))));
            m.launches.push_back({network_merge_partition_launch_index(p, pass),
                                  network_merge_partition_launch(p, pass), double(units + 1) * (search * key_bytes + 8),
                                  0});
          }
          m.launches.push_back({network_merge_merge_launch_index(p, pass), network_merge_merge_launch(p, pass),
                                2 * n * item, n * network_merge_ops_per_key_pass(p.width)});
        }
      });
}

}  // namespace sortscope
