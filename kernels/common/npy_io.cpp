#include "npy_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <vector>

#include "npy_header.h"

namespace sortscope {
namespace {

static_assert(std::endian::native == std::endian::little,
              "npy_io reads and writes little-endian data by copying bytes");

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicBytes = 6;
constexpr size_t kCopyChunk = size_t(1) << 20;  // keys per chunk when (de)interleaving key-value records

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw std::runtime_error("input file '" + path + "': " + what);
}

// A file opened for reading, with its size; every short read is an error naming the file.
class InFile {
 public:
  explicit InFile(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) fail(path_, std::strerror(errno));
    struct stat st {};
    if (::fstat(fd_, &st) != 0) fail(path_, std::strerror(errno));
    if (S_ISDIR(st.st_mode)) fail(path_, "is a directory, not a file");
    size_ = uint64_t(st.st_size);
  }
  ~InFile() { ::close(fd_); }
  InFile(const InFile&) = delete;
  InFile& operator=(const InFile&) = delete;

  uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }
  void rewind() {
    if (::lseek(fd_, 0, SEEK_SET) != 0) fail(path_, std::strerror(errno));
  }

  void read(void* dst, uint64_t bytes) {
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
  std::string path_;
  int fd_ = -1;
  uint64_t size_ = 0;
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
    else fail(path, "unsupported structured dtype: field '" + f.name + "' (only fields 'key' and 'value' are read)");
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

HostKeys read_npy(InFile& file, std::optional<KeyType> expected_key) {
  const std::string& path = file.path();
  unsigned char preamble[10];
  if (file.size() < sizeof preamble) fail(path, "truncated .npy header");
  file.read(preamble, sizeof preamble);
  const int major = preamble[6], minor = preamble[7];
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
  } else {
    fail(path, "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor));
  }
  if (file.size() < header_start + header_bytes) fail(path, "truncated .npy header");
  std::string text(header_bytes, '\0');
  file.read(text.data(), header_bytes);

  npy::Header h;
  try {
    h = npy::parse_header(text);
  } catch (const std::runtime_error& e) {
    fail(path, e.what());
  }
  Layout l = layout_of(path, h);
  if (h.shape.size() != 1) fail(path, "the array is not 1-D (shape " + shape_text(h.shape) + ")");
  if (h.fortran_order) fail(path, "Fortran-ordered array (save it in C order)");
  if (expected_key && *expected_key != l.key)
    fail(path, "holds " + std::string(key_type_name(l.key)) + " keys, but the key type asked for is " +
                   std::string(key_type_name(*expected_key)));

  const uint64_t n = h.shape[0];
  const uint64_t data_start = header_start + header_bytes;
  const uint64_t available = file.size() - data_start;
  if (n > available / l.record_bytes)
    fail(path, "truncated data: the header promises " + std::to_string(n) + " items (" +
                   std::to_string(n * l.record_bytes) + " bytes) but " + std::to_string(available) + " bytes follow");
  if (available > n * l.record_bytes)
    fail(path, std::to_string(available - n * l.record_bytes) + " unexpected bytes after the array");

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

[[noreturn]] void fail_write(const std::string& path, const std::string& what) {
  throw std::runtime_error("cannot write '" + path + "': " + what);
}

// A new file beside `path`, removed again unless commit() renames it over `path`.
class TempFile {
 public:
  explicit TempFile(const std::string& path) : path_(path) {
    std::filesystem::path target(path);
    std::filesystem::path dir = target.parent_path().empty() ? std::filesystem::path(".") : target.parent_path();
    std::random_device rd;
    for (int attempt = 0; attempt < 16 && fd_ < 0; ++attempt) {
      std::string name = ".";  // hidden, beside the target, unique per process and attempt
      name += target.filename().string();
      name += ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(rd());
      temp_ = (dir / name).string();
      fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd_ < 0 && errno != EEXIST) fail_write(path_, std::strerror(errno));
    }
    if (fd_ < 0) fail_write(path_, "could not create a temporary file beside it");
  }
  ~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(temp_.c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  void write(const void* src, uint64_t bytes) {
    auto* p = static_cast<const char*>(src);
    while (bytes > 0) {
      ssize_t put = ::write(fd_, p, size_t(std::min<uint64_t>(bytes, uint64_t(1) << 30)));
      if (put < 0 && errno == EINTR) continue;
      if (put < 0) fail_write(path_, std::strerror(errno));
      p += put;
      bytes -= uint64_t(put);
    }
  }
  void commit() {
    int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail_write(path_, std::strerror(errno));
    if (::rename(temp_.c_str(), path_.c_str()) != 0) fail_write(path_, std::strerror(errno));
    committed_ = true;
  }

 private:
  std::string path_, temp_;
  int fd_ = -1;
  bool committed_ = false;
};

}  // namespace

HostKeys read_keys_file(const std::string& path, std::optional<KeyType> raw_key_type) {
  InFile file(path);
  char magic[kMagicBytes] = {};
  if (file.size() >= kMagicBytes) file.read(magic, kMagicBytes);
  file.rewind();
  if (file.size() >= kMagicBytes && std::memcmp(magic, kMagic, kMagicBytes) == 0)
    return read_npy(file, raw_key_type);
  if (!raw_key_type)
    fail(path, "not a .npy file (no \\x93NUMPY magic); for raw little-endian keys give the key type (--key)");
  return read_raw(file, *raw_key_type);
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
  const std::string header = npy::format_header(fields, n);

  TempFile out(path);
  const unsigned char version[4] = {1, 0, uint8_t(header.size() & 0xff), uint8_t(header.size() >> 8)};
  out.write(kMagic, kMagicBytes);
  out.write(version, sizeof version);
  out.write(header.data(), header.size());
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
