#pragma once
// The snapshots (common/aux_data.h) of multi-sequence selection (Leischner 2010 §5.2): one
// selection iteration by iteration, and the split matrix a group of selections cuts. Recorded by
// the CPU selectors (multiseq_select.h) and the GPU path alike.
#include <cstdint>
#include <vector>

namespace sortscope {

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

}  // namespace sortscope
