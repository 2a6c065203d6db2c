// A hostile bitonic-step: does not compile (an undeclared name on line 5).
template <class Key>
__device__ void bitonic_step(Key* keys, uint64_t n, uint64_t k, uint64_t j) {
  const uint64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  keys[i] = undeclared_name;
}
