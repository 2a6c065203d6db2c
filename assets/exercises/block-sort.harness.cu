// The lab's entry kernels for block-sort (do not edit). Block b loads tile b (`tile` keys from
// in + b * tile; the last tile may be short) into shared memory, pads it to `padded` keys (a power
// of two) with the largest word, calls your block_sort and stores the tile's keys to out. Launched
// with one block per tile and padded * sizeof(key) bytes of dynamic shared memory.
template <class Key>
__device__ void lab_block_sort_tile(const Key* in, Key* out, uint64_t n, uint64_t tile, uint64_t padded) {
  extern __shared__ __align__(16) unsigned char lab_shared[];
  Key* s = reinterpret_cast<Key*>(lab_shared);
  const uint64_t begin = blockIdx.x * tile;
  for (uint64_t i = threadIdx.x; i < padded; i += blockDim.x) s[i] = (i < tile && begin + i < n) ? in[begin + i] : ~Key(0);
  __syncthreads();
  block_sort<Key>(s, (uint32_t)padded);
  __syncthreads();
  for (uint64_t i = threadIdx.x; i < tile && begin + i < n; i += blockDim.x) out[begin + i] = s[i];
}
extern "C" __global__ void lab_entry_w4(const unsigned int* in, unsigned int* out, uint64_t n, uint64_t tile,
                                        uint64_t padded) {
  lab_block_sort_tile<unsigned int>(in, out, n, tile, padded);
}
extern "C" __global__ void lab_entry_w8(const unsigned long long* in, unsigned long long* out, uint64_t n,
                                        uint64_t tile, uint64_t padded) {
  lab_block_sort_tile<unsigned long long>(in, out, n, tile, padded);
}
