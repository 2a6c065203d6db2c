#pragma once
// The two merging primitives of Satish, Harris, Garland et al. 2010 §5.1-§5.3 (after Chhugani et
// al.), on host arrays, as the CPU model of `network-merge` will use them:
// - bitonic_merge_network: two sorted S-vectors, the second reversed so that together they form
//   a bitonic sequence, merged by log2(2S) levels of min/max comparators (Fig. 2, Fig. 4);
// - retained_vector_merge: two long sorted lists merged S keys at a time (§5.2.1): the network's
//   upper S outputs stay as the "retained vector", the lower S are written, and the next S keys
//   come from the list whose next key is smaller. About (|A|+|B|)/S network calls.
// - chunked_network_merge: one pair of long lists cut into chunks at quantiles of the merged
//   output (§5.1 Step 2, §5.3: splitters; found here by merge path, which is the same split), each
//   chunk merged on its own by the retained-vector scheme, as many blocks do on the GPU.
// The network is not stable: equal keys from both lists may leave in either order (as the paper).
#include <cstddef>
#include <utility>
#include <vector>

#include "primitives/items/item_traits.h"
#include "primitives/merge_path/merge_path.h"

namespace sortscope::network_merge {

// One slot of a network input. A list shorter than S is padded with `pad` slots, which compare
// greater than every key and so always leave in the upper half.
template <class T>
struct NetworkSlot {
  T item{};
  bool pad = true;
};

template <class T, class Less>
bool slot_less(const NetworkSlot<T>& x, const NetworkSlot<T>& y, Less less) {
  if (x.pad || y.pad) return !x.pad && y.pad;
  return less(x.item, y.item);
}

// What a merge reports to an observer (the CPU model's explain mode); every hook is optional.
// before(call, from, written, buf): network call `call` (0-based) is about to merge buf[0..s), the
//   retained vector, with buf[s..2s), the S keys just loaded from list `from` (0 = A, 1 = B);
//   `written` outputs precede this call's.
// level(call, level, buf): the buffer once B is reversed (level 0) and after each level 1..log2(2s).
struct NoNetworkObserver {
  template <class Slot>
  void before(std::size_t, int, std::size_t, const Slot*) {}
  template <class Slot>
  void level(std::size_t, int, const Slot*) {}
};

// buf[0..s) and buf[s..2s) each sorted ascending; s a power of two. On return buf[0..2s) is sorted.
// Level by level as the paper's Fig. 4 (BitonicMergeLevel): stride s, s/2, ..., 1; at each level
// slot i (bit `stride` clear) keeps the min, slot i+stride the max (swapped only when strictly
// less: the kernels do the same, so equal keys end in the same slots).
template <class T, class Less, class Observer = NoNetworkObserver>
void bitonic_merge_network(NetworkSlot<T>* buf, std::size_t s, Less less, Observer&& obs = {}, std::size_t call = 0) {
  for (std::size_t i = 0; i < s / 2; ++i) std::swap(buf[s + i], buf[2 * s - 1 - i]);  // reverse B
  obs.level(call, 0, static_cast<const NetworkSlot<T>*>(buf));
  int level = 0;
  for (std::size_t stride = s; stride >= 1; stride /= 2) {
    for (std::size_t i = 0; i < 2 * s; ++i) {
      if ((i & stride) != 0) continue;
      if (slot_less(buf[i + stride], buf[i], less)) std::swap(buf[i], buf[i + stride]);
    }
    obs.level(call, ++level, static_cast<const NetworkSlot<T>*>(buf));
  }
}

// Merges sorted a[0..a_len) and b[0..b_len) into out[0..a_len+b_len) with an s-wide network and
// a retained vector (§5.2.1). Returns the number of network calls. `obs`: NoNetworkObserver's hooks.
template <class T, class Less, class Observer = NoNetworkObserver>
std::size_t retained_vector_merge(const T* a, std::size_t a_len, const T* b, std::size_t b_len, T* out,
                                  std::size_t s, Less less, Observer&& obs = {}) {
  std::vector<NetworkSlot<T>> buf(2 * s);
  std::size_t ai = 0, bi = 0, written = 0, calls = 0;
  auto load = [&](const T* list, std::size_t len, std::size_t& pos, NetworkSlot<T>* dst) {
    for (std::size_t k = 0; k < s; ++k) dst[k] = pos < len ? NetworkSlot<T>{list[pos++], false} : NetworkSlot<T>{};
  };
  auto emit = [&](const NetworkSlot<T>* src) {
    for (std::size_t k = 0; k < s; ++k)
      if (!src[k].pad) out[written++] = src[k].item;
  };
  // The first retained vector: S keys of A (or of B when A is empty).
  if (a_len > 0) load(a, a_len, ai, buf.data());
  else load(b, b_len, bi, buf.data());
  while (ai < a_len || bi < b_len) {
    const bool from_a = bi >= b_len || (ai < a_len && !less(b[bi], a[ai]));
    if (from_a) load(a, a_len, ai, buf.data() + s);
    else load(b, b_len, bi, buf.data() + s);
    obs.before(calls, from_a ? 0 : 1, written, static_cast<const NetworkSlot<T>*>(buf.data()));
    bitonic_merge_network(buf.data(), s, less, obs, calls);
    ++calls;
    emit(buf.data());  // the lower S are final: every key still unread is no smaller
    for (std::size_t k = 0; k < s; ++k) buf[k] = buf[s + k];  // the upper S are retained
  }
  emit(buf.data());  // the last retained vector
  return calls;
}

// Merges sorted a and b (items of the merge item traits T, kernels/merge/merge_items.h) into out
// as `chunks` independent retained-vector merges of about (a_len+b_len)/chunks outputs each, cut
// at the splitters of the merged output. Returns the network calls of all chunks.
template <class T>
std::size_t chunked_network_merge(const typename T::Item* a, std::size_t a_len, const typename T::Item* b,
                                  std::size_t b_len, typename T::Item* out, std::size_t s, std::size_t chunks) {
  const std::size_t total = a_len + b_len;
  const auto less = [](const typename T::Item& x, const typename T::Item& y) { return merge::item_less<T>(x, y); };
  std::size_t calls = 0, a_begin = 0, diag_begin = 0;
  for (std::size_t c = 1; c <= chunks; ++c) {
    const std::size_t diag_end = total * c / chunks;
    const std::size_t a_end = merge::merge_path<T, std::size_t>(a, a_len, b, b_len, diag_end);
    const std::size_t b_begin = diag_begin - a_begin, b_end = diag_end - a_end;
    calls += retained_vector_merge(a + a_begin, a_end - a_begin, b + b_begin, b_end - b_begin, out + diag_begin, s, less);
    a_begin = a_end;
    diag_begin = diag_end;
  }
  return calls;
}

}  // namespace sortscope::network_merge
