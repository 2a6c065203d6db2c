// Reference solution of the radix-histogram exercise: shared-memory counters, strided loads, then
// the block's column of the digit-major count matrix and its share of the totals.
template <class Key>
__device__ void radix_histogram(const Key* keys, uint32_t n, uint32_t block_keys, uint32_t blocks, int shift,
                                int bits, uint32_t* counts, uint32_t* digit_totals) {
  extern __shared__ uint32_t counters[];
  const uint32_t digits = 1u << bits, mask = digits - 1u;
  for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x) counters[d] = 0;
  __syncthreads();
  const uint64_t begin = (uint64_t)blockIdx.x * block_keys;
  const uint64_t end = begin + block_keys < n ? begin + block_keys : n;
  for (uint64_t i = begin + threadIdx.x; i < end; i += blockDim.x)
    atomicAdd(&counters[(uint32_t)(keys[i] >> shift) & mask], 1u);
  __syncthreads();
  for (uint32_t d = threadIdx.x; d < digits; d += blockDim.x) {
    const uint32_t c = counters[d];
    counts[(uint64_t)d * blocks + blockIdx.x] = c;
    if (c) atomicAdd(&digit_totals[d], c);
  }
}
