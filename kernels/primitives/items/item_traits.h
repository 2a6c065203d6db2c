#pragma once
// What the merge sorts move: one Item per key. Keys are ordered bits (key_type.h), so comparing
// them as unsigned words is the key type's total order. A u32 key with its u32 value is packed
// into one 64-bit word, key in the high half: moving one word moves the pair, and comparing only
// the high half (never the value) keeps every merge stable. A u64 key with a value travels as a
// 16-byte struct. Shared by the CPU models and the kernels (SORTSCOPE_HD), so both compare alike.
#include <cstdint>
#include <type_traits>

#include "common/host_device.h"

namespace sortscope::merge {

struct KeysU32 {
  using Item = uint32_t;
  using Key = uint32_t;
  static constexpr bool kValues = false;
  static constexpr int kKeyBytes = 4;
  SORTSCOPE_HD static Key key(Item x) { return x; }
  SORTSCOPE_HD static uint32_t value(Item) { return 0; }
  SORTSCOPE_HD static Item make(Key k, uint32_t) { return k; }
};

struct KeysU64 {
  using Item = uint64_t;
  using Key = uint64_t;
  static constexpr bool kValues = false;
  static constexpr int kKeyBytes = 8;
  SORTSCOPE_HD static Key key(Item x) { return x; }
  SORTSCOPE_HD static uint32_t value(Item) { return 0; }
  SORTSCOPE_HD static Item make(Key k, uint32_t) { return k; }
};

struct PairsU32 {
  using Item = uint64_t;  // key << 32 | value
  using Key = uint32_t;
  static constexpr bool kValues = true;
  static constexpr int kKeyBytes = 4;
  SORTSCOPE_HD static Key key(Item x) { return Key(x >> 32); }
  SORTSCOPE_HD static uint32_t value(Item x) { return uint32_t(x); }
  SORTSCOPE_HD static Item make(Key k, uint32_t v) { return (uint64_t(k) << 32) | v; }
};

struct alignas(16) KeyValue64 {
  uint64_t key;
  uint32_t value;
  uint32_t unused;
};

struct PairsU64 {
  using Item = KeyValue64;
  using Key = uint64_t;
  static constexpr bool kValues = true;
  static constexpr int kKeyBytes = 8;
  SORTSCOPE_HD static Key key(const Item& x) { return x.key; }
  SORTSCOPE_HD static uint32_t value(const Item& x) { return x.value; }
  SORTSCOPE_HD static Item make(Key k, uint32_t v) { return Item{k, v, 0u}; }
};

// The order every merge uses: keys only.
template <class T>
SORTSCOPE_HD bool item_less(const typename T::Item& a, const typename T::Item& b) {
  return T::key(a) < T::key(b);
}

// The largest item: padding of a partial tile. Placed after every real key, and every sort and
// merge here is stable, so padding never overtakes a real key equal to the maximum.
template <class T>
SORTSCOPE_HD typename T::Item max_item() {
  return T::make(~typename T::Key(0), 0u);
}

// The traits of a word type (ordered bits) and values on/off, chosen at compile time.
template <class Word, bool kValues>
using ItemTraits = std::conditional_t<sizeof(Word) == 4, std::conditional_t<kValues, PairsU32, KeysU32>,
                                      std::conditional_t<kValues, PairsU64, KeysU64>>;

// Calls f(Traits{}) for a word size and values on/off: where the GPU paths' run-time choices become
// templates (the CPU models get theirs from common/ordered_model.h).
template <class F>
decltype(auto) dispatch_items(int key_bytes, bool with_values, F&& f) {
  if (key_bytes == 4) return with_values ? f(PairsU32{}) : f(KeysU32{});
  return with_values ? f(PairsU64{}) : f(KeysU64{});
}

}  // namespace sortscope::merge
