#pragma once
// The list of algorithms Sortscope knows. Adding one: a folder under kernels/ and a line in
// registry.cpp.
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
