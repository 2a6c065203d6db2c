#pragma once
// In-place conversion between a key type's native bits and its ORDERED bits (key_type.h): every
// algorithm sorts ordered bits as plain unsigned words; the input is transformed before the sort and
// the output transformed back after it. Floats end in IEEE 754 totalOrder
// (-NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN). GPU twin: key_transform_gpu.h.
#include <cstdint>

#include "key_type.h"

namespace sortscope {

// keys: n keys of `type` in host memory (4 or 8 bytes each), rewritten in place.
void keys_to_ordered_host(void* keys, uint64_t n, KeyType type);
void keys_from_ordered_host(void* keys, uint64_t n, KeyType type);

}  // namespace sortscope
