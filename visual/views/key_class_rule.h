#pragma once
// KeyClassRule: how the keys of a step fall into classes for one colour mode (color_by.h), as a
// snapshot type says it (ViewRegistry::add_key_classes): the lookup key_class() evaluates
// (views/key_class.h) with the bounds it points to, and the words the legend shows.
#include <cstdint>
#include <string>
#include <vector>

#include "common/density.h"
#include "views/key_class.h"

namespace sortscope {

struct KeyClassRule {
  KeyClassLookup::Kind kind = KeyClassLookup::Kind::Digit;
  uint32_t shift = 0, bits = 0;
  uint64_t run_keys = 1;
  std::vector<uint64_t> bounds;
  uint64_t classes = 0;             // how many classes there are (the legend's swatches)
  std::string what;                 // the legend's words: "digit, bits 4..7", "sorted runs of 64 keys"
  std::vector<std::string> labels;  // the swatches' labels when not the class numbers ("<", "=", ">")
  bool positional = false;          // classes by position (runs, segments), not by key value

  // The lookup key_class() takes, pointing into `bounds` (valid while this rule is).
  KeyClassLookup lookup() const;
};

// Where the snapshot that gives the rule was found, relative to the step drawn.
struct KeyClassSite {
  uint64_t n = 0;      // keys of the timeline (padding excluded)
  bool ahead = false;  // a later step's snapshot: the keys drawn are as they were before that step
};

// The rules the snapshot types give (one place for their words):
// the digit of bits [shift, shift + bits) (1 <= bits <= 32, shift + bits <= 64);
KeyClassRule digit_classes(uint32_t shift, uint32_t bits);
// the bucket of a key among ascending splitters (ordered words): splitters.size() + 1 buckets;
KeyClassRule splitter_classes(std::vector<uint64_t> splitters, const std::string& what);
// below, equal to or above a pivot;
KeyClassRule three_way_classes(uint64_t pivot, const std::string& what);
// runs of run_keys positions over n keys (run_keys >= 1);
KeyClassRule run_classes(uint64_t run_keys, uint64_t n, const std::string& what);
// segments of the positions starting at `begins` (ascending, begins[0] = 0; empty: one segment).
KeyClassRule segment_classes(std::vector<uint64_t> begins, const std::string& what);

// A heat map's cell holds many keys, so a class colours whole cells where it is one per cell: a class
// by place (runs, segments) colours each of `columns` columns over n keys by the class of the
// column's middle position; a class by value (splitters, pivot) colours each of `bins` value bins by
// the class of the bin's middle value (a pivot's own bin is its = part). A digit is neither: empty.
enum class HeatClasses { None, ByColumn, ByBin };
HeatClasses heat_classes_kind(const KeyClassRule& rule);
std::vector<uint32_t> heat_column_classes(const KeyClassRule& rule, uint64_t n, uint32_t columns);
std::vector<uint32_t> heat_bin_classes(const KeyClassRule& rule, KeyType type, DisplayRange range, uint32_t bins);

// key_class() for each of `count` ordered-bits words (key_bytes(type) each) at positions 0..count-1:
// the host twin of key_classes_device (interop/fill_kernels.h).
std::vector<uint32_t> key_classes_host(const void* ordered, uint64_t count, int word_bytes, const KeyClassLookup& lookup);

}  // namespace sortscope
