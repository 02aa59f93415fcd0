// levelsweep eval: one kernel call per JSON line (schema: docs/eval.md).
#pragma once

#include <span>
#include <string_view>

#include "levelsweep/json_io.hpp"

namespace levelsweep::cli {

// One kernel or table entry callable from `levelsweep eval`: it reads the spec's
// input names from `inputs` and returns the outputs as a JSON object. It throws
// std::invalid_argument for a missing or malformed input.
struct EvalKernel {
    std::string_view name;
    json (*run)(const json& inputs);
};

// Each spec unit lists its kernels in its own file.
std::span<const EvalKernel> eval_unit01();
std::span<const EvalKernel> eval_unit04();
std::span<const EvalKernel> eval_unit05();
std::span<const EvalKernel> eval_unit12();
std::span<const EvalKernel> eval_unit13();
std::span<const EvalKernel> eval_tables();

}  // namespace levelsweep::cli
