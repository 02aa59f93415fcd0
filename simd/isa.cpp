// CPU detection for the batch path's dispatch (xsimd 8.1: the fields of
// xsimd::available_architectures(), see DESIGN.md "Dependencies").
#include "levelsweep/isa.hpp"

#include <xsimd/xsimd.hpp>

namespace levelsweep {

std::string_view isa_name(Isa isa) {
    switch (isa) {
        case Isa::scalar: return "scalar";
        case Isa::sse4_2: return "sse4";
        case Isa::avx2: return "avx2";
        case Isa::avx512: return "avx512";
        case Isa::neon: return "neon";
    }
    return "scalar";
}

std::optional<Isa> isa_from_name(std::string_view name) {
    for (Isa isa : {Isa::scalar, Isa::sse4_2, Isa::avx2, Isa::avx512, Isa::neon})
        if (isa_name(isa) == name) return isa;
    return std::nullopt;
}

std::vector<Isa> available_isas() {
    const auto cpu = xsimd::available_architectures();
    std::vector<Isa> out{Isa::scalar};
#if defined(__x86_64__) || defined(__i386__)
    if (cpu.sse4_2) out.push_back(Isa::sse4_2);
    if (cpu.avx2) out.push_back(Isa::avx2);
    if (cpu.avx512bw) out.push_back(Isa::avx512);
#elif defined(__aarch64__) || defined(__ARM_NEON)
    if (cpu.neon) out.push_back(Isa::neon);
#endif
    return out;
}

Isa best_isa() { return available_isas().back(); }

}  // namespace levelsweep
