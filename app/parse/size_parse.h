#pragma once
// Key counts and picture sizes as people type them: 1048576, 1_048_576, 16K, 1M, 1Mi, 2^20, 3*2^20.
// K, M, G and T are powers of two (K = 2^10, M = 2^20, G = 2^30, T = 2^40), as in "a 1M-key sort"
// on a GPU, and the "i" forms (Ki, Mi, Gi, Ti) mean the same; suffixes are case-insensitive.
// Decimal mantissas work when the result is whole (1.5K = 1536). Documented in docs/cli.md.
#include <cstdint>
#include <string>
#include <string_view>

namespace sortscope {

struct SizeParse {
  uint64_t value = 0;
  std::string error;  // empty on success, else one line saying what is wrong with the text
  bool ok() const { return error.empty(); }
};

SizeParse parse_size(std::string_view text);

// "WxH" (e.g. 1280x720): each side within visual/frame_limits.h's one limit (64..8192), so a bad
// size is refused before any work.
struct FrameSize {
  int width = 0, height = 0;
  std::string error;
  bool ok() const { return error.empty(); }
};
FrameSize parse_frame_size(std::string_view text);

// A count in the shortest exact form people read easily: "2^20", "3*2^20", "1000000".
std::string format_size(uint64_t n);

}  // namespace sortscope
