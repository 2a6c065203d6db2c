// The built-in bucket-index piece (sample_bucket_piece.h): one thread per key, the tree in shared
// memory, Algorithm 6's branch-free descent (Leischner 2010 §6.2; search_tree_bucket).
#include <limits>
#include <stdexcept>

#include <cuda_runtime.h>

#include "common/cuda_check.h"
#include "common/ordered_word.h"
#include "primitives/search_tree/search_tree.h"
#include "sample_bucket_piece.h"
#include "sample_plan.h"

namespace sortscope {
namespace {

template <class Word>
__global__ void sample_bucket_piece_kernel(const Word* keys, uint64_t n, const Word* tree, int log_k, uint32_t* buckets) {
  __shared__ Word bt[kSampleMaxK];
  for (uint32_t j = threadIdx.x; j < (1u << log_k); j += blockDim.x) bt[j] = tree[j];
  __syncthreads();
  const uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (i < n) buckets[i] = search_tree_bucket(bt, log_k, keys[i]);
}

void launch_bucket_piece(void*, const BucketIndexArgs& a, GpuStream stream) {
  if (a.n == 0) return;
  if ((1u << a.log_k) > kSampleMaxK) throw std::logic_error("sample sort: more buckets than the bucket piece holds");
  const uint64_t blocks = (a.n + 255) / 256;
  if (blocks > uint64_t(std::numeric_limits<int>::max())) throw std::runtime_error("sample sort: too many keys for one grid");
  with_word(a.word_bytes, "sample sort bucket piece", [&](auto word) {
    using Word = decltype(word);
    sample_bucket_piece_kernel<Word><<<unsigned(blocks), 256, 0, stream>>>(
        static_cast<const Word*>(a.keys), a.n, static_cast<const Word*>(a.tree), a.log_k, a.buckets);
  });
  CUDA_CHECK_LAUNCH("sample_bucket_piece_kernel");
}

}  // namespace

PieceSlot<BucketIndexArgs> sample_builtin_bucket_piece() { return PieceSlot<BucketIndexArgs>{&launch_bucket_piece, nullptr}; }

}  // namespace sortscope
