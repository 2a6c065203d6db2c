#include "trace_aux.h"

#include <stdexcept>

namespace sortscope {

void register_aux_codec_families(AuxCodecRegistry& registry);  // generated: aux_codec_families.cpp

void AuxCodecRegistry::add(std::type_index type, Codec c) {
  if (by_type_.count(type) || by_name_.count(c.name))
    throw std::logic_error("aux codec registered twice: " + c.name);
  by_name_.emplace(c.name, type);
  by_type_.emplace(type, std::move(c));
}

const AuxCodecRegistry::Codec* AuxCodecRegistry::find(const AuxData& a) const {
  auto it = by_type_.find(a.type());
  return it == by_type_.end() ? nullptr : &it->second;
}

const AuxCodecRegistry::Codec* AuxCodecRegistry::find(const std::string& name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : &by_type_.at(it->second);
}

const AuxCodecRegistry& aux_codec_registry() {
  static const AuxCodecRegistry registry = [] {
    AuxCodecRegistry r;
    register_aux_codec_families(r);
    return r;
  }();
  return registry;
}

}  // namespace sortscope
