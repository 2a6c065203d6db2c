#pragma once
// The scatter map of one pass: where every key of the pass input goes (the arrows source ->
// destination a view draws for small n). Recorded by radix and split radix alike.
#include <cstdint>
#include <vector>

namespace sortscope {

// Small n: where every key of the pass input goes (the arrows source -> destination).
struct ScatterMap {
  std::vector<uint32_t> dest;
};

}  // namespace sortscope
