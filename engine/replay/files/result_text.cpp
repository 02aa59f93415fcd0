#include "levelsweep/result_text.hpp"

#include <fstream>
#include <iostream>
#include <stdexcept>

#include <cinttypes>
#include <cstdio>

#include "levelsweep/file_kind.hpp"
#include "levelsweep/query_json.hpp"

namespace levelsweep {

namespace {

std::string hex(std::uint64_t v, int digits) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%0*" PRIx64, digits, v);
    return buf;
}

}  // namespace

std::string checksum_text(std::uint64_t checksum) { return hex(checksum, 16); }

std::string quirk_set_name(std::uint32_t bits) {
    const std::uint32_t quirks = bits & ~definition_switches;
    std::string name = quirks == Quirks::faithful().bits()    ? "faithful"
                       : quirks == Quirks::corrected().bits() ? "corrected"
                                                              : "custom";
    for (std::uint32_t k = 0; k < quirk_count; ++k)  // the definition switches on, by name
        if ((bits & definition_switches) >> k & 1u) name.append("+").append(quirk_name(static_cast<Quirk>(k)));
    return name;
}

json result_header_to_json(const ResultFileHeader& h) {
    return {{"level_checksum", checksum_text(h.level_checksum)},
            {"quirks", hex(h.quirks, 8)},
            {"mode", quirk_set_name(h.quirks)},
            {"path", h.path},
            {"isa", h.isa},
            {"metadata", h.metadata},
            {"expected_count", h.expected_count == unknown_query_count ? json() : json(h.expected_count)}};
}

json result_record_to_json(const ResultRecord& r) {
    json line = result_to_json(r.result, r.contacts);
    line["index"] = r.index;
    line["kind"] = query_kind_name(r.kind);
    return line;
}

ResultsRead export_results_jsonl(const std::filesystem::path& in, std::ostream& out) {
    ResultFileReader reader(in);
    json head = result_header_to_json(reader.header());
    head["levelsweep_results"] = 1;  // the text form's version, which the binary file's version 2 left unchanged
    out << head.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    ResultRecord r;
    while (reader.next(r)) {
        out << result_record_to_json(r).dump() << '\n';
        if (!out) break;  // the caller reports the failed write
    }
    return {reader.end(), reader.end_text()};
}

}  // namespace levelsweep
