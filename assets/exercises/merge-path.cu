// Exercise merge-path: the merge path search (docs/lab.md).
//
// Merge path (Odeh, Green, Mwassi, Shmueli, Birk 2012): merging sorted a[0..na) and b[0..nb) is a
// monotone path through the na x nb grid; cross-diagonal `diag` (diag outputs done) meets it at one
// point. Return how many of the first `diag` outputs of the stable merge come from a (an a key equal
// to a b key goes first). The answer lies in [max(0, diag - nb), min(diag, na)].
//
// The lab's harness calls this once per output tile of every merge pass (one thread per tile) and
// gives the merge blocks your splits. Keys are unsigned words (the key type's ordered bits).
template <class Key>
__device__ uint64_t merge_path(const Key* a, uint64_t na, const Key* b, uint64_t nb, uint64_t diag) {
  return 0;  // TODO: binary search along the cross-diagonal
}
