#pragma once
// The shared-memory banks of one level of Satish et al. 2010's bitonic merge network as their GPU
// ran it (§5.3, Fig. 4; extract A.1.6): without a shuffle instruction every level goes through
// shared memory. In the min/max/interleave form of Fig. 2 each level is the same: comparator i of
// a network reads buf[i] and buf[i + S] and writes the min to 2i and the max to 2i + 1, then syncs.
// A half-warp of 16 threads issues each access together on 16 banks (GT200); threads whose words
// fall in one bank at different words are serialised. The written pattern 2i, 2i + 1 is two-way
// conflicted; the paper permutes the offsets and does not print its permutation, so the overlay
// uses a skew of one word per 16 (word a stored at a + a / 16), one permutation that clears the
// conflicts of the paper's 16-wide networks. Plain C++: drawn by
// visual/views/network_merge/network_levels_view.cpp, tested by test_network_merge_network.cpp.
#include <array>
#include <cstdint>
#include <string_view>

namespace sortscope::network_merge {

inline constexpr uint32_t kFig4Banks = 16;       // GT200's shared-memory banks
inline constexpr uint32_t kFig4HalfWarp = 16;    // threads that access shared memory together

enum class Fig4Access : uint8_t { ReadLow, ReadHigh, WriteMin, WriteMax };
inline constexpr std::array<Fig4Access, 4> kFig4Accesses = {Fig4Access::ReadLow, Fig4Access::ReadHigh,
                                                            Fig4Access::WriteMin, Fig4Access::WriteMax};
std::string_view fig4_access_name(Fig4Access a);  // "read buf[i]", ...

// One access of the half-warp's 16 threads (thread t: network t / S, comparator t % S, or
// comparator t of the first network when S >= 16; every network owns 2S words of buf).
struct Fig4BankRow {
  std::array<uint32_t, kFig4HalfWarp> word{};  // the word each thread reads or writes
  std::array<uint32_t, kFig4HalfWarp> bank{};  // word mod 16
  uint32_t ways = 1;                           // the most distinct words in one bank: 1 = conflict-free
};

// `width` S (a power of two, 4..128); `skewed`: the permuted offsets (a + a / 16), else buf[a] at a.
Fig4BankRow fig4_bank_row(uint32_t width, Fig4Access access, bool skewed);

}  // namespace sortscope::network_merge
