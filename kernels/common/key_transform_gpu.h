#pragma once
// GPU twin of key_transform.h: the same ordered-bits transform, in place on device memory,
// asynchronous on `stream`. CUDA builds only.
#include <cstdint>

#include "gpu_stream.h"
#include "key_type.h"

namespace sortscope {

void keys_to_ordered_device(void* keys, uint64_t n, KeyType type, GpuStream stream);
void keys_from_ordered_device(void* keys, uint64_t n, KeyType type, GpuStream stream);

}  // namespace sortscope
