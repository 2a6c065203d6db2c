// Exercise sample-bucket: a key's bucket in sample sort (docs/lab.md).
//
// Sample sort (Leischner, Osipov, Sanders 2010, section 4; kernels/primitives/search_tree/search_tree.h) picks
// k - 1 sorted splitters s_1..s_(k-1) and lays them out as a complete binary search tree in 1-based
// heap order: tree[1] = s_(k/2), the children of tree[j] are tree[2j] and tree[2j + 1]. A key's
// bucket b (0..k-1) is the one with s_b < key <= s_(b+1) (s_0 = -inf, s_k = +inf): a key equal to a
// splitter goes left. k = 1 << log_k. Keys are unsigned words (the key type's ordered bits).
template <class Key>
__device__ uint32_t bucket_of(const Key* tree, int log_k, Key key) {
  return 0;  // TODO: descend log_k levels of the tree
}
