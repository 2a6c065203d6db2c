#pragma once
// A key array (and optional u32 value per key) in host memory, in the key type's native bytes.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "key_type.h"

namespace sortscope {

struct HostKeys {
  KeyType type = KeyType::U32;
  std::vector<uint8_t> bytes;     // n * key_bytes(type) native little-endian keys
  std::vector<uint32_t> values;   // empty, or one value per key (key-value runs)

  HostKeys() = default;
  HostKeys(KeyType t, size_t n, bool with_values) : type(t), bytes(n * key_bytes(t)) {
    if (with_values) values.resize(n);
  }
  size_t size() const { return bytes.size() / key_bytes(type); }
  bool has_values() const { return !values.empty(); }
  template <class T> T* as() { return reinterpret_cast<T*>(bytes.data()); }
  template <class T> const T* as() const { return reinterpret_cast<const T*>(bytes.data()); }
  // The raw bits of key i, zero-extended to 64 bits.
  uint64_t raw(size_t i) const {
    uint64_t r = 0;
    std::memcpy(&r, bytes.data() + i * key_bytes(type), key_bytes(type));
    return r;
  }
  // The ordered bits of key i (see key_type.h): compare these to compare keys.
  uint64_t ordered(size_t i) const {
    return dispatch_key_type(type, [&](auto traits) -> uint64_t {
      using Bits = typename decltype(traits)::Bits;
      return traits.to_ordered(Bits(raw(i)));
    });
  }
};

}  // namespace sortscope
