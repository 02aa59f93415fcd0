// levelsweep convert: replay files between their binary and text forms
// (docs/formats.md). Query files: binary (.lsq) <-> JSON Lines (.jsonl, plain
// or gzipped), either way, the level checksum and metadata carried across.
// Result files: to their JSON Lines export.
#include <array>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/output_file.hpp"
#include "io/same_file.hpp"
#include "levelsweep/file_kind.hpp"
#include "levelsweep/query_json.hpp"
#include "levelsweep/query_sink.hpp"
#include "levelsweep/query_source.hpp"
#include "replays/export_file.hpp"

namespace levelsweep::cli {

namespace {

struct ConvertArgs {
    std::string in;
    std::string out;
    std::string to;
    bool allow_incomplete = false;
};

struct Tally {
    std::uint64_t written = 0;
    std::uint64_t malformed = 0;
    std::uint64_t lossy = 0;
};

// Whether the JSON form gives back the record's every byte: it leaves out the
// fields the query's kind does not use (so they must hold the defaults) and a
// NaN's payload.
bool json_keeps(const Query& q) {
    std::array<std::byte, query_record_bytes> before, after;
    encode_query_record(q, before);
    encode_query_record(query_from_json(query_to_json(q), q.settings.quirks), after);
    return before == after;
}

void warn_lossy(const ConvertArgs& a, std::uint64_t index, Tally& t) {
    if (t.lossy++ < 10)
        std::cerr
            << a.in << ": query " << index
            << ": the JSON form drops what this record holds beyond its kind's fields (unused fields that are not "
               "the defaults, or a NaN's payload)\n";
}

QueryFormat output_format(const ConvertArgs& a) {
    if (a.to == "lsq") return QueryFormat::binary;
    if (a.to == "jsonl") return QueryFormat::json_lines;
    if (const auto f = query_format_for(a.out)) return *f;
    throw std::runtime_error(
        a.out + ": cannot tell the format from the name (.lsq, .jsonl, .jsonl.gz); give --to lsq or --to jsonl");
}

// Copies every readable query; a malformed record is reported with its line
// or byte and skipped, and the conversion goes on.
void convert_queries(const ConvertArgs& a) {
    const QueryFormat format = output_format(a);
    refuse_overwriting_inputs({a.in}, {a.out}, a.out == "-");
    const std::unique_ptr<QuerySource> source = open_queries(a.in);
    const QueryFileHeader& header = source->header();
    if (format == QueryFormat::json_lines && !header.metadata.empty()) {
        const json line = parse_json(query_header_line(header), a.in + "'s metadata");
        if (line.at("metadata").is_string() ? line.at("metadata") != header.metadata
                                            : line.at("metadata").dump() != header.metadata)
            std::cerr << a.in << ": the metadata is not UTF-8 text; the JSON form replaces its bad bytes\n";
    }
    OutputFile out(a.out, format == QueryFormat::binary ? OutputContent::binary : OutputContent::text,
                   "a binary query file");
    Tally t;
    out.write([&](const std::filesystem::path& path) {
        const std::unique_ptr<QuerySink> sink = open_query_sink(path, format, header);
        std::vector<QueryRecord> chunk(1024);
        std::uint64_t index = 0;
        while (const std::size_t n = source->read(chunk))
            for (std::size_t i = 0; i < n; ++i, ++index) {
                const QueryRecord& r = chunk[i];
                if (r.malformed) {
                    std::cerr << a.in << ": " << r.error << " (skipped)\n";
                    ++t.malformed;
                    continue;
                }
                if (format == QueryFormat::json_lines && !json_keeps(r.query)) warn_lossy(a, index, t);
                sink->write(r.query);
                ++t.written;
            }
        sink->close();
    });
    // Every readable query is kept: the output is put in place even when some were malformed.
    out.commit();
    const auto cut = source->truncation();
    if (cut) std::cerr << cut->what() << '\n';
    (a.out == "-" ? std::cerr : std::cout)
        << a.in << " -> " << a.out << ": " << t.written << " queries, " << t.malformed << " malformed (skipped), "
        << t.lossy << " not kept whole by JSON\n";
    if (t.malformed > 0 || cut)
        throw std::runtime_error(a.in + ": " + std::to_string(t.malformed) + " malformed record(s)" +
                                 (cut ? ", and the input ends early" : ""));
}

// A result file has one text form, its JSON Lines export (as `levelsweep export`).
int convert_results(const ConvertArgs& a) {
    if (!(a.to == "jsonl" || (a.to.empty() && query_format_for(a.out) == QueryFormat::json_lines)))
        throw std::runtime_error(a.in + " is a result file: it converts only to JSON Lines (.jsonl, or --to jsonl)");
    return export_result_file(a.in, a.out, a.allow_incomplete, "levelsweep convert");
}

int run_convert(const ConvertArgs& a) {
    if (a.in != "-" && file_kind(a.in) == FileKind::results) return convert_results(a);
    convert_queries(a);
    return 0;
}

}  // namespace

void add_convert_command(CLI::App& app) {
    auto a = std::make_shared<ConvertArgs>();
    auto* cmd = app.add_subcommand(
        "convert",
        "Convert query files between binary (.lsq) and JSON Lines (.jsonl, .jsonl.gz); result files to JSON Lines");
    cmd->add_option("in", a->in,
                    "Input: a binary query file or JSON Lines, plain or gzipped; - for standard input (JSON Lines)")
        ->required();
    cmd->add_option("out", a->out,
                    "Output: .lsq binary, .jsonl or .jsonl.gz JSON Lines; - for standard output (JSON Lines)")
        ->required();
    cmd->add_option("--to", a->to, "The output format when the name does not say: lsq or jsonl")
        ->check(CLI::IsMember({"lsq", "jsonl"}));
    cmd->add_flag("--allow-incomplete", a->allow_incomplete,
                  "A result file whose run did not finish: convert its whole records and exit 0 (exit 3 otherwise)");
    cmd->callback([a] {
        const int rc = run_convert(*a);
        if (rc != 0) throw CLI::RuntimeError(rc);
    });
}

}  // namespace levelsweep::cli
