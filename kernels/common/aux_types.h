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

using AuxData = std::variant<ComparatorStage, BlockOwnership, DigitHistogram, LocalRanks, ScatterMap, LookbackState>;

template <class T>
const T* find_aux(const std::vector<AuxData>& aux) {
  for (const auto& a : aux)
    if (auto p = std::get_if<T>(&a)) return p;
  return nullptr;
}

}  // namespace sortscope
