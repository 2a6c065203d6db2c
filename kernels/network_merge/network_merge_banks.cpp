#include "network_merge_banks.h"

#include <algorithm>

namespace sortscope::network_merge {

std::string_view fig4_access_name(Fig4Access a) {
  switch (a) {
    case Fig4Access::ReadLow: return "read buf[i]";
    case Fig4Access::ReadHigh: return "read buf[i+S]";
    case Fig4Access::WriteMin: return "min to 2i";
    case Fig4Access::WriteMax: return "max to 2i+1";
  }
  return "";
}

Fig4BankRow fig4_bank_row(uint32_t width, Fig4Access access, bool skewed) {
  Fig4BankRow row;
  for (uint32_t t = 0; t < kFig4HalfWarp; ++t) {
    const uint32_t net = t / width, i = t % width, base = net * 2 * width;
    uint32_t slot = 0;
    switch (access) {
      case Fig4Access::ReadLow: slot = i; break;
      case Fig4Access::ReadHigh: slot = i + width; break;
      case Fig4Access::WriteMin: slot = 2 * i; break;
      case Fig4Access::WriteMax: slot = 2 * i + 1; break;
    }
    const uint32_t a = base + slot;
    row.word[t] = skewed ? a + a / kFig4Banks : a;
    row.bank[t] = row.word[t] % kFig4Banks;
  }
  // Ways: distinct words per bank (threads reading one word share it: a broadcast).
  for (uint32_t b = 0; b < kFig4Banks; ++b) {
    std::array<uint32_t, kFig4HalfWarp> words{};
    uint32_t count = 0;
    for (uint32_t t = 0; t < kFig4HalfWarp; ++t)
      if (row.bank[t] == b && std::find(words.begin(), words.begin() + count, row.word[t]) == words.begin() + count)
        words[count++] = row.word[t];
    row.ways = std::max(row.ways, count);
  }
  return row;
}

}  // namespace sortscope::network_merge
