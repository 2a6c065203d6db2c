#pragma once
// Auxiliary snapshots: the typed structures a step carries besides the key array. Each algorithm
// family adds the types it captures here; views draw them by type (visual/views/).
#include <cstdint>
#include <variant>
#include <vector>

namespace sortscope {

// Bitonic / odd-even networks: one comparator layer. In Sortscope's formulation every comparator
// puts the smaller key at the lower index; the first layer of each merge compares i with its mirror
// inside the merge block (mirrored = true), later layers compare i with i + stride (half-cleaners).
struct ComparatorStage {
  uint64_t merge_size = 0;  // size of the sequences being merged into sorted runs (2, 4, ..., N)
  uint64_t stride = 0;      // distance of the compared pair (merge_size/2 for the mirrored layer)
  bool mirrored = false;
};

// Which thread block owns which keys in the step's kernel launch: block b owns
// [b * tile_keys, (b + 1) * tile_keys). A global-stride launch has tile_keys = keys per block too.
struct BlockOwnership {
  uint64_t tile_keys = 0;
};

// Radix sort (kernels/radix/): the digit histogram matrix of one digit place. Rows are thread
// blocks (reduce-then-scan's upsweep, Merrill & Grimshaw 2010 §4.1), tiles (onesweep), or digit
// places (onesweep's one histogram of all places); columns are the 2^digit_bits digits.
struct DigitHistogram {
  uint32_t pass = 0;                // digit place: bits [digit_shift, digit_shift + digit_bits)
  uint32_t digit_shift = 0, digit_bits = 0;
  uint32_t rows = 0, cols = 0;
  uint32_t blocks_per_row = 1;      // > 1: that many consecutive blocks summed per row (size bound)
  std::vector<uint32_t> counts;     // counts[row * cols + digit]
  std::vector<uint64_t> scanned;    // empty before the scan; else where the row's first key of each
                                    // digit goes in the pass output (digit-major exclusive scan)
};

// Radix sort: the stable local ranks inside one highlighted block: ranks[i] is where key begin + i
// lands if the block's keys alone were sorted by the current digit.
struct LocalRanks {
  uint32_t block = 0;
  uint64_t begin = 0;
  std::vector<uint32_t> ranks;
};

// Radix sort, small n: where every key of the pass input goes (the arrows source -> destination).
struct ScatterMap {
  std::vector<uint32_t> dest;
};

// Onesweep (Adinets & Merrill 2022): decoupled look-back over one pass. Each tile publishes its
// digit counts (AGGREGATE), looks back over the tiles before it, then publishes its INCLUSIVE
// prefix. Times are ticks of one logical clock (GPU: an atomic counter; model: a simulated schedule
// of a few tiles in flight), so the flags of every tile at any tick follow.
struct LookbackState {
  enum Flag : uint8_t { Invalid = 0, Aggregate = 1, Inclusive = 2 };
  uint32_t tiles = 0;
  uint32_t ticks = 0;                   // clock ticks used (times are < ticks)
  bool measured = false;                // true: recorded by the GPU kernel; false: model schedule
  std::vector<uint32_t> aggregate_at;   // per tile: tick its aggregate was published
  std::vector<uint32_t> inclusive_at;   // per tile: tick its inclusive prefix was published
  std::vector<uint32_t> depth;          // per tile: most predecessor tiles one digit looked back over
  Flag flag_at(uint32_t tile, uint32_t tick) const {
    if (tick >= inclusive_at[tile]) return Inclusive;
    return tick >= aggregate_at[tile] ? Aggregate : Invalid;
  }
};

// Two-way merge sort (kernels/merge/): the merge-path grid of one highlighted pair of runs in a
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

using AuxData = std::variant<ComparatorStage, BlockOwnership, DigitHistogram, LocalRanks, ScatterMap, LookbackState,
                             MergePathGrid, MergeBlockShares, SelectionTrace, SplitMatrix, MergeBufferTrace>;

template <class T>
const T* find_aux(const std::vector<AuxData>& aux) {
  for (const auto& a : aux)
    if (auto p = std::get_if<T>(&a)) return p;
  return nullptr;
}

}  // namespace sortscope
