#include "teaching_params.h"

#include <algorithm>
#include <optional>
#include <set>

#include "common/density.h"
#include "common/generators.h"
#include "common/key_transform.h"
#include "common/recorder.h"
#include "common/trace_aux.h"

namespace sortscope {

ParamValues teaching_params(const Algorithm& a, const InputSpec& in, const ParamValues& given) {
  if (!is_lecture_size(in.n)) return {};
  return a.teaching_params(in.n, in.key, in.with_values, given);
}

namespace {

// What an explained run shows: its step kinds (catalog ids) and snapshot kinds (trace_aux.h names).
using Shown = std::set<std::string>;

// Room for a lecture-size run's captures (4096 keys x ~100 full-array steps is a few MiB).
constexpr uint64_t kTrialCaptureBytes = uint64_t(64) << 20;

// The CPU model's explained run of `params` on this input (at most kTeachingKeys keys): what it
// shows, or nullopt where the parameters are refused (resolution or the plan).
std::optional<Shown> shown_by(const Algorithm& a, ParamValues params, const InputSpec& in) {
  if (!resolve_params(a.params(), params, a.id()).empty()) return std::nullopt;
  try {
    HostKeys keys = generate_host(in);
    std::vector<uint8_t> ordered = keys.bytes;
    keys_to_ordered_host(ordered.data(), in.n, in.key);
    Timeline timeline = make_timeline(a.id(), in.key, in.n, in.n, in.with_values, false,
                                      display_range_host(ordered.data(), in.n, in.key), kTrialCaptureBytes);
    Recorder recorder(timeline);
    a.run_model(a.params_as_run(params, in.key, in.with_values, in.n), keys, &recorder);
    Shown shown;
    for (const Step& step : timeline.steps) {
      if (step.kind >= 0 && size_t(step.kind) < a.step_kinds().size()) shown.insert(a.step_kinds()[size_t(step.kind)].id);
      for (const AuxData& aux : step.aux)
        if (const AuxCodecRegistry::Codec* c = aux_codec_registry().find(aux)) shown.insert(c->name);
    }
    return shown;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

size_t shown_of(const Shown& want, const Shown& got) {
  return size_t(std::count_if(want.begin(), want.end(), [&](const std::string& k) { return got.count(k) != 0; }));
}

// Every subset of `names` with `size` members, in order (lexicographic over the positions).
std::vector<std::vector<std::string>> subsets(const std::vector<std::string>& names, size_t size) {
  std::vector<std::vector<std::string>> out;
  std::vector<bool> pick(names.size(), false);
  std::fill(pick.begin(), pick.begin() + std::ptrdiff_t(size), true);
  do {
    std::vector<std::string> s;
    for (size_t i = 0; i < names.size(); ++i)
      if (pick[i]) s.push_back(names[i]);
    out.push_back(std::move(s));
  } while (std::prev_permutation(pick.begin(), pick.end()));
  return out;
}

}  // namespace

TeachingChoice choose_teaching_params(const Algorithm& a, ParamValues& params, const InputSpec& in) {
  TeachingChoice choice;
  const ParamValues teach = teaching_params(a, in, params);
  if (teach.empty()) return choice;
  // Only a parameter the scenario does not name: any value it names wins, `auto` included (a
  // measuring command fills every default in, so its scenario never takes teaching values).
  std::vector<std::string> names;
  for (const ParamSpec& p : a.params())
    if (teach.count(p.name) && !params.count(p.name)) names.push_back(p.name);
  const auto with = [&](const std::vector<std::string>& taught) {
    ParamValues v = params;
    for (const std::string& name : taught) v[name] = teach.at(name);
    return v;
  };
  if (params.empty() || names.empty()) {
    // Nothing the user set: the teaching values alone, which run by construction (tests/unit/
    // test_teaching_params.cpp shows every phase with them).
    params = with(names);
    choice.taught = names;
    return choice;
  }
  // What the teaching values alone show at this size: the phases a lecture expects.
  const std::optional<Shown> want = shown_by(a, teaching_params(a, in), in);
  // The largest set of teaching values that runs beside the user's, showing the most of `want`
  // (without `want`, the largest that runs): the search ends at the first set that shows all of it.
  const size_t all = want ? want->size() : 0;
  std::optional<std::vector<std::string>> best;
  Shown best_shown;
  size_t best_count = 0;
  for (size_t size = names.size() + 1; size-- > 0 && !(best && best_count == all);) {
    for (const std::vector<std::string>& taught : subsets(names, size)) {
      const std::optional<Shown> shown = shown_by(a, with(taught), in);
      if (!shown) continue;
      const size_t count = want ? shown_of(*want, *shown) : 0;
      if (!best || count > best_count) best = taught, best_shown = *shown, best_count = count;
      if (count == all) break;
    }
  }
  if (!best) return choice;  // the user's values alone are refused: their own error, untaught
  params = with(*best);
  choice.taught = *best;
  if (want)
    for (const std::string& k : *want)
      if (!best_shown.count(k)) choice.skips += (choice.skips.empty() ? "" : ", ") + k;
  return choice;
}

std::vector<std::string> apply_teaching_params(const Algorithm& a, ParamValues& params, const InputSpec& in) {
  return choose_teaching_params(a, params, in).taught;
}

void apply_teaching_params(const Algorithm& a, Scenario& s) {
  TeachingChoice choice = choose_teaching_params(a, s.params, s.input);
  for (std::string& name : choice.taught)
    if (std::find(s.taught.begin(), s.taught.end(), name) == s.taught.end()) s.taught.push_back(std::move(name));
  if (!choice.skips.empty()) s.teaching_skips = choice.skips;
}

ParamValues mark_taught(ParamValues params, const std::vector<std::string>& taught) {
  for (const std::string& name : taught) params[name] = kParamAuto;
  return params;
}

}  // namespace sortscope
