// Reference solution of the radix-histogram exercise (Merrill & Grimshaw 2010 §4.1's upsweep):
// - each warp counts into its own row of shared counters, so the 32 lanes of a warp contend only
//   with each other (the block's 8 warps would otherwise all hit one row);
// - each thread loads 8 keys before it counts any of them, so 8 loads are in flight at once
//   instead of one load, one count, one load...;
// - then the block's column of the digit-major count matrix, and its share of the totals.
template <class Key>
__device__ void radix_histogram(const Key* keys, uint32_t n, uint32_t block_keys, uint32_t blocks, int shift,
                                int bits, uint32_t* counts, uint32_t* digit_totals) {
  constexpr uint32_t kRowsWords = 8 * 256;  // 8 warps x 256 digits (8-bit digits, 256 threads)
  constexpr int kBatch = 8;
  __shared__ uint32_t rows[kRowsWords];
  extern __shared__ uint32_t block_row[];  // (1 << bits) words: used when the rows do not fit
  const uint32_t digits = 1u << bits, mask = digits - 1u;
  const uint32_t warps = blockDim.x / 32;
  const bool per_warp = warps * digits <= kRowsWords;
  uint32_t* mine = per_warp ? rows + (threadIdx.x / 32) * digits : block_row;
  const uint32_t words = per_warp ? warps * digits : digits;
  for (uint32_t i = threadIdx.x; i < words; i += blockDim.x) (per_warp ? rows : block_row)[i] = 0;
  __syncthreads();
  const uint64_t begin = (uint64_t)blockIdx.x * block_keys;
  const uint64_t end = begin + block_keys < n ? begin + block_keys : n;
  const uint64_t stride = blockDim.x;
  uint64_t i = begin + threadIdx.x;
  for (; i + (kBatch - 1) * stride < end; i += kBatch * stride) {
    Key k[kBatch];
#pragma unroll
    for (int u = 0; u < kBatch; ++u) k[u] = keys[i + u * stride];
#pragma unroll
    for (int u = 0; u < kBatch; ++u) atomicAdd(&mine[(uint32_t)(k[u] >> shift) & mask], 1u);
  }
  for (; i < end; i += stride) atomicAdd(&mine[(uint32_t)(keys[i] >> shift) & mask], 1u);
  __syncthreads();
  for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x) {
    uint32_t c = 0;
    if (per_warp)
      for (uint32_t w = 0; w < warps; ++w) c += rows[w * digits + d];
    else
      c = block_row[d];
    counts[(uint64_t)d * blocks + blockIdx.x] = c;
    if (c) atomicAdd(&digit_totals[d], c);
  }
}
