#include "views/key_class_rule.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include <fmt/format.h>

namespace sortscope {

KeyClassLookup KeyClassRule::lookup() const {
  KeyClassLookup l;
  l.kind = kind;
  l.shift = shift;
  l.bits = bits;
  l.run_keys = run_keys;
  l.bounds = bounds.data();
  l.bound_count = uint32_t(bounds.size());
  return l;
}

KeyClassRule digit_classes(uint32_t shift, uint32_t bits) {
  KeyClassRule r;
  r.kind = KeyClassLookup::Kind::Digit;
  r.shift = shift;
  r.bits = std::clamp<uint32_t>(bits, 1, 32);
  r.classes = uint64_t(1) << r.bits;
  r.what = fmt::format("digit, bits {}..{}", shift, shift + r.bits - 1);
  return r;
}

KeyClassRule splitter_classes(std::vector<uint64_t> splitters, const std::string& what) {
  KeyClassRule r;
  r.kind = KeyClassLookup::Kind::Splitters;
  r.bounds = std::move(splitters);
  r.classes = r.bounds.size() + 1;
  r.what = what;
  return r;
}

KeyClassRule three_way_classes(uint64_t pivot, const std::string& what) {
  KeyClassRule r;
  r.kind = KeyClassLookup::Kind::ThreeWay;
  r.bounds = {pivot};
  r.classes = 3;
  r.what = what;
  r.labels = {"<", "=", ">"};
  return r;
}

KeyClassRule run_classes(uint64_t run_keys, uint64_t n, const std::string& what) {
  KeyClassRule r;
  r.kind = KeyClassLookup::Kind::Runs;
  r.run_keys = std::max<uint64_t>(run_keys, 1);
  r.classes = std::max<uint64_t>(1, (n + r.run_keys - 1) / r.run_keys);
  r.what = what;
  r.positional = true;
  return r;
}

KeyClassRule segment_classes(std::vector<uint64_t> begins, const std::string& what) {
  KeyClassRule r;
  r.kind = KeyClassLookup::Kind::Segments;
  r.bounds = std::move(begins);
  r.classes = std::max<uint64_t>(1, r.bounds.size());
  r.what = what;
  r.positional = true;
  return r;
}

HeatClasses heat_classes_kind(const KeyClassRule& rule) {
  switch (rule.kind) {
    case KeyClassLookup::Kind::Runs:
    case KeyClassLookup::Kind::Segments: return HeatClasses::ByColumn;
    case KeyClassLookup::Kind::Splitters:
    case KeyClassLookup::Kind::ThreeWay: return HeatClasses::ByBin;
    case KeyClassLookup::Kind::Digit: break;
  }
  return HeatClasses::None;
}

std::vector<uint32_t> heat_column_classes(const KeyClassRule& rule, uint64_t n, uint32_t columns) {
  std::vector<uint32_t> out(columns);
  const KeyClassLookup lookup = rule.lookup();
  for (uint32_t c = 0; c < columns; ++c) {
    // Column c holds positions [c n / columns, (c + 1) n / columns) (density_column).
    const uint64_t middle = (uint64_t(2 * c + 1) * n) / (2 * uint64_t(columns));
    out[c] = key_class(lookup, 0, middle);
  }
  return out;
}

std::vector<uint32_t> heat_bin_classes(const KeyClassRule& rule, KeyType type, DisplayRange range, uint32_t bins) {
  std::vector<uint32_t> out(bins);
  // The bounds where the heat map's value axis puts them.
  std::vector<float> at;
  for (uint64_t b : rule.bounds) at.push_back(display_fraction(type, b, range));
  for (uint32_t b = 0; b < bins; ++b) {
    const float middle = (float(b) + 0.5f) / float(bins);
    if (rule.kind == KeyClassLookup::Kind::ThreeWay && !at.empty()) {
      const uint32_t pivot_bin = density_bin(at[0], bins);
      out[b] = b < pivot_bin ? 0u : (b == pivot_bin ? 1u : 2u);
    } else {
      out[b] = uint32_t(std::count_if(at.begin(), at.end(), [&](float f) { return f < middle; }));
    }
  }
  return out;
}

std::vector<uint32_t> key_classes_host(const void* ordered, uint64_t count, int word_bytes, const KeyClassLookup& lookup) {
  std::vector<uint32_t> out(count);
  const auto* p = static_cast<const uint8_t*>(ordered);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t w = 0;
    std::memcpy(&w, p + i * uint64_t(word_bytes), size_t(word_bytes));
    out[i] = key_class(lookup, w, i);
  }
  return out;
}

}  // namespace sortscope
