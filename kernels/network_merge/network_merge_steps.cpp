#include "network_merge_steps.h"

#include <algorithm>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "common/aux_types.h"
#include "primitives/merge_path/merge_tile.h"
#include "network_merge_capture.h"

namespace sortscope {

MergeBufferTrace network_merge_buffer_trace(const NetworkMergePlan& p, int pass) {
  MergeBufferTrace b;
  b.block = uint32_t(p.highlight_unit(pass));
  b.level = uint32_t(pass);
  b.buffer_keys = 2 * uint32_t(p.width);
  b.stable = false;
  return b;
}

NetworkLevels network_merge_levels(const NetworkMergePlan& p, int pass) {
  NetworkLevels l;
  l.pass = uint32_t(pass);
  l.unit = p.highlight_unit(pass);
  l.width = uint32_t(p.width);
  return l;
}

void network_merge_traces_from_capture(const NetworkMergePlan& p, const NetworkMergeCapture& c,
                                       MergeBufferTrace& buffer, NetworkLevels& levels) {
  const uint32_t calls = std::min(c.calls, NetworkMergeCapture::kMaxCalls);
  const size_t slots = 2 * size_t(p.width), words = std::min<size_t>(calls * slots, NetworkMergeCapture::kMaxSlots);
  buffer.steps = uint32_t(words / slots);
  for (uint32_t k = 0; k < buffer.steps; ++k) {
    buffer.loaded_from.push_back(uint8_t(c.loaded_from[k]));
    buffer.out_begin.push_back(c.out_begin[k]);
  }
  buffer.before.assign(c.before, c.before + words);
  buffer.after.assign(c.after, c.after + words);
  if (calls == 0) return;
  levels.loaded_from = uint8_t(c.loaded_from[0]);
  levels.rows.assign(c.rows, c.rows + size_t(p.levels() + 1) * slots);
}

Step network_merge_input_step(const NetworkMergePlan& p) {
  return make_step(NetworkMergeStep::Input,
                   fmt::format("{} unsorted {} keys{} as ordered bits: {}", p.n, key_type_name(p.key_type),
                               p.with_values ? " with values" : "", p.describe()));
}

Step network_merge_block_step(const NetworkMergePlan& p, int stage) {
  const uint64_t run = uint64_t(2) << stage;
  Step s = make_step(NetworkMergeStep::BlockSort,
                     fmt::format("Block sort, stage {}/{}: in every tile of {} keys (shared memory, one comparator "
                                 "per thread) runs of {} merged by {} bitonic levels -> runs of {}",
                                 stage + 1, p.block_stages, p.tile, run / 2, stage + 1, run),
                     kNetworkMergeBlockSortLaunch, network_merge_block_sort_launch(p));
  s.aux.push_back(BlockOwnership{p.tile});
  s.aux.push_back(SortedRuns{run});
  return s;
}

Step network_merge_partition_step(const NetworkMergePlan& p, int pass, const std::vector<uint64_t>& splits) {
  const uint64_t r = p.run_in(pass), units = p.units();
  Step s = make_step(NetworkMergeStep::Partition,
                     fmt::format("Pass {}/{}: {} of runs of {} too long for one network each: every pair is cut "
                                 "at every {}-th output of its merge (splitters by merge path, §5.1 Step 2), {} chunks "
                                 "merged independently",
                                 pass + 1, p.passes, p.pairs(pass) == 1 ? std::string("the pair") :
                                 fmt::format("{} pairs", p.pairs(pass)), r, p.chunk, units),
                     network_merge_partition_launch_index(p, pass), network_merge_partition_launch(p, pass));
  const uint64_t pair_begin = merge_tile(p.n, p.chunk, r, p.highlight_unit(pass)).a_begin;
  MergePartitionSnapshots snap = merge_partition_snapshots(p.n, p.chunk, r, pass, splits.data(), units, pair_begin);
  s.aux.push_back(std::move(snap.grid));
  s.aux.push_back(std::move(snap.shares));
  s.aux.push_back(BlockOwnership{p.chunk});
  s.aux.push_back(SortedRuns{r});  // the pass's input: cutting the pairs moves no key
  return s;
}

Step network_merge_network_step(const NetworkMergePlan& p, int pass, NetworkLevels levels) {
  const int lv = p.levels();
  Step s = make_step(NetworkMergeStep::Network,
                     fmt::format("Pass {}/{}, one network call of chunk {}: the retained vector and {} keys from {} "
                                 "reversed form a bitonic sequence; {} levels of min/max (stride {}, ..., 1) "
                                 "merge them, {} comparators each",
                                 pass + 1, p.passes, levels.unit, p.width, levels.loaded_from == 0 ? "A" : "B", lv,
                                 p.width, p.width),
                     network_merge_merge_launch_index(p, pass), network_merge_merge_launch(p, pass));
  s.aux.push_back(std::move(levels));
  return s;
}

Step network_merge_merge_step(const NetworkMergePlan& p, int pass, MergeBufferTrace buffer) {
  const uint64_t r = p.run_in(pass);
  Step s = make_step(NetworkMergeStep::Merge,
                     fmt::format("Pass {}/{}: runs of {} merged into runs of {}, {} per network: each network "
                                 "writes the lower {} of every call and keeps the upper {} (the retained vector); "
                                 "chunk {} took {} calls for {} keys",
                                 pass + 1, p.passes, r, std::min<uint64_t>(2 * r, p.n),
                                 p.chunked(pass) ? "one chunk" : "one pair", p.width, p.width, buffer.block,
                                 buffer.steps, std::min<uint64_t>(p.chunk, p.n - std::min(p.n, buffer.block * p.chunk))),
                     network_merge_merge_launch_index(p, pass), network_merge_merge_launch(p, pass));
  s.aux.push_back(BlockOwnership{p.chunk});
  s.aux.push_back(std::move(buffer));
  s.aux.push_back(SortedRuns{std::min<uint64_t>(2 * r, p.n)});
  return s;
}

}  // namespace sortscope
