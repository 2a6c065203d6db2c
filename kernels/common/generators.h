#pragma once
// The CPU twin of the input generators: the same per-element formulas as the GPU generator
// (generator_formulas.h), so its output is bit-identical to generate_device's. Definitions of every
// distribution: docs/inputs.md.
#include "host_keys.h"
#include "input_spec.h"

namespace sortscope {

// spec.n keys of spec.key type (and value[i] = i when spec.with_values). Throws std::runtime_error
// with one line when a knob is out of range (validate_input_spec) or n exceeds 2^40.
HostKeys generate_host(const InputSpec& spec);

}  // namespace sortscope
