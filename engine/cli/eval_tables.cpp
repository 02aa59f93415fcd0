// levelsweep eval: the kernels of the overlap and sweep tables.
#include <array>

#include "eval.hpp"

namespace levelsweep::cli {

namespace {
constexpr std::array<EvalKernel, 0> kernels{};
}  // namespace

std::span<const EvalKernel> eval_tables() { return kernels; }

}  // namespace levelsweep::cli
