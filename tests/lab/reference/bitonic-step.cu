// Reference solution of the bitonic-step exercise (assets/exercises/bitonic-step.cu): the lower
// index of each pair compares and exchanges.
template <class Key>
__device__ void bitonic_step(Key* keys, uint64_t n, uint64_t k, uint64_t j) {
  const uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  if (i >= n) return;
  const uint64_t partner = (j == k / 2) ? (i ^ (k - 1)) : (i ^ j);
  if (partner <= i || partner >= n) return;
  const Key a = keys[i], b = keys[partner];
  if (a > b) {
    keys[i] = b;
    keys[partner] = a;
  }
}
