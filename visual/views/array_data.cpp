#include "views/array_data.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "primitives/networks/odd_even_network.h"

namespace sortscope {

const char* array_mode_name(ArrayMode mode) {
  switch (mode) {
    case ArrayMode::Auto: return "auto";
    case ArrayMode::Bars: return "bars";
    case ArrayMode::Dots: return "dots";
    case ArrayMode::Heatmap: return "heat map";
  }
  return "?";
}

ArrayMode resolve_array_mode(ArrayMode requested, bool full_snapshot, uint64_t padded_n, float plot_width_px) {
  if (!full_snapshot || padded_n > kMaxPointKeys) return ArrayMode::Heatmap;
  if (requested != ArrayMode::Auto) return requested;
  const double keys_per_px = double(padded_n) / std::max(1.0f, plot_width_px);
  if (keys_per_px <= 1.0 / kBarsMinPxPerKey) return ArrayMode::Bars;
  if (keys_per_px <= kDotsMaxKeysPerPx) return ArrayMode::Dots;
  return ArrayMode::Heatmap;
}

std::vector<float> key_fractions_host(const void* ordered, uint64_t count, KeyType type, DisplayRange range) {
  std::vector<float> out(count);
  const int bytes = key_bytes(type);
  const auto* p = static_cast<const uint8_t*>(ordered);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t w = 0;
    std::memcpy(&w, p + i * bytes, size_t(bytes));
    out[i] = display_fraction(type, w, range);
  }
  return out;
}

std::vector<ComparatorPair> comparator_pairs(const ComparatorStage& stage, uint64_t padded_n) {
  std::vector<ComparatorPair> pairs;
  if (stage.mirrored) {
    const uint64_t m = stage.merge_size;
    if (m < 2) return pairs;
    for (uint64_t block = 0; block + m <= padded_n; block += m)
      for (uint64_t k = 0; k < m / 2; ++k) pairs.push_back({block + k, block + m - 1 - k});
  } else {
    const uint64_t s = stage.stride;
    if (s == 0) return pairs;
    for (uint64_t i = 0; i + s < padded_n; ++i)
      if ((i / s) % 2 == 0) pairs.push_back({i, i + s});
  }
  return pairs;
}

std::vector<ComparatorPair> comparator_pairs(const OddEvenStage& stage, uint64_t n) {
  std::vector<ComparatorPair> pairs;
  const auto power_of_two = [](uint64_t v) { return v && !(v & (v - 1)); };
  if (!power_of_two(stage.p) || !power_of_two(stage.k) || stage.k > stage.p) return pairs;
  uint64_t padded = 1;
  while (padded < n) padded <<= 1;
  for (uint64_t q = 0; q < odd_even_candidates(padded); ++q)
    if (const uint64_t x = odd_even_lower(q, stage.p, stage.k, n); x != ~uint64_t(0)) pairs.push_back({x, x + stage.k});
  return pairs;
}

std::vector<ComparatorPair> step_comparator_pairs(const std::vector<AuxData>& aux, uint64_t padded_n) {
  if (const ComparatorStage* s = find_aux<ComparatorStage>(aux)) return comparator_pairs(*s, padded_n);
  if (const OddEvenStage* s = find_aux<OddEvenStage>(aux)) return comparator_pairs(*s, padded_n);
  return {};
}

double heat_reference(uint64_t keys, uint32_t columns, uint32_t bins) {
  const double cells = std::max(1.0, double(columns) * double(bins));
  return std::max(1.0, 2.0 * double(keys) / cells);
}

float heat_intensity(uint32_t count, double reference) {
  if (count == 0) return 0.0f;
  return float(0.15 + 0.85 * std::sqrt(std::min(1.0, double(count) / reference)));
}

}  // namespace sortscope
