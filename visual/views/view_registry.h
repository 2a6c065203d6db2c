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
#include <functional>
#include <typeindex>
#include <unordered_map>

#include "common/aux_data.h"
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

  // The entry of the snapshot's type, or null when none was registered.
  const Entry* find(const AuxData& a) const;
  bool is_panel(const AuxData& a) const;

 private:
  void add(std::type_index type, Entry e);  // throws std::logic_error for a type registered twice
  std::unordered_map<std::type_index, Entry> entries_;
};

// The program's registry: the array view's overlays and every family added with
// sortscope_add_family that has views, built on first use.
const ViewRegistry& view_registry();

}  // namespace sortscope
