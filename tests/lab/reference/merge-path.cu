// Reference solution of the merge-path exercise: binary search along the cross-diagonal for the
// first a[mid] that a strictly smaller b[diag - 1 - mid] keeps out of the first diag outputs.
template <class Key>
__device__ uint64_t merge_path(const Key* a, uint64_t na, const Key* b, uint64_t nb, uint64_t diag) {
  uint64_t lo = diag > nb ? diag - nb : 0;
  uint64_t hi = diag < na ? diag : na;
  while (lo < hi) {
    const uint64_t mid = (lo + hi) / 2;
    if (!(b[diag - 1 - mid] < a[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
