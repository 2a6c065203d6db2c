#include "density.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "run_cancel.h"

namespace sortscope {
namespace {
uint64_t word_at(const void* p, uint64_t i, int bytes) {
  uint64_t w = 0;
  std::memcpy(&w, static_cast<const uint8_t*>(p) + i * bytes, bytes);
  return w;
}
uint64_t raw_from_ordered(KeyType type, uint64_t b) {
  return dispatch_key_type(type, [&](auto t) -> uint64_t {
    using Bits = typename decltype(t)::Bits;
    return t.from_ordered(Bits(b));
  });
}
}  // namespace

DensitySummary density_summary_host(const void* ordered, uint64_t n, KeyType type, DisplayRange r,
                                    uint32_t columns, uint32_t bins) {
  DensitySummary s{columns, bins, n, std::vector<uint32_t>(size_t(columns) * bins, 0)};
  const int bytes = key_bytes(type);
  for (uint64_t i = 0; i < n; ++i) {
    throw_if_run_cancelled_at(i);
    float f = display_fraction(type, word_at(ordered, i, bytes), r);
    ++s.counts[size_t(density_column(i, n, columns)) * bins + density_bin(f, bins)];
  }
  return s;
}

DisplayRange display_range_host(const void* ordered, uint64_t n, KeyType type) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  const int bytes = key_bytes(type);
  for (uint64_t i = 0; i < n; ++i) {
    throw_if_run_cancelled_at(i);  // explain runs of 2^24 keys are cancelled within a second (run_cancel.h)
    double v = key_display_value(type, raw_from_ordered(type, word_at(ordered, i, bytes)));
    if (!std::isfinite(v)) continue;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (!(lo <= hi)) return {0, 1};
  return {lo, hi};
}

}  // namespace sortscope
