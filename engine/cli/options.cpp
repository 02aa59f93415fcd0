#include "options.hpp"

#include <charconv>
#include <cmath>
#include <string>

#include "levelsweep/memory_limit.hpp"

namespace levelsweep::cli {

namespace {

// The number the whole text spells, if it does.
bool parse_number(const std::string& s, double& v) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

CLI::Validator positive_finite() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            double v = 0;
            if (!parse_number(s, v) || !std::isfinite(v) || !(v > 0))
                return "must be a finite number above 0, not " + s;
            return {};
        },
        "POSITIVE");
}

CLI::Validator non_negative_finite() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            double v = 0;
            if (!parse_number(s, v) || !std::isfinite(v) || !(v >= 0))
                return "must be a finite number at or above 0, not " + s;
            return {};
        },
        "NONNEGATIVE");
}

CLI::Validator whole_number(std::uint64_t least, std::uint64_t most) {
    const std::string range = std::to_string(least) + " to " + std::to_string(most);
    return CLI::Validator(
        [least, most, range](std::string& s) -> std::string {
            std::uint64_t v = 0;
            const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
            if (s.empty() || ec != std::errc() || end != s.data() + s.size() || v < least || v > most)
                return "must be a whole number from " + range + ", not " + s;
            return {};
        },
        "UINT in " + range);
}

CLI::Validator memory_size() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            if (!parse_memory_size(s)) return "must be a size such as 8G, 512M or 1000000 (bytes), not " + s;
            return {};
        },
        "SIZE");
}

}  // namespace levelsweep::cli
