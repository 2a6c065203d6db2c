#include "lesson_file.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/bounded_json.h"
#include "common/small_file.h"
#include "core/asset_folders.h"
#include "core/race_lanes.h"
#include "core/runner.h"
#include "registry.h"


namespace sortscope {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr size_t kMaxSlides = 200;
constexpr size_t kMaxHighlights = 64;
constexpr size_t kMaxText = 4096;

[[noreturn]] void fail(const std::string& where, const std::string& why) { throw LessonError(where + " " + why); }

void only_fields(const json& j, const std::string& where, const std::set<std::string>& known) {
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!known.count(it.key())) {
      std::string list;
      for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
      fail(where, fmt::format("has an unknown field '{}' (known: {})", it.key().substr(0, 64), list));
    }
}

std::string text(const json& j, const char* key, const std::string& where, bool required) {
  if (!j.contains(key)) {
    if (required) fail(where, fmt::format("needs a \"{}\"", key));
    return {};
  }
  const json& v = j.at(key);
  if (!v.is_string()) fail(where + "." + key, "must be a string");
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() > kMaxText) fail(where + "." + key, fmt::format("is longer than {} bytes", kMaxText));
  return s;
}

uint64_t count(const json& j, const char* key, const std::string& where) {
  if (!j.contains(key)) fail(where, fmt::format("needs a \"{}\"", key));
  const json& v = j.at(key);
  if (!v.is_number_unsigned() || v.get<uint64_t>() > (uint64_t(1) << 40))
    fail(where + "." + key, "must be a whole number 0..2^40");
  return v.get<uint64_t>();
}

// A race slide: "race": the racers' ids (checked as `--race` checks them, race_options.h), "clock":
// step or time, "scenario": the input every lane sorts (no algorithm or params: the racers are the
// algorithms, each with its own defaults), "at": a fraction of the race instead of "step".
void parse_race(const json& j, const std::string& where, LessonSlide& s) {
  const json& r = j.at("race");
  if (!r.is_array() || r.size() < size_t(kMinRaceLanes) || r.size() > size_t(kMaxRaceLanes))
    fail(where + ".race", fmt::format("must be a list of {} to {} algorithm ids", kMinRaceLanes, kMaxRaceLanes));
  std::string list;
  for (const json& id : r) {
    if (!id.is_string() || id.get_ref<const std::string&>().size() > 64 ||
        id.get_ref<const std::string&>().find(',') != std::string::npos)
      fail(where + ".race", "must hold algorithm ids (strings, sortscope list shows them)");
    list += (list.empty() ? "" : ",") + id.get<std::string>();
  }
  std::vector<std::string> ids;
  try {
    ids = parse_race_list(list);
  } catch (const std::runtime_error& e) {
    fail(where + ".race", std::string(": ") + e.what());
  }
  if (j.contains("clock")) {
    const json& c = j.at("clock");
    const auto kind = c.is_string() ? parse_race_clock(c.get_ref<const std::string&>()) : std::nullopt;
    if (!kind) fail(where + ".clock", "must be \"step\" or \"time\"");
    s.clock = *kind;
  }
  if (!j.contains("scenario")) fail(where, "needs a \"scenario\" with the race's \"input\"");
  if (j.contains("trace")) fail(where + ".trace", "cannot go with a \"race\" (a trace is one run)");
  const json& sj = j.at("scenario");
  if (sj.is_object() && (sj.contains("algorithm") || sj.contains("params")))
    fail(where + ".scenario", "of a race gives the \"input\" only: the racers are the algorithms");
  Scenario input;
  try {
    input = scenario_from_json(sj, algorithm_params);
  } catch (const std::exception& e) {
    fail(where + ".scenario", std::string(": ") + e.what());
  }
  if (input.input.n > kMaxRaceSlideN)
    fail(where + ".scenario", fmt::format(": a race slide sorts at most 2^{} keys (its lanes run when it is first "
                                          "shown), not n = {}",
                                          kMaxRaceSlideLog2, input.input.n));
  for (const std::string& id : ids) {
    Scenario lane = input;
    lane.algorithm = id;
    if (const std::string e = validate_scenario(lane); !e.empty())
      fail(where + ".scenario", fmt::format(": lane {}: {}", id, e));
    s.race.push_back(std::move(lane));
  }
  if (j.contains("at")) {
    if (j.contains("step")) fail(where + ".at", "cannot go with a \"step\" (one position a slide)");
    const json& a = j.at("at");
    if (!a.is_number() || !(a.get<double>() >= 0 && a.get<double>() <= 1))
      fail(where + ".at", "must be a fraction of the race 0..1");
    s.at = a.get<double>();
  }
}

}  // namespace

LessonSlide parse_lesson_slide(const json& j, const std::string& where, const std::string& dir) {
  if (!j.is_object()) fail(where, "must be an object");
  only_fields(j, where,
              {"title", "scenario", "trace", "race", "clock", "step", "at", "caption", "highlights", "question", "answer",
               "shows", "repeats", "color_by"});
  LessonSlide s;
  s.title = text(j, "title", where, true);
  s.caption = text(j, "caption", where, false);
  s.question = text(j, "question", where, false);
  s.answer = text(j, "answer", where, false);
  if (s.question.empty() != s.answer.empty()) fail(where, "needs both a \"question\" and its \"answer\", or neither");
  const bool has_scenario = j.contains("scenario"), has_trace = j.contains("trace");
  const bool is_race = j.contains("race");
  if (!is_race && has_scenario == has_trace) fail(where, "needs either a \"scenario\" or a \"trace\" (one of them)");
  if (!is_race && j.contains("clock")) fail(where + ".clock", "needs a \"race\"");
  if (!is_race && j.contains("at")) fail(where + ".at", "is for race slides; other slides give a \"step\"");
  if (is_race) {
    parse_race(j, where, s);
  } else if (has_scenario) {
    Scenario sc;
    try {
      sc = scenario_from_json(j.at("scenario"), algorithm_params);
    } catch (const std::exception& e) {
      fail(where + ".scenario", std::string(": ") + e.what());
    }
    if (const std::string e = validate_scenario(sc); !e.empty()) fail(where + ".scenario", ": " + e);
    s.scenario = sc;
  } else {
    const std::string t = text(j, "trace", where, true);
    if (t.empty()) fail(where + ".trace", "is empty");
    s.trace = fs::path(t).is_absolute() ? t : (fs::path(dir) / t).string();
  }
  if (j.contains("step")) {
    const json& v = j.at("step");
    if (v.is_string() && v.get_ref<const std::string&>() == "last") s.step = kLastStep;
    else if (v.is_number_unsigned() && v.get<uint64_t>() < (uint64_t(1) << 20)) s.step = int(v.get<uint64_t>());
    else fail(where + ".step", "must be a step number 0..2^20 or \"last\"");
  }
  if (j.contains("shows")) {
    const json& v = j.at("shows");
    if (!v.is_array() || v.size() > kMaxShows)
      fail(where + ".shows", fmt::format("must be a list of at most {} snapshot names", kMaxShows));
    if (is_race) fail(where + ".shows", "names one step's snapshots; a race slide shows several lanes");
    for (const json& name : v) {
      if (!name.is_string() || name.get_ref<const std::string&>().empty() ||
          name.get_ref<const std::string&>().size() > 64)
        fail(where + ".shows", "must hold snapshot names of 1 to 64 bytes (\"splitters\", \"radix.digit-histogram\")");
      s.shows.push_back(name.get<std::string>());
    }
  }
  if (j.contains("repeats")) {
    if (!j.at("repeats").is_boolean()) fail(where + ".repeats", "must be true or false");
    s.repeats = j.at("repeats").get<bool>();
  }
  if (j.contains("color_by")) {
    const json& v = j.at("color_by");
    const std::optional<ColorBy> mode =
        v.is_string() && v.get_ref<const std::string&>().size() <= 16 ? parse_color_by(v.get_ref<const std::string&>())
                                                                       : std::nullopt;
    if (!mode) fail(where + ".color_by", fmt::format("must be one of {}", color_by_choices()));
    if (is_race) fail(where + ".color_by", "colours one array; a race slide's lanes colour by key");
    s.color_by = mode;
  }
  if (is_race && j.contains("highlights"))
    fail(where + ".highlights", "outlines stretches of one array; a race slide shows several lanes");
  if (j.contains("highlights")) {
    const json& hs = j.at("highlights");
    if (!hs.is_array() || hs.size() > kMaxHighlights)
      fail(where + ".highlights", fmt::format("must be a list of at most {} highlights", kMaxHighlights));
    for (size_t i = 0; i < hs.size(); ++i) {
      const std::string hw = fmt::format("{}.highlights[{}]", where, i);
      if (!hs[i].is_object()) fail(hw, "must be an object");
      only_fields(hs[i], hw, {"first", "last", "label"});
      LessonHighlight h;
      h.first = count(hs[i], "first", hw);
      h.last = count(hs[i], "last", hw);
      if (h.last < h.first) fail(hw, "ends before it starts (last < first)");
      if (s.scenario && h.last >= s.scenario->input.n) fail(hw + ".last", "is past the scenario's last key");
      h.label = text(hs[i], "label", hw, false);
      s.highlights.push_back(std::move(h));
    }
  }
  return s;
}

ColorBy slide_color_by(const LessonSlide& slide, std::optional<ColorBy> given, ColorBy otherwise) {
  if (given) return *given;
  return slide.color_by.value_or(otherwise);
}

Lesson parse_lesson(const std::string& body, const std::string& dir) {
  if (body.size() > kMaxLessonBytes) fail("lesson:", "is larger than 1 MiB");
  std::string why;
  const json j = parse_bounded_json(body, &why);
  if (j.is_discarded()) fail("lesson:", "is " + why);
  if (!j.is_object()) fail("lesson:", "must be a JSON object with \"lesson\" and \"slides\"");
  only_fields(j, "lesson:", {"lesson", "slides"});
  Lesson l;
  l.title = text(j, "lesson", "lesson:", true);
  if (!j.contains("slides") || !j.at("slides").is_array() || j.at("slides").empty() ||
      j.at("slides").size() > kMaxSlides)
    fail("lesson: \"slides\"", fmt::format("must be a list of 1 to {} slides", kMaxSlides));
  const json& slides = j.at("slides");
  for (size_t i = 0; i < slides.size(); ++i)
    l.slides.push_back(parse_lesson_slide(slides[i], fmt::format("lesson: slide {}", i + 1), dir));
  return l;
}

Lesson read_lesson(const std::string& name_or_path, const std::string& exe_path) {
  const fs::path path = find_asset("lessons", name_or_path, exe_path);
  if (path.empty()) {
    std::string names;
    for (const std::string& n : asset_names("lessons", exe_path)) names += (names.empty() ? "" : ", ") + n;
    throw LessonError(fmt::format("lesson '{}': no such file, and no shipped lesson of that name ({}; looked in {})",
                                  name_or_path, names.empty() ? "none shipped" : "shipped: " + names,
                                  asset_folders_text("lessons", exe_path)));
  }
  std::string body;
  try {
    body = read_small_file(path.string(), kMaxLessonBytes);
  } catch (const SmallFileError& e) {
    throw LessonError(fmt::format("lesson '{}': {}", path.string(), e.what()));
  }
  try {
    return parse_lesson(body, path.parent_path().string());
  } catch (const LessonError& e) {
    throw LessonError(fmt::format("{} ({})", e.what(), path.string()));
  }
}

std::vector<LessonEntry> shipped_lessons(const std::string& exe_path) {
  std::vector<LessonEntry> out;
  for (const std::string& n : asset_names("lessons", exe_path)) {
    LessonEntry e;
    e.name = n;
    try {
      e.lesson = read_lesson(n, exe_path);
    } catch (const LessonError& err) {
      e.error = err.what();
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace sortscope
