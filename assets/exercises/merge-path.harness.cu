// The lab's entry kernels for merge-path (do not edit). One thread per output tile t of a merge
// pass with input runs of run_in keys: the tile's pair of runs and its cross-diagonal as the merge
// sort's partition kernel finds them (kernels/merge/two_way_plan.h, merge_tile), then your
// merge_path. Its answer is clamped into the valid range, so a wrong answer makes a wrong merge but
// never a read out of bounds. Launched with ceil(tiles / 256) blocks of 256 threads.
template <class Key>
__device__ void lab_merge_path_tile(const Key* runs, uint64_t n, uint64_t tile, uint64_t run_in, uint64_t tiles,
                                    uint64_t* splits) {
  const uint64_t t = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  if (t >= tiles) return;
  const uint64_t out = t * tile;
  const uint64_t pair = out / (2 * run_in) * (2 * run_in);
  const uint64_t na = n - pair < run_in ? n - pair : run_in;
  const uint64_t rest = n - pair - na;
  const uint64_t nb = rest < run_in ? rest : run_in;
  const uint64_t diag = out - pair;
  const uint64_t s = merge_path<Key>(runs + pair, na, runs + pair + na, nb, diag);
  const uint64_t lo = diag > nb ? diag - nb : 0, hi = diag < na ? diag : na;
  splits[t] = s < lo ? lo : (s > hi ? hi : s);
}
extern "C" __global__ void lab_entry_w4(const unsigned int* runs, uint64_t n, uint64_t tile, uint64_t run_in,
                                        uint64_t tiles, uint64_t* splits) {
  lab_merge_path_tile<unsigned int>(runs, n, tile, run_in, tiles, splits);
}
extern "C" __global__ void lab_entry_w8(const unsigned long long* runs, uint64_t n, uint64_t tile, uint64_t run_in,
                                        uint64_t tiles, uint64_t* splits) {
  lab_merge_path_tile<unsigned long long>(runs, n, tile, run_in, tiles, splits);
}
