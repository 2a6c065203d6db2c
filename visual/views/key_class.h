#pragma once
// The class of one key when the array view colours by digit, bucket or run (color_by.h): one
// function that the upload path (key_classes_host, key_coloring.h) and the CUDA-GL interop path
// (key_classes_device, interop/fill_kernels.h) both call, so the two draw the same colours.
#include <cstdint>

#include "common/host_device.h"

namespace sortscope {

// How a step's keys fall into classes (key_coloring.h finds it), as a plain struct a kernel can
// take: `bounds` points to host memory on the host path and to device memory inside a kernel.
struct KeyClassLookup {
  enum class Kind : uint8_t {
    Digit,      // bits [shift, shift + bits) of the ordered word: the pass's digit (Merrill & Grimshaw 2010 §3)
    Splitters,  // j splitters below the key: bucket j (Leischner 2010 §6.2, the tree descent j := 2j + (e > bt[j]))
    ThreeWay,   // below, equal to or above the pivot bounds[0]: quicksort's <, =, > parts
    Runs,       // position / run_keys: the sorted run or merge block of the position
    Segments,   // the last bounds[j] <= position: bucket or rank j of a partition of the positions
  };
  Kind kind = Kind::Digit;
  uint32_t shift = 0, bits = 0;      // Digit (bits 1..32)
  uint64_t run_keys = 1;             // Runs
  const uint64_t* bounds = nullptr;  // Splitters, ThreeWay: ordered words; Segments: first positions
  uint32_t bound_count = 0;          //   ascending (Segments: bounds[0] = 0)
};

// Entries of the ascending bounds[0, count) strictly below v.
SORTSCOPE_HD uint32_t bounds_below(const uint64_t* bounds, uint32_t count, uint64_t v) {
  uint32_t lo = 0, hi = count;
  while (lo < hi) {
    const uint32_t mid = lo + (hi - lo) / 2;
    if (bounds[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// The class of the key at `position` whose ordered-bits word (common/key_type.h) is `word`.
SORTSCOPE_HD uint32_t key_class(const KeyClassLookup& c, uint64_t word, uint64_t position) {
  switch (c.kind) {
    case KeyClassLookup::Kind::Digit:
      return uint32_t((word >> c.shift) & ((uint64_t(1) << c.bits) - 1));
    case KeyClassLookup::Kind::Splitters:
      return bounds_below(c.bounds, c.bound_count, word);
    case KeyClassLookup::Kind::ThreeWay:
      return c.bound_count == 0 ? 0u : word < c.bounds[0] ? 0u : (word == c.bounds[0] ? 1u : 2u);
    case KeyClassLookup::Kind::Runs:
      return uint32_t(position / (c.run_keys ? c.run_keys : 1));
    case KeyClassLookup::Kind::Segments: {
      const uint32_t at_or_below = bounds_below(c.bounds, c.bound_count, position + 1);
      return at_or_below ? at_or_below - 1 : 0u;
    }
  }
  return 0;
}

}  // namespace sortscope
