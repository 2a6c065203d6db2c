// Fuzz target: the axes a user types in the app's sweep view (app/bench/sweep_grid.h), which go
// through the bench matrix's parser (`sortscope bench --n/--param` text): every input is refused
// with one line, or gives a grid whose every state is exactly one cell and every cell measures
// its own axis values or is refused by the algorithm's plan with its reason. Input: one byte
// choosing the algorithm, then "NAME=VALUES\nNAME=VALUES".
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <string>

#include "bench/sweep_grid.h"
#include "registry.h"

namespace {

sortscope::SweepAxisText axis(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos) return {text, ""};
  return {text.substr(0, eq), text.substr(eq + 1)};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace sortscope;
  if (size < 1) return 0;
  const auto& algos = all_algorithms();
  Scenario base;
  base.algorithm = algos[data[0] % algos.size()]->id();
  base.input.n = 1 << 12;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const size_t nl = text.find('\n');
  const SweepAxisText x = axis(text.substr(0, nl));
  const SweepAxisText y = axis(nl == std::string::npos ? "" : text.substr(nl + 1));
  try {
    const SweepGrid g(base, x, y);
    // Every cell is a state or refused by the plan (with its reason), never both, never neither.
    if (g.states().size() + g.refused_count() != g.cols() * g.rows() || g.cols() == 0 || g.rows() == 0) std::abort();
    if (g.states().empty()) std::abort();  // an all-refused grid is refused
    size_t marked = 0;
    for (size_t r = 0; r < g.rows(); ++r)
      for (size_t c = 0; c < g.cols(); ++c) marked += g.cell(c, r).refused.empty() ? 0 : 1;
    if (marked != g.refused_count()) std::abort();
    std::set<std::pair<size_t, size_t>> cells;
    for (const BenchState& st : g.states()) {
      const auto at = g.cell_of(st.name);
      if (!at || !cells.insert(*at).second) std::abort();
      if (!g.cell(at->first, at->second).refused.empty()) std::abort();
      if (g.cell_scenario(at->first, at->second).params != st.scenario.params) std::abort();
      if (g.cell_scenario(at->first, at->second).input.n != st.scenario.input.n) std::abort();
    }
  } catch (const std::runtime_error& e) {
    if (std::string(e.what()).find('\n') != std::string::npos) std::abort();  // one line
  }
  return 0;
}
