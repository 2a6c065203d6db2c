// Reference solution of the sample-bucket exercise: Leischner's Algorithm 6, no branches.
template <class Key>
__device__ uint32_t bucket_of(const Key* tree, int log_k, Key key) {
  uint32_t j = 1;
  for (int level = 0; level < log_k; ++level) j = 2 * j + (key > tree[j] ? 1u : 0u);
  return j - (1u << log_k);
}
