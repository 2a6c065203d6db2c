#pragma once
// The GPU input generator: every distribution computed on the device from the seed, bit-identical to
// generate_host (both use generator_formulas.h). CUDA builds only. Definitions: docs/inputs.md.
#include "device_keys.h"
#include "gpu_stream.h"
#include "input_spec.h"

namespace sortscope {

// Fills out.keys (spec.n keys, already allocated) and, when spec.with_values, out.values (value[i]
// = i, already allocated); sets out.type and out.n from the spec. Asynchronous on `stream`.
// Throws std::runtime_error for an invalid spec or a missing buffer.
void generate_device(const InputSpec& spec, DeviceKeys& out, GpuStream stream);

// Keys [begin, begin + count) of the spec.n keys `spec` describes, into out (count keys and, with
// values, count values allocated): the keys generate_device puts at those positions, each value its
// global position. Key i depends on (spec, i) alone, so a rank of a distributed sort makes its share
// without any GPU holding the whole input. Sets out.n to count. Throws like generate_device, and for
// a range past spec.n.
void generate_device_range(const InputSpec& spec, uint64_t begin, uint64_t count, DeviceKeys& out, GpuStream stream);

}  // namespace sortscope
