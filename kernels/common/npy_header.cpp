#include "npy_header.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace sortscope::npy {
namespace {

// A parsed Python literal: only what .npy headers contain.
struct Literal {
  enum class Kind { Dict, List, Tuple, Str, Int, Bool, None } kind = Kind::None;
  std::string str;
  uint64_t integer = 0;
  bool boolean = false;
  std::vector<Literal> items;                          // list / tuple
  // dict (string keys only), as parallel lists: a std::pair holding the still incomplete Literal
  // is not portable (clang with libstdc++ refuses it).
  std::vector<std::string> keys;
  std::vector<Literal> values;
};

// Bounds on what a header may hold, so that no input can exhaust the stack or the heap: NumPy's
// own headers nest at most four deep (dict, list of fields, field tuple, shape tuple).
constexpr int kMaxDepth = 16;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Literal parse_document() {
    Literal v = parse_value();
    skip_space();
    if (pos_ != text_.size()) fail("unexpected text after the header dict");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("malformed .npy header (" + what + ")");
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!accept(c)) fail(std::string("expected '") + c + "'");
  }

  Literal parse_value() {
    skip_space();
    if (pos_ >= text_.size()) fail("unexpected end");
    char c = text_[pos_];
    if (c == '{' || c == '[' || c == '(') {
      // The parser recurses once per nesting level: bounded here, not by the stack.
      if (depth_ >= kMaxDepth) fail("nested more than " + std::to_string(kMaxDepth) + " levels deep");
      ++depth_;
      Literal v = c == '{'   ? parse_dict()
                  : c == '[' ? parse_sequence('[', ']', Literal::Kind::List)
                             : parse_sequence('(', ')', Literal::Kind::Tuple);
      --depth_;
      return v;
    }
    if (c == '\'' || c == '"') return parse_string();
    if (std::isdigit(static_cast<unsigned char>(c))) return parse_int();
    return parse_word();
  }

  Literal parse_dict() {
    Literal d;
    d.kind = Literal::Kind::Dict;
    expect('{');
    while (!accept('}')) {
      Literal key = parse_value();
      if (key.kind != Literal::Kind::Str) fail("dict key is not a string");
      // Python keeps the last of two equal keys, which would make this file mean something else
      // here than in NumPy: refused.
      for (const std::string& k : d.keys)
        if (k == key.str) fail("key '" + key.str + "' appears twice");
      expect(':');
      d.keys.push_back(key.str);
      d.values.push_back(parse_value());
      if (!accept(',')) {
        expect('}');
        break;
      }
    }
    return d;
  }

  Literal parse_sequence(char open, char close, Literal::Kind kind) {
    Literal s;
    s.kind = kind;
    expect(open);
    while (!accept(close)) {
      s.items.push_back(parse_value());
      if (!accept(',')) {
        expect(close);
        break;
      }
    }
    return s;
  }

  Literal parse_string() {
    Literal s;
    s.kind = Literal::Kind::Str;
    char quote = text_[pos_++];
    while (pos_ < text_.size() && text_[pos_] != quote) s.str += text_[pos_++];
    if (pos_ >= text_.size()) fail("unterminated string");
    ++pos_;
    return s;
  }

  Literal parse_int() {
    Literal v;
    v.kind = Literal::Kind::Int;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      uint64_t digit = uint64_t(text_[pos_++] - '0');
      if (v.integer > (UINT64_MAX - digit) / 10) fail("integer too large");
      v.integer = v.integer * 10 + digit;
    }
    if (pos_ < text_.size() && text_[pos_] == 'L') ++pos_;  // Python 2 long suffix
    return v;
  }

  Literal parse_word() {
    size_t start = pos_;
    while (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    std::string_view word = text_.substr(start, pos_ - start);
    Literal v;
    if (word == "True" || word == "False") {
      v.kind = Literal::Kind::Bool;
      v.boolean = word == "True";
    } else if (word != "None") {
      fail("unexpected '" + std::string(text_.substr(start, std::max<size_t>(1, pos_ - start))) + "'");
    }
    return v;
  }

  std::string_view text_;
  size_t pos_ = 0;
  int depth_ = 0;
};

const Literal* find(const Literal& dict, std::string_view key) {
  for (size_t i = 0; i < dict.keys.size(); ++i)
    if (dict.keys[i] == key) return &dict.values[i];
  return nullptr;
}

}  // namespace

Header parse_header(std::string_view text) {
  Literal dict = Parser(text).parse_document();
  if (dict.kind != Literal::Kind::Dict) throw std::runtime_error("malformed .npy header (not a dict)");
  const Literal* descr = find(dict, "descr");
  const Literal* fortran = find(dict, "fortran_order");
  const Literal* shape = find(dict, "shape");
  if (!descr || !fortran || !shape)
    throw std::runtime_error("malformed .npy header (needs 'descr', 'fortran_order' and 'shape')");
  // NumPy refuses a header with any other key (numpy.lib.format: "does not contain the correct keys").
  if (dict.keys.size() != 3)
    throw std::runtime_error("malformed .npy header (keys other than 'descr', 'fortran_order' and 'shape')");

  Header h;
  if (descr->kind == Literal::Kind::Str) {
    h.fields.push_back({"", descr->str});
  } else if (descr->kind == Literal::Kind::List) {
    h.structured = true;
    for (const Literal& f : descr->items) {
      if (f.kind != Literal::Kind::Tuple || f.items.size() < 2 || f.items[0].kind != Literal::Kind::Str ||
          f.items[1].kind != Literal::Kind::Str)
        throw std::runtime_error("malformed .npy header (a structured field is not ('name', 'type'))");
      if (f.items.size() > 2)
        throw std::runtime_error("unsupported dtype: field '" + f.items[0].str + "' is a sub-array");
      const std::string& name = f.items[0].str;
      // NumPy writes a name's control characters escaped (\n as backslash-n); a raw one would make
      // a header no Python literal parser reads back, so it is refused here, before any run.
      for (char c : name)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
          throw std::runtime_error("malformed .npy header (a field name holds a raw control character)");
      h.fields.push_back({name, f.items[1].str});
    }
  } else {
    throw std::runtime_error("malformed .npy header ('descr' is neither a string nor a list)");
  }

  if (fortran->kind != Literal::Kind::Bool)
    throw std::runtime_error("malformed .npy header ('fortran_order' is not True or False)");
  h.fortran_order = fortran->boolean;

  if (shape->kind != Literal::Kind::Tuple)
    throw std::runtime_error("malformed .npy header ('shape' is not a tuple)");
  for (const Literal& d : shape->items) {
    if (d.kind != Literal::Kind::Int) throw std::runtime_error("malformed .npy header ('shape' holds a non-integer)");
    h.shape.push_back(d.integer);
  }
  return h;
}

namespace {

// A field name as a Python string literal: quoted with a quote it does not hold, as Python's repr()
// does ("a'b" in double quotes). The reader keeps a name's escapes as written (a backslash stays a
// backslash), so writing them back unchanged gives NumPy the same name it wrote.
std::string quoted_name(const std::string& name) {
  const char quote = name.find('\'') == std::string::npos ? '\'' : '"';
  size_t trailing = 0;  // backslashes at the end: an odd count would escape the closing quote
  while (trailing < name.size() && name[name.size() - 1 - trailing] == '\\') ++trailing;
  if (name.find(quote) != std::string::npos || trailing % 2 == 1)
    throw std::runtime_error("field name " + name + " cannot be written to a .npy header (it holds both quote characters "
                             "or ends in an escaping backslash)");
  return quote + name + quote;
}

}  // namespace

std::string format_header(const std::vector<Field>& fields, uint64_t n) {
  std::string descr;
  if (fields.size() == 1 && fields[0].name.empty()) {
    descr = "'" + fields[0].type + "'";
  } else {
    descr = "[";
    for (size_t i = 0; i < fields.size(); ++i)
      descr += (i ? ", " : "") + std::string("(") + quoted_name(fields[i].name) + ", '" + fields[i].type + "')";
    descr += "]";
  }
  std::string dict = "{'descr': " + descr + ", 'fortran_order': False, 'shape': (" + std::to_string(n) + ",), }";
  // Version 1.0 preamble: 6 magic bytes, 2 version bytes, 2 length bytes.
  const size_t preamble = 10;
  size_t total = preamble + dict.size() + 1;
  size_t padded = (total + 63) / 64 * 64;
  dict.append(padded - total, ' ');
  dict += '\n';
  return dict;
}

}  // namespace sortscope::npy
