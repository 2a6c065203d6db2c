#pragma once
// The CPU-side arithmetic of the array view, kept apart from GL so that tests can check it and the
// GPU twins can be compared with it: key fractions, the comparator pairs of a network layer, the
// heat-map intensity law, and the choice between bars, dots and heat map.
#include <cstdint>
#include <vector>

#include "common/aux_data.h"
#include "common/aux_types.h"
#include "common/density.h"

namespace sortscope {

enum class ArrayMode { Auto, Bars, Dots, Heatmap };
const char* array_mode_name(ArrayMode mode);  // "auto", "bars", "dots", "heat map"

// Below this many pixels per key position the view switches from bars to dots, and below
// 1/kDotsMaxKeysPerPx from dots to the heat map.
inline constexpr float kBarsMinPxPerKey = 1.0f;
inline constexpr float kDotsMaxKeysPerPx = 4.0f;
// Bars and dots read one float per key from a GL buffer; above this the heat map is used.
inline constexpr uint64_t kMaxPointKeys = uint64_t(1) << 22;

// What Auto picks, and what an explicit request becomes when it cannot be honoured: a density
// summary (!full) can only be a heat map; bars and dots need at most kMaxPointKeys positions.
ArrayMode resolve_array_mode(ArrayMode requested, bool full_snapshot, uint64_t padded_n, float plot_width_px);

// display_fraction of each of `count` ordered-bits words (host twin of key_fractions_device).
std::vector<float> key_fractions_host(const void* ordered, uint64_t count, KeyType type, DisplayRange range);

// A comparator: the smaller key goes to `lo`, the larger to `hi` (lo < hi; aux_types.h).
struct ComparatorPair {
  uint64_t lo = 0, hi = 0;
};
// The comparators of one network layer over padded_n positions: mirrored layers compare i with its
// mirror inside each merge block, others i with i + stride where (i / stride) is even.
std::vector<ComparatorPair> comparator_pairs(const ComparatorStage& stage, uint64_t padded_n);
// The comparators of one odd-even merge layer (p, k) over the first n positions.
std::vector<ComparatorPair> comparator_pairs(const OddEvenStage& stage, uint64_t n);
// The comparators of a step's network layer, bitonic or odd-even; none when it has no layer.
std::vector<ComparatorPair> step_comparator_pairs(const std::vector<AuxData>& aux, uint64_t padded_n);

// Heat-map cell brightness: 0 for an empty cell, else 0.15 + 0.85 * sqrt(min(1, count / ref)),
// where ref is twice the count a cell would hold if the keys were spread evenly over all cells
// (at least 1). A uniform input reads mid-bright, sorted runs and clusters saturate, and a single
// key stays visible.
double heat_reference(uint64_t keys, uint32_t columns, uint32_t bins);
float heat_intensity(uint32_t count, double reference);

}  // namespace sortscope
