#pragma once
// Host-side glue of the merge sorts' CPU models: HostKeys (ordered bits + values) <-> items
// (merge_items.h), and recording a step from an item array.
#include <cstdint>
#include <cstring>
#include <vector>

#include "common/host_keys.h"
#include "common/ordered_model.h"
#include "common/recorder.h"
#include "item_traits.h"

namespace sortscope::merge {

// keys must already hold ordered bits.
template <class T>
std::vector<typename T::Item> host_items_from(const HostKeys& keys) {
  const uint64_t n = keys.size();
  const auto* k = keys.as<typename T::Key>();
  std::vector<typename T::Item> items(n);
  for (uint64_t i = 0; i < n; ++i) items[i] = T::make(k[i], T::kValues ? keys.values[i] : 0u);
  return items;
}

template <class T>
void host_items_to(const typename T::Item* items, HostKeys& keys) {
  const uint64_t n = keys.size();
  auto* k = keys.as<typename T::Key>();
  for (uint64_t i = 0; i < n; ++i) {
    k[i] = T::key(items[i]);
    if constexpr (T::kValues) keys.values[i] = T::value(items[i]);
  }
}

// Records `step` with the first n items as the array (keys, and values where the items carry them).
template <class T>
void record_host_items(Recorder& recorder, Step step, const typename T::Item* items, uint64_t n) {
  std::vector<typename T::Key> k(n);
  std::vector<uint32_t> v(T::kValues ? n : 0);
  for (uint64_t i = 0; i < n; ++i) {
    k[i] = T::key(items[i]);
    if constexpr (T::kValues) v[i] = T::value(items[i]);
  }
  recorder.record(std::move(step), ArrayState{k.data(), T::kValues ? v.data() : nullptr, false, nullptr});
}

// The CPU model of a sort over items: the keys as ordered bits (common/ordered_model.h), turned into
// the items their type and values call for, sorted by sort(T{}, items) for those item traits T,
// and turned back into keys. `model` names the sort in errors; plan_n is the plan's key count.
template <class Sort>
void sort_host_items(const char* model, uint64_t plan_n, HostKeys& keys, Recorder* recorder, Sort&& sort) {
  sort_as_ordered_bits(model, plan_n, keys, [&](auto word, auto values) {
    using T = ItemTraits<decltype(word), decltype(values)::value>;
    if (recorder) recorder->set_padded_n(plan_n);
    auto items = host_items_from<T>(keys);
    sort(T{}, items);
    host_items_to<T>(items.data(), keys);
  });
}

}  // namespace sortscope::merge
