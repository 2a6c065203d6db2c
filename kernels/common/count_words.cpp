#include "count_words.h"

namespace sortscope {

std::string noun_for(uint64_t n, std::string_view noun, std::string_view plural) {
  if (n == 1) return std::string(noun);
  if (!plural.empty()) return std::string(plural);
  const auto ends = [&](std::string_view tail) {
    return noun.size() >= tail.size() && noun.substr(noun.size() - tail.size()) == tail;
  };
  const bool sibilant = ends("s") || ends("x") || ends("z") || ends("ch") || ends("sh");
  return std::string(noun) + (sibilant ? "es" : "s");
}

std::string counted(uint64_t n, std::string_view noun, std::string_view plural) {
  return std::to_string(n) + " " + noun_for(n, noun, plural);
}

const char* article_for(uint64_t n) {
  // The number is read from its leading group of up to three digits ("eleven thousand", "eight
  // hundred twelve"): that group alone decides the sound it starts with.
  while (n >= 1000) n /= 1000;
  const bool vowel = n == 8 || n == 11 || n == 18 || (n >= 80 && n <= 89) || (n >= 800 && n <= 899);
  return vowel ? "an" : "a";
}

std::string with_article(uint64_t n) { return std::string(article_for(n)) + " " + std::to_string(n); }

std::string ordinal(uint64_t n) {
  // 11, 12 and 13 (and 111, 212, ...) are read "eleventh", "twelfth", "thirteenth": th.
  const uint64_t tens = n % 100, ones = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

}  // namespace sortscope
