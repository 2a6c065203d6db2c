#pragma once
// Colour by digit, bucket or run (color_by.h): which classes the keys of one step fall into, found
// in the timeline's snapshots (each snapshot type that knows registers how: ViewRegistry::
// add_key_classes), or why there are none, in words the legend shows: the view then colours by key,
// and says so.
#include <optional>
#include <string>

#include "color_by.h"
#include "common/timeline.h"
#include "views/key_class_rule.h"

namespace sortscope {

struct KeyColoring {
  ColorBy requested = ColorBy::Key;
  std::optional<KeyClassRule> rule;  // the classes; empty: the keys are coloured by value
  std::string note;                  // why not, when a class mode was asked for and there is no rule
  int source_step = -1;              // the step and snapshot the rule came from
  int source_aux = -1;
};

// The classes of step `step`'s keys for `mode`: from the step's own snapshots; else the nearest
// earlier step's (the pass or stage the step belongs to: a radix pass's scan step has the digit its
// count step had); else the nearest later step's (the input, and steps before the first pass: the
// classes the keys are about to be sorted into; a class by position then says "after step K").
KeyColoring key_coloring(const Timeline& t, int step, ColorBy mode);

// The legend's words when `mode` has no classes in the timeline ("digit: no radix pass here,
// colouring by key"), and when the view shows a heat map and the classes are digits, which a cell
// (a stretch of places by a range of values) does not decide (views/key_class_rule.h, HeatClasses).
std::string no_classes_note(ColorBy mode);
std::string heat_map_classes_note(ColorBy mode);

}  // namespace sortscope
