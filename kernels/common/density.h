#pragma once
// A density summary of a key array: `columns` slices of positions × `bins` slices of value, each
// cell counting the keys of that slice in that value range. The heat-map view draws it; the capture
// store keeps it instead of the full array past its budget. GPU version: density_gpu.h.
#include <cmath>
#include <cstdint>
#include <vector>

#include "host_device.h"
#include "key_type.h"

namespace sortscope {

// Finite value range of an array, for colour and bins. A sort permutes keys, so one range serves
// every step of a run.
struct DisplayRange {
  double lo = 0, hi = 1;
};

// A key's place in [0, 1] for display: NaNs and infinities clamp to the ends (by sign).
SORTSCOPE_HD float display_fraction(KeyType type, uint64_t ordered_bits, DisplayRange r) {
  uint64_t raw = 0;
  switch (type) {
    case KeyType::U32: raw = KeyTraits<KeyType::U32>::from_ordered(uint32_t(ordered_bits)); break;
    case KeyType::I32: raw = KeyTraits<KeyType::I32>::from_ordered(uint32_t(ordered_bits)); break;
    case KeyType::F32: raw = KeyTraits<KeyType::F32>::from_ordered(uint32_t(ordered_bits)); break;
    case KeyType::U64: raw = ordered_bits; break;
    case KeyType::I64: raw = KeyTraits<KeyType::I64>::from_ordered(ordered_bits); break;
    case KeyType::F64: raw = KeyTraits<KeyType::F64>::from_ordered(ordered_bits); break;
  }
  double v = key_display_value(type, raw);
  if (v != v) return (ordered_bits >> (key_bytes(type) * 8 - 1)) ? 1.0f : 0.0f;  // +NaN top, -NaN bottom
  double span = r.hi - r.lo;
  double t = span > 0 ? (v - r.lo) / span : 0.5;
  return float(t < 0 ? 0 : (t > 1 ? 1 : t));
}

SORTSCOPE_HD uint32_t density_bin(float fraction, uint32_t bins) {
  uint32_t b = uint32_t(fraction * float(bins));
  return b >= bins ? bins - 1 : b;
}

struct DensitySummary {
  uint32_t columns = 0, bins = 0;
  uint64_t n = 0;                  // keys summarised (padding excluded)
  std::vector<uint32_t> counts;    // counts[column * bins + bin]
};

// Column of position i when n keys are spread over `columns` columns.
SORTSCOPE_HD uint32_t density_column(uint64_t i, uint64_t n, uint32_t columns) {
  return uint32_t((i * columns) / (n ? n : 1));
}

// Host twin of the GPU summary; `ordered` holds n words of key_bytes(type) in ordered-bits form.
DensitySummary density_summary_host(const void* ordered, uint64_t n, KeyType type, DisplayRange r,
                                    uint32_t columns, uint32_t bins);
// Range of the finite keys of a host array of ordered bits ({0,1} when none are finite).
DisplayRange display_range_host(const void* ordered, uint64_t n, KeyType type);

}  // namespace sortscope
