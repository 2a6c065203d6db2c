#pragma once
// The byte layer of trace files (.sstrace, app/trace/trace_file.h): little-endian numbers, strings
// and arrays appended to a buffer, and read back by a bounded reader. Every read is checked against
// the bytes left, and every count against a cap and against those bytes before anything is
// allocated, so a damaged or hostile file ends in one TraceFormatError naming what was being read,
// never in a crash or a huge allocation. The auxiliary snapshots' codecs (trace_aux.h) use both.
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace sortscope {

// A trace that cannot be read: one line saying what was wrong and where.
struct TraceFormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ByteWriter {
 public:
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T> || std::is_enum_v<T>>>
  void put(T v) {
    static_assert(sizeof(T) <= 8);
    uint8_t b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));  // the program runs on little-endian hosts only (x86-64, aarch64)
    bytes_.insert(bytes_.end(), b, b + sizeof(T));
  }
  void put_bool(bool v) { put<uint8_t>(v ? 1 : 0); }
  void put_string(std::string_view s) {
    put<uint32_t>(uint32_t(s.size()));
    bytes_.insert(bytes_.end(), s.begin(), s.end());
  }
  void put_raw(const void* data, size_t n) {
    const auto* p = static_cast<const uint8_t*>(data);
    bytes_.insert(bytes_.end(), p, p + n);
  }
  // A count (u64) and the elements.
  template <class T>
  void put_vector(const std::vector<T>& v) {
    static_assert(std::is_arithmetic_v<T>);
    put<uint64_t>(v.size());
    if (!v.empty()) put_raw(v.data(), v.size() * sizeof(T));
  }
  std::vector<uint8_t>& bytes() { return bytes_; }
  const std::vector<uint8_t>& bytes() const { return bytes_; }

 private:
  std::vector<uint8_t> bytes_;
};

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}

  size_t left() const { return size_t(end_ - p_); }
  bool done() const { return p_ == end_; }

  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
  T get(const char* what) {
    need(sizeof(T), what);
    T v;
    std::memcpy(&v, p_, sizeof(T));
    p_ += sizeof(T);
    return v;
  }
  bool get_bool(const char* what) {
    const uint8_t v = get<uint8_t>(what);
    if (v > 1) fail(what, "is neither 0 nor 1");
    return v == 1;
  }
  // A finite double (NaN and infinities refused).
  double get_finite(const char* what) {
    const double v = get<double>(what);
    if (!(v == v) || v > 1.7976931348623157e308 || v < -1.7976931348623157e308) fail(what, "is not a finite number");
    return v;
  }
  std::string get_string(const char* what, size_t max_len) {
    const uint32_t n = get<uint32_t>(what);
    if (n > max_len) fail(what, "is " + std::to_string(n) + " bytes long, more than " + std::to_string(max_len));
    need(n, what);
    std::string s(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return s;
  }
  // A count of elements of `elem_bytes` each that follow: at most `max_count`, and no more than the
  // bytes left can hold.
  uint64_t get_count(const char* what, uint64_t max_count, uint64_t elem_bytes) {
    const uint64_t n = get<uint64_t>(what);
    check_count(n, what, max_count, elem_bytes);
    return n;
  }
  void check_count(uint64_t n, const char* what, uint64_t max_count, uint64_t elem_bytes) const {
    if (n > max_count) fail(what, "counts " + std::to_string(n) + ", more than the " + std::to_string(max_count) + " allowed");
    if (elem_bytes && n > left() / elem_bytes)
      fail(what, "counts " + std::to_string(n) + " entries but the file ends before them");
  }
  template <class T>
  std::vector<T> get_vector(const char* what, uint64_t max_count) {
    static_assert(std::is_arithmetic_v<T>);
    const uint64_t n = get_count(what, max_count, sizeof(T));
    std::vector<T> v(static_cast<size_t>(n));
    if (n) std::memcpy(v.data(), p_, size_t(n) * sizeof(T));
    p_ += n * sizeof(T);
    return v;
  }
  // The next `n` bytes (checked), advancing past them.
  const uint8_t* take(size_t n, const char* what) {
    need(n, what);
    const uint8_t* p = p_;
    p_ += n;
    return p;
  }

  [[noreturn]] static void fail(std::string_view what, std::string_view why) {
    throw TraceFormatError(std::string(what) + " " + std::string(why));
  }

 private:
  void need(size_t n, const char* what) const {
    if (n > left()) fail(what, "is cut off (the data ends early)");
  }
  const uint8_t* p_;
  const uint8_t* end_;
};

}  // namespace sortscope
