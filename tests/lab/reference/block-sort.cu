// Reference solution of the block-sort exercise: a bitonic network in shared memory, one thread per
// pair (pair t of a step with pairs in blocks of b lower positions is i = (t / b) * 2b + t % b).
template <class Key>
__device__ void block_sort(Key* tile, uint32_t count) {
  const uint32_t pairs = count / 2;
  for (uint32_t k = 2; k <= count; k <<= 1)
    for (uint32_t j = k >> 1; j > 0; j >>= 1) {
      const bool flip = j == (k >> 1);
      for (uint32_t t = threadIdx.x; t < pairs; t += blockDim.x) {
        const uint32_t i = (t / j) * 2 * j + t % j;
        const uint32_t p = flip ? (i ^ (k - 1)) : (i + j);
        const Key x = tile[i], y = tile[p];
        if (x > y) {
          tile[i] = y;
          tile[p] = x;
        }
      }
      __syncthreads();
    }
}
