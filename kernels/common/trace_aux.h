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
#include <functional>
#include <string>
#include <typeindex>
#include <unordered_map>

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

  // T stored as `name` by encode(w, t) and read back by decode(r) (which throws TraceFormatError
  // on anything inconsistent).
  template <class T>
  void add(std::string name, void (*encode)(ByteWriter&, const T&), T (*decode)(ByteReader&)) {
    Codec c;
    c.name = std::move(name);
    c.encode = [encode](ByteWriter& w, const AuxData& a) { encode(w, *a.get<T>()); };
    c.decode = [decode](ByteReader& r) { return AuxData(decode(r)); };
    add(typeid(T), std::move(c));
  }

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

}  // namespace sortscope
