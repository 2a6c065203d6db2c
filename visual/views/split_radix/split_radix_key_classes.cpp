// Split radix sort's snapshots as key classes (views/key_coloring.h): a one-bit split names the
// pass's digit, so the split steps of a pass colour by the digit the pass sorts on, as its histogram
// steps do (Satish et al. 2010 §4.2.2: a pass of D one-bit splits sorts a tile on a D-bit digit).
#include <fmt/format.h>

#include "split_radix/split_radix_aux.h"
#include "views/view_registry.h"

namespace sortscope {
namespace {

std::optional<KeyClassRule> one_bit_split_classes(ColorBy mode, const OneBitSplit& s, const KeyClassSite&) {
  // Split `split` of the pass's `splits` sorts on bit `bit`: the digit starts `split` bits lower.
  if (mode != ColorBy::Digit || s.splits == 0 || s.splits > 32 || s.split > s.bit || s.bit - s.split + s.splits > 64)
    return std::nullopt;
  KeyClassRule r = digit_classes(s.bit - s.split, s.splits);
  r.what += fmt::format(" (pass {})", s.pass + 1);
  return r;
}

}  // namespace

void register_split_radix_key_classes(ViewRegistry& registry) {
  registry.add_key_classes<OneBitSplit>(one_bit_split_classes);
}

}  // namespace sortscope
