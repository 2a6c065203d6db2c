#pragma once
// The snapshots (common/aux_data.h) of merging by merge path (Odeh et al. 2012) and of merging in a
// block's buffer (Leischner 2010 §5.3.4): recorded by every merge sort's step writer from its CPU
// model and its GPU path alike (two-way, multiway, network merge), drawn by the merge views.
#include <cstdint>
#include <vector>

namespace sortscope {

// Two-way merge sort: the merge-path grid of one highlighted pair of runs in a
// pass (Odeh et al. 2012). A runs along one axis, B along the other; cross-diagonal j sits after
// diagonals[j] outputs and the path crosses it after a_splits[j] keys of A (and diagonals[j] -
// a_splits[j] of B). One thread block merges the stretch between consecutive diagonals.
struct MergePathGrid {
  uint32_t pass = 0;
  uint64_t pair = 0;                // index of the highlighted pair of runs
  uint64_t a_begin = 0, a_len = 0;  // run A: positions [a_begin, a_begin + a_len) of the pass input
  uint64_t b_begin = 0, b_len = 0;  // run B, right after A
  uint64_t tile_keys = 0;           // outputs per thread block
  std::vector<uint64_t> diagonals;  // including 0 and a_len + b_len
  std::vector<uint64_t> a_splits;
};

// Two-way merge sort: every thread block's share of one merge pass. Block t writes outputs
// [t * tile_keys, ...) of its merged run from positions [a_begin[t], a_end[t]) and
// [b_begin[t], b_end[t]) of the pass input.
struct MergeBlockShares {
  uint32_t pass = 0;
  uint64_t run_keys_in = 0, run_keys_out = 0, tile_keys = 0;
  std::vector<uint64_t> a_begin, a_end, b_begin, b_end;
};

// Block-wise merging (Leischner 2010 §5.3.4, Alg. 4): the 2b merge buffer of one highlighted
// block, step by step (b = buffer_keys / 2). Per step: the block loaded (0 = from A, 1 = from B,
// 2 = padding), the buffer before and after merging (2b ordered-bits keys each, padding shown as
// the largest word), and where the step's b outputs went.
struct MergeBufferTrace {
  uint32_t block = 0, level = 0;
  uint32_t buffer_keys = 0;         // 2b
  bool stable = false;              // parallel ranking (stable) or bitonic network
  uint32_t steps = 0;
  std::vector<uint8_t> loaded_from; // steps
  std::vector<uint64_t> before, after;  // steps * buffer_keys
  std::vector<uint64_t> out_begin;  // steps
};

}  // namespace sortscope
