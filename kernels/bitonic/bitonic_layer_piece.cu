// The built-in one-layer compare-exchange piece (bitonic_slot.h): what a piece in the
// compare-exchange slot is timed against. One thread per comparator of the layer
// (primitives/networks/bitonic_network.h, bitonic_comparator).
#include <limits>
#include <stdexcept>

#include <cuda_runtime.h>

#include "bitonic_slot.h"
#include "common/cuda_check.h"
#include "common/ordered_word.h"
#include "primitives/networks/bitonic_network.h"

namespace sortscope {
namespace {

template <class Word>
__global__ void bitonic_layer_piece_kernel(Word* keys, uint64_t pairs, uint64_t k, uint64_t j) {
  const uint64_t t = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (t >= pairs) return;
  const ComparatorPair<uint64_t> c = bitonic_comparator(t, k, j);
  const uint64_t i = c.lo, p = c.hi;
  const Word x = keys[i], y = keys[p];
  if (x > y) {
    keys[i] = y;
    keys[p] = x;
  }
}

void launch_layer_piece(void*, const CompareExchangeLayerArgs& a, GpuStream stream) {
  const uint64_t pairs = a.n_padded / 2;
  if (pairs == 0) return;
  const uint64_t blocks = (pairs + 255) / 256;
  if (blocks > uint64_t(std::numeric_limits<int>::max())) throw std::runtime_error("bitonic: too many keys for one grid");
  with_word(a.word_bytes, "bitonic layer piece", [&](auto word) {
    using Word = decltype(word);
    bitonic_layer_piece_kernel<Word><<<unsigned(blocks), 256, 0, stream>>>(static_cast<Word*>(a.keys), pairs, a.k, a.j);
  });
  CUDA_CHECK_LAUNCH("bitonic_layer_piece_kernel");
}

}  // namespace

PieceSlot<CompareExchangeLayerArgs> bitonic_builtin_layer_piece() {
  return PieceSlot<CompareExchangeLayerArgs>{&launch_layer_piece, nullptr};
}

}  // namespace sortscope
