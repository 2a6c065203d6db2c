#pragma once
// What input to sort: a distribution with its knobs, a size, a key type, values on/off and a seed.
// Exact definitions of every distribution: docs/inputs.md. Generators: generators.h (CPU twin)
// and generators_gpu.h (GPU, bit-identical).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "key_type.h"

namespace sortscope {

enum class Distribution {
  Uniform, Gaussian, Zero, Sorted, ReverseSorted, NearlySorted, BucketSorted, Staggered, GGroup,
  DeterministicDuplicates, RandomizedDuplicates, LowEntropy, FewUnique, SmallInts
};

inline constexpr Distribution kAllDistributions[] = {
    Distribution::Uniform, Distribution::Gaussian, Distribution::Zero, Distribution::Sorted,
    Distribution::ReverseSorted, Distribution::NearlySorted, Distribution::BucketSorted,
    Distribution::Staggered, Distribution::GGroup, Distribution::DeterministicDuplicates,
    Distribution::RandomizedDuplicates, Distribution::LowEntropy, Distribution::FewUnique,
    Distribution::SmallInts};

std::string_view distribution_name(Distribution d);   // "uniform", "nearly-sorted", "g-group", ...
std::optional<Distribution> parse_distribution(std::string_view name);
std::string distribution_names();                     // "uniform, gaussian, ..." for error messages

struct InputSpec {
  Distribution dist = Distribution::Uniform;
  uint64_t n = 1u << 20;
  KeyType key = KeyType::U32;
  bool with_values = false;   // a u32 value per key (key-value runs)
  uint64_t seed = 1;
  // Knobs (docs/inputs.md); each used by the distributions named.
  double swap_percent = 1.0;  // nearly-sorted: random swaps as a percentage of n
  int p = 240;                // bucket-sorted, staggered, g-group, det./rand. duplicates: blocks
  int g = 8;                  // g-group: blocks per group
  int r = 32;                 // randomized duplicates: values per block table
  int entropy_k = 2;          // low entropy: AND of k uniform words, 1..5
  uint64_t unique = 16;       // few unique: number of distinct keys
};

// "" when the knobs are in range, else one line naming the knob and its range.
std::string validate_input_spec(const InputSpec& spec);

}  // namespace sortscope
