#include "multiway_perf_model.h"

#include <cmath>

#include <fmt/format.h>

#include "two_way_perf_model.h"

namespace sortscope {

double leischner_network_ops_per_key(int b, bool stable) {
  // Fig. 11, columns b = 64, 128, 256 (the 32 column is no block size offered here).
  const int column = b <= 64 ? 0 : (b <= 128 ? 1 : 2);
  static constexpr double kBitonic[] = {50.8, 59, 70};
  static constexpr double kRanking[] = {93.3, 106.4, 121.1};
  return stable ? kRanking[column] : kBitonic[column];
}

PerfModel multiway_perf_model(const MultiwayPlan& p, int key_bytes, bool with_values, bool transform) {
  PerfModel m;
  m.source = "Leischner 2010 §5.3.4, Fig. 11; Satish et al. 2010 §5.3.2 (block sort)";
  if (p.n == 0) return m;
  const double n = double(p.n), item = key_bytes + (with_values ? 4 : 0);
  LaunchModel block = two_way_block_sort_model(p.block, key_bytes, with_values);
  block.launch = kMultiwayBlockSortLaunch;
  block.name = multiway_block_sort_launch(p);
  m.launches.push_back(block);
  // §5.3.4: instructions per key outside the network, 12 + 2 x SIMD width / block size.
  const double per_level = 12 + 2.0 * 32 / p.merge_threads + leischner_network_ops_per_key(p.merge_threads, p.stable);
  for (int ri = 0; ri < int(p.rounds.size()); ++ri) {
    const MultiwayRound& r = p.rounds[size_t(ri)];
    const double offsets = double(r.groups) * (r.k + 1);
    m.launches.push_back({-1, fmt::format("run offsets (round {})", ri + 1), offsets * 8, 0});
    // One selection per part boundary: about log2(R) probes in each of the k runs.
    const double selections = double(r.groups) * (r.parts_per_group + 1);
    const double probes = std::ceil(std::log2(double(std::max<uint64_t>(r.run_in, 2))));
    m.launches.push_back({multiway_select_launch_index(ri), multiway_select_launch(p, ri),
                          selections * r.k * (probes * key_bytes + 4), 0});
    m.launches.push_back({multiway_merge_launch_index(ri), multiway_merge_launch(p, ri), 2 * n * item * r.levels,
                          n * per_level * r.levels / 32});
  }
  if (transform) add_ordered_bits_transforms(m, p.n, key_bytes);
  return m;
}

}  // namespace sortscope
