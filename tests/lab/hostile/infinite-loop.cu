// A hostile bitonic-step: never returns (the clock read keeps the loop from being optimised away).
template <class Key>
__device__ void bitonic_step(Key* keys, uint64_t n, uint64_t k, uint64_t j) {
  while (clock64() >= 0) {
  }
}
