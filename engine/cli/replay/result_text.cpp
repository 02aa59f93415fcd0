#include "replay/result_text.hpp"

#include <fstream>
#include <iostream>
#include <stdexcept>

#include <cinttypes>
#include <cstdio>

#include "io/file_kind.hpp"
#include "io/output_file.hpp"
#include "io/same_file.hpp"
#include "io/standard_output.hpp"
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

int export_result_file(const std::string& in, const std::string& out, bool allow_incomplete, const std::string& command) {
    refuse_overwriting_inputs({in}, {out}, out == "-");
    expect_file_kind(in, FileKind::results, "a result file");
    OutputFile output(out);
    std::ofstream file;
    if (out != "-") {
        file.open(output.writing(), std::ios::binary);
        if (!file) throw std::runtime_error("cannot create " + out);
    }
    std::ostream& stream = out == "-" ? std::cout : file;
    const ResultsRead read = export_results_jsonl(in, stream);
    if (out == "-") check_standard_output();
    else file.close();
    if (!stream) throw std::runtime_error("cannot write " + out);
    if (read.end == ResultsEnd::complete) {
        output.commit();
        return 0;
    }
    const bool accepted = allow_incomplete && read.end != ResultsEnd::damaged;
    if (allow_incomplete) output.commit();
    std::cerr << command << ": " << in << ": " << read.text
              << (accepted ? "; its whole records were exported, as --allow-incomplete asks\n"
                  : allow_incomplete ? "; every record before the damage was exported\n"
                  : out == "-"       ? "; pass --allow-incomplete to accept what is there\n"
                                     : "; nothing was written to " + out + ": pass --allow-incomplete to export its whole records\n");
    return accepted ? 0 : 3;
}

}  // namespace levelsweep::cli
