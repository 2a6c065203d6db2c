#include "network_merge_perf_model.h"

#include <algorithm>
#include <cmath>

#include "primitives/merge_path/merge_sort_perf_model.h"

namespace sortscope {

NetworkMergeOpCosts network_merge_op_costs(int item_bytes, bool with_values) {
  // u64 pairs move 3 words (key and value; the struct's padding word stays put).
  const double words = item_bytes == 16 ? 3 : double(item_bytes) / 4;
  if (!with_values && words == 1) return {2, 4, 5};  // min/max (a predicated select across lanes)
  // A compare (one instruction) and a select per word for each of the two results.
  return {1 + 2 * words, 2 * words + 2, 3 * words + 1};
}

double network_merge_ops_per_key_pass(const NetworkMergePlan& p) {
  const NetworkMergeOpCosts c = network_merge_op_costs(int(p.item_bytes()), p.with_values);
  const double s = double(p.width), levels = std::log2(2 * s);
  // A warp holds 2S / 32 slots a lane (S >= 32: one network a warp, network_merge_warp_kernel.cuh)
  // or 2 (S < 32: 32 / S networks a warp); the last log2(min(S, 32)) levels cross lanes by
  // shuffles, the others pair a lane's registers. One warp call writes max(S, 32) keys.
  // levels=transpose (S = 128): every level inside the threads, plus the moves through shared memory.
  const double slots = 2 * std::max(1.0, s / 32), shuffled = p.transpose ? 0 : std::min(5.0, std::log2(s));
  const double per_call = kNetworkCallOps + (p.transpose ? kNetworkTransposeOps : 0) +
                          (levels - shuffled) * (slots / 2) * c.exchange + shuffled * slots * c.shuffle;
  return per_call / std::max(s, 32.0);
}

double network_merge_block_sort_ops_per_key(const NetworkMergePlan& p) {
  const NetworkMergeOpCosts c = network_merge_op_costs(int(p.item_bytes()), p.with_values);
  const uint64_t e = uint64_t(p.keys), tile = std::min(p.tile, std::max<uint64_t>(p.n, 2));
  // Stage s's layers have strides 2^s .. 1 (its first one mirrored, same reach): below E inside a
  // thread, below 32E across lanes, else across warps through shared memory (2 barriers).
  double thread_ops = 0;
  for (uint64_t k = 2; k <= tile; k *= 2)
    for (uint64_t j = k / 2; j >= 1; j /= 2)
      thread_ops += j < e        ? double(e) / 2 * c.exchange
                    : j < 32 * e ? double(e) * (c.shuffle + kBlockSortShuffleExtraOps)
                                 : double(e) * c.shared + 2;
  return (thread_ops / double(e) + kBlockSortKeyOps) / 32;
}

PerfModel network_merge_perf_model(const NetworkMergePlan& p, bool transform) {
  const int key_bytes = sortscope::key_bytes(p.key_type);
  return merge_sort_perf_model(
      "Satish et al. 2010 §5.3.2 (roofline per pass), instructions counted from the kernels", p.n, key_bytes,
      p.with_values, transform, [&](PerfModel& m, double n, double item) {
        // Block sort: one read and one write of every item.
        m.launches.push_back({kNetworkMergeBlockSortLaunch, network_merge_block_sort_launch(p), 2 * n * item,
                              n * network_merge_block_sort_ops_per_key(p)});
        const uint64_t units = p.units();
        const double pass_ops = n * network_merge_ops_per_key_pass(p);
        for (int pass = 0; pass < p.passes; ++pass) {
          if (p.chunked(pass)) {
            // One merge-path search per unit over its pair: log2(2R) key reads, a split written (O_part).
            const double search = std::ceil(std::log2(double(std::min<uint64_t>(2 * p.run_in(pass), p.n))));
            m.launches.push_back({network_merge_partition_launch_index(p, pass),
                                  network_merge_partition_launch(p, pass), double(units + 1) * (search * key_bytes + 8),
                                  0});
          }
          m.launches.push_back({network_merge_merge_launch_index(p, pass), network_merge_merge_launch(p, pass),
                                2 * n * item, pass_ops});
        }
      });
}

}  // namespace sortscope
