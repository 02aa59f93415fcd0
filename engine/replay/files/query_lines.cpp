#include "query_lines.hpp"

#include <charconv>

#include "levelsweep/query_json.hpp"
#include "levelsweep/query_source.hpp"

namespace levelsweep::detail {

namespace {

std::uint64_t checksum_of(const std::string& name, const json& c) {
    if (c.is_number_unsigned()) return c.get<std::uint64_t>();
    const std::string text = c.is_string() ? c.get<std::string>() : "";
    std::uint64_t value = 0;
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const char* first = text.data() + (hex ? 2 : 0);
    const auto [end, ec] = std::from_chars(first, text.data() + text.size(), value, hex ? 16 : 10);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw ReplayFileError(name, 0, "line 1: \"level_checksum\" must be \"0x\" and up to 16 hex digits, or a whole number");
    return value;
}

}  // namespace

// The header line: a version this build reads, a checksum as "0x..." (or
// a whole number) and metadata as a string or any JSON value (kept as its text).
bool read_query_header(const std::string& name, const std::string& first_line, bool too_long, QueryFileHeader& header) {
    const json h = too_long ? json() : json::parse(first_line, nullptr, false);
    if (!h.is_object() || !h.contains("levelsweep_queries")) return false;
    const json& version = h.at("levelsweep_queries");
    if (!version.is_number_unsigned() || version.get<std::uint64_t>() != 1)
        throw ReplayFileError(name, 0, "line 1: unsupported \"levelsweep_queries\" version " + version.dump() + " (this build reads 1)");
    if (h.contains("level_checksum")) header.level_checksum = checksum_of(name, h.at("level_checksum"));
    if (h.contains("metadata")) header.metadata = h.at("metadata").is_string() ? h.at("metadata").get<std::string>() : h.at("metadata").dump();
    return true;
}

void too_long_record(QueryRecord& r) {
    r.malformed = true;
    r.error = "line " + std::to_string(r.position) + ": longer than " + std::to_string(max_query_line_bytes) +
              " bytes, the longest query line read (docs/formats.md)";
}

void parse_query_line(QueryRecord& r) {
    try {
        r.query = query_from_json(json::parse(r.text), Quirks::faithful());
        r.text.clear();
    } catch (const std::exception& e) {
        r.malformed = true;
        r.error = "line " + std::to_string(r.position) + ": " + error_text(e);
    }
}

}  // namespace levelsweep::detail
