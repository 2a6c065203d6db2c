#pragma once
// The list of algorithms Sortscope knows: all_algorithms() is generated from the
// sortscope_add_family(<family> ALGORITHMS ...) lines of kernels/CMakeLists.txt (registry.cpp.in);
// the look-ups are registry_lookup.cpp. Adding one: its name in its family's line.
#include <string>
#include <string_view>
#include <vector>

#include "algorithm.h"

namespace sortscope {

const std::vector<const Algorithm*>& all_algorithms();
const Algorithm* find_algorithm(std::string_view id);  // null when unknown
// The parameter specs of an algorithm id, null when unknown (a ParamSpecsOf for scenario JSON).
const std::vector<ParamSpec>* algorithm_params(std::string_view id);
std::string algorithm_names();                         // "bitonic, ..." for error messages
bool built_with_cuda();

}  // namespace sortscope
