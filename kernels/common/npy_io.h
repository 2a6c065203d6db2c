#pragma once
// Key arrays from and to files: NumPy .npy (format versions 1.0, 2.0 and 3.0) and raw
// little-endian keys. Formats: docs/inputs.md ("Your own data").
//   - .npy: a 1-D, C-ordered array of '<u4', '<i4', '<f4', '<u8', '<i8' or '<f8'; or a structured
//     array with fields 'key' (one of those) and 'value' ('<u4'), in either order.
//   - raw: the file is n little-endian keys of the given type, nothing else.
// Every error is a std::runtime_error with one line naming the file and what is wrong.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "host_keys.h"
#include "key_type.h"
#include "npy_header.h"

namespace sortscope {

// A file starting with the .npy magic is read by its header (a raw_key_type that disagrees with the
// header's key type is an error); any other file is raw keys of raw_key_type, which it then needs.
HostKeys read_keys_file(const std::string& path, std::optional<KeyType> raw_key_type);

// Writes keys as a .npy: a plain array of the key type, or a structured array with fields 'key' and
// 'value' when keys has values. Written to a temporary file in the same folder and renamed over
// `path`, so a failure never leaves a half-written file behind.
void write_npy(const std::string& path, const HostKeys& keys);

// Any 1-D, C-ordered .npy as its parsed header and raw data, for readers of other dtypes (records,
// kernels/records/record_npy.h): `item_bytes` checks the header's fields (throwing
// std::runtime_error with what is wrong, reported with the file's name) and returns the bytes of
// one item; the data must be exactly shape[0] items. The same bounded reading as read_keys_file.
struct NpyArray {
  npy::Header header;
  std::vector<uint8_t> data;
};
NpyArray read_npy_array(const std::string& path, const std::function<uint64_t(const npy::Header&)>& item_bytes);
// The parsed header of a regular .npy file, read and checked as read_npy_array reads it (bounded,
// one line naming the file when malformed), without its data: what a command needs to tell a
// records file from a keys file, and its n, before it allocates anything. Nothing for a file that
// is not a regular file (a pipe or FIFO: peeking would consume it) or does not start with the magic.
std::optional<npy::Header> peek_npy_header(const std::string& path);
// A 1-D .npy of n items with `fields` (format_header) and `bytes` of data, written atomically.
void write_npy_array(const std::string& path, const std::vector<npy::Field>& fields, uint64_t n, const void* data,
                     uint64_t bytes);

}  // namespace sortscope
