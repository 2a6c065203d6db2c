#pragma once
// AuxData: one auxiliary snapshot a step carries besides the key array, of any type. The snapshot
// types belong to the family that records them (kernels/radix/radix_aux.h, kernels/merge/
// merge_aux.h, ...; the ones several families share in common/aux_types.h), so a new family adds
// types without editing a shared list. Views find a snapshot by its type (find_aux<T>) and draw it
// through the view registry (visual/views/view_registry.h).
//
// A snapshot is immutable once recorded and shared between copies of its step: copying a Step (the
// app keeps timelines, tests compare them) copies a pointer, not the histogram behind it.
#include <memory>
#include <type_traits>
#include <typeindex>
#include <utility>
#include <vector>

namespace sortscope {

class AuxData {
 public:
  AuxData() = default;
  // Implicit, so a step records its snapshot as it is: `step.aux.push_back(DigitHistogram{...})`.
  template <class T, class = std::enable_if_t<!std::is_same_v<std::decay_t<T>, AuxData>>>
  AuxData(T&& snapshot)  // NOLINT(google-explicit-constructor)
      : type_(typeid(std::decay_t<T>)),
        value_(std::make_shared<const std::decay_t<T>>(std::forward<T>(snapshot))) {}

  std::type_index type() const { return type_; }
  bool empty() const { return !value_; }
  // The snapshot when it is a T, else null.
  template <class T>
  const T* get() const {
    return value_ && type_ == std::type_index(typeid(T)) ? static_cast<const T*>(value_.get()) : nullptr;
  }

 private:
  std::type_index type_ = typeid(void);
  std::shared_ptr<const void> value_;
};

// The step's first snapshot of type T, or null.
template <class T>
const T* find_aux(const std::vector<AuxData>& aux) {
  for (const auto& a : aux)
    if (const T* p = a.get<T>()) return p;
  return nullptr;
}

}  // namespace sortscope
