#pragma once
// Snapshots of Locicero's binary-search merge sort (common/aux_data.h), recorded by the model (and
// kernels) through search_merge_steps.h, drawn by visual/views/search_merge/.
#include <cstdint>
#include <vector>

namespace sortscope {

// The rank ("counting") sort of the highlighted tile (002 §2.4): every key counts the tile's keys
// smaller than it (less) and equal to it (rank: all of them, the run each duplicate writes whole;
// rank-stable: those before it). The key goes to less (+ equal before it when stable).
struct RankTile {
  uint64_t tile = 0, begin = 0;
  bool stable = false;
  std::vector<uint32_t> less, equal, dest;  // [tile keys]
};

// The odd-even transposition sort of the highlighted tile (002 §2.3): swaps in each phase (even
// phases compare (2i, 2i + 1), odd phases (2i + 1, 2i + 2)), the convergence curve.
struct TranspositionTrace {
  uint64_t tile = 0, begin = 0;
  std::vector<uint32_t> swaps;  // [phases]
};

// The binary searches of one merge (a local stage or a global pass) in its highlighted pair of
// runs: for a sample of the pair's keys, each position of the sibling run the search read, in
// order, and the rank it found.
struct SiblingSearches {
  uint32_t pass = 0;             // global pass (0-based), or the local stage
  bool local = false;
  uint64_t run = 0;              // run length merged
  uint64_t left_begin = 0, left_len = 0, right_len = 0;  // the pair, in the step's input array
  std::vector<uint32_t> key;     // sampled keys: index within the pair (left run first)
  std::vector<uint32_t> probe_begin;  // key k's probes are probes[probe_begin[k] .. probe_begin[k + 1])
  std::vector<uint32_t> probes;  // positions in the sibling run
  std::vector<uint32_t> rank;    // per sampled key: keys of the sibling run before it
};

// The merging tree so far (002 §2.1, §3): per global pass the run length, the pairs, the work-items
// and the work of each (binary-search probes, plus the right-run keys copied in the half version),
// so the stall at the top, few items doing long copies, is visible.
struct MergeTreeWork {
  struct Level {
    uint64_t run = 0, pairs = 0, items = 0;
    uint64_t max_work = 0;
    double mean_work = 0;
  };
  bool half = false;
  std::vector<Level> levels;
};

}  // namespace sortscope
