// CPU detection and the batch path's dispatch (xsimd 8.1: the fields of
// xsimd::available_architectures(), see DESIGN.md "Dependencies"). Compiled with
// the baseline flags: it must run on any CPU, to tell which ISA code may.
#include "levelsweep/isa.hpp"

#include <xsimd/xsimd.hpp>

#include <array>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "levelsweep/lane_abi.hpp"

namespace levelsweep {

namespace detail {
// Defined by simd/batch_<isa>.cpp, each compiled only where this build targets it.
const BatchIsaTable& batch_table_sse4_2();
const BatchIsaTable& batch_table_avx2();
const BatchIsaTable& batch_table_avx512();
const BatchIsaTable& batch_table_neon();
}  // namespace detail

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

namespace {
// Whether this build has batch code for `isa` (CMake's LEVELSWEEP_SIMD_<ISA>).
bool built_for(Isa isa) {
    switch (isa) {
        case Isa::scalar: return true;
#if LEVELSWEEP_SIMD_SSE4_2
        case Isa::sse4_2: return true;
#endif
#if LEVELSWEEP_SIMD_AVX2
        case Isa::avx2: return true;
#endif
#if LEVELSWEEP_SIMD_AVX512
        case Isa::avx512: return true;
#endif
#if LEVELSWEEP_SIMD_NEON
        case Isa::neon: return true;
#endif
        default: return false;
    }
}
}  // namespace

namespace {
std::vector<Isa> detect_isas() {
    const auto cpu = xsimd::available_architectures();
    std::vector<Isa> out{Isa::scalar};
    auto offer = [&](Isa isa, bool cpu_has) {
        if (cpu_has && built_for(isa)) out.push_back(isa);
    };
#if defined(__x86_64__) || defined(__i386__)
    offer(Isa::sse4_2, cpu.sse4_2);
    offer(Isa::avx2, cpu.avx2);
    offer(Isa::avx512, cpu.avx512f && cpu.avx512cd && cpu.avx512dq && cpu.avx512bw);
#elif defined(__aarch64__)
    offer(Isa::neon, cpu.neon64);
#endif
    return out;
}

// Detected once: the CPU does not change under a running process.
const std::vector<Isa>& detected_isas() {
    static const std::vector<Isa> isas = detect_isas();
    return isas;
}

}  // namespace

bool isa_available(Isa isa) {
    for (Isa a : detected_isas())
        if (a == isa) return true;
    return false;
}

std::vector<Isa> available_isas() { return detected_isas(); }

Isa best_isa() { return detected_isas().back(); }

Isa choose_isa(std::string_view name) {
    if (name.empty() || name == "auto") {
        const char* pinned = std::getenv("LEVELSWEEP_ISA");
        if (pinned == nullptr || *pinned == '\0') return best_isa();
        name = pinned;
    }
    const std::optional<Isa> isa = isa_from_name(name);
    std::string choices = "auto";
    for (Isa a : detected_isas()) choices += ", " + std::string(isa_name(a));
    if (!isa) throw std::invalid_argument("unknown ISA '" + std::string(name) + "' (this machine: " + choices + ")");
    if (!isa_available(*isa))
        throw std::invalid_argument("ISA " + std::string(name) + " is not available on this machine (" + choices + ")");
    return *isa;
}

namespace detail {

namespace {
const BatchIsaTable* table_of(Isa isa) {
    if (!isa_available(isa)) return nullptr;
    switch (isa) {
#if LEVELSWEEP_SIMD_SSE4_2
        case Isa::sse4_2: return &batch_table_sse4_2();
#endif
#if LEVELSWEEP_SIMD_AVX2
        case Isa::avx2: return &batch_table_avx2();
#endif
#if LEVELSWEEP_SIMD_AVX512
        case Isa::avx512: return &batch_table_avx512();
#endif
#if LEVELSWEEP_SIMD_NEON
        case Isa::neon: return &batch_table_neon();
#endif
        default: return nullptr;
    }
}
}  // namespace

const BatchIsaTable* batch_isa_table(Isa isa) {
    // Looked up once per ISA: every query asks.
    static const std::array<const BatchIsaTable*, 5> tables = {table_of(Isa::scalar), table_of(Isa::sse4_2),
                                                               table_of(Isa::avx2), table_of(Isa::avx512),
                                                               table_of(Isa::neon)};
    return tables[static_cast<std::size_t>(isa)];
}

}  // namespace detail

}  // namespace levelsweep
