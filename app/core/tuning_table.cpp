#include "tuning_table.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "common/output_file.h"
#include "common/small_file.h"
#include "config_dir.h"
#include "parse/size_parse.h"
#include "registry.h"

namespace sortscope {
namespace {

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// Printable ASCII only in names and notes: a table cannot drive a terminal that prints it.
bool printable(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) return false;
  return true;
}

std::string slug(const std::string& s) {
  std::string out;
  for (char c : s) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (keep) out += c;
    else if (!out.empty() && out.back() != '-') out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "device" : out;
}

}  // namespace

std::string format_tuning_table(const TuningTable& t) {
  std::string out =
      "# Sortscope tuning table, written by `sortscope tune`: the best parameters per size range on this device.\n"
      "# `auto` parameters use it; a row holds from its n up to the next row's (docs/benchmarks.md).\n";
  out += fmt::format("device: {}\nalgorithm: {}\nkey: {}\nvalues: {}\n", t.device, t.algorithm, key_type_name(t.key),
                     t.with_values ? "yes" : "no");
  const std::vector<ParamSpec>* specs = algorithm_params(t.algorithm);
  for (const TuningRow& r : t.rows) {
    std::string line = format_size(r.from_n);
    for (const auto& [name, v] : r.params) {
      const ParamSpec* spec = specs ? find_param(*specs, name) : nullptr;
      line += " " + name + "=" + (spec ? format_param_value(*spec, v) : std::to_string(v));
    }
    if (!r.note.empty()) line += "   # " + r.note;
    out += line + "\n";
  }
  return out;
}

TuningTable parse_tuning_table(std::string_view text, const std::string& what) {
  if (text.size() > kMaxTuningTableBytes)
    throw std::runtime_error(fmt::format("{}: larger than {} KiB; not a tuning table", what, kMaxTuningTableBytes / 1024));
  TuningTable t;
  bool have[4] = {false, false, false, false};  // device, algorithm, key, values
  const std::vector<ParamSpec>* specs = nullptr;
  size_t line_no = 0, pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    const std::string where = fmt::format("{}: line {}", what, line_no);
    if (raw.size() > kMaxTuningLineBytes)
      throw std::runtime_error(fmt::format("{}: longer than {} characters", where, kMaxTuningLineBytes));
    std::string note;
    const size_t hash = raw.find('#');
    if (hash != std::string_view::npos) {
      note = trim(raw.substr(hash + 1));
      raw = raw.substr(0, hash);
    }
    const std::string line = trim(raw);
    if (line.empty()) continue;
    if (!printable(line) || !printable(note))
      throw std::runtime_error(where + ": holds control or non-ASCII characters");
    const size_t colon = line.find(':');
    const bool header = colon != std::string::npos && line.find('=') == std::string::npos;
    if (header) {
      const std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
      if (!t.rows.empty()) throw std::runtime_error(where + ": '" + key + ":' after the rows (the header comes first)");
      int field = key == "device" ? 0 : key == "algorithm" ? 1 : key == "key" ? 2 : key == "values" ? 3 : -1;
      if (field < 0)
        throw std::runtime_error(fmt::format("{}: unknown field '{}' (known: device, algorithm, key, values)", where, key));
      if (have[field]) throw std::runtime_error(fmt::format("{}: '{}' is given twice", where, key));
      have[field] = true;
      if (field == 0) {
        if (value.empty()) throw std::runtime_error(where + ": the device's name is empty");
        t.device = value;
      } else if (field == 1) {
        specs = algorithm_params(value);
        if (!specs) throw std::runtime_error(fmt::format("{}: unknown algorithm '{}'", where, value));
        t.algorithm = value;
      } else if (field == 2) {
        auto k = parse_key_type(value);
        if (!k) throw std::runtime_error(fmt::format("{}: unknown key type '{}'", where, value));
        t.key = *k;
      } else {
        if (value != "yes" && value != "no") throw std::runtime_error(where + ": values is yes or no");
        t.with_values = value == "yes";
      }
      continue;
    }
    for (int f = 0; f < 4; ++f)
      if (!have[f])
        throw std::runtime_error(where + ": a row before the header (device:, algorithm:, key:, values:)");
    if (t.rows.size() == kMaxTuningRows) throw std::runtime_error(fmt::format("{}: more than {} rows", where, kMaxTuningRows));
    const std::vector<std::string> w = words(line);
    TuningRow row;
    const SizeParse n = parse_size(w[0]);
    if (!n.ok()) throw std::runtime_error(fmt::format("{}: '{}' is not a size (a row is: from-n name=value ...)", where, w[0]));
    row.from_n = n.value;
    if (!t.rows.empty() && row.from_n <= t.rows.back().from_n)
      throw std::runtime_error(where + ": sizes must grow from row to row");
    if (w.size() < 2) throw std::runtime_error(where + ": a row without parameters");
    for (size_t i = 1; i < w.size(); ++i) {
      const size_t eq = w[i].find('=');
      const std::string name = eq == std::string::npos ? w[i] : w[i].substr(0, eq);
      if (row.params.count(name)) throw std::runtime_error(fmt::format("{}: '{}' is given twice", where, name));
      if (auto e = parse_param_assignment(*specs, w[i], row.params, t.algorithm); !e.empty())
        throw std::runtime_error(where + ": " + e);
      if (row.params.at(name) == kParamAuto)
        throw std::runtime_error(fmt::format("{}: '{}' is auto; a table gives what auto means", where, name));
    }
    row.note = note;
    t.rows.push_back(std::move(row));
  }
  for (int f = 0; f < 4; ++f)
    if (!have[f]) throw std::runtime_error(what + ": no header (device:, algorithm:, key:, values:)");
  if (t.rows.empty()) throw std::runtime_error(what + ": no rows");
  return t;
}

std::filesystem::path tuning_dir(const std::string& device) { return config_dir() / "tuning" / slug(device); }

std::vector<std::filesystem::path> tuning_tables(const std::string& device) {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(tuning_dir(device), ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".txt" && (it->is_regular_file(ec) || it->is_symlink(ec))) out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

std::filesystem::path tuning_table_path(const std::string& device, const std::string& algorithm, KeyType key,
                                        bool with_values) {
  return tuning_dir(device) /
         fmt::format("{}-{}-{}.txt", algorithm, key_type_name(key), with_values ? "pairs" : "keys");
}

std::optional<TuningTable> load_tuning_table(const std::filesystem::path& path, const std::string& device,
                                             const std::string& algorithm, KeyType key, bool with_values) {
  std::error_code ec;
  // symlink_status: a link that leads nowhere (dangling, or a loop) is a broken table to report,
  // not an absent one.
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) return std::nullopt;
  const std::string what = "tuning table '" + path.string() + "'";
  std::string text;
  try {
    text = read_small_file(path.string(), kMaxTuningTableBytes);
  } catch (const SmallFileError& e) {
    throw std::runtime_error(what + ": " + e.what());
  }
  TuningTable t = parse_tuning_table(text, what);
  if (t.device != device || t.algorithm != algorithm || t.key != key || t.with_values != with_values)
    throw std::runtime_error(fmt::format("{}: its header is for {} {} {} on '{}', not {} {} {} on '{}' (fix or delete it)",
                                         what, t.algorithm, key_type_name(t.key), t.with_values ? "pairs" : "keys",
                                         t.device, algorithm, key_type_name(key), with_values ? "pairs" : "keys",
                                         device));
  return t;
}

std::string check_tuning_table(const std::filesystem::path& path, const std::string& device) {
  const std::string what = "tuning table '" + path.string() + "'";
  try {
    const TuningTable t = parse_tuning_table(read_small_file(path.string(), kMaxTuningTableBytes), what);
    if (tuning_table_path(device, t.algorithm, t.key, t.with_values).filename() != path.filename())
      return fmt::format("{}: its header is for {} {} {}, which is not what its file name says (fix or delete it)", what,
                         t.algorithm, key_type_name(t.key), t.with_values ? "pairs" : "keys");
    (void)load_tuning_table(path, device, t.algorithm, t.key, t.with_values);
  } catch (const SmallFileError& e) {
    return what + ": " + e.what();
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

std::string check_tuning_table_writable(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path.parent_path(), ec)) return check_output_file(path.string());
  std::filesystem::path folder = path.parent_path();
  while (!folder.empty() && !std::filesystem::exists(folder, ec) && folder != folder.parent_path())
    folder = folder.parent_path();
  if (folder.empty()) folder = ".";
  if (!std::filesystem::is_directory(folder, ec))
    return fmt::format("cannot write '{}': '{}' is not a folder", path.string(), folder.string());
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    return fmt::format("cannot write '{}': folder '{}': {}", path.string(), folder.string(), std::strerror(errno));
  return {};
}

void save_tuning_table(const std::filesystem::path& path, const TuningTable& t) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) throw std::runtime_error(fmt::format("cannot create '{}': {}", path.parent_path().string(), ec.message()));
  const std::string text = format_tuning_table(t);
  write_file_atomically(path.string(), [&](OutputFile& f) { f.write(text); });
}

}  // namespace sortscope
