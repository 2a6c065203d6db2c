#pragma once
// The one place a word size (4 or 8 bytes of ordered bits, key_type.h) becomes the unsigned word
// type: with_word(word_bytes, what, f) calls f(uint32_t{}) or f(uint64_t{}). Plain C++.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace sortscope {

template <class F>
void with_word(int word_bytes, const char* what, F&& f) {
  if (word_bytes == 4)
    f(uint32_t{});
  else if (word_bytes == 8)
    f(uint64_t{});
  else
    throw std::logic_error(std::string(what) + ": words must be 4 or 8 bytes");
}

}  // namespace sortscope
