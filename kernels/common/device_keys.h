#pragma once
// A key array (and optional values) in device memory, native keys. Plain C++: no CUDA headers.
#include <cstdint>

#include "key_type.h"

namespace sortscope {

struct DeviceKeys {
  KeyType type = KeyType::U32;
  void* keys = nullptr;          // n native keys
  uint32_t* values = nullptr;    // n values or null
  uint64_t n = 0;
};

}  // namespace sortscope
