#include "primitives/digit_histogram/digit_histogram.h"

#include <algorithm>

namespace sortscope {

std::vector<uint64_t> digit_major_scan(const std::vector<uint32_t>& counts, uint32_t rows,
                                       uint32_t digits) {
  std::vector<uint64_t> scanned(counts.size());
  uint64_t running = 0;
  for (uint32_t d = 0; d < digits; ++d)
    for (uint32_t r = 0; r < rows; ++r) {
      scanned[size_t(r) * digits + d] = running;
      running += counts[size_t(r) * digits + d];
    }
  return scanned;
}

DigitHistogram make_digit_histogram(const std::vector<uint32_t>& counts, const std::vector<uint64_t>* scanned,
                                    uint32_t rows, uint32_t digits) {
  DigitHistogram h;
  h.cols = digits;
  const uint64_t max_rows = std::max<uint64_t>(1, kHistogramMaxCells / h.cols);
  h.blocks_per_row = uint32_t((rows + max_rows - 1) / max_rows);
  if (h.blocks_per_row < 1) h.blocks_per_row = 1;
  h.rows = (rows + h.blocks_per_row - 1) / h.blocks_per_row;
  h.counts.assign(size_t(h.rows) * h.cols, 0);
  for (uint32_t b = 0; b < rows; ++b)
    for (uint32_t d = 0; d < h.cols; ++d)
      h.counts[size_t(b / h.blocks_per_row) * h.cols + d] += counts[size_t(b) * h.cols + d];
  if (scanned) {
    h.scanned.resize(size_t(h.rows) * h.cols);
    for (uint32_t row = 0; row < h.rows; ++row)
      for (uint32_t d = 0; d < h.cols; ++d)
        h.scanned[size_t(row) * h.cols + d] = (*scanned)[size_t(row) * h.blocks_per_row * h.cols + d];
  }
  return h;
}

}  // namespace sortscope
