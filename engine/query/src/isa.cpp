// The instruction sets the batch path can run on (levelsweep/isa.hpp): their
// names, which this machine runs (simd/'s lane ABI asks the CPU), and the
// choice --isa and LEVELSWEEP_ISA make.
#include "levelsweep/isa.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "batch_isa.hpp"

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

namespace {
// Found once: the CPU does not change under a running process, and a query
// that takes the default ISA asks for the best.
const std::vector<Isa>& runnable_isas() {
    static const std::vector<Isa> isas = [] {
        std::vector<Isa> out{Isa::scalar};
        for (Isa isa : {Isa::sse4_2, Isa::avx2, Isa::avx512, Isa::neon})
            if (detail::lane_table_for(isa) != nullptr) out.push_back(isa);
        return out;
    }();
    return isas;
}
}  // namespace

std::vector<Isa> available_isas() { return runnable_isas(); }

bool isa_available(Isa isa) { return isa == Isa::scalar || detail::lane_table_for(isa) != nullptr; }

Isa best_isa() { return runnable_isas().back(); }

Isa choose_isa(std::string_view name) {
    if (name.empty() || name == "auto") {
        // LEVELSWEEP_ISA takes the names --isa takes, "auto" (the default) included.
        const char* pinned = std::getenv("LEVELSWEEP_ISA");
        if (pinned == nullptr || *pinned == '\0' || std::string_view(pinned) == "auto") return best_isa();
        name = pinned;
    }
    const std::optional<Isa> isa = isa_from_name(name);
    std::string choices = "auto";
    for (Isa a : runnable_isas()) choices += ", " + std::string(isa_name(a));
    if (!isa) throw std::invalid_argument("unknown ISA '" + std::string(name) + "' (this machine: " + choices + ")");
    if (!isa_available(*isa))
        throw std::invalid_argument("ISA " + std::string(name) + " is not available on this machine (" + choices + ")");
    return *isa;
}

}  // namespace levelsweep
