#include "key_transform.h"

namespace sortscope {
namespace {

template <class Traits, bool kToOrdered>
void transform(void* keys, uint64_t n) {
  auto* bits = static_cast<typename Traits::Bits*>(keys);
  for (uint64_t i = 0; i < n; ++i)
    bits[i] = kToOrdered ? Traits::to_ordered(bits[i]) : Traits::from_ordered(bits[i]);
}

// u32 and u64 keys are their own ordered bits: nothing to do.
bool is_identity(KeyType type) { return type == KeyType::U32 || type == KeyType::U64; }

}  // namespace

void keys_to_ordered_host(void* keys, uint64_t n, KeyType type) {
  if (is_identity(type)) return;
  dispatch_key_type(type, [&](auto traits) { transform<decltype(traits), true>(keys, n); });
}

void keys_from_ordered_host(void* keys, uint64_t n, KeyType type) {
  if (is_identity(type)) return;
  dispatch_key_type(type, [&](auto traits) { transform<decltype(traits), false>(keys, n); });
}

}  // namespace sortscope
