#pragma once
// The per-element formulas of every input distribution, shared word for word by the CPU twin
// (generators.cpp) and the GPU generator (generators_gpu.cu) so the two are bit-identical.
// Everything here is integer arithmetic plus exact int-to-float conversions: no rounding happens
// anywhere, so host and device cannot disagree. The definitions are written out in docs/inputs.md;
// the Helman-Bader-JaJa distributions follow Leischner 2010 section 5.5.2 (see that page for the
// places where the printed formulas were incomplete and what we chose).
//
// Every element is computed on its own from (seed, element index, draw number) by a counter-based
// hash: there is no sequential RNG state, so any thread can produce any element.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "host_device.h"
#include "input_spec.h"
#include "key_type.h"
#include "mix64.h"

namespace sortscope::gen {

// Largest n the generators accept: keeps every index product (i * p, o * g, ...) inside 64 bits.
inline constexpr uint64_t kMaxGeneratedKeys = uint64_t(1) << 40;

// small-ints: the keys 0 .. kSmallIntsKeys - 1.
inline constexpr uint64_t kSmallIntsKeys = 100;

// ---- hashing (mix64: mix64.h) --------------------------------------------------------------

// High 64 bits of the 128-bit product a * b (exact on both sides).
SORTSCOPE_HD uint64_t mulhi64(uint64_t a, uint64_t b) {
#if defined(__CUDA_ARCH__)
  return __umul64hi(a, b);
#else
  return uint64_t((static_cast<unsigned __int128>(a) * b) >> 64);
#endif
}

// a * b <= c * d on the exact 128-bit products.
SORTSCOPE_HD bool product_le(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  uint64_t hi1 = mulhi64(a, b), hi2 = mulhi64(c, d);
  return hi1 < hi2 || (hi1 == hi2 && a * b <= c * d);
}

// Independent random streams, one per draw number: K_d = mix64(seed + (d + 1) * 0xD1B54A32D192ED03).
enum Draw : uint32_t {
  kDrawMain = 0,         // draws 0..4: the element's own uniform words (gaussian uses 0..3,
                         // low entropy 0..k-1, everything else only 0)
  kDrawTableWeight = 5,  // randomized duplicates: the table T of each block
  kDrawTableValue = 6,   // randomized duplicates: the key of each run
  kDrawPairing = 7,      // nearly sorted: the round keys of the pairing permutation
  kNumDraws = 8
};

SORTSCOPE_HD uint64_t stream_key(uint64_t seed, uint32_t draw) {
  return mix64(seed + (uint64_t(draw) + 1) * 0xD1B54A32D192ED03ull);
}

// rand(i, d) = mix64(K_d xor mix64((i + 1) * 0x9E3779B97F4A7C15)): the d-th uniform 64-bit word of
// index i. For a fixed d it is a bijection of i, so no two indices of one stream collide.
SORTSCOPE_HD uint64_t rand_word(uint64_t stream, uint64_t index) {
  return mix64(stream ^ mix64((index + 1) * 0x9E3779B97F4A7C15ull));
}

// Uniform integer in [0, bound) from a uniform word (Lemire's multiply-shift; the bias is at most
// bound / 2^64, far below anything measurable).
SORTSCOPE_HD uint64_t below(uint64_t word, uint64_t bound) { return mulhi64(word, bound); }

// ---- the parameters every element needs, fixed once per generated array ------------------------

inline constexpr int kPairingRounds = 6;

struct GenParams {
  Distribution dist = Distribution::Uniform;
  uint64_t n = 0;
  uint64_t p = 240, g = 8, r = 32, k = 2, unique = 16;
  uint64_t swaps = 0;                     // nearly sorted: disjoint swaps (pairs)
  uint32_t pairing_half_bits = 1;         // nearly sorted: the Feistel halves are this wide
  uint64_t streams[kNumDraws] = {};       // K_d
  uint64_t pairing_keys[kPairingRounds] = {};
};

// Host side, once per array: checks the spec and derives the counts and keys.
inline GenParams make_gen_params(const InputSpec& spec) {
  std::string err = validate_input_spec(spec);
  if (!err.empty()) throw std::runtime_error(err);
  if (spec.n > kMaxGeneratedKeys)
    throw std::runtime_error("n = " + std::to_string(spec.n) + " is larger than the generators' limit of 2^40 keys");
  GenParams gp;
  gp.dist = spec.dist;
  gp.n = spec.n;
  gp.p = uint64_t(spec.p);
  gp.g = uint64_t(spec.g);
  gp.r = uint64_t(spec.r);
  gp.k = uint64_t(spec.entropy_k);
  gp.unique = spec.unique;
  for (uint32_t d = 0; d < kNumDraws; ++d) gp.streams[d] = stream_key(spec.seed, d);
  // swaps = min(floor(n * swap_percent / 100), floor(n / 2)); disjoint pairs need 2 elements each.
  double want = double(spec.n) * spec.swap_percent / 100.0;
  gp.swaps = want >= double(spec.n / 2) ? spec.n / 2 : uint64_t(want);
  // The pairing permutation works on 2h-bit numbers, the smallest even width with 4^h >= n.
  while (gp.pairing_half_bits < 32 && (uint64_t(1) << (2 * gp.pairing_half_bits)) < spec.n) ++gp.pairing_half_bits;
  for (int round = 0; round < kPairingRounds; ++round)
    gp.pairing_keys[round] = rand_word(gp.streams[kDrawPairing], uint64_t(round));
  return gp;
}

// ---- partitions ----------------------------------------------------------------------------

// The balanced split of `count` items into `parts` parts: part b is [floor(b*count/parts),
// floor((b+1)*count/parts)), so part sizes differ by at most one and none is empty when
// count >= parts. (The thesis assumes parts divides count; this is the exact generalisation.)
struct Part {
  uint64_t index;   // which part item i falls in
  uint64_t offset;  // i minus the part's first item
  uint64_t size;    // items in that part
};
SORTSCOPE_HD Part part_of(uint64_t i, uint64_t count, uint64_t parts) {
  uint64_t b = ((i + 1) * parts - 1) / count;
  uint64_t start = b * count / parts;
  uint64_t end = (b + 1) * count / parts;
  return {b, i - start, end - start};
}

// ---- the canonical key ---------------------------------------------------------------------

// A distribution produces a canonical key, which is one of two things:
//  - a spread word w in [0, 2^64): a position in the key type's range (0 = its bottom, 2^64 - 1 =
//    its top), mapped to each type by key_bits_from_canonical below;
//  - a small count c (0, log n, a table value < r): the key is the number c itself in every type.
struct Canonical {
  uint64_t word;
  bool is_count;
};
SORTSCOPE_HD Canonical spread(uint64_t w) { return {w, false}; }
SORTSCOPE_HD Canonical count(uint64_t c) { return {c, true}; }

// The spread range [a*W, (a+1)*W - 1] with W = floor((2^64 - 1) / q): range a of q equal ranges
// (the top (2^64 - 1) mod q words are never used). The thesis's "[a*2^32/p, (a+1)*2^32/p - 1]".
SORTSCOPE_HD uint64_t random_in_range(uint64_t word, uint64_t a, uint64_t q) {
  uint64_t width = ~uint64_t(0) / q;
  return a * width + below(word, width);
}

// Sorted: one uniform draw in each of n equal strata, in index order, so the sequence is
// non-decreasing by construction and every element is computed on its own (sorting n uniform draws,
// as the thesis does, needs the whole array).
SORTSCOPE_HD uint64_t sorted_word(const GenParams& gp, uint64_t i) {
  return random_in_range(rand_word(gp.streams[kDrawMain], i), i, gp.n);
}

// Nearly sorted pairs elements through a random permutation P of [0, n): a balanced Feistel network
// on 2h-bit numbers (kPairingRounds rounds keyed by the seed) restricted to [0, n) by cycle walking
// (Black & Rogaway 2002), which is a bijection that each element can evaluate in both directions.
// Pair k is {P(2k), P(2k+1)} for k < swaps; the pairs are disjoint, so the swaps commute and the
// result does not depend on the order they are applied in.
SORTSCOPE_HD uint64_t feistel(const GenParams& gp, uint64_t x, bool inverse) {
  const uint32_t h = gp.pairing_half_bits;
  const uint64_t mask = (uint64_t(1) << h) - 1;
  uint64_t left = x >> h, right = x & mask;
  for (int step = 0; step < kPairingRounds; ++step) {
    if (!inverse) {
      uint64_t f = mix64(right ^ gp.pairing_keys[step]) & mask;
      uint64_t next_right = left ^ f;
      left = right;
      right = next_right;
    } else {
      uint64_t f = mix64(left ^ gp.pairing_keys[kPairingRounds - 1 - step]) & mask;
      uint64_t prev_left = right ^ f;
      right = left;
      left = prev_left;
    }
  }
  return (left << h) | right;
}
SORTSCOPE_HD uint64_t pairing_permutation(const GenParams& gp, uint64_t x, bool inverse) {
  do x = feistel(gp, x, inverse);
  while (x >= gp.n);
  return x;
}
// The index whose sorted key lands at position i after the swaps (i itself when i is not swapped).
SORTSCOPE_HD uint64_t nearly_sorted_source(const GenParams& gp, uint64_t i) {
  if (gp.swaps == 0) return i;
  uint64_t slot = pairing_permutation(gp, i, /*inverse=*/true);
  if (slot >= 2 * gp.swaps) return i;
  return pairing_permutation(gp, slot ^ 1, /*inverse=*/false);
}

// Staggered (Helman, Bader, JaJa 1998, 0-based block b of p): the first half of the blocks take the
// odd ranges 2b+1, the second half the ranges b - p/2 (docs/inputs.md: the thesis omits this case).
SORTSCOPE_HD uint64_t staggered_range(uint64_t b, uint64_t p) {
  return b < p / 2 ? 2 * b + 1 : b - p / 2;
}

// Deterministic duplicates (HBJ): the first p/2 blocks hold log n, the next p/4 blocks log(n/2), and
// so forth; the last block repeats the halving on its own elements (first half log(n/p), ...).
// level(x, parts) = the smallest l with x < parts - floor(parts / 2^(l+1)).
SORTSCOPE_HD uint64_t halving_level(uint64_t x, uint64_t parts) {
  uint64_t l = 0;
  while (l < 63 && x >= parts - (parts >> (l + 1))) ++l;
  return l;
}
SORTSCOPE_HD uint64_t floor_log2(uint64_t x) {
  uint64_t l = 0;
  while (x >>= 1) ++l;
  return l;
}
SORTSCOPE_HD uint64_t det_duplicates_value(const GenParams& gp, uint64_t i) {
  Part block = part_of(i, gp.n, gp.p);
  uint64_t level = halving_level(block.index, gp.p);
  if (block.index == gp.p - 1) level += halving_level(block.offset, block.size);
  uint64_t log_n = floor_log2(gp.n);
  return level < log_n ? log_n - level : 0;
}

// Randomized duplicates (HBJ): block b has a table T of r weights in [0, r-1] with sum S; its
// elements form r consecutive runs, run j holding floor(size*(T0+..+Tj)/S) - floor(size*(T0+..+Tj-1)/S)
// elements that all share one key in [0, r-1]. (All weights zero: the whole block is run 0.)
SORTSCOPE_HD uint64_t rand_duplicates_value(const GenParams& gp, uint64_t i) {
  Part block = part_of(i, gp.n, gp.p);
  const uint64_t table = block.index * gp.r;
  uint64_t sum = 0;
  for (uint64_t j = 0; j < gp.r; ++j) sum += below(rand_word(gp.streams[kDrawTableWeight], table + j), gp.r);
  uint64_t run = 0;
  if (sum != 0) {
    // The first run j whose end floor(size * prefix / sum) lies beyond the offset.
    uint64_t prefix = 0;
    for (run = 0; run < gp.r; ++run) {
      prefix += below(rand_word(gp.streams[kDrawTableWeight], table + run), gp.r);
      if (product_le(block.offset + 1, sum, block.size, prefix)) break;
    }
  }
  return below(rand_word(gp.streams[kDrawTableValue], table + run), gp.r);
}

// The canonical key of element i.
SORTSCOPE_HD Canonical canonical_key(const GenParams& gp, uint64_t i) {
  const uint64_t s0 = gp.streams[kDrawMain];
  switch (gp.dist) {
    case Distribution::Uniform:
      return spread(rand_word(s0, i));
    case Distribution::Gaussian: {
      // floor((u0 + u1 + u2 + u3) / 4), computed without overflowing 64 bits.
      uint64_t high = 0, low = 0;
      for (uint32_t d = 0; d < 4; ++d) {
        uint64_t u = rand_word(gp.streams[kDrawMain + d], i);
        high += u >> 2;
        low += u & 3;
      }
      return spread(high + (low >> 2));
    }
    case Distribution::Zero:
      return count(0);
    case Distribution::Sorted:
      return spread(sorted_word(gp, i));
    case Distribution::ReverseSorted:
      return spread(sorted_word(gp, gp.n - 1 - i));
    case Distribution::NearlySorted:
      return spread(sorted_word(gp, nearly_sorted_source(gp, i)));
    case Distribution::BucketSorted: {
      // Block b's elements fall into p consecutive sub-blocks; sub-block j draws from range j of p.
      Part block = part_of(i, gp.n, gp.p);
      Part sub = part_of(block.offset, block.size, gp.p);
      return spread(random_in_range(rand_word(s0, i), sub.index, gp.p));
    }
    case Distribution::Staggered: {
      Part block = part_of(i, gp.n, gp.p);
      return spread(random_in_range(rand_word(s0, i), staggered_range(block.index, gp.p), gp.p));
    }
    case Distribution::GGroup: {
      // Block b is in group j = b / g; its elements fall into g sub-blocks, sub-block k drawing from
      // range (j*g + p/2 + k) mod p.
      Part block = part_of(i, gp.n, gp.p);
      Part sub = part_of(block.offset, block.size, gp.g);
      uint64_t range = ((block.index / gp.g) * gp.g + gp.p / 2 + sub.index) % gp.p;
      return spread(random_in_range(rand_word(s0, i), range, gp.p));
    }
    case Distribution::DeterministicDuplicates:
      return count(det_duplicates_value(gp, i));
    case Distribution::RandomizedDuplicates:
      return count(rand_duplicates_value(gp, i));
    case Distribution::LowEntropy: {
      // AND of k uniform words: each bit is set with probability 2^-k, entropy H(2^-k) bits per bit.
      uint64_t w = ~uint64_t(0);
      for (uint64_t d = 0; d < gp.k; ++d) w &= rand_word(gp.streams[kDrawMain + d], i);
      return spread(w);
    }
    case Distribution::FewUnique: {
      // `unique` evenly spaced keys, the middles of `unique` equal ranges; each element picks one.
      uint64_t which = below(rand_word(s0, i), gp.unique);
      uint64_t width = ~uint64_t(0) / gp.unique;
      return spread(which * width + width / 2);
    }
    case Distribution::SmallInts:
      // Keys 0..99 of every key type (counts: 0.0..99.0 as floats), uniform: numbers a lecture
      // can read off the bars.
      return count(below(rand_word(s0, i), kSmallIntsKeys));
  }
  return count(0);
}

// ---- canonical key -> native key bits ------------------------------------------------------

// Spread words: integers take the word's top bits as ORDERED bits, so the range runs from the
// type's minimum to its maximum (u32: w >> 32; i32: (w >> 32) - 2^31; u64: w; i64: w - 2^63).
// Floats take a fixed-point grid on [-1, 1): f32 = ((w >> 40) - 2^23) * 2^-23 (24 bits),
// f64 = ((w >> 11) - 2^52) * 2^-52 (53 bits). Both conversions are exact, the grid is monotone in
// w, and the middle of the range is +0.0, so both signs appear. Counts are the number itself.
template <KeyType T>
SORTSCOPE_HD typename KeyTraits<T>::Bits key_bits_from_canonical(Canonical c) {
  using Traits = KeyTraits<T>;
  using Bits = typename Traits::Bits;
  if constexpr (T == KeyType::F32) {
    float f = c.is_count ? float(c.word) : float(int32_t(c.word >> 40) - (int32_t(1) << 23)) * 0x1p-23f;
    Bits b;
    memcpy(&b, &f, sizeof b);
    return b;
  } else if constexpr (T == KeyType::F64) {
    double f = c.is_count ? double(c.word) : double(int64_t(c.word >> 11) - (int64_t(1) << 52)) * 0x1p-52;
    Bits b;
    memcpy(&b, &f, sizeof b);
    return b;
  } else if constexpr (sizeof(Bits) == 4) {
    return c.is_count ? Bits(c.word) : Traits::from_ordered(Bits(c.word >> 32));
  } else {
    return c.is_count ? Bits(c.word) : Traits::from_ordered(Bits(c.word));
  }
}

// Values: value[i] = i (mod 2^32), the input position, so a sort's stability is visible in its
// output (equal keys keep increasing values exactly when the sort was stable).
SORTSCOPE_HD uint32_t value_at(uint64_t i) { return uint32_t(i); }

}  // namespace sortscope::gen
