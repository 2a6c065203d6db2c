#include "views/view_registry.h"

#include <stdexcept>
#include <string>

#include "views/array_view.h"
#include "views/common/primitive_views.h"
#include "views/key_class_sources.h"

namespace sortscope {

// Defined in the build's generated view_families.cpp (visual/CMakeLists.txt): calls
// register_<family>_views for every family with views (kernels/CMakeLists.txt, sortscope_add_family).
void register_view_families(ViewRegistry& registry);

void ViewRegistry::add(std::type_index type, Entry e) {
  if (!entries_.emplace(type, std::move(e)).second)
    throw std::logic_error(std::string("view registry: snapshot type registered twice: ") + type.name());
}

void ViewRegistry::add_key_classes(std::type_index type, KeyClassFn rule) {
  if (!key_classes_.emplace(type, std::move(rule)).second)
    throw std::logic_error(std::string("view registry: key classes of a snapshot type registered twice: ") + type.name());
}

std::optional<KeyClassRule> ViewRegistry::key_classes(ColorBy mode, const AuxData& a, const KeyClassSite& site) const {
  const auto it = key_classes_.find(a.type());
  if (it == key_classes_.end()) return std::nullopt;
  return it->second(mode, a, site);
}

const ViewRegistry::Entry* ViewRegistry::find(const AuxData& a) const {
  const auto it = entries_.find(a.type());
  return it == entries_.end() ? nullptr : &it->second;
}

bool ViewRegistry::is_panel(const AuxData& a) const {
  const Entry* e = find(a);
  return e && e->place == ViewPlace::Panel;
}

const ViewRegistry& view_registry() {
  static const ViewRegistry registry = [] {
    ViewRegistry r;
    register_array_view_overlays(r);
    register_shared_key_classes(r);
    register_primitive_views(r);
    register_view_families(r);
    return r;
  }();
  return registry;
}

}  // namespace sortscope
