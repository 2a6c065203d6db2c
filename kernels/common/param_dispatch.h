#pragma once
// The one place where a run-time parameter value becomes a compile-time template argument.
//
// Each algorithm declares the values its kernels are compiled for in one constexpr table, e.g.
//     inline constexpr int kRadixKeysPerThread[] = {8, 12, 16, 20, 24, 28, 32};
// Its ParamSpec offers exactly these values (param_spec.h: ParamSpec::list), and its launchers turn
// a value into a template argument with
//     dispatch_value<kRadixKeysPerThread>(plan.keys_per_thread, "radix sort keys_per_thread",
//                                         [&](auto kpt) { launch<decltype(kpt)::value>(...); });
// so the spec and the instantiations cannot drift: adding a compiled choice is one edit of the table.
// Plain C++ (no CUDA headers), usable from .cu, .cuh and host code alike.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace sortscope {

// Whether v is one of the values `values` (a table of compiled choices) lists.
template <std::size_t N>
bool compiled(const int (&values)[N], int v) {
  for (int c : values)
    if (c == v) return true;
  return false;
}

// A compile-time list of int values.
template <int... Vs>
struct ValueList {
  static constexpr std::size_t size = sizeof...(Vs);
  static constexpr bool contains(int v) { return ((v == Vs) || ...); }
};

namespace param_dispatch_detail {

template <const auto& Table, class Seq>
struct ListOf;
template <const auto& Table, std::size_t... I>
struct ListOf<Table, std::index_sequence<I...>> {
  using type = ValueList<Table[I]...>;
};

template <class F, int... Vs>
bool call_matching(int v, F& f, ValueList<Vs...>) {
  return ((v == Vs ? (f(std::integral_constant<int, Vs>{}), true) : false) || ...);
}

template <int... Vs>
std::string allowed_text(ValueList<Vs...>) {
  std::string s;
  ((s += (s.empty() ? "" : ", ") + std::to_string(Vs)), ...);
  return s;
}

}  // namespace param_dispatch_detail

// The ValueList of a constexpr int table: ValueListOf<kRadixKeysPerThread>.
template <const auto& Table>
using ValueListOf = typename param_dispatch_detail::ListOf<
    Table, std::make_index_sequence<sizeof(Table) / sizeof(Table[0])>>::type;

// Calls f(std::integral_constant<int, V>{}) for the V of `List` equal to v. Throws
// std::invalid_argument "<what>: no kernels compiled for <v> (compiled: 8, 12, ...)" otherwise.
template <class List, class F>
void dispatch_value(int v, const char* what, F&& f) {
  if (!param_dispatch_detail::call_matching(v, f, List{}))
    throw std::invalid_argument(std::string(what) + ": no kernels compiled for " + std::to_string(v) +
                                " (compiled: " + param_dispatch_detail::allowed_text(List{}) + ")");
}

// The same from a table directly: dispatch_value<kRadixKeysPerThread>(v, what, f).
template <const auto& Table, class F>
void dispatch_value(int v, const char* what, F&& f) {
  dispatch_value<ValueListOf<Table>>(v, what, std::forward<F>(f));
}

}  // namespace sortscope
