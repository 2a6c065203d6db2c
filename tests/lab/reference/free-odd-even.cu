// A second solution of the free exercise: odd-even transposition sort (n passes; pass p compares
// the pairs (i, i + 1) with i of p's parity), calling ss_snapshot() after every pass. Slow by design
// (n passes of n / 2 comparisons); the lab's GPU tests use it on a few hundred keys to see the
// snapshot bound: past 256 snapshots the rest are counted and dropped.
template <class Key>
__device__ void my_sort(Key* keys, uint64_t n, Key* scratch, uint32_t pass, uint32_t* done) {
  const uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  if (pass >= n) {  // n passes sort any input
    if (t == 0) *done = 1;
    return;
  }
  if (t == 0) ss_snapshot();
  const uint64_t i = 2 * t + (pass & 1);
  if (i + 1 >= n) return;
  const Key a = keys[i], b = keys[i + 1];
  if (a > b) {
    keys[i] = b;
    keys[i + 1] = a;
  }
}
