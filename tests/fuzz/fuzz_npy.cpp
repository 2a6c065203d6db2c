// Fuzz target: a whole .npy (or raw) key file as read_keys_file reads it: the magic, version,
// header length, the header dict (npy_header.cpp's recursive parser), the dtype and the data. The
// bytes are served from a memory file through /proc/self/fd, the path the loader opens. The first
// byte chooses the key type asked for (none: the header decides); a first byte with bit 7 set reads
// the file as records instead (kernels/records/record_npy.h: a structured array with a 'key' field
// and 32-bit numeric fields), in the layout its low two bits choose, after peek_records_npy has read
// its header alone: both must agree (n, key type, fields) where both accept it. A file read as keys
// must not peek as records (the commands pick the reader by that peek).
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>

#include "common/npy_io.h"
#include "records/record_npy.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const int fd = ::memfd_create("fuzz_npy", 0);
  if (fd < 0) return 0;
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, data + 1, size - 1, 0) != ssize_t(size - 1)) return 0;
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  if (data[0] & 0x80) {
    std::optional<sortscope::RecordNpyPeek> peek;
    bool peeked = false;
    try {
      peek = sortscope::peek_records_npy(path);
      peeked = true;
    } catch (const std::runtime_error&) {
    }
    try {
      const sortscope::RecordNpy r = sortscope::read_records_npy(path, sortscope::kAllRecordLayouts[(data[0] & 3) % 3]);
      // Read whole, so its header is fine: the peek saw the same (records, unless it is a keys dtype).
      if (!peeked) std::abort();
      if (peek && (peek->n != r.records.n || peek->key != r.records.shape.key || peek->fields != r.records.shape.fields ||
                   peek->item_bytes != r.records.shape.key_size() + 4ull * r.records.shape.fields))
        std::abort();
    } catch (const std::runtime_error&) {
    }
    return 0;
  }
  std::optional<sortscope::KeyType> raw;
  if (data[0] < 6) raw = static_cast<sortscope::KeyType>(data[0]);
  bool keys = false;
  try {
    sortscope::read_keys_file(path, raw);
    keys = true;
  } catch (const std::runtime_error&) {
    // Refusing with one line is the expected outcome for most inputs.
  }
  if (keys && sortscope::peek_records_npy(path)) std::abort();  // keys must never be taken for records
  return 0;
}
