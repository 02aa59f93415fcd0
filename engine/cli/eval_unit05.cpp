// levelsweep eval: the kernels of spec Unit 5 (filled in by that unit's work).
#include <array>

#include "eval.hpp"

namespace levelsweep::cli {

namespace {
constexpr std::array<EvalKernel, 0> kernels{};
}  // namespace

std::span<const EvalKernel> eval_unit05() { return kernels; }

}  // namespace levelsweep::cli
