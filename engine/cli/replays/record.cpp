// levelsweep record: a deterministic gameplay-like query set for a level
// (engine/include/levelsweep/record.hpp), as a binary query file or JSON Lines.
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io/level_input.hpp"
#include "io/output_file.hpp"
#include "io/same_file.hpp"
#include "levelsweep/query_json.hpp"
#include "levelsweep/query_sink.hpp"
#include "levelsweep/record.hpp"
#include "options.hpp"

namespace levelsweep::cli {

namespace {

struct RecordArgs {
    std::string level;
    std::string out;
    std::uint32_t seed = 1;
    std::uint64_t count = 1000;
    std::string mix;
    float length = 2.0f;
};

// What made the file, so that the command can be run again: the generator and
// its version (raised whenever the same options would record different
// queries), the level's file name, and every option.
std::string metadata_for(const RecordArgs& a, const RecordOptions& o) {
    json mix = json::object();
    for (int k = 0; k < record_kind_count; ++k)
        mix[std::string(record_kind_name(static_cast<RecordKind>(k)))] = o.mix.weight[static_cast<std::size_t>(k)];
    return json{{"generator", "levelsweep record"},
                {"recorder", 1},
                {"level", printable_utf8(std::filesystem::path(a.level).filename().string())},  // JSON text is UTF-8
                {"seed", o.seed},
                {"count", o.count},
                {"mix", mix},
                {"length", float_json(o.sweep_length)}}
        .dump();
}

void run_record(const RecordArgs& a) {
    const QueryFormat format = query_format_for(a.out).value_or(QueryFormat::binary);
    refuse_overwriting_inputs({a.level}, {a.out}, a.out == "-");
    const Level level = open_level(a.level);
    RecordOptions o;
    o.seed = a.seed;
    o.count = a.count;
    o.sweep_length = a.length;
    if (!a.mix.empty()) o.mix = RecordMix::parse(a.mix);
    QueryRecorder recorder(level, o);
    const QueryFileHeader header{0, level.checksum(), metadata_for(a, o)};
    OutputFile out(a.out, format == QueryFormat::binary ? OutputContent::binary : OutputContent::text,
                   "a binary query file");
    out.write([&](const std::filesystem::path& path) {
        const std::unique_ptr<QuerySink> sink = open_query_sink(path, format, header);
        std::vector<Query> chunk(4096);
        while (const std::size_t n = recorder.next(chunk))
            for (std::size_t i = 0; i < n; ++i) sink->write(chunk[i]);
        sink->close();
    });
    out.commit();

    std::string kinds;
    for (int k = 0; k < record_kind_count; ++k) {
        const auto kind = static_cast<RecordKind>(k);
        kinds += (k ? ", " : "") + std::string(record_kind_name(kind)) + " " + std::to_string(recorder.produced(kind));
    }
    char checksum[24];
    std::snprintf(checksum, sizeof checksum, "0x%016" PRIx64, level.checksum());
    (a.out == "-" ? std::cerr : std::cout)
        << a.out << ": " << recorder.produced() << " queries (" << kinds << "), seed " << o.seed << ", level "
        << printable_utf8(a.level) << " (checksum " << checksum << ")\n";
}

}  // namespace

void add_record_command(CLI::App& app) {
    auto a = std::make_shared<RecordArgs>();
    auto* cmd = app.add_subcommand("record", "Record a deterministic gameplay-like query set for a level");
    cmd->add_option("level", a->level, "Level file (.lvl)")->required();
    cmd->add_option(
           "out", a->out,
           "Query file to write: .lsq binary (the default), .jsonl or .jsonl.gz JSON Lines, - for standard output")
        ->required();
    cmd->add_option("--seed", a->seed, "The seed")->capture_default_str()->check(whole_number(0, 0xffffffffu));
    cmd->add_option("--count", a->count, "How many queries")
        ->capture_default_str()
        ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    cmd->add_option(
        "--mix", a->mix,
        "Relative shares by kind, e.g. walk=4,jump=1 (kinds: walk, jump, strike, fall, overlap, ray, sweep; "
        "unnamed kinds get 0; default: 1 each)");
    cmd->add_option("--length", a->length, "The random sphere sweeps' length in metres")
        ->capture_default_str()
        ->check(non_negative_finite());
    cmd->callback([a] { run_record(*a); });
}

}  // namespace levelsweep::cli
