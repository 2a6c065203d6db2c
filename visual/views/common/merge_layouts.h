#pragma once
// Where the merge views put their drawings, for tests (pixels at known places) and for callers that
// want to hit-test. Each draw_* below is the view of merge_views.h with an optional out-param;
// the draw_aux_view overloads call them with none.
#include <cstdint>
#include <vector>

#include "primitives/merge_path/merge_path_aux.h"
#include "primitives/multiseq_select/selection_trace.h"
#include "views/aux_panel.h"

namespace sortscope {

// Merge path: key coordinates a in [0, a_len], b in [0, b_len] map linearly onto `grid`
// (a -> x from grid.x to grid.right(), b -> y from grid.y to grid.bottom()).
struct MergePathLayout {
  Rect grid;
  bool exact = false;          // path walked key by key (else straight through the splits)
  size_t diagonals_shown = 0;  // cross-diagonals drawn (all, or those a few pixels apart)
  size_t table_rows = 0;       // blocks listed in the side table (0: no table)
};
void draw_merge_path(const AuxDrawContext& c, const Rect& r, const MergePathGrid& g, MergePathLayout* out);

// Block shares: row i shows block rows[i] between y = plot.y + i * row_h and the next; positions
// within the block's pair of runs, [0, 2 * run_keys_in), map linearly onto plot's x; `bar` holds the
// share bars (a full tile = its width).
struct BlockSharesLayout {
  Rect plot, bar;
  float row_h = 0;
  std::vector<uint64_t> rows;
};
void draw_block_shares(const AuxDrawContext& c, const Rect& r, const MergeBlockShares& s, BlockSharesLayout* out);

// Selection: sequence i's positions [0, len_i] map onto columns[i]'s x; iteration t's row spans
// y in [columns[i].y + t * row_h, + row_h). `sums` is the summed column ([0, total] on x);
// header[i] is sequence i's bar (its final prefix filled).
struct SelectionLayout {
  std::vector<Rect> columns, header;
  Rect sums, sums_header;
  float row_h = 0;
};
void draw_selection(const AuxDrawContext& c, const Rect& r, const SelectionTrace& t, SelectionLayout* out);

// Split matrix: run i is columns[i]; its positions [0, max_len] map onto y from plot_y to
// plot_y + plot_h (a shorter run's column ends earlier). Parts are drawn in bands of `group`.
struct SplitMatrixLayout {
  std::vector<Rect> columns;
  float plot_y = 0, plot_h = 0;
  uint64_t max_len = 0, group = 1;
  Rect sizes, iterations;  // the two strips (iterations empty when the matrix has none)
};
void draw_split_matrix(const AuxDrawContext& c, const Rect& r, const SplitMatrix& m, SplitMatrixLayout* out);

// Merge buffer: the steps drawn, in order (a step index, or -1 for the slot saying how many are
// left out), with the rectangles of their rows of 2b cells (cell j of 2b spans 1/2b of the width).
struct MergeBufferLayout {
  std::vector<int64_t> steps;
  std::vector<Rect> before, after;  // per entry of steps (empty rects for -1)
  bool grid = false;                // steps side by side (a wide, short panel) rather than a list
};
void draw_merge_buffer(const AuxDrawContext& c, const Rect& r, const MergeBufferTrace& b, MergeBufferLayout* out);

}  // namespace sortscope
