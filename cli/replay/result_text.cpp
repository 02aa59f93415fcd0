#include "replay/result_text.hpp"

#include <fstream>
#include <iostream>
#include <stdexcept>

#include <cinttypes>
#include <cstdio>

#include "json/query_json.hpp"

namespace levelsweep::cli {

namespace {

std::string hex(std::uint64_t v, int digits) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%0*" PRIx64, digits, v);
    return buf;
}

}  // namespace

std::string checksum_text(std::uint64_t checksum) { return hex(checksum, 16); }

std::string quirk_set_name(std::uint32_t bits) {
    if (bits == Quirks::faithful().bits()) return "faithful";
    if (bits == Quirks::corrected().bits()) return "corrected";
    return "custom";
}

json result_header_to_json(const ResultFileHeader& h) {
    return {{"level_checksum", checksum_text(h.level_checksum)},
            {"quirks", hex(h.quirks, 8)},
            {"mode", quirk_set_name(h.quirks)},
            {"path", h.path},
            {"isa", h.isa},
            {"metadata", h.metadata}};
}

json result_record_to_json(const ResultRecord& r) {
    json line = result_to_json(r.result, r.contacts);
    line["index"] = r.index;
    line["kind"] = query_kind_name(r.kind);
    return line;
}

std::optional<ReplayFileError> export_results_jsonl(const std::filesystem::path& in, std::ostream& out) {
    ResultFileReader reader(in);
    json head = result_header_to_json(reader.header());
    head["levelsweep_results"] = result_file_version;
    out << head.dump() << '\n';
    ResultRecord r;
    while (reader.next(r)) out << result_record_to_json(r).dump() << '\n';
    return reader.truncation();
}

std::optional<ReplayFileError> export_results_jsonl(const std::filesystem::path& in, const std::string& out) {
    std::ofstream file;
    if (out != "-") {
        file.open(out, std::ios::binary);
        if (!file) throw std::runtime_error("cannot create " + out);
    }
    std::ostream& stream = out == "-" ? std::cout : file;
    const auto cut = export_results_jsonl(in, stream);
    stream.flush();
    if (!stream) throw std::runtime_error("cannot write " + out);
    return cut;
}

}  // namespace levelsweep::cli
