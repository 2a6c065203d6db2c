#pragma once
// The header of a NumPy .npy file (https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html):
// a Python dict literal {'descr': ..., 'fortran_order': ..., 'shape': (...)}. This parses the small
// subset of Python literals those headers use (dicts, lists, tuples, strings, integers, booleans)
// and formats the header Sortscope writes. Used by npy_io.cpp.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sortscope::npy {

// One field of a dtype: its name ("" for a plain array) and type string, e.g. "<u4".
struct Field {
  std::string name;
  std::string type;
};

struct Header {
  std::vector<Field> fields;     // one unnamed field for a plain dtype, else the structured fields
  bool structured = false;
  bool fortran_order = false;
  std::vector<uint64_t> shape;
};

// NumPy's own limit on a header's length (numpy.lib.format, max_header_size): longer headers are
// refused before they are read.
constexpr uint64_t kMaxHeaderBytes = 10000;

// Parses the dict text; throws std::runtime_error (without the file name) on anything malformed,
// on nesting deeper than a .npy header needs, on duplicate keys and on keys NumPy does not write.
Header parse_header(std::string_view text);

// The dict text for a 1-D array of n items with the given fields (one unnamed field: plain dtype),
// padded with spaces and ended by '\n' so that the 10-byte version 1.0 preamble plus the text is a
// multiple of 64 bytes.
std::string format_header(const std::vector<Field>& fields, uint64_t n);

}  // namespace sortscope::npy
