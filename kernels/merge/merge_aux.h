#pragma once
// The merge sorts' auxiliary snapshots (common/aux_data.h): what a two-way or multiway merge step
// carries besides the key array. Recorded by the plans' step writers (two_way_plan.h,
// multiway_plan.h) from the CPU models and the GPU paths alike; drawn by the panel views in
// visual/views/merge/.
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

// Multi-sequence selection (Leischner 2010 §5.2): one selection of global rank `rank` across k
// sorted sequences, state after each iteration (iteration-major, k entries each; entry 0 = the
// initial state). Osipov's sequential selection (§5.2.1): lower/upper are the window that must hold
// the split, probe the tentative split. Quickselect (§5.2.2, Alg. 3): lower/upper are the windows,
// probe = rank below the pivot (keys < pivot), probe_hi = rank at it (keys <= pivot), pivot the
// pivot's ordered bits. splits: the final split per sequence.
struct SelectionTrace {
  enum Method : uint8_t { Osipov = 0, QuickSelect = 1 };
  Method method = Osipov;
  uint32_t k = 0;
  uint64_t rank = 0;
  std::vector<uint64_t> seq_begin;  // k + 1 offsets of the sequences in the step's array
  uint32_t iterations = 0;          // entries per vector below: (iterations + 1) * k
  std::vector<uint32_t> lower, upper, probe, probe_hi;
  std::vector<uint64_t> pivot;      // quickselect: per iteration (iterations + 1 entries)
  std::vector<int32_t> chosen;      // per iteration: the sequence whose window moved (-1: none)
  std::vector<uint8_t> grew;        // Osipov, per iteration: 1 = selection grew, 0 = shrank
  std::vector<uint32_t> splits;     // k
};

// Multiway merging: the split matrix of one group of k sequences cut into parts of equal size.
// Part j takes positions [splits[j*k + i], splits[(j+1)*k + i]) of sequence i; rows 0 and `parts`
// are the sequence starts and ends. part_sizes[j] = keys of part j (all equal but the last).
struct SplitMatrix {
  uint32_t k = 0, parts = 0;
  uint64_t part_keys = 0;
  std::vector<uint64_t> seq_begin;  // k + 1 offsets of the sequences in the step's array
  std::vector<uint32_t> splits;     // (parts + 1) * k
  std::vector<uint64_t> part_sizes;
  std::vector<uint32_t> iterations; // selection iterations per inner row (parts - 1)
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

// Pipelined 4-way merging (Leischner 2010 §5.3.5, Fig. 8; pipelined_schedule.h): one highlighted
// block's tree of three block-wise mergers, round by round. Leaf 0 merges pieces 0 and 1, leaf 1
// pieces 2 and 3, each into its buffer of `capacity` keys in shared memory; the head merges the two
// buffers into the output, b keys a round (round 0: its first load, no output). Per round: which
// leaves ran a step (bit i: leaf i), both buffers' fill after the leaves ran (two entries: leaf 0's,
// leaf 1's), the buffer the head took its block from (0, 1; 2 = padding) and the keys the head has
// written after the round.
struct PipelineTrace {
  uint32_t block = 0, level = 0;
  uint32_t merge_threads = 0;       // b
  uint32_t capacity = 0;            // keys per buffer (2b)
  std::vector<uint64_t> piece_keys; // 4: the lengths of the four pieces
  uint32_t rounds = 0;
  std::vector<uint8_t> leaves;      // rounds
  std::vector<uint32_t> fill;       // rounds * 2
  std::vector<uint8_t> head_from;   // rounds
  std::vector<uint64_t> output;     // rounds
};

}  // namespace sortscope
