#pragma once
// How a trace file (app/trace/trace_file.h) stores a step's auxiliary snapshots (aux_data.h). The
// snapshot types belong to their families, so their codecs do too: each family registers one
// encoder and one decoder per type from its own folder, in `register_<family>_aux_codecs(
// AuxCodecRegistry&)` (`kernels/<family>/<family>_aux_codec.cpp`), and one line
// `sortscope_add_aux_codecs(<family>)` in kernels/CMakeLists.txt adds that call to the generated
// list aux_codec_registry() runs once (the same shape as the view registry, visual/views/
// view_registry.h, for the same reason: a static library drops self-registering objects).
//
// A type is stored under a stable name ("radix.digit-histogram"), so traces do not depend on the
// compiler's type names. Decoders read through a bounded ByteReader (trace_bytes.h) and check the
// snapshot's own invariants (sizes that the views index by), so a hostile file cannot make a view
// read out of bounds: anything inconsistent ends in a TraceFormatError.
#include <algorithm>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeindex>
#include <unordered_map>
#include <vector>

#include "aux_data.h"
#include "trace_bytes.h"

namespace sortscope {

class AuxCodecRegistry {
 public:
  struct Codec {
    std::string name;
    std::function<void(ByteWriter&, const AuxData&)> encode;
    std::function<AuxData(ByteReader&)> decode;
  };

  // T stored as `name`: its fields listed once by `fields(io, t)` (a generic callable, see
  // AuxFieldWriter/AuxFieldReader below), written and read in that order, and `check(t)` run on
  // what was read (it throws TraceFormatError, through ByteReader::fail, on anything the views
  // could not index). `label` names the type in error messages ("digit histogram: rows ...").
  template <class T, class Fields>
  void add(std::string name, std::string label, Fields fields, void (*check)(const T&) = nullptr);

  // The codec of the snapshot's type / of a stored name; null when none was registered.
  const Codec* find(const AuxData& a) const;
  const Codec* find(const std::string& name) const;

 private:
  void add(std::type_index type, Codec c);  // throws std::logic_error for a type or name given twice
  std::unordered_map<std::type_index, Codec> by_type_;
  std::unordered_map<std::string, std::type_index> by_name_;
};

// The program's registry: every family added with sortscope_add_aux_codecs, built on first use.
const AuxCodecRegistry& aux_codec_registry();

// Limits the decoders share: entries of one snapshot vector (a histogram of 2^16 digits x 2^14
// rows stays below it), and a helper for "this vector has exactly `want` entries".
constexpr uint64_t kMaxAuxEntries = uint64_t(1) << 28;
template <class V>
void require_size(const V& v, uint64_t want, const char* what) {
  if (v.size() != want)
    ByteReader::fail(what, "has " + std::to_string(v.size()) + " entries where " + std::to_string(want) +
                               " belong");
}

// The two sides of a snapshot type's field list. A field list is a generic callable
//   [](auto& io, auto& t) { io("pass", t.pass); io("counts", t.counts); io.choice("kind", t.kind, Kind::Last); }
// io(name, member) stores numbers, bools (one byte), doubles (finite on reading) and vectors of
// numbers (a count, capped at kMaxAuxEntries, and the elements); io.choice stores an enum as one
// byte whose value may not pass `last`; io.records stores a vector of structs, each by its own
// field list, at most `max_count` of them. Fields added to a type after traces of it were written
// go at the end of its list behind `if (!io.at_end())`: a trace written before ends there, and its
// reader leaves them at their defaults (the format version stays 1, docs/traces.md).
class AuxFieldWriter {
 public:
  explicit AuxFieldWriter(ByteWriter& w) : w_(w) {}
  template <class T>
  void operator()(const char*, const T& v) {
    if constexpr (std::is_same_v<T, bool>) w_.put_bool(v);
    else if constexpr (std::is_arithmetic_v<T>) w_.put<T>(v);
    else w_.put_vector(v);
  }
  template <class E>
  void choice(const char*, const E& v, E) { w_.put<uint8_t>(uint8_t(v)); }
  template <class R, class Fields>
  void records(const char*, const std::vector<R>& v, uint64_t, Fields fields) {
    w_.put<uint64_t>(v.size());
    for (const R& r : v) fields(*this, r);
  }
  bool at_end() const { return false; }  // a writer writes every field

 private:
  ByteWriter& w_;
};

class AuxFieldReader {
 public:
  AuxFieldReader(ByteReader& r, std::string_view label) : r_(r), label_(label) {}
  template <class T>
  void operator()(const char* name, T& v) {
    const std::string what = label_ + ": " + name;
    if constexpr (std::is_same_v<T, bool>) v = r_.get_bool(what.c_str());
    else if constexpr (std::is_floating_point_v<T>) v = T(r_.get_finite(what.c_str()));
    else if constexpr (std::is_arithmetic_v<T>) v = r_.get<T>(what.c_str());
    else v = r_.get_vector<typename T::value_type>(what.c_str(), kMaxAuxEntries);
  }
  template <class E>
  void choice(const char* name, E& v, E last) {
    const std::string what = label_ + ": " + name;
    const uint8_t b = r_.get<uint8_t>(what.c_str());
    if (b > uint8_t(last)) ByteReader::fail(what, "is unknown");
    v = E(b);
  }
  template <class R, class Fields>
  void records(const char* name, std::vector<R>& v, uint64_t max_count, Fields fields) {
    const std::string what = label_ + ": " + name;
    // Each record takes at least the bytes a default one encodes to, which bounds the count by
    // the bytes left before anything is allocated.
    ByteWriter probe;
    AuxFieldWriter probe_io(probe);
    const R empty{};
    fields(probe_io, empty);
    const uint64_t n = r_.get_count(what.c_str(), max_count, std::max<uint64_t>(1, probe.bytes().size()));
    v.clear();
    v.reserve(size_t(n));
    for (uint64_t i = 0; i < n; ++i) {
      R r{};
      fields(*this, r);
      v.push_back(std::move(r));
    }
  }
  // The snapshot's bytes end here: a trace written before the fields that follow were added.
  bool at_end() const { return r_.done(); }

 private:
  ByteReader& r_;
  std::string label_;
};

template <class T, class Fields>
void AuxCodecRegistry::add(std::string name, std::string label, Fields fields, void (*check)(const T&)) {
  Codec c;
  c.name = std::move(name);
  c.encode = [fields](ByteWriter& w, const AuxData& a) {
    AuxFieldWriter io(w);
    fields(io, *a.get<T>());
  };
  c.decode = [fields, check, label = std::move(label)](ByteReader& r) {
    T t{};
    AuxFieldReader io(r, label);
    fields(io, t);
    if (check) check(t);
    return AuxData(std::move(t));
  };
  add(typeid(T), std::move(c));
}

}  // namespace sortscope
