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
