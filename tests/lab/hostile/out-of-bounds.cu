// A hostile bitonic-step: sorts nothing and writes past the end of the keys (inside the lab's guard
// zone: the lab must say so, not crash).
template <class Key>
__device__ void bitonic_step(Key* keys, uint64_t n, uint64_t k, uint64_t j) {
  if (blockIdx.x == 0 && threadIdx.x == 0) keys[n + 7] = 0;
}
