#pragma once
// The digit histogram (Merrill & Grimshaw 2010 §4.1): per row (thread block, tile, digit place or
// sample-sort block) the count of every digit (or bucket), and its digit-major exclusive scan, the
// offsets a stable scatter writes at. The snapshot a step carries (common/aux_data.h) and the two
// steps that build it from a count matrix, shared by the CPU models and the GPU paths of radix,
// split radix and sample sort, so their timelines hold the same matrix.
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

// DigitHistogram matrices above this many cells sum consecutive rows into one (blocks_per_row).
inline constexpr uint64_t kHistogramMaxCells = 1u << 20;

// Exclusive digit-major scan of a rows x digits count matrix (§4.1: "the concatenation must be
// ordered digit-major then CTA to produce stable offsets"), plus `base` per digit when given.
std::vector<uint64_t> digit_major_scan(const std::vector<uint32_t>& counts, uint32_t rows,
                                       uint32_t digits);

// The DigitHistogram of a rows x digits count matrix (row-major) and, when given, its scan (same
// shape); above kHistogramMaxCells cells consecutive rows are summed into one (blocks_per_row).
// The caller names the pass, digit place and what a row is.
DigitHistogram make_digit_histogram(const std::vector<uint32_t>& counts, const std::vector<uint64_t>* scanned,
                                    uint32_t rows, uint32_t digits);

}  // namespace sortscope
