#pragma once
// Which view draws which auxiliary snapshot type (kernels/common/aux_data.h). Each algorithm family
// registers the views of its snapshot types from its own folder, visual/views/<family>/, in one
// function `void register_<family>_views(ViewRegistry&)`; the family's
// `sortscope_add_family(<family> ...)` line in kernels/CMakeLists.txt has visual/CMakeLists.txt
// compile the folder and add that call to the generated list view_registry() runs once. No shared file names a family's types.
//
// Why a generated call list and not self-registering static objects: the views live in a static
// library, and the linker leaves out every object file nothing references, so a family whose only
// link to the program were a static registrar would silently lose its views.
//
// A snapshot type is either a panel view (drawn by the aux panel, aux_panel.h, into a rectangle
// of its own) or an overlay of the array view (drawn by ArrayView over the keys: ComparatorStage,
// BlockOwnership). A type nobody registered is not drawn.
//
// Apart from where it is drawn, a type may say how a step's keys fall into classes for the colour
// modes (colour by digit, bucket or run: color_by.h, views/key_coloring.h), registered from the
// same folder with add_key_classes.
#include <functional>
#include <optional>
#include <typeindex>
#include <unordered_map>

#include "color_by.h"
#include "common/aux_data.h"
#include "views/key_class_rule.h"
#include "views/rect.h"

namespace sortscope {

struct AuxDrawContext;

enum class ViewPlace { Panel, ArrayOverlay };

class ViewRegistry {
 public:
  struct Entry {
    ViewPlace place = ViewPlace::Panel;
    // Panel views: draws the snapshot into rectangle r of the panel, and the relative width it
    // wants beside the step's other panel views (1 = a plain view).
    std::function<void(const AuxDrawContext& c, const Rect& r, const AuxData& a)> draw;
    std::function<float(const AuxData& a)> weight;
  };

  // T drawn in the aux panel by draw(c, r, t). `weight(t)`, when given, is the relative width the
  // view wants (else 1).
  template <class T>
  void add_panel(void (*draw)(const AuxDrawContext&, const Rect&, const T&), float (*weight)(const T&) = nullptr) {
    Entry e;
    e.draw = [draw](const AuxDrawContext& c, const Rect& r, const AuxData& a) { draw(c, r, *a.get<T>()); };
    e.weight = [weight](const AuxData& a) { return weight ? weight(*a.get<T>()) : 1.0f; };
    add(typeid(T), std::move(e));
  }
  // T drawn by the array view over the keys (not in the panel).
  template <class T>
  void add_array_overlay() {
    add(typeid(T), Entry{ViewPlace::ArrayOverlay, {}, {}});
  }

  // T says how the keys fall into classes: rule(mode, t, site) gives the classes for colour mode
  // `mode`, or nothing where T says nothing about that mode.
  template <class T>
  void add_key_classes(std::optional<KeyClassRule> (*rule)(ColorBy, const T&, const KeyClassSite&)) {
    add_key_classes(typeid(T), [rule](ColorBy mode, const AuxData& a, const KeyClassSite& site) {
      return rule(mode, *a.get<T>(), site);
    });
  }

  // The entry of the snapshot's type, or null when none was registered.
  const Entry* find(const AuxData& a) const;
  bool is_panel(const AuxData& a) const;
  // The classes the snapshot gives for `mode`; nothing when its type registered no rule or the
  // rule says nothing about that mode.
  std::optional<KeyClassRule> key_classes(ColorBy mode, const AuxData& a, const KeyClassSite& site) const;

 private:
  using KeyClassFn = std::function<std::optional<KeyClassRule>(ColorBy, const AuxData&, const KeyClassSite&)>;
  void add(std::type_index type, Entry e);  // throws std::logic_error for a type registered twice
  void add_key_classes(std::type_index type, KeyClassFn rule);  // the same
  std::unordered_map<std::type_index, Entry> entries_;
  std::unordered_map<std::type_index, KeyClassFn> key_classes_;
};

// The program's registry: the array view's overlays and every family added with
// sortscope_add_family that has views, built on first use.
const ViewRegistry& view_registry();

}  // namespace sortscope
