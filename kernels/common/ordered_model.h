#pragma once
// The frame every CPU model runs in (Algorithm::run_model): check that the plan was made for these
// keys, turn them into ordered bits (key_type.h) so the model compares plain unsigned words, run it
// with the word width and whether values ride along as compile-time choices, and turn the keys back.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "host_keys.h"
#include "key_transform.h"

namespace sortscope {

// Sorts `keys` (native) with sort(Word{}, std::bool_constant<with values>{}), which sees them as
// ordered bits: Word is uint32_t or uint64_t by key width. `model` names the model in errors.
template <class Sort>
void sort_as_ordered_bits(const char* model, uint64_t plan_n, HostKeys& keys, Sort&& sort) {
  const uint64_t n = keys.size();
  if (plan_n != n) throw std::logic_error(std::string(model) + " model: plan made for a different n");
  if (keys.has_values() && keys.values.size() != n)
    throw std::invalid_argument(std::string(model) + " model: values and keys differ in length");
  keys_to_ordered_host(keys.bytes.data(), n, keys.type);
  const bool values = keys.has_values();
  if (key_bytes(keys.type) == 4)
    values ? sort(uint32_t{}, std::true_type{}) : sort(uint32_t{}, std::false_type{});
  else
    values ? sort(uint64_t{}, std::true_type{}) : sort(uint64_t{}, std::false_type{});
  keys_from_ordered_host(keys.bytes.data(), n, keys.type);
}

}  // namespace sortscope
