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
std::string algorithm_names();                         // "bitonic, ..." for error messages
bool built_with_cuda();

}  // namespace sortscope
