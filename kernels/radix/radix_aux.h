#pragma once
// Radix sort's auxiliary snapshots (common/aux_data.h): what a radix step carries besides the key
// array. Recorded by RadixStepWriter (radix_steps.h) from the CPU model and the GPU path alike;
// drawn by the panel views in visual/views/radix/.
#include <cstdint>
#include <vector>

namespace sortscope {

// The digit histogram matrix of one digit place. Rows are thread blocks (reduce-then-scan's
// upsweep, Merrill & Grimshaw 2010 §4.1), tiles (onesweep), or digit places (onesweep's one
// histogram of all places); columns are the 2^digit_bits digits.
struct DigitHistogram {
  // What a row is, so a view can name it without knowing the algorithm's step kinds.
  enum class Rows : uint8_t { Unnamed, Blocks, Tiles, DigitPlaces };

  uint32_t pass = 0;                // digit place: bits [digit_shift, digit_shift + digit_bits)
  uint32_t digit_shift = 0, digit_bits = 0;
  uint32_t rows = 0, cols = 0;
  uint32_t blocks_per_row = 1;      // > 1: that many consecutive blocks summed per row (size bound)
  std::vector<uint32_t> counts;     // counts[row * cols + digit]
  std::vector<uint64_t> scanned;    // empty before the scan; else where the row's first key of each
                                    // digit goes in the pass output (digit-major exclusive scan)
  Rows rows_are = Rows::Unnamed;
  // What a column is: a radix digit, or a sample sort's bucket (the same counting table, k x p,
  // Leischner 2010 §6.1: the views then say "bucket" and show no digit bits).
  enum class Columns : uint8_t { Digits, Buckets };
  Columns cols_are = Columns::Digits;
};

// The stable local ranks inside one highlighted block: ranks[i] is where key begin + i
// lands if the block's keys alone were sorted by the current digit.
struct LocalRanks {
  uint32_t block = 0;
  uint64_t begin = 0;
  std::vector<uint32_t> ranks;
};

// Small n: where every key of the pass input goes (the arrows source -> destination).
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

}  // namespace sortscope
