#include "query_lines.hpp"

#include <charconv>
#include <new>

#include "levelsweep/memory_limit.hpp"
#include "levelsweep/query_json.hpp"

namespace levelsweep::detail {

namespace {

// Whether a line is a JSON object with the key "levelsweep_queries" at its
// top: the header line, told without building the line's tree (a first line
// that is a query is parsed, and its tree checked, as any other).
class HeaderKey {
public:
    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(json::number_integer_t) { return true; }
    bool number_unsigned(json::number_unsigned_t) { return true; }
    bool number_float(json::number_float_t, const std::string&) { return true; }
    bool string(std::string&) { return true; }
    bool binary(json::binary_t&) { return true; }
    bool start_object(std::size_t) {
        if (depth_++ == 0) object_ = true;
        return true;
    }
    bool end_object() {
        --depth_;
        return true;
    }
    bool start_array(std::size_t) {
        ++depth_;
        return true;
    }
    bool end_array() {
        --depth_;
        return true;
    }
    bool key(std::string& k) {
        found_ |= depth_ == 1 && k == "levelsweep_queries";
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const json::exception&) { return false; }
    bool found() const { return object_ && found_; }

private:
    std::size_t depth_ = 0;
    bool object_ = false, found_ = false;
};

bool is_header(const std::string& line) {
    HeaderKey h;
    return json::sax_parse(line.begin(), line.end(), &h) && h.found();
}

std::uint64_t checksum_of(const std::string& name, const std::string& line_name, const json& c) {
    if (c.is_number_unsigned()) return c.get<std::uint64_t>();
    const std::string text = c.is_string() ? c.get<std::string>() : "";
    std::uint64_t value = 0;
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const char* first = text.data() + (hex ? 2 : 0);
    const auto [end, ec] = std::from_chars(first, text.data() + text.size(), value, hex ? 16 : 10);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        throw ReplayFileError(
            name, 0, line_name + ": \"level_checksum\" must be \"0x\" and up to 16 hex digits, or a whole number");
    return value;
}

}  // namespace

// The header line: a version this build reads, a checksum as "0x..." (or
// a whole number) and metadata as a string or any JSON value (kept as its text).
bool read_query_header(const std::string& name, const std::string& line, std::size_t line_number,
                       QueryFileHeader& header) {
    if (!is_header(line)) return false;
    const std::string line_name = "line " + std::to_string(line_number);
    const json h = parse_json(line, name + ": " + line_name);
    const json& version = h.at("levelsweep_queries");
    if (!version.is_number_unsigned() || version.get<std::uint64_t>() != 1)
        throw ReplayFileError(
            name, 0,
            line_name + ": unsupported \"levelsweep_queries\" version " + version.dump() + " (this build reads 1)");
    if (h.contains("level_checksum")) header.level_checksum = checksum_of(name, line_name, h.at("level_checksum"));
    if (h.contains("metadata"))
        header.metadata = h.at("metadata").is_string() ? h.at("metadata").get<std::string>() : h.at("metadata").dump();
    return true;
}

void too_long_record(QueryRecord& r) {
    r.malformed = true;
    r.text.clear();
    r.error = "line " + std::to_string(r.position) + ": longer than " + std::to_string(max_query_line_bytes) +
              " bytes, the longest query line read (docs/formats.md)";
}

void keep_text(std::string& text, std::string_view line) {
    constexpr std::size_t kept_room = std::size_t{64} << 10;
    if (text.capacity() > kept_room && text.capacity() > 2 * line.size())
        std::string(line).swap(text);
    else
        text.assign(line);
}

// Running out of memory is not a property of the line, so it ends the read
// rather than make the line malformed.
void parse_query_line(QueryRecord& r) {
    try {
        r.query = query_from_json(parse_json(r.text, "the line"), Quirks::faithful());
        r.text.clear();
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const MemoryLimitError& e) {
        r.malformed = true;
        r.error = "line " + std::to_string(r.position) + ": " + error_text(e);
        r.text.clear();  // a tree too large to build is no scene line either
    } catch (const std::exception& e) {
        r.malformed = true;
        r.error = "line " + std::to_string(r.position) + ": " + error_text(e);
    }
}

}  // namespace levelsweep::detail
