#pragma once
// CUDA kernels that write view data straight into mapped GL buffers (CUDA builds only). The heat
// map's counts come from density_summary_device (kernels/common/density_gpu.h).
#include <cstdint>

#include "common/density.h"
#include "common/gpu_stream.h"
#include "views/key_class.h"

namespace sortscope {

// out[i] = display_fraction(type, key i, range) for i < count: the bar height and colour of each
// key, the device twin of key_fractions_host.
void key_fractions_device(const void* d_ordered, uint64_t count, KeyType type, DisplayRange range,
                          float* d_out, GpuStream stream);

// out[i] = key_class(lookup, key i, i) for i < count: each key's class when the view colours by
// digit, bucket or run (views/key_class.h), the device twin of key_classes_host. lookup.bounds are
// in host memory; they are copied to the device first (a few splitters or bucket starts).
void key_classes_device(const void* d_ordered, uint64_t count, KeyType type, const KeyClassLookup& lookup,
                        uint32_t* d_out, GpuStream stream);

}  // namespace sortscope
