// The built-in merge-path piece (merge_path_piece.h): the partition kernel two-way merge sort
// launches when its partition is not fused (Odeh et al. 2012), one thread per output tile.
#include <limits>
#include <type_traits>
#include <stdexcept>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/ordered_word.h"
#include "merge_path_piece.h"
#include "primitives/items/item_traits.h"
#include "primitives/merge_path/merge_path_partition.cuh"

namespace sortscope {
namespace {

void launch_path_piece(void*, const MergePathArgs& a, GpuStream stream) {
  if (a.tiles == 0) return;
  const uint64_t blocks = (a.tiles + 255) / 256;
  if (blocks > uint64_t(std::numeric_limits<int>::max())) throw std::runtime_error("merge: too many tiles for one grid");
  with_word(a.word_bytes, "merge path piece", [&](auto word) {
    using T = std::conditional_t<sizeof(word) == 4, merge::KeysU32, merge::KeysU64>;
    merge::partition_kernel<T><<<unsigned(blocks), 256, 0, stream>>>(static_cast<const typename T::Item*>(a.runs), a.n,
                                                                     a.tile, a.run_in, a.tiles, false, a.splits);
  });
  CUDA_CHECK_LAUNCH("partition_kernel (merge path piece)");
}

}  // namespace

PieceSlot<MergePathArgs> merge_builtin_path_piece() { return {&launch_path_piece, nullptr}; }

}  // namespace sortscope
