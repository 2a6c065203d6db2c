#pragma once
// The words around a number in a caption: "1 block fills an 8 x 1 table", "3 blocks fill a 16 x 3
// table". Captions are built from counts that reach 1 at lecture sizes (one block, one bucket, one
// run) and numbers that start with a vowel sound (8, 11, 18, 80); every caption builder takes its
// plural and article from here rather than writing "{} blocks" or "a {}".
#include <cstdint>
#include <string>
#include <string_view>

namespace sortscope {

// `noun` for one, else its plural: `plural` where given, else noun + "es" after s, x, z, ch or sh
// ("pass" -> "passes"), else noun + "s" ("block" -> "blocks").
std::string noun_for(uint64_t n, std::string_view noun, std::string_view plural = {});
// "1 block", "3 blocks", "1 pass", "2 passes": the count and its noun.
std::string counted(uint64_t n, std::string_view noun, std::string_view plural = {});
// The verb agreeing with a count: verb_for(1, "fills", "fill") is "fills", for 3 "fill".
inline const char* verb_for(uint64_t n, const char* one, const char* many) { return n == 1 ? one : many; }
// "a" or "an" before the number n written in digits, as it is read aloud: "an" before eight,
// eleven, eighteen, eighty-, eight hundred (and their thousands, millions: "an 8192", "an 11000",
// "an 80 M"), "a" before every other number ("a 16", "a 1024", "a 100").
const char* article_for(uint64_t n);
// "an 8", "a 16": the article and the number.
std::string with_article(uint64_t n);
// "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd": the number as an ordinal, for
// "every 2nd key" where a count picks every n-th of something.
std::string ordinal(uint64_t n);

}  // namespace sortscope
