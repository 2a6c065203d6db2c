#pragma once
// How unevenly sampled splitters cut, as a number the plan and the model can use. Leischner 2010
// §6.1: "load-balancing depends on the variance in size between the buckets, i.e. the quality of the
// splitter elements". With a * k sample keys and every a-th a splitter (Alg. 5), a child holds the
// keys between two splitters, a gaps of the sample: about size / k times G, G ~ Gamma(a, 1/a) (mean 1,
// spread 1/sqrt(a); the Beta-distributed gap of SampleBucketSizes, sample_aux.h, for large k). A key
// falls into a child in proportion to the child's size, so the bucket that holds a given key after P
// passes is the mean size times P independent size-biased factors Gamma(a + 1, 1/a); the logarithm of
// such a product is close to normal (a sum of P logarithms of Gamma variates, ψ and ψ' their moments).
//
// What it decides (README.md, "Level 3"): with k = 256 for two passes, at 2^30 keys level 1 leaves
// buckets of 2^14 keys on average, and about half of the keys lie in buckets above the 16,384 keys one
// block sorts; at 2^29 (2^13 on average) about 3.5 %. Pure functions.
#include <cstdint>

namespace sortscope {

// The share of keys (0..1) that lie in buckets of more than `above` keys after `passes` distribution
// passes whose buckets average `mean_size` keys, each pass drawing its splitters with oversampling
// `oversampling` (a). passes = 0: the one bucket of mean_size keys (0 or 1).
double sample_share_above(double mean_size, uint32_t passes, uint32_t oversampling, double above);

// ψ (digamma) and ψ' (trigamma) for x > 0, to about 1e-10: the moments of log Gamma(x, θ) are
// ψ(x) + log θ and ψ'(x).
double digamma(double x);
double trigamma(double x);

}  // namespace sortscope
