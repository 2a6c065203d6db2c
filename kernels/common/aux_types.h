#pragma once
// Auxiliary snapshots: the typed structures a step carries besides the key array. Each algorithm
// family adds the types it captures here; views draw them by type (visual/views/).
#include <cstdint>
#include <variant>
#include <vector>

namespace sortscope {

// Bitonic / odd-even networks: one comparator layer. In Sortscope's formulation every comparator
// puts the smaller key at the lower index; the first layer of each merge compares i with its mirror
// inside the merge block (mirrored = true), later layers compare i with i + stride (half-cleaners).
struct ComparatorStage {
  uint64_t merge_size = 0;  // size of the sequences being merged into sorted runs (2, 4, ..., N)
  uint64_t stride = 0;      // distance of the compared pair (merge_size/2 for the mirrored layer)
  bool mirrored = false;
};

// Which thread block owns which keys in the step's kernel launch: block b owns
// [b * tile_keys, (b + 1) * tile_keys). A global-stride launch has tile_keys = keys per block too.
struct BlockOwnership {
  uint64_t tile_keys = 0;
};

using AuxData = std::variant<ComparatorStage, BlockOwnership>;

template <class T>
const T* find_aux(const std::vector<AuxData>& aux) {
  for (const auto& a : aux)
    if (auto p = std::get_if<T>(&a)) return p;
  return nullptr;
}

}  // namespace sortscope
