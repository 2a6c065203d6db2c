#pragma once
// GPU twin of verify.h: the same multiset hash and the same sortedness test, computed by one
// grid-wide reduction (CUB) over device memory; waits for the result. CUDA builds only.
#include "device_keys.h"
#include "gpu_stream.h"
#include "verify.h"

namespace sortscope {

// keys holds native keys (not ordered bits), as the input generator writes them.
MultisetHash multiset_hash_device(const DeviceKeys& keys, GpuStream stream);
Verdict verify_device(const MultisetHash& input, const DeviceKeys& output, GpuStream stream);

}  // namespace sortscope
