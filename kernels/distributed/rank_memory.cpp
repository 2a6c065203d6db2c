#include "rank_memory.h"

#include <algorithm>

#include <fmt/format.h>

#include "exchange_layout.h"
#include "primitives/items/item_traits.h"
#include "primitives/multiway_merge/multiway_merge_gpu.h"
#include "primitives/multiway_merge/multiway_merge_scratch.h"
#include "rank_partition.h"

namespace sortscope {

namespace {

uint64_t sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }
uint64_t sat_mul(uint64_t a, uint64_t b) { return b && a > UINT64_MAX / b ? UINT64_MAX : a * b; }

// The local sort's scratch for n keys; where its plan refuses n (radix: more than 2^32 - 1 keys)
// the run will say why, and the estimate is the algorithm's default.
uint64_t local_scratch_bytes(const RankMemoryQuery& q, uint64_t n) {
  if (!q.local || n == 0) return 0;
  try {
    return q.local->scratch_bytes(n, q.type, q.with_values, q.local_params, false);
  } catch (const std::exception&) {
    return default_scratch_estimate(n, q.type, q.with_values);
  }
}

}  // namespace

uint64_t planned_receive(DistributedSort sort, uint64_t share) {
  return sort == DistributedSort::Merge ? share : sat_add(share, share / 16);
}

uint32_t pack_blocks(uint64_t share) {
  const uint64_t tile = uint64_t(kPackThreads) * kPackItems;
  return uint32_t(std::clamp<uint64_t>((share + tile - 1) / tile, 1, 2048));
}

uint64_t pack_chunk(uint64_t share) {
  const uint64_t tile = uint64_t(kPackThreads) * kPackItems, blocks = pack_blocks(share);
  return std::max<uint64_t>(1, ((share + blocks - 1) / blocks + tile - 1) / tile) * tile;
}

SendBuffers send_buffers(uint64_t share, uint32_t ranks, KeyType type, bool with_values) {
  const uint32_t q = exchange_align_elements(key_bytes(type), with_values);
  const uint64_t elements = sat_add(share, sat_mul(uint64_t(q) - 1, ranks));
  SendBuffers s;
  s.keys = s.layout.add<uint8_t>("send_keys", sat_mul(elements, uint64_t(key_bytes(type))));
  if (with_values) s.values = s.layout.add<uint32_t>("send_values", elements);
  return s;
}

SendBuffers merge_output_buffers(uint64_t keys, KeyType type, bool with_values) {
  SendBuffers s;
  s.keys = s.layout.add<uint8_t>("merged_keys", sat_mul(keys, uint64_t(key_bytes(type))));
  if (with_values) s.values = s.layout.add<uint32_t>("merged_values", keys);
  return s;
}

RankMemory rank_memory(const RankMemoryQuery& q, uint32_t rank, uint64_t receive) {
  RankMemory m;
  const uint64_t kb = uint64_t(key_bytes(q.type));
  const uint64_t elem = kb + (q.with_values ? 4 : 0);
  const uint64_t share = rank_share_begin(q.n, q.ranks, rank + 1) - rank_share_begin(q.n, q.ranks, rank);
  if (receive == 0) receive = planned_receive(q.sort, share);
  m.capacity = std::max<uint64_t>({1, share, receive});
  m.keys = sat_mul(m.capacity, elem);
  m.send = send_buffers(share, q.ranks, q.type, q.with_values).layout.total_bytes();
  m.block = m.send;
  switch (q.sort) {
    case DistributedSort::RadixOnesweep:
      m.local_scratch = local_scratch_bytes(q, receive);
      m.block = std::max(m.block, m.local_scratch);
      break;
    case DistributedSort::SampleSort:
      m.local_scratch = local_scratch_bytes(q, receive);
      m.outside_block = m.local_scratch;  // the one-GPU sample sort's own slots, not the block
      break;
    case DistributedSort::Merge: {
      m.local_scratch = local_scratch_bytes(q, share);
      m.block = std::max({m.block, m.local_scratch, uint64_t(merge_output_buffers(receive, q.type, q.with_values).layout.total_bytes())});
      if (q.ranks > 1)
        m.outside_block = merge::dispatch_items(int(kb), q.with_values, [&](auto traits) -> uint64_t {
          return merge::multiway_merge_scratch<decltype(traits)>(receive, q.ranks, MultiwayMergeOptions{}.part_keys).layout.total_bytes();
        });
      break;
    }
  }
  // Counts and their gathered matrix, the pack's per-block counts and their scan (and CUB's
  // temporary storage for it, a few KiB), the samples (own and gathered, tagged with positions),
  // the splitter tree, the digit owners, the selection's probes and the piece starts.
  const uint64_t p = q.ranks;
  const uint64_t samples = q.sort == DistributedSort::SampleSort ? samples_per_rank(q.n, q.ranks, q.params.samples_per_splitter) : 0;
  m.small = 8 * std::max<uint64_t>(p, uint64_t(1) << kMaxTopBits) + 8 * p * p + 2 * 8 * p * pack_blocks(share) +
            (uint64_t(64) << 10) + 16 * samples * (p + 1) + 16 * 256 + 2 * (uint64_t(1) << kMaxTopBits) + 8 * (2 * p + 3) +
            4 * 8 * p;
  return m;
}

uint64_t max_distributed_keys(uint32_t ranks) { return sat_mul(UINT32_MAX, ranks) - 1; }

std::string check_rank_memory(const RankMemoryQuery& q, const std::vector<uint64_t>& free_bytes) {
  auto short_of = [&](uint64_t n) -> int {  // the first rank that does not fit n keys, or -1
    RankMemoryQuery at = q;
    at.n = n;
    for (uint32_t r = 0; r < q.ranks && r < free_bytes.size(); ++r)
      if (sat_add(rank_memory(at, r).total(), kRankMemoryMargin) > free_bytes[r]) return int(r);
    return -1;
  };
  const int rank = short_of(q.n);
  if (rank < 0) return {};
  uint64_t lo = 0, hi = std::min(q.n, max_distributed_keys(q.ranks));  // the largest n that fits: the same plan
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2 + ((hi - lo) & 1);
    if (short_of(mid) < 0) lo = mid;
    else hi = mid - 1;
  }
  const RankMemory m = rank_memory(q, uint32_t(rank));
  std::string fits;
  if (lo > 0) fits = fmt::format("; try n <= {} (2^{} fits)", lo, 63 - __builtin_clzll(lo));
  return fmt::format(
      "n = {} {} keys{} across {} GPUs needs about {} of GPU memory on rank {} (keys {}, scratch block {}, local "
      "sort's own {}, small {}, margin {}) but only {} is free there{}",
      q.n, key_type_name(q.type), q.with_values ? " with values" : "", q.ranks,
      decimal_bytes(double(sat_add(m.total(), kRankMemoryMargin))), rank, decimal_bytes(double(m.keys)),
      decimal_bytes(double(m.block)), decimal_bytes(double(m.outside_block)), decimal_bytes(double(m.small)),
      decimal_bytes(double(kRankMemoryMargin)), decimal_bytes(double(free_bytes[size_t(rank)])), fits);
}

}  // namespace sortscope
