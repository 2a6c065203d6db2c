#include "primitives/merge_path/merge_tile.h"

namespace sortscope {

MergePartitionSnapshots merge_partition_snapshots(uint64_t n, uint64_t tile, uint64_t run_in, int pass,
                                                  const uint64_t* splits, uint64_t tiles, uint64_t pair_begin) {
  MergePartitionSnapshots out;
  MergeBlockShares& shares = out.shares;
  shares.pass = uint32_t(pass);
  shares.run_keys_in = run_in;
  shares.run_keys_out = 2 * run_in;
  shares.tile_keys = tile;
  MergePathGrid& grid = out.grid;
  grid.pass = uint32_t(pass);
  grid.pair = pair_begin / (2 * run_in);
  grid.tile_keys = tile;
  for (uint64_t t = 0; t < tiles; ++t) {
    const MergeTile m = merge_tile(n, tile, run_in, t);
    const uint64_t a0 = splits[t], a1 = merge_tile_a_end(m, splits, t);
    const uint64_t b_begin = m.a_begin + m.a_len;
    shares.a_begin.push_back(m.a_begin + a0);
    shares.a_end.push_back(m.a_begin + a1);
    shares.b_begin.push_back(b_begin + (m.diag - a0));
    shares.b_end.push_back(b_begin + (m.diag + m.count - a1));
    if (m.a_begin == pair_begin) {  // the highlighted pair
      grid.a_begin = m.a_begin;
      grid.a_len = m.a_len;
      grid.b_begin = b_begin;
      grid.b_len = m.b_len;
      grid.diagonals.push_back(m.diag);
      grid.a_splits.push_back(a0);
      if (m.diag + m.count == m.a_len + m.b_len) {
        grid.diagonals.push_back(m.a_len + m.b_len);
        grid.a_splits.push_back(m.a_len);
      }
    }
  }
  return out;
}

}  // namespace sortscope
