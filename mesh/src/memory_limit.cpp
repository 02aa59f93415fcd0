#include "levelsweep/memory_limit.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>

namespace levelsweep {

namespace {

std::atomic<std::uint64_t> limit_set{0};  // 0: not set

// A cgroup's memory limit (v2, then v1), if the process has one.
std::optional<std::uint64_t> cgroup_limit() {
    for (const char* file : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
        std::ifstream in(file);
        std::uint64_t bytes = 0;
        if (in >> bytes && bytes > 0) return bytes;  // "max" (no limit) does not read as a number
    }
    return std::nullopt;
}

}  // namespace

std::uint64_t default_memory_limit() {
    const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
    std::uint64_t available = pages > 0 && page > 0
                                  ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
                                  : std::uint64_t{1} << 32;
    for (int resource : {RLIMIT_AS, RLIMIT_DATA}) {
        struct rlimit r {};
        if (::getrlimit(resource, &r) == 0 && r.rlim_cur != RLIM_INFINITY)
            available = std::min<std::uint64_t>(available, r.rlim_cur);
    }
    if (const auto cgroup = cgroup_limit()) available = std::min(available, *cgroup);
    return available / 2;
}

std::uint64_t memory_limit() {
    const std::uint64_t set = limit_set.load();
    if (set != 0) return set;
    // Found once: readers ask for every line they parse, and the machine's
    // memory and the process's limits do not change under a run.
    static const std::uint64_t machine = default_memory_limit();
    return machine;
}

void set_memory_limit(std::uint64_t bytes) { limit_set.store(bytes); }

void check_memory(std::uint64_t bytes, const std::string& what, const std::string& remedy) {
    const std::uint64_t limit = memory_limit();
    if (bytes <= limit) return;
    throw MemoryLimitError(what + " needs " + memory_text(bytes) + ", over the memory limit of " + memory_text(limit) +
                           ": " + remedy +
                           ", or raise the limit (levelsweep --memory-limit, or LEVELSWEEP_MEMORY_LIMIT)");
}

std::string memory_text(std::uint64_t bytes) {
    if (bytes < 1024) return std::to_string(bytes) + " bytes";
    const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = static_cast<double>(bytes) / 1024.0;
    std::size_t u = 0;
    while (v >= 1024.0 && u + 1 < std::size(units)) {
        v /= 1024.0;
        ++u;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %s", v, units[u]);
    return text;
}

std::optional<std::uint64_t> parse_memory_size(std::string_view text) {
    double number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc() || !(number > 0)) return std::nullopt;
    std::string unit(end, text.data() + text.size());
    std::transform(unit.begin(), unit.end(), unit.begin(), [](unsigned char c) { return std::tolower(c); });
    double scale = 1;
    if (!unit.empty() && unit != "b") {
        const std::size_t power = std::string_view("kmgt").find(unit[0]);
        const std::string_view rest = std::string_view(unit).substr(1);
        if (power == std::string_view::npos || !(rest.empty() || rest == "b" || rest == "ib")) return std::nullopt;
        scale = std::ldexp(1.0, 10 * static_cast<int>(power + 1));
    }
    const double bytes = std::floor(number * scale);
    if (!(bytes >= 1) || bytes >= 18446744073709551616.0) return std::nullopt;
    return static_cast<std::uint64_t>(bytes);
}

}  // namespace levelsweep
