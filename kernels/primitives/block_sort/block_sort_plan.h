#pragma once
// The plan of the block sort (block_sort.cuh, block_sort_host.h): n items in tiles of threads x
// keys_per_thread, one thread block per tile; stage 0 leaves sorted runs of keys_per_thread (each
// thread's transposition sort), stage s runs of keys_per_thread << s, the last stage the tile.
// A sort that starts with the block sort (merge/two_way_plan.h) hands it this plan.
#include <cstdint>

namespace sortscope {

struct BlockSortPlan {
  uint64_t n = 0;
  int threads = 0;          // NT
  int keys_per_thread = 0;  // VT
  uint64_t tile = 0;        // NT * VT items per block
  uint64_t tiles = 0;       // ceil(n / tile)
  int stages = 0;           // 1 + log2(NT): runs of VT, 2 VT, ..., tile
  uint64_t run(int stage) const { return uint64_t(keys_per_thread) << stage; }
};

}  // namespace sortscope
