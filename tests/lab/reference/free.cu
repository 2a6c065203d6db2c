// Reference solution of the free exercise: bitonic sort, one layer per pass, over the next power of
// two N >= n (positions past n hold an implicit largest key, so pairs reaching past n stay). The
// last layer of each merge stage calls ss_snapshot(k): the keys are then sorted runs of k, one step
// per stage (log2 N snapshots between the input and the sorted keys).
template <class Key>
__device__ void my_sort(Key* keys, uint64_t n, Key* scratch, uint32_t pass, uint32_t* done) {
  uint32_t log_n = 0;
  while ((uint64_t(1) << log_n) < n) ++log_n;
  // Pass p is layer p of the network: merges k = 2, 4, ..., N, each with log2(k) layers.
  uint32_t p = pass, log_k = 1;
  while (log_k <= log_n && p >= log_k) {
    p -= log_k;
    ++log_k;
  }
  if (log_k > log_n) {  // every layer done
    if (blockIdx.x == 0 && threadIdx.x == 0) *done = 1;
    return;
  }
  const uint64_t k = uint64_t(1) << log_k, j = k >> (p + 1);
  if (j == 1 && blockIdx.x == 0 && threadIdx.x == 0) ss_snapshot(uint32_t(k));  // this stage's last layer
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
