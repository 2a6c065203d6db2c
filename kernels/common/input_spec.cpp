#include "input_spec.h"

#include <utility>

#include <fmt/format.h>

namespace sortscope {
namespace {
constexpr std::pair<Distribution, std::string_view> kNames[] = {
    {Distribution::Uniform, "uniform"},
    {Distribution::Gaussian, "gaussian"},
    {Distribution::Zero, "zero"},
    {Distribution::Sorted, "sorted"},
    {Distribution::ReverseSorted, "reverse-sorted"},
    {Distribution::NearlySorted, "nearly-sorted"},
    {Distribution::BucketSorted, "bucket-sorted"},
    {Distribution::Staggered, "staggered"},
    {Distribution::GGroup, "g-group"},
    {Distribution::DeterministicDuplicates, "det-duplicates"},
    {Distribution::RandomizedDuplicates, "rand-duplicates"},
    {Distribution::LowEntropy, "low-entropy"},
    {Distribution::FewUnique, "few-unique"},
    {Distribution::SmallInts, "small-ints"},
};
}  // namespace

std::string_view distribution_name(Distribution d) {
  for (auto [dist, name] : kNames)
    if (dist == d) return name;
  return "?";
}

std::optional<Distribution> parse_distribution(std::string_view name) {
  for (auto [dist, n] : kNames)
    if (n == name) return dist;
  if (name == "reverse") return Distribution::ReverseSorted;
  if (name == "all-equal") return Distribution::Zero;
  return std::nullopt;
}

std::string distribution_names() {
  std::string s;
  for (auto [dist, name] : kNames) s += (s.empty() ? "" : ", ") + std::string(name);
  return s;
}

std::string validate_input_spec(const InputSpec& s) {
  if (!(s.swap_percent >= 0 && s.swap_percent <= 100))  // written so that NaN fails too
    return fmt::format("nearly-sorted swap percentage {} is outside 0..100", s.swap_percent);
  if (s.p < 1 || s.p > (1 << 20)) return fmt::format("block count p = {} is outside 1..1048576", s.p);
  if (s.g < 1 || s.g > s.p) return fmt::format("group size g = {} is outside 1..p ({})", s.g, s.p);
  // Each randomized-duplicates key scans its block's r weights (docs/inputs.md), so r stays small.
  if (s.r < 1 || s.r > 4096) return fmt::format("table size r = {} is outside 1..4096", s.r);
  if (s.entropy_k < 1 || s.entropy_k > 5)
    return fmt::format("low-entropy k = {} is outside 1..5", s.entropy_k);
  if (s.unique < 1) return "few-unique count must be at least 1";
  return {};
}

}  // namespace sortscope
