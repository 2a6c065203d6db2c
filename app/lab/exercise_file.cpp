#include "exercise_file.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/bounded_json.h"
#include "core/asset_folders.h"

namespace sortscope {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr size_t kMaxText = 4096;
constexpr size_t kMaxHints = 16;
constexpr size_t kMaxSizes = 32;
constexpr size_t kMaxParams = 16;

struct SlotInfo {
  LabSlot slot;
  std::string_view name, algorithm;
};
constexpr SlotInfo kSlots[] = {
    {LabSlot::CompareExchangeLayer, "compare_exchange_layer", "bitonic"},
    {LabSlot::DigitHistogram, "digit_histogram", "radix"},
    {LabSlot::DigitScan, "digit_scan", "radix"},
    {LabSlot::MergePath, "merge_path", "merge"},
    {LabSlot::BlockSort, "block_sort", "merge"},
    {LabSlot::BucketIndex, "bucket_index", "sample-sort"},
    {LabSlot::WholeSort, "whole_sort", ""},
};

[[noreturn]] void fail(const std::string& why) { throw ExerciseError("exercise: " + why); }

bool plain_name(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.')) return false;
  return s.find("..") == std::string::npos && s.front() != '.';
}

std::string text(const json& j, const char* key, bool required, size_t max_bytes = kMaxText) {
  std::string why;
  if (std::optional<std::string> s = bounded_json_text(j, key, max_bytes, &why)) return *s;
  if (!why.empty()) fail(why);
  if (required) fail(fmt::format("needs a \"{}\"", key));
  return {};
}

std::string name_field(const json& j, const char* key) {
  std::string s = text(j, key, true, 64);
  if (!plain_name(s)) fail(fmt::format("\"{}\" must be 1 to 64 characters of a-z, 0-9, '-', '_', '.'", key));
  return s;
}

std::vector<std::string> hints(const json& j) {
  if (!j.contains("hints")) fail("needs \"hints\" (1 to 16 strings)");
  const json& h = j.at("hints");
  if (!h.is_array() || h.empty() || h.size() > kMaxHints) fail("\"hints\" must be a list of 1 to 16 strings");
  std::vector<std::string> out;
  for (const json& e : h) {
    if (!e.is_string() || e.get_ref<const std::string&>().size() > kMaxText)
      fail(fmt::format("\"hints\" must hold strings of at most {} bytes", kMaxText));
    out.push_back(e.get<std::string>());
  }
  return out;
}

std::vector<KeyType> key_types(const json& j) {
  if (!j.contains("key_types")) fail("needs \"key_types\" (a list such as [\"u32\", \"f64\"])");
  const json& k = j.at("key_types");
  if (!k.is_array() || k.empty() || k.size() > std::size(kAllKeyTypes))
    fail("\"key_types\" must be a list of 1 to 6 key types");
  std::vector<KeyType> out;
  for (const json& e : k) {
    const auto t = e.is_string() && e.get_ref<const std::string&>().size() <= 16
                       ? parse_key_type(e.get_ref<const std::string&>()) : std::nullopt;
    if (!t) fail("\"key_types\" must hold key types: u32, i32, f32, u64, i64, f64");
    for (KeyType seen : out)
      if (seen == *t) fail(fmt::format("\"key_types\" names {} twice", key_type_name(*t)));
    out.push_back(*t);
  }
  return out;
}

std::vector<uint64_t> check_sizes(const json& j) {
  if (!j.contains("check_sizes")) fail("needs \"check_sizes\" (1 to 32 key counts)");
  const json& s = j.at("check_sizes");
  if (!s.is_array() || s.empty() || s.size() > kMaxSizes) fail("\"check_sizes\" must be a list of 1 to 32 key counts");
  std::vector<uint64_t> out;
  for (const json& e : s) {
    if (!e.is_number_unsigned() || e.get<uint64_t>() < 1 || e.get<uint64_t>() > kMaxLabCheckSize)
      fail("\"check_sizes\" must hold whole numbers 1..2^26");
    out.push_back(e.get<uint64_t>());
  }
  return out;
}

std::map<std::string, int> params(const json& j) {
  std::map<std::string, int> out;
  if (!j.contains("params")) return out;
  const json& p = j.at("params");
  if (!p.is_object() || p.size() > kMaxParams) fail("\"params\" must be an object of at most 16 parameters");
  for (auto it = p.begin(); it != p.end(); ++it) {
    if (it.key().empty() || it.key().size() > 64) fail("\"params\" names must be 1 to 64 bytes");
    if (!it.value().is_number_integer() || it.value().get<int64_t>() < -(int64_t(1) << 30) ||
        it.value().get<int64_t>() > (int64_t(1) << 30))
      fail(fmt::format("\"params\".{} must be a whole number", it.key().substr(0, 64)));
    out[it.key()] = int(it.value().get<int64_t>());
  }
  return out;
}

std::string read_text_file(const std::string& path, size_t max_bytes, const char* what) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw ExerciseError(fmt::format("{} '{}': no such file", what, path));
  const auto size = fs::file_size(path, ec);
  if (ec) throw ExerciseError(fmt::format("{} '{}': cannot be read", what, path));
  if (size > max_bytes)
    throw ExerciseError(fmt::format("{} '{}' is {:.1f} MB; the lab takes at most {} KiB", what, path,
                                    double(size) / 1e6, max_bytes >> 10));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ExerciseError(fmt::format("{} '{}': cannot be read", what, path));
  std::ostringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  if (s.size() > max_bytes) throw ExerciseError(fmt::format("{} '{}' grew past {} KiB while read", what, path, max_bytes >> 10));
  return s;
}

}  // namespace

std::string_view lab_slot_name(LabSlot slot) {
  for (const SlotInfo& s : kSlots)
    if (s.slot == slot) return s.name;
  return "?";
}

std::string_view lab_slot_algorithm(LabSlot slot) {
  for (const SlotInfo& s : kSlots)
    if (s.slot == slot) return s.algorithm;
  return "";
}

Exercise parse_exercise(const std::string& text_in) {
  if (text_in.size() > kMaxExerciseBytes) fail(fmt::format("longer than {} KiB", kMaxExerciseBytes >> 10));
  // Depth-bounded like every loader of outside JSON (common/bounded_json.h).
  std::string why;
  const json j = parse_bounded_json(text_in, &why);
  if (j.is_discarded()) fail(why.substr(0, 160));
  if (!j.is_object()) fail("must be a JSON object");
  static const std::set<std::string> kKnown = {"name", "title", "algorithm", "slot", "params", "key_types",
                                               "check_sizes", "template", "harness", "summary", "hints"};
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!kKnown.count(it.key())) {
      std::string list;
      for (const auto& k : kKnown) list += (list.empty() ? "" : ", ") + k;
      fail(fmt::format("has an unknown field '{}' (known: {})", it.key().substr(0, 64), list));
    }
  Exercise e;
  e.name = name_field(j, "name");
  e.title = text(j, "title", true);
  e.summary = text(j, "summary", true);
  const std::string slot = text(j, "slot", true, 64);
  bool found = false;
  std::string slots;
  for (const SlotInfo& s : kSlots) {
    slots += (slots.empty() ? "" : ", ") + std::string(s.name);
    if (s.name == slot) {
      e.slot = s.slot;
      found = true;
    }
  }
  if (!found) fail(fmt::format("\"slot\" must be one of: {}", slots));
  e.algorithm = text(j, "algorithm", e.slot != LabSlot::WholeSort, 64);
  if (e.algorithm != lab_slot_algorithm(e.slot))
    fail(fmt::format("slot {} belongs to the algorithm '{}', not '{}'", slot, lab_slot_algorithm(e.slot),
                     e.algorithm.substr(0, 64)));
  e.params = params(j);
  e.key_types = key_types(j);
  e.check_sizes = check_sizes(j);
  e.hints = hints(j);
  e.template_file = name_field(j, "template");
  e.harness_file = name_field(j, "harness");
  return e;
}

Exercise read_exercise(const std::string& name_or_path, const std::string& exe_path) {
  const std::string path = find_asset("exercises", name_or_path, exe_path);
  if (path.empty())
    throw ExerciseError(fmt::format("exercise '{}': no such file or shipped exercise (looked in {})", name_or_path,
                                    asset_folders_text("exercises", exe_path)));
  Exercise e;
  try {
    e = parse_exercise(read_text_file(path, kMaxExerciseBytes, "exercise"));
  } catch (const ExerciseError& err) {
    throw ExerciseError(fmt::format("{}: {}", path, err.what()));
  }
  e.folder = fs::path(path).parent_path().string();
  e.template_source = read_lab_source((fs::path(e.folder) / e.template_file).string());
  e.harness_source = read_lab_source((fs::path(e.folder) / e.harness_file).string());
  return e;
}

std::vector<std::string> exercise_names(const std::string& exe_path) { return asset_names("exercises", exe_path); }

std::string read_lab_source(const std::string& path) {
  std::string s = read_text_file(path, kMaxLabSourceBytes, "source");
  if (s.find('\0') != std::string::npos) throw ExerciseError(fmt::format("source '{}' holds a NUL byte", path));
  return s;
}

}  // namespace sortscope
