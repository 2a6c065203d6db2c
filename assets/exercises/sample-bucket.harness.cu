// The lab's entry kernels for sample-bucket (do not edit): one thread per key writes its bucket.
template <class Key>
__device__ void lab_buckets(const Key* keys, uint64_t n, const Key* tree, int log_k, uint32_t* buckets) {
  const uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  if (i < n) buckets[i] = bucket_of<Key>(tree, log_k, keys[i]);
}
extern "C" __global__ void lab_entry_w4(const unsigned int* keys, uint64_t n, const unsigned int* tree, int log_k,
                                        uint32_t* buckets) {
  lab_buckets<unsigned int>(keys, n, tree, log_k, buckets);
}
extern "C" __global__ void lab_entry_w8(const unsigned long long* keys, uint64_t n, const unsigned long long* tree,
                                        int log_k, uint32_t* buckets) {
  lab_buckets<unsigned long long>(keys, n, tree, log_k, buckets);
}
