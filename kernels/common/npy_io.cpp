#include "npy_io.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "npy_header.h"
#include "output_file.h"
#include "run_cancel.h"

namespace sortscope {
namespace {

static_assert(std::endian::native == std::endian::little,
              "npy_io reads and writes little-endian data by copying bytes");

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicBytes = 6;
constexpr size_t kCopyChunk = size_t(1) << 20;  // keys per chunk when (de)interleaving key-value records
// Streams (pipes, FIFOs, terminals, /proc files) have no size to trust: they are read whole into
// memory first, up to this many bytes, waiting at most kStreamWaitMs for each piece of data.
constexpr uint64_t kMaxStreamBytes = uint64_t(4) << 30;
constexpr int kStreamWaitMs = 30'000;

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw std::runtime_error("input file '" + path + "': " + what);
}

// A file opened for reading, with its size; every short read is an error naming the file. A regular
// file is read in place; anything whose size the file system cannot tell (a FIFO, a pipe such as
// /dev/stdin, a terminal, a /proc file that says 0 bytes) is read to its end first, with bounded
// waits, so a FIFO without a writer ends in one line instead of blocking forever.
class InFile {
 public:
  explicit InFile(const std::string& path) : path_(path) {
    // O_NONBLOCK: opening a FIFO does not wait for its writer (the wait is bounded below).
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd_ < 0) fail(path_, std::strerror(errno));
    struct stat st {};
    if (::fstat(fd_, &st) != 0) fail(path_, std::strerror(errno));
    if (S_ISDIR(st.st_mode)) fail(path_, "is a directory, not a file");
    // Terminals and pipes are streams of keys; other devices (/dev/zero, disks) and sockets are not.
    if (S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode) || (S_ISCHR(st.st_mode) && !::isatty(fd_)))
      fail(path_, "is a device or socket, not a file of keys");
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
      ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
      size_ = uint64_t(st.st_size);
    } else {
      slurp(S_ISFIFO(st.st_mode));
    }
  }
  ~InFile() { ::close(fd_); }
  InFile(const InFile&) = delete;
  InFile& operator=(const InFile&) = delete;

  uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }
  void rewind() {
    if (streamed_) {
      stream_pos_ = 0;
      return;
    }
    if (::lseek(fd_, 0, SEEK_SET) != 0) fail(path_, std::strerror(errno));
  }

  void read(void* dst, uint64_t bytes) {
    if (bytes == 0) return;  // an empty array's data() may be null: no memcpy from or to it
    if (streamed_) {
      if (bytes > stream_.size() - stream_pos_) fail(path_, "truncated (the file ended early)");
      std::memcpy(dst, stream_.data() + stream_pos_, size_t(bytes));
      stream_pos_ += size_t(bytes);
      return;
    }
    auto* p = static_cast<char*>(dst);
    while (bytes > 0) {
      ssize_t got = ::read(fd_, p, size_t(std::min<uint64_t>(bytes, uint64_t(1) << 30)));
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) fail(path_, std::strerror(errno));
      if (got == 0) fail(path_, "truncated (the file ended early)");
      p += got;
      bytes -= uint64_t(got);
    }
  }

 private:
  void slurp(bool fifo) {
    streamed_ = true;
    bool waited_for_writer = !fifo;
    char buf[1 << 16];
    for (;;) {
      const ssize_t got = ::read(fd_, buf, sizeof buf);
      if (got > 0) {
        if (stream_.size() + size_t(got) > kMaxStreamBytes)
          fail(path_, "a stream of more than " + std::to_string(kMaxStreamBytes >> 30) +
                          " GiB; save it to a regular file first");
        stream_.insert(stream_.end(), buf, buf + got);
        continue;
      }
      if (got == 0 && (waited_for_writer || !stream_.empty())) break;  // end of file
      if (got == 0) {
        // A FIFO without a writer yet reads as empty: wait (bounded) for one to open it. poll()
        // reports nothing until a writer has come, then data or the writer's close.
        waited_for_writer = true;
      } else if (errno == EINTR) {
        continue;
      } else if (errno != EAGAIN) {
        fail(path_, std::strerror(errno));
      }
      wait_readable();
    }
    size_ = stream_.size();
  }

  // Waits (bounded) until the stream has data or its writer's close. In slices, looking at the run's
  // cancel flag between them (common/run_cancel.h): a signal to the CLI (or the app's cancel) ends
  // the wait as an interrupt, not as an empty file.
  void wait_readable() {
    constexpr int kSliceMs = 200;
    for (int waited = 0; waited < kStreamWaitMs; waited += kSliceMs) {
      pollfd p{fd_, POLLIN, 0};
      const int ready = ::poll(&p, 1, kSliceMs);
      if (ready > 0) return;
      if (ready < 0 && errno != EINTR) fail(path_, std::strerror(errno));
      throw_if_run_cancelled();
    }
    fail(path_, "no data arrived for " + std::to_string(kStreamWaitMs / 1000) +
                    " s (a FIFO or pipe whose writer is not writing)");
  }

  std::string path_;
  int fd_ = -1;
  uint64_t size_ = 0;
  bool streamed_ = false;
  std::vector<char> stream_;
  size_t stream_pos_ = 0;
};

// '<u4' -> U32, ...; anything else is an error saying why.
KeyType key_type_of(const std::string& path, const std::string& dtype) {
  if (dtype.size() == 3 && dtype[0] == '>') fail(path, "big-endian dtype '" + dtype + "' (save it as '<" + dtype.substr(1) + "')");
  if (dtype.size() == 3 && (dtype[0] == '<' || dtype[0] == '=')) {
    std::string code = dtype.substr(1);
    static constexpr std::pair<const char*, KeyType> kCodes[] = {
        {"u4", KeyType::U32}, {"i4", KeyType::I32}, {"f4", KeyType::F32},
        {"u8", KeyType::U64}, {"i8", KeyType::I64}, {"f8", KeyType::F64}};
    for (auto [c, t] : kCodes)
      if (code == c) return t;
  }
  fail(path, "unsupported dtype '" + dtype + "' (supported: <u4 <i4 <f4 <u8 <i8 <f8, or fields key and value '<u4')");
}

std::string npy_code(KeyType type) {
  switch (type) {
    case KeyType::U32: return "<u4";
    case KeyType::I32: return "<i4";
    case KeyType::F32: return "<f4";
    case KeyType::U64: return "<u8";
    case KeyType::I64: return "<i8";
    case KeyType::F64: break;
  }
  return "<f8";
}

std::string shape_text(const std::vector<uint64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

// How the keys (and values) sit in each record of the data.
struct Layout {
  KeyType key = KeyType::U32;
  bool has_values = false;
  size_t key_offset = 0, value_offset = 0, record_bytes = 0;
};

Layout layout_of(const std::string& path, const npy::Header& h) {
  Layout l;
  if (!h.structured) {
    l.key = key_type_of(path, h.fields[0].type);
    l.record_bytes = size_t(key_bytes(l.key));
    return l;
  }
  const npy::Field* key = nullptr;
  const npy::Field* value = nullptr;
  for (const npy::Field& f : h.fields) {
    if (f.name == "key" && !key) key = &f;
    else if (f.name == "value" && !value) value = &f;
    else fail(path, "unsupported structured dtype: field '" + f.name +
                        "' (only fields 'key' and 'value' are read as keys; `run`, `render`, `trace`, `record` and "
                        "`gui` sort a .npy with more fields as records: a file by itself, a pipe or FIFO - read "
                        "once - with a record option, e.g. --layout hybrid)");
  }
  if (!key) fail(path, "structured dtype without a 'key' field");
  l.key = key_type_of(path, key->type);
  size_t offset = 0;
  for (const npy::Field& f : h.fields) {
    if (&f == key) {
      l.key_offset = offset;
      offset += size_t(key_bytes(l.key));
    } else {
      if (f.type != "<u4" && f.type != "=u4") fail(path, "unsupported value dtype '" + f.type + "' (values must be '<u4')");
      l.has_values = true;
      l.value_offset = offset;
      offset += 4;
    }
  }
  l.record_bytes = offset;
  return l;
}

// The preamble and header of a .npy (versions 1.0, 2.0, 3.0; bounded header), parsed; the array
// must be 1-D and C-ordered. Leaves the file at the data; `data_start` is its offset.
npy::Header read_npy_prelude(InFile& file, uint64_t& data_start) {
  const std::string& path = file.path();
  unsigned char preamble[10];
  if (file.size() < sizeof preamble) fail(path, "truncated .npy header");
  file.read(preamble, sizeof preamble);
  const int major = preamble[6], minor = preamble[7];
  // NumPy writes and reads versions 1.0, 2.0 and 3.0 only (numpy.lib.format.read_magic).
  if (minor != 0 || major < 1 || major > 3)
    fail(path, "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor) +
                   " (NumPy writes 1.0, 2.0 and 3.0)");
  uint64_t header_bytes = 0, header_start = 0;
  if (major == 1) {
    header_bytes = uint64_t(preamble[8]) | uint64_t(preamble[9]) << 8;
    header_start = 10;
  } else if (major == 2 || major == 3) {
    unsigned char more[2];
    if (file.size() < 12) fail(path, "truncated .npy header");
    file.read(more, 2);
    header_bytes = uint64_t(preamble[8]) | uint64_t(preamble[9]) << 8 | uint64_t(more[0]) << 16 | uint64_t(more[1]) << 24;
    header_start = 12;
  }
  if (header_bytes > npy::kMaxHeaderBytes)
    fail(path, "a .npy header of " + std::to_string(header_bytes) + " bytes (NumPy reads at most " +
                   std::to_string(npy::kMaxHeaderBytes) + ")");
  if (file.size() < header_start + header_bytes) fail(path, "truncated .npy header");
  std::string text(header_bytes, '\0');
  file.read(text.data(), header_bytes);

  npy::Header h;
  try {
    h = npy::parse_header(text);
  } catch (const std::runtime_error& e) {
    fail(path, e.what());
  }
  if (h.shape.size() != 1) fail(path, "the array is not 1-D (shape " + shape_text(h.shape) + ")");
  if (h.fortran_order) fail(path, "Fortran-ordered array (save it in C order)");
  data_start = header_start + header_bytes;
  return h;
}

// Checks that exactly n items of `item_bytes` follow `data_start`.
void check_npy_data_size(const InFile& file, uint64_t data_start, uint64_t n, uint64_t item_bytes) {
  const std::string& path = file.path();
  const uint64_t available = file.size() - data_start;
  if (n > available / item_bytes)
    fail(path, "truncated data: the header promises " + std::to_string(n) + " items of " +
                   std::to_string(item_bytes) + " bytes but " + std::to_string(available) + " bytes follow");
  if (available > n * item_bytes)
    fail(path, std::to_string(available - n * item_bytes) + " unexpected bytes after the array");
}

HostKeys read_npy(InFile& file, std::optional<KeyType> expected_key) {
  const std::string& path = file.path();
  uint64_t data_start = 0;
  const npy::Header h = read_npy_prelude(file, data_start);
  Layout l = layout_of(path, h);
  if (expected_key && *expected_key != l.key)
    fail(path, "holds " + std::string(key_type_name(l.key)) + " keys, but the key type asked for is " +
                   std::string(key_type_name(*expected_key)));

  const uint64_t n = h.shape[0];
  check_npy_data_size(file, data_start, n, l.record_bytes);

  HostKeys keys(l.key, size_t(n), l.has_values);
  if (!h.structured) {
    file.read(keys.bytes.data(), keys.bytes.size());
    return keys;
  }
  // Structured records: read a chunk of records, then split them into keys and values.
  const size_t kb = size_t(key_bytes(l.key));
  std::vector<unsigned char> records(std::min<uint64_t>(n, kCopyChunk) * l.record_bytes);
  for (uint64_t first = 0; first < n; first += kCopyChunk) {
    const uint64_t count = std::min<uint64_t>(n - first, kCopyChunk);
    file.read(records.data(), count * l.record_bytes);
    for (uint64_t i = 0; i < count; ++i) {
      const unsigned char* rec = records.data() + i * l.record_bytes;
      std::memcpy(keys.bytes.data() + (first + i) * kb, rec + l.key_offset, kb);
      if (l.has_values) std::memcpy(&keys.values[first + i], rec + l.value_offset, 4);
    }
  }
  return keys;
}

HostKeys read_raw(InFile& file, KeyType type) {
  const uint64_t kb = uint64_t(key_bytes(type));
  if (file.size() % kb != 0)
    fail(file.path(), "raw file of " + std::to_string(file.size()) + " bytes is not a multiple of the " +
                          std::string(key_type_name(type)) + " key size (" + std::to_string(kb) + " bytes)");
  HostKeys keys(type, size_t(file.size() / kb), false);
  file.read(keys.bytes.data(), keys.bytes.size());
  return keys;
}

// ---- writing ----

}  // namespace

HostKeys read_keys_file(const std::string& path, std::optional<KeyType> raw_key_type) {
  InFile file(path);
  char magic[kMagicBytes] = {};
  if (file.size() >= kMagicBytes) file.read(magic, kMagicBytes);
  file.rewind();
  if (file.size() >= kMagicBytes && std::memcmp(magic, kMagic, kMagicBytes) == 0)
    return read_npy(file, raw_key_type);
  if (!raw_key_type)
    fail(path, "not a .npy file (no \\x93NUMPY magic); for raw little-endian keys give the key type (--raw-key)");
  return read_raw(file, *raw_key_type);
}

NpyArray read_npy_array(const std::string& path, const std::function<uint64_t(const npy::Header&)>& item_bytes) {
  InFile file(path);
  char magic[kMagicBytes] = {};
  if (file.size() >= kMagicBytes) file.read(magic, kMagicBytes);
  file.rewind();
  if (file.size() < kMagicBytes || std::memcmp(magic, kMagic, kMagicBytes) != 0)
    fail(path, "not a .npy file (no \\x93NUMPY magic)");
  uint64_t data_start = 0;
  NpyArray a;
  a.header = read_npy_prelude(file, data_start);
  uint64_t item = 0;
  try {
    item = item_bytes(a.header);
  } catch (const std::runtime_error& e) {
    fail(path, e.what());
  }
  if (item == 0) fail(path, "items of 0 bytes");
  check_npy_data_size(file, data_start, a.header.shape[0], item);
  a.data.resize(size_t(a.header.shape[0] * item));
  file.read(a.data.data(), a.data.size());
  return a;
}

std::optional<npy::Header> peek_npy_header(const std::string& path) {
  // stat before opening: InFile reads a stream whole, which would leave nothing for the reader.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) return std::nullopt;
  InFile file(path);
  char magic[kMagicBytes] = {};
  if (file.size() < kMagicBytes) return std::nullopt;
  file.read(magic, kMagicBytes);
  if (std::memcmp(magic, kMagic, kMagicBytes) != 0) return std::nullopt;
  file.rewind();
  uint64_t data_start = 0;
  return read_npy_prelude(file, data_start);
}

namespace {

// The magic, the version 1.0 preamble and the header of a 1-D array of n items with `fields`.
void write_npy_prelude(OutputFile& out, const std::vector<npy::Field>& fields, uint64_t n) {
  const std::string header = npy::format_header(fields, n);
  const unsigned char version[4] = {1, 0, uint8_t(header.size() & 0xff), uint8_t(header.size() >> 8)};
  out.write(kMagic, kMagicBytes);
  out.write(version, sizeof version);
  out.write(header.data(), header.size());
}

}  // namespace

void write_npy_array(const std::string& path, const std::vector<npy::Field>& fields, uint64_t n, const void* data,
                     uint64_t bytes) {
  OutputFile out(path);
  write_npy_prelude(out, fields, n);
  out.write(data, size_t(bytes));
  out.commit();
}

void write_npy(const std::string& path, const HostKeys& keys) {
  const uint64_t n = keys.size();
  const size_t kb = size_t(key_bytes(keys.type));
  std::vector<npy::Field> fields;
  if (keys.has_values()) {
    fields = {{"key", npy_code(keys.type)}, {"value", "<u4"}};
  } else {
    fields = {{"", npy_code(keys.type)}};
  }
  OutputFile out(path);
  write_npy_prelude(out, fields, n);
  if (!keys.has_values()) {
    out.write(keys.bytes.data(), keys.bytes.size());
  } else {
    // Interleave (key, value) records a chunk at a time.
    const size_t record = kb + 4;
    std::vector<unsigned char> records(std::min<uint64_t>(n, kCopyChunk) * record);
    for (uint64_t first = 0; first < n; first += kCopyChunk) {
      const uint64_t count = std::min<uint64_t>(n - first, kCopyChunk);
      for (uint64_t i = 0; i < count; ++i) {
        std::memcpy(records.data() + i * record, keys.bytes.data() + (first + i) * kb, kb);
        std::memcpy(records.data() + i * record + kb, &keys.values[first + i], 4);
      }
      out.write(records.data(), count * record);
    }
  }
  out.commit();
}

}  // namespace sortscope
