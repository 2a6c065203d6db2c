#pragma once
// The tiles of a merge pass cut by merge path (Odeh et al. 2012; Satish et al. 2010 §4): output
// tile t of a pass over runs of run_in keys, its pair of runs and its starting cross-diagonal, and
// the snapshots of a pass's partition. Host and device: the partition kernel
// (merge_path_partition.cuh), the merge kernels and the CPU models of two-way and network merge
// cut the same tiles.
#include <cstdint>

#include "common/host_device.h"
#include "primitives/merge_path/merge_path_aux.h"

namespace sortscope {

// Output tile t of a merge pass with input runs of run_in keys: its pair of runs (A starts at
// a_begin, B right after A) and the cross-diagonal (outputs of the pair before the tile).
struct MergeTile {
  uint64_t a_begin = 0, a_len = 0, b_len = 0;
  uint64_t diag = 0, count = 0;  // count: outputs of this tile
};

SORTSCOPE_HD MergeTile merge_tile(uint64_t n, uint64_t tile, uint64_t run_in, uint64_t t) {
  const uint64_t out = t * tile;
  const uint64_t pair_begin = out / (2 * run_in) * (2 * run_in);
  MergeTile m;
  m.a_begin = pair_begin;
  m.a_len = n - pair_begin < run_in ? n - pair_begin : run_in;
  const uint64_t rest = n - pair_begin - m.a_len;
  m.b_len = rest < run_in ? rest : run_in;
  m.diag = out - pair_begin;
  const uint64_t left = m.a_len + m.b_len - m.diag;
  m.count = left < tile ? left : tile;
  return m;
}

// Where tile t's share of A ends (relative to A's start): the next tile's split, or all of A when
// the tile ends its pair. splits[t] = merge_path split of tile t's starting diagonal.
SORTSCOPE_HD uint64_t merge_tile_a_end(const MergeTile& m, const uint64_t* splits, uint64_t t) {
  return m.diag + m.count == m.a_len + m.b_len ? m.a_len : splits[t + 1];
}

// The snapshots of a pass's merge-path partition (two-way merge sort, network-merge's chunk cuts):
// every tile's stretch of A and of B, and the grid of the pair of runs that starts at pair_begin.
// splits[t]: tile t's A-split of its starting diagonal, relative to its pair (tiles entries).
struct MergePartitionSnapshots {
  MergePathGrid grid;
  MergeBlockShares shares;
};
MergePartitionSnapshots merge_partition_snapshots(uint64_t n, uint64_t tile, uint64_t run_in, int pass,
                                                  const uint64_t* splits, uint64_t tiles, uint64_t pair_begin);

}  // namespace sortscope
