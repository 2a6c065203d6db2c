#pragma once
// The key types Sortscope sorts, and the order-preserving bit transform that lets every algorithm
// work on unsigned words: signed keys flip the sign bit; floats flip all bits when negative and the
// sign bit otherwise, which is IEEE 754 totalOrder (-NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN).
// See docs/inputs.md ("Key types and their order").
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "host_device.h"

namespace sortscope {

enum class KeyType { U32, I32, F32, U64, I64, F64 };

inline constexpr KeyType kAllKeyTypes[] = {KeyType::U32, KeyType::I32, KeyType::F32,
                                           KeyType::U64, KeyType::I64, KeyType::F64};

std::string_view key_type_name(KeyType type);              // "u32", "f64", ...
std::string key_type_with_article(KeyType type);          // "a u32", "an f64" (as the name is read aloud)
std::optional<KeyType> parse_key_type(std::string_view name);  // also accepts numpy names ("uint32", "float64")
inline constexpr int key_bytes(KeyType t) {
  return (t == KeyType::U32 || t == KeyType::I32 || t == KeyType::F32) ? 4 : 8;
}
inline constexpr bool is_float_key(KeyType t) { return t == KeyType::F32 || t == KeyType::F64; }

// Ordered bits: an unsigned word whose unsigned order is the key type's total order.
SORTSCOPE_HD uint32_t ordered_from_u32(uint32_t k) { return k; }
SORTSCOPE_HD uint32_t ordered_from_i32(uint32_t k) { return k ^ 0x80000000u; }
SORTSCOPE_HD uint32_t ordered_from_f32(uint32_t k) { return (k & 0x80000000u) ? ~k : (k | 0x80000000u); }
SORTSCOPE_HD uint32_t f32_from_ordered(uint32_t b) { return (b & 0x80000000u) ? (b & 0x7fffffffu) : ~b; }
SORTSCOPE_HD uint64_t ordered_from_i64(uint64_t k) { return k ^ 0x8000000000000000ull; }
SORTSCOPE_HD uint64_t ordered_from_f64(uint64_t k) {
  return (k & 0x8000000000000000ull) ? ~k : (k | 0x8000000000000000ull);
}
SORTSCOPE_HD uint64_t f64_from_ordered(uint64_t b) {
  return (b & 0x8000000000000000ull) ? (b & 0x7fffffffffffffffull) : ~b;
}

// Per-type traits: the native type, the word type, and both directions of the transform.
template <KeyType T> struct KeyTraits;
template <> struct KeyTraits<KeyType::U32> {
  using Native = uint32_t; using Bits = uint32_t;
  static constexpr KeyType kType = KeyType::U32;
  SORTSCOPE_HD static Bits to_ordered(Bits raw) { return raw; }
  SORTSCOPE_HD static Bits from_ordered(Bits b) { return b; }
};
template <> struct KeyTraits<KeyType::I32> {
  using Native = int32_t; using Bits = uint32_t;
  static constexpr KeyType kType = KeyType::I32;
  SORTSCOPE_HD static Bits to_ordered(Bits raw) { return ordered_from_i32(raw); }
  SORTSCOPE_HD static Bits from_ordered(Bits b) { return ordered_from_i32(b); }
};
template <> struct KeyTraits<KeyType::F32> {
  using Native = float; using Bits = uint32_t;
  static constexpr KeyType kType = KeyType::F32;
  SORTSCOPE_HD static Bits to_ordered(Bits raw) { return ordered_from_f32(raw); }
  SORTSCOPE_HD static Bits from_ordered(Bits b) { return f32_from_ordered(b); }
};
template <> struct KeyTraits<KeyType::U64> {
  using Native = uint64_t; using Bits = uint64_t;
  static constexpr KeyType kType = KeyType::U64;
  SORTSCOPE_HD static Bits to_ordered(Bits raw) { return raw; }
  SORTSCOPE_HD static Bits from_ordered(Bits b) { return b; }
};
template <> struct KeyTraits<KeyType::I64> {
  using Native = int64_t; using Bits = uint64_t;
  static constexpr KeyType kType = KeyType::I64;
  SORTSCOPE_HD static Bits to_ordered(Bits raw) { return ordered_from_i64(raw); }
  SORTSCOPE_HD static Bits from_ordered(Bits b) { return ordered_from_i64(b); }
};
template <> struct KeyTraits<KeyType::F64> {
  using Native = double; using Bits = uint64_t;
  static constexpr KeyType kType = KeyType::F64;
  SORTSCOPE_HD static Bits to_ordered(Bits raw) { return ordered_from_f64(raw); }
  SORTSCOPE_HD static Bits from_ordered(Bits b) { return f64_from_ordered(b); }
};

// Calls f(KeyTraits<T>{}) for the run-time key type: the one place run-time types become templates.
template <class F>
decltype(auto) dispatch_key_type(KeyType type, F&& f) {
  switch (type) {
    case KeyType::U32: return f(KeyTraits<KeyType::U32>{});
    case KeyType::I32: return f(KeyTraits<KeyType::I32>{});
    case KeyType::F32: return f(KeyTraits<KeyType::F32>{});
    case KeyType::U64: return f(KeyTraits<KeyType::U64>{});
    case KeyType::I64: return f(KeyTraits<KeyType::I64>{});
    case KeyType::F64: break;
  }
  return f(KeyTraits<KeyType::F64>{});
}

// A key's value as a double, for display and colour only (never for ordering).
SORTSCOPE_HD double key_display_value(KeyType type, uint64_t raw_bits) {
  switch (type) {
    case KeyType::U32: return double(uint32_t(raw_bits));
    case KeyType::I32: return double(int32_t(uint32_t(raw_bits)));
    case KeyType::F32: { uint32_t b = uint32_t(raw_bits); float f; memcpy(&f, &b, 4); return double(f); }
    case KeyType::U64: return double(raw_bits);
    case KeyType::I64: return double(int64_t(raw_bits));
    case KeyType::F64: break;
  }
  double d; memcpy(&d, &raw_bits, 8); return d;
}

}  // namespace sortscope
