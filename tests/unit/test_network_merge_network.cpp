// The merging primitives of network-merge (kernels/network_merge/network_merge_network.h,
// Satish et al. 2010 §5.2.1, §5.3): the bitonic network merges two sorted S-vectors for every
// width; the retained-vector merge equals std::merge on keys and keeps every (key, value) pair,
// for odd lengths, empty lists, duplicates and all-equal keys, in about (|A|+|B|)/S network calls.
// Fig. 4's banks: the interleaved writes conflict two ways, the skewed offsets clear them (S = 16).
// The bitonic sorting network of the block sort (primitives/networks/bitonic_network.h): thread t's
// comparators cover every position once per layer, pair it with BitonicLayer's partner, and the
// host stages sort a tile.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "network_merge/network_merge_banks.h"
#include "network_merge/network_merge_network.h"
#include "primitives/networks/bitonic_network.h"

namespace sortscope::network_merge {
namespace {

using Pair = std::pair<std::uint32_t, std::uint32_t>;  // (key, value); only keys compared (§7)
const auto kKeyLess = [](const Pair& x, const Pair& y) { return x.first < y.first; };

std::vector<Pair> sorted_list(std::size_t n, std::uint32_t key_range, std::uint32_t value_base, std::mt19937& rng) {
  std::vector<Pair> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = {static_cast<std::uint32_t>(rng() % key_range), value_base + std::uint32_t(i)};
  std::sort(v.begin(), v.end());
  return v;
}

TEST(BitonicNetwork, ComparatorsCoverEveryPositionOnceWithTheLayersPartner) {
  const std::uint32_t n = 1024;
  for (int log_k = 1; (1u << log_k) <= n; ++log_k)
    for (int log_j = log_k - 1; log_j >= 0; --log_j) {
      const BitonicLayer layer{log_k, log_j};
      std::vector<int> seen(n, 0);
      for (std::uint32_t t = 0; t < n / 2; ++t) {
        const ComparatorPair<std::uint32_t> c = bitonic_comparator(t, 1u << log_k, 1u << log_j);
        ASSERT_LT(c.lo, c.hi);
        ASSERT_LT(c.hi, n);
        EXPECT_EQ(c.hi, c.lo ^ layer.xor_mask()) << "k=" << (1 << log_k) << " j=" << (1 << log_j) << " t=" << t;
        ++seen[c.lo];
        ++seen[c.hi];
      }
      EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), std::ptrdiff_t(n)) << "k=" << (1 << log_k) << " j=" << (1 << log_j);
    }
}

TEST(BitonicNetwork, HostStagesSortATile) {
  std::mt19937 rng(11);
  for (std::uint32_t len : {2u, 16u, 256u}) {
    std::vector<std::uint32_t> tile(len);
    for (auto& x : tile) x = std::uint32_t(rng() % 50);
    std::vector<std::uint32_t> want = tile;
    std::sort(want.begin(), want.end());
    for (int stage = 0; (2u << stage) <= len; ++stage)
      bitonic_sort_stage(tile.data(), len, stage, [](std::uint32_t x, std::uint32_t y) { return x < y; });
    EXPECT_EQ(tile, want) << "len " << len;
  }
}

TEST(NetworkMergeNetwork, MergesTwoSortedVectorsForEveryWidth) {
  std::mt19937 rng(7);
  for (std::size_t s : {4u, 8u, 16u, 32u, 64u}) {
    for (int trial = 0; trial < 50; ++trial) {
      auto a = sorted_list(s, 100, 0, rng), b = sorted_list(s, 100, 1000, rng);
      std::vector<NetworkSlot<Pair>> buf(2 * s);
      for (std::size_t i = 0; i < s; ++i) buf[i] = {a[i], false}, buf[s + i] = {b[i], false};
      bitonic_merge_network(buf.data(), s, kKeyLess);
      std::vector<Pair> got, want;
      for (auto& slot : buf) got.push_back(slot.item);
      want = a;
      want.insert(want.end(), b.begin(), b.end());
      for (std::size_t i = 1; i < got.size(); ++i) ASSERT_LE(got[i - 1].first, got[i].first) << "s=" << s;
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
      ASSERT_EQ(got, want) << "s=" << s;
    }
  }
}

TEST(NetworkMergeNetwork, RetainedVectorMergeSortsAndKeepsEveryPair) {
  std::mt19937 rng(11);
  const std::pair<std::size_t, std::size_t> sizes[] = {{0, 0}, {0, 5}, {5, 0}, {1, 1}, {3, 17}, {16, 16},
                                                       {100, 1}, {257, 255}, {1000, 999}};
  for (std::size_t s : {4u, 16u, 64u}) {
    for (auto [na, nb] : sizes) {
      for (std::uint32_t range : {1u, 3u, 1000000u}) {  // all equal, heavy duplicates, distinct
        auto a = sorted_list(na, range, 0, rng), b = sorted_list(nb, range, 1u << 20, rng);
        std::vector<Pair> out(na + nb);
        const std::size_t calls = retained_vector_merge(a.data(), na, b.data(), nb, out.data(), s, kKeyLess);
        for (std::size_t i = 1; i < out.size(); ++i) ASSERT_LE(out[i - 1].first, out[i].first);
        std::vector<Pair> want(na + nb);
        std::merge(a.begin(), a.end(), b.begin(), b.end(), want.begin());
        std::vector<Pair> got = out;
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        ASSERT_EQ(got, want) << "s=" << s << " na=" << na << " nb=" << nb;
        // One call per S keys loaded after the first retained vector (§5.2.1: about L/S).
        const std::size_t blocks = (na + s - 1) / s + (nb + s - 1) / s;
        ASSERT_LE(calls, blocks);
      }
    }
  }
}

TEST(NetworkMergeNetwork, ChunksCutAtSplittersGiveTheWholeMerge) {
  std::mt19937 rng(13);
  using T = merge::PairsU32;
  for (std::size_t chunks : {1u, 2u, 3u, 7u, 64u}) {
    for (auto [na, nb] : {std::pair<std::size_t, std::size_t>{0, 9}, {9, 0}, {1000, 333}, {4097, 4095}}) {
      for (std::uint32_t range : {1u, 5u, 1000000u}) {
        std::vector<T::Item> a(na), b(nb), out(na + nb), want;
        for (std::size_t i = 0; i < na; ++i) a[i] = T::make(rng() % range, std::uint32_t(i));
        for (std::size_t i = 0; i < nb; ++i) b[i] = T::make(rng() % range, std::uint32_t(1u << 20 | i));
        const auto by_key = [](T::Item x, T::Item y) { return T::key(x) < T::key(y); };
        std::sort(a.begin(), a.end(), by_key);
        std::sort(b.begin(), b.end(), by_key);
        chunked_network_merge<T>(a.data(), na, b.data(), nb, out.data(), 16, chunks);
        for (std::size_t i = 1; i < out.size(); ++i) ASSERT_LE(T::key(out[i - 1]), T::key(out[i]));
        want = a;
        want.insert(want.end(), b.begin(), b.end());
        std::sort(want.begin(), want.end());
        std::sort(out.begin(), out.end());
        ASSERT_EQ(out, want) << "chunks=" << chunks << " na=" << na << " nb=" << nb;
      }
    }
  }
}

TEST(NetworkMergeNetwork, Fig4BanksInterleavedWritesConflictSkewedOnesDoNot) {
  // The paper's 16-wide network on 16 banks: contiguous reads are conflict-free either way; the
  // writes to 2i and 2i + 1 hit the even (odd) banks twice, the skew spreads them over all 16.
  for (Fig4Access a : kFig4Accesses) {
    const bool write = a == Fig4Access::WriteMin || a == Fig4Access::WriteMax;
    const Fig4BankRow naive = fig4_bank_row(16, a, false), skewed = fig4_bank_row(16, a, true);
    EXPECT_EQ(naive.ways, write ? 2u : 1u) << fig4_access_name(a);
    EXPECT_EQ(skewed.ways, 1u) << fig4_access_name(a);
    for (uint32_t t = 0; t < kFig4HalfWarp; ++t) {
      EXPECT_EQ(naive.bank[t], naive.word[t] % kFig4Banks);
      EXPECT_EQ(skewed.word[t], naive.word[t] + naive.word[t] / 16);
    }
  }
  EXPECT_EQ(fig4_bank_row(16, Fig4Access::WriteMax, false).word[15], 31u);
  EXPECT_EQ(fig4_bank_row(16, Fig4Access::ReadHigh, true).word[0], 17u);
  // S = 4: four networks of 8 words share a half-warp; their low reads repeat banks 0..3 two ways.
  const Fig4BankRow four = fig4_bank_row(4, Fig4Access::ReadLow, false);
  EXPECT_EQ(four.word[5], 9u);
  EXPECT_EQ(four.ways, 2u);
}

}  // namespace
}  // namespace sortscope::network_merge
