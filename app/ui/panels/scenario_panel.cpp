// The scenario panel: what to run. The algorithm's parameter widgets are generated from its
// ParamSpec list (one source of truth with the CLI's --param flags and the CSV columns): lists of
// allowed values and enums become combos of exactly the spec's values (auto first), powers of two a
// slider over the exponent, other ranges a plain slider; each gets the spec's help as a tooltip.
// Every widget stores the value itself (param_spec.h), never a position.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <random>

#include "parse/size_parse.h"
#include "panels.h"
#include "ui/race/race_mode.h"
#include "records/record_sort.h"
#include "registry.h"
#include "ui/lesson/teaching_defaults.h"
#include "ui/widgets.h"

namespace sortscope::ui {

namespace {

int log2_floor(uint64_t v) { return v ? 63 - __builtin_clzll(v) : 0; }

// One parameter's widget; returns true when the value changed. `ran` is the value the run uses
// (Algorithm::params_as_run): where it differs (an `auto` entry), the combo shows both, "auto (64)".
bool param_widget(const ParamSpec& p, int& value, int ran, float column) {
  ImGui::PushID(p.name.c_str());
  bool changed = false;
  field_label(p.name.c_str(), column);
  item_tooltip(describe_param(p));
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (p.kind != ParamSpec::Kind::Range) {
    std::string shown = format_param_value(p, value);
    if (ran != value) shown += " (" + format_param_value(p, ran) + ")";
    if (ImGui::BeginCombo("##v", shown.c_str())) {
      for (int v : p.offered())
        if (ImGui::Selectable(format_param_value(p, v).c_str(), v == value) && v != value) value = v, changed = true;
      ImGui::EndCombo();
    }
  } else if (p.power_of_two) {
    int lo = log2_floor(uint64_t(std::max(p.min, 1)));
    if ((1 << lo) < p.min) ++lo;
    int hi = log2_floor(uint64_t(std::max(p.max, 1)));
    int e = std::clamp(log2_floor(uint64_t(std::max(value, 1))), lo, hi);
    std::string shown = std::to_string(1 << e);
    if (ImGui::SliderInt("##v", &e, lo, hi, shown.c_str(), ImGuiSliderFlags_AlwaysClamp)) {
      value = 1 << e;
      changed = true;
    }
  } else {
    int v = std::clamp(value, p.min, p.max);
    if (ImGui::SliderInt("##v", &v, p.min, p.max, "%d", ImGuiSliderFlags_AlwaysClamp)) {
      value = v;
      changed = true;
    }
  }
  item_tooltip(describe_param(p));
  ImGui::PopID();
  return changed;
}

// The knobs of the distributions that have them (docs/inputs.md).
bool distribution_knobs(InputSpec& in, float column) {
  bool changed = false;
  switch (in.dist) {
    case Distribution::NearlySorted: {
      float pct = float(in.swap_percent);
      field_label("swaps", column);
      if (ImGui::SliderFloat("##swaps", &pct, 0.0f, 100.0f, "%.2f%%", ImGuiSliderFlags_Logarithmic)) {
        in.swap_percent = pct;
        changed = true;
      }
      item_tooltip("Random swaps of a sorted array, as a percentage of n.");
      break;
    }
    case Distribution::BucketSorted:
    case Distribution::Staggered:
    case Distribution::DeterministicDuplicates:
    case Distribution::RandomizedDuplicates:
    case Distribution::GGroup:
      field_label("p (blocks)", column);
      changed |= ImGui::SliderInt("##p", &in.p, 1, 4096, "%d", ImGuiSliderFlags_Logarithmic);
      item_tooltip("Number of blocks the input is built from (Helman-Bader-JaJa; Leischner 2010 5.5.2).");
      if (in.dist == Distribution::GGroup) {
        field_label("g (group)", column);
        changed |= ImGui::SliderInt("##g", &in.g, 1, std::max(in.p, 1));
        item_tooltip("Blocks per group.");
      }
      if (in.dist == Distribution::RandomizedDuplicates) {
        field_label("r (table)", column);
        changed |= ImGui::SliderInt("##r", &in.r, 1, 1024, "%d", ImGuiSliderFlags_Logarithmic);
        item_tooltip("Values per block table.");
      }
      break;
    case Distribution::LowEntropy:
      field_label("k (ANDs)", column);
      changed |= ImGui::SliderInt("##k", &in.entropy_k, 1, 5);
      item_tooltip("Each key is the AND of k uniform words: larger k, fewer distinct bits set.");
      break;
    case Distribution::FewUnique: {
      int u = int(std::min<uint64_t>(in.unique, 1u << 20));
      field_label("unique", column);
      if (ImGui::SliderInt("##unique", &u, 1, 1 << 20, "%d", ImGuiSliderFlags_Logarithmic)) {
        in.unique = uint64_t(u);
        changed = true;
      }
      item_tooltip("Number of distinct keys.");
      break;
    }
    default: break;
  }
  return changed;
}

}  // namespace

namespace {

// Records (kernels/records/README.md): the key plus M 32-bit fields in a layout, sorted direct or
// indirect, for the sorts that sort records; the steps are the CPU model's (core/record_scenario.h).
// `file_fields`: a records file is open (AppState::input_records), which fixes the fields.
bool record_controls(Scenario& sc, float column, bool file_fields) {
  if (!find_record_sort_algorithm(sc.algorithm)) {
    const bool had = sc.records.has_value();
    sc.records.reset();
    return had;
  }
  bool changed = false;
  bool on = sc.records.has_value();
  if (checkbox_wrapped("records (key + fields)", &on)) {
    if (on) {
      sc.records = ScenarioRecords{};
      sc.input.with_values = false;
    } else {
      sc.records.reset();
    }
    changed = true;
  }
  item_tooltip("Sort records of a key and M 32-bit fields (Bandyopadhyay & Sahni): the steps show one warp's "
               "memory map, the permutation's cycles and the bytes each phase moves. Recorded from the CPU model.");
  if (!sc.records) return changed;
  ScenarioRecords& r = *sc.records;
  field_label("fields", column);
  int m = int(r.fields);
  ImGui::SetNextItemWidth(-1);
  ImGui::BeginDisabled(file_fields);
  if (ImGui::SliderInt("##fields", &m, 0, int(kMaxRecordFields), "%d", ImGuiSliderFlags_AlwaysClamp)) {
    r.fields = uint32_t(m);
    changed = true;
  }
  ImGui::EndDisabled();
  item_tooltip(file_fields ? "M: the open file's fields besides its key (the file fixes them)."
                           : "M: 32-bit fields besides the key (0..32); `--fields M` on the command line.");
  auto combo = [&](const char* label, const char* id, auto& value, const auto& all, auto name_of) {
    field_label(label, column);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo(id, std::string(name_of(value)).c_str())) {
      for (auto v : all)
        if (ImGui::Selectable(std::string(name_of(v)).c_str(), v == value)) {
          changed |= v != value;
          value = v;
        }
      ImGui::EndCombo();
    }
  };
  combo("layout", "##layout", r.layout, kAllRecordLayouts, record_layout_name);
  combo("strategy", "##strategy", r.strategy, kAllRecordStrategies, record_strategy_name);
  if (r.strategy == RecordStrategy::Indirect) combo("rearrange", "##rearrange", r.rearrange, kAllRearranges, rearrange_name);
  return changed;
}

}  // namespace

namespace {

// One label column for the whole panel, wide enough for the longest label that fits.
float label_column(const Scenario& sc) {
  float column = field_column({"distribution", "key type", "p (blocks)", "exact n"});
  if (const Algorithm* a = find_algorithm(sc.algorithm))
    for (const ParamSpec& p : a->params())
      column = std::max(column, std::min(ImGui::CalcTextSize(p.name.c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2 +
                                             ImGui::GetStyle().WindowPadding.x,
                                         ImGui::GetContentRegionAvail().x * 0.5f));
  return column;
}

// The algorithm combo and the chosen one's citation; true when the choice changed.
bool algorithm_rows(Scenario& sc) {
  bool changed = false;
  section_header("Algorithm");
  const Algorithm* algo = find_algorithm(sc.algorithm);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##algorithm", algo ? algo->title().c_str() : sc.algorithm.c_str())) {
    for (const Algorithm* a : all_algorithms()) {
      std::string label = a->title() + (a->has_gpu() ? "" : "  (CPU model only)");
      if (ImGui::Selectable(label.c_str(), a == algo) && a != algo) {
        sc.algorithm = a->id();
        sc.params.clear();  // the new algorithm's defaults
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  algo = find_algorithm(sc.algorithm);
  if (algo) {
    ImGui::PushStyleColor(ImGuiCol_Text, to_vec4(colors::kDim));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(algo->citation().c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  return changed;
}

// Parameters, generated from the spec; true when one changed.
bool parameter_rows(const Algorithm& algo, Scenario& sc, float column) {
  if (algo.params().empty()) return false;
  bool changed = false;
  section_header("Parameters");
  fill_param_defaults(algo.params(), sc.params);
  const ParamValues ran = algo.params_as_run(sc.params, sc.input.key, sc.input.with_values, sc.input.n);
  for (const ParamSpec& p : algo.params()) {
    int& v = sc.params[p.name];
    const auto r = ran.find(p.name);
    changed |= param_widget(p, v, r != ran.end() ? r->second : v, column);
  }
  if (ImGui::SmallButton("defaults")) {
    sc.params.clear();
    fill_param_defaults(algo.params(), sc.params);
    changed = true;
  }
  item_tooltip("Reset every parameter to the algorithm's default.");
  return changed;
}

// n on a log scale, 2^4 up to what memory allows; an exact count can be typed below.
bool size_rows(AppState& s, float column) {
  Scenario& sc = s.scenario;
  bool changed = false;
  int max_log2 = std::max(4, log2_floor(s.max_n));
  int e = std::clamp(log2_floor(sc.input.n), 4, max_log2);
  bool exact_pow2 = sc.input.n == (uint64_t(1) << e);
  std::string shown = (exact_pow2 ? "2^" + std::to_string(e) : format_size(sc.input.n)) + " keys";
  field_label("n", column);
  if (ImGui::SliderInt("##n", &e, 4, max_log2, shown.c_str(), ImGuiSliderFlags_AlwaysClamp)) {
    sc.input.n = uint64_t(1) << e;
    changed = true;
  }
  item_tooltip("Number of keys, on a log scale up to what " +
               std::string(s.cpu_model_mode() ? "host" : "device") + " memory allows (" +
               format_size(s.max_n) + "). Past the capture budget the steps keep density summaries.");
  static char buf[32];
  static uint64_t buf_for = ~uint64_t(0);
  if (buf_for != sc.input.n && !ImGui::IsAnyItemActive()) {
    std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(sc.input.n));
    buf_for = sc.input.n;
  }
  field_label("exact n", column);
  if (ImGui::InputText("##exactn", buf, sizeof buf, ImGuiInputTextFlags_EnterReturnsTrue)) {
    SizeParse p = parse_size(buf);
    if (p.ok() && p.value >= 1 && p.value <= s.max_n) {
      sc.input.n = p.value;
      changed = true;
    } else {
      s.notify(p.ok() ? "n must be between 1 and " + format_size(s.max_n) : p.error, true);
    }
    buf_for = ~uint64_t(0);
  }
  item_tooltip("Any count: 1000, 1M, 2^20, 3*2^20 (Enter applies). Non-powers of two are padded with "
               "sentinels, which the view shows as padding.");
  return changed;
}

// Key type, values and records; true when one changed.
bool key_rows(AppState& s, float column) {
  Scenario& sc = s.scenario;
  bool changed = false;
  field_label("key type", column);
  if (ImGui::BeginCombo("##keytype", std::string(key_type_name(sc.input.key)).c_str())) {
    for (KeyType k : kAllKeyTypes)
      if (ImGui::Selectable(std::string(key_type_name(k)).c_str(), k == sc.input.key)) {
        changed |= k != sc.input.key;
        sc.input.key = k;
      }
    ImGui::EndCombo();
  }
  item_tooltip("Floats sort by IEEE total order: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN.");
  ImGui::BeginDisabled(sc.records.has_value());
  changed |= checkbox_wrapped("key-value (u32 values)", &sc.input.with_values);
  ImGui::EndDisabled();
  item_tooltip("Carry a u32 value with each key: the values follow their keys.");
  changed |= record_controls(sc, column, s.input_records != nullptr);
  return changed;
}

// The seed and its re-roll button; true when it changed.
bool seed_row(Scenario& sc, float column) {
  bool changed = false;
  unsigned long long seed = sc.input.seed;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("seed");
  ImGui::SameLine(column);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("re-roll").x -
                          ImGui::GetStyle().FramePadding.x * 2 - ImGui::GetStyle().ItemSpacing.x);
  if (ImGui::InputScalar("##seed", ImGuiDataType_U64, &seed, nullptr, nullptr, "%llu",
                         ImGuiInputTextFlags_EnterReturnsTrue)) {
    sc.input.seed = seed;
    changed = true;
  }
  ImGui::SameLine();
  if (ImGui::Button("re-roll")) {
    // The app's top level may use a nondeterministic source: a new seed is what the user asked for.
    static std::mt19937_64 rng{std::random_device{}()};
    sc.input.seed = rng() % 1000000 + 1;
    changed = true;
  }
  item_tooltip("A new random seed: same distribution, different keys.");
  return changed;
}

// The input: the user's keys, or the generated input's distribution, size, keys and seed (resting
// while the user's keys are in); true when one changed.
bool input_rows(AppState& s, float column) {
  Scenario& sc = s.scenario;
  bool changed = false;
  section_header("Input");
  if (!s.input_file.empty()) input_file_rows(s);  // the user's keys: the generated input's knobs rest
  ImGui::BeginDisabled(!s.input_file.empty());
  field_label("distribution", column);
  if (ImGui::BeginCombo("##distribution", std::string(distribution_name(sc.input.dist)).c_str())) {
    for (Distribution d : kAllDistributions)
      if (ImGui::Selectable(std::string(distribution_name(d)).c_str(), d == sc.input.dist)) {
        changed |= d != sc.input.dist;
        sc.input.dist = d;
      }
    ImGui::EndCombo();
  }
  item_tooltip("How the keys are generated (on the GPU, from the seed; exact definitions in docs/inputs.md).");
  changed |= distribution_knobs(sc.input, column);
  changed |= size_rows(s, column);
  changed |= key_rows(s, column);
  changed |= seed_row(sc, column);
  ImGui::EndDisabled();
  return changed;
}

// Run controls: the sweep, continuous measuring, measuring again, copying the scenario.
void run_rows(AppState& s) {
  section_header("Run");
  bool sweep = s.settings.sweep;
  if (checkbox_wrapped("sweep keys/s against n", &sweep)) {
    s.settings.sweep = sweep;
    s.session->set_sweep_enabled(sweep);
  }
  item_tooltip("After each change of algorithm, parameters, key type or distribution, measure keys/s at "
               "every power of two up to memory (GPU) or 2^18 (CPU model) for the throughput plot.");
  checkbox_wrapped("re-measure continuously", &s.continuous);
  item_tooltip("Measure the current scenario again whenever the worker is idle: the live plot shows the "
               "run-to-run noise.");
  if (ImGui::Button("measure again")) s.session->remeasure();
  FlowLine buttons(false);  // side by side where the column is wide enough
  buttons.next(0);
  buttons.next(ImGui::CalcTextSize("copy scenario").x + ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::Button("copy scenario")) {
    nlohmann::json j = scenario_to_json(s.scenario, algorithm_params);
    j["step"] = s.playback.step();
    if (!s.input_file.empty()) j["input_file"] = s.input_file;  // the user's keys (gui_app.h)
    ImGui::SetClipboardText(j.dump().c_str());
    s.notify("scenario JSON copied: save it as a file for `sortscope gui --scenario FILE`");
  }
  item_tooltip("Copy this scenario (and the step shown) as JSON: `sortscope gui --scenario FILE` opens it again, "
               "and `--headless --screenshot` draws it.");
}

}  // namespace

void draw_scenario_panel(AppState& s) {
  if (!begin_panel("scenario", "Scenario", s.rects.scenario)) {
    end_panel();
    return;
  }
  if (s.race) {  // racing: the lanes ran before the window opened (race_mode.h)
    draw_race_scenario(s);
    end_panel();
    return;
  }
  Scenario& sc = s.scenario;
  const Scenario before = sc;  // for the teaching defaults (teaching_defaults.h)
  const float column = label_column(sc);
  bool changed = algorithm_rows(sc);
  if (const Algorithm* algo = find_algorithm(sc.algorithm)) changed |= parameter_rows(*algo, sc, column);
  changed |= input_rows(s, column);

  if (changed) {
    if (std::string what; apply_teaching_defaults(sc, before, &what))
      s.notify(what + " up to " + format_size(kTeachingKeys) + " keys: values that show the steps (set the defaults to compare)");
    s.scenario_dirty = true;
  }

  // Validation of what is being edited.
  if (!s.scenario_error.empty()) {
    ImGui::Spacing();
    colored_wrapped(colors::kBad, s.scenario_error);
  }
  run_rows(s);
  end_panel();
}

}  // namespace sortscope::ui
