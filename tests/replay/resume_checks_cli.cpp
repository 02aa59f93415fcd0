// What --resume takes and what it refuses (docs/formats.md, "Resuming a
// replay"; docs/decisions.md, "Reliability, second pass: outputs, resume,
// memory, readers, signals"): the partial's checkpoint holds the digest of the
// query file's bytes its run read, so an edit anywhere before it is refused,
// and so are a finished partial whose query file has grown since, a gzipped
// partial and an older version's; a resume that ran nothing reports no rate; a
// refused run leaves no partial; and a query file that lost its tail leaves its
// run incomplete, finished by the command it prints once the file is whole.
#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <string>

#include "mesh_import_support.hpp"
#include "paced_run.hpp"
#include "result_support.hpp"
#include "support.hpp"

using namespace levelsweep;
using namespace levelsweep::test;

namespace {

const std::string street = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_10k.lvl";
const int query_count = 3 * 4096 + 700;

struct Runs {
    ScratchDir dir{"resume_checks"};
    std::string binary = (dir / "q.lsq").string(), lines = (dir / "q.jsonl").string();
    std::string binary_reference, lines_reference;

    Runs() {
        REQUIRE(run_cli("record " + street + " " + binary + " --seed 11 --mix ray=1,walk=1 --count " +
                        std::to_string(query_count))
                    .exit_code == 0);
        REQUIRE(run_cli("convert " + binary + " " + lines).exit_code == 0);
        const auto ref = dir / "ref.lsr";
        REQUIRE(run_cli("replay " + street + " " + binary + " -q -o " + ref.string()).exit_code == 0);
        binary_reference = file_text(ref);
        REQUIRE(run_cli("replay " + street + " " + lines + " -q -o " + ref.string()).exit_code == 0);
        lines_reference = file_text(ref);
    }
};

const Runs& runs() {
    static const Runs r;
    return r;
}

// A run of `queries` into `out`, stopped by SIGTERM once its partial file
// holds `bytes` (a clean stop after a whole chunk; paced_run.hpp: before the end).
void interrupted(const std::string& queries, const std::string& out, long long bytes) {
    const Runs& r = runs();
    std::filesystem::remove(out);
    std::filesystem::remove(out + ".partial");
    PacedRun run({"replay", street, queries, "-q", "--threads", "1", "-o", out}, queries, r.dir / "run.out",
                 r.dir / "run.err");
    REQUIRE(run.feed_until_size(out + ".partial", bytes));
    REQUIRE(run.stop({SIGTERM}) == 128 + SIGTERM);
}

// The result file of a run of `queries` that nothing stopped.
std::string uninterrupted(const std::string& queries) {
    const auto out = runs().dir / "uninterrupted.lsr";
    REQUIRE(run_cli("replay " + street + " " + queries + " -q -o " + out.string()).exit_code == 0);
    return file_text(out);
}

CliRun resume(const std::string& queries, const std::string& out) {
    return run_cli_both("replay " + street + " " + queries + " --threads 1 -o " + out + " --resume");
}

// The partial left as it was, and no result put in place.
void refused(const CliRun& run, const std::string& out, const std::string& left, const std::string& why) {
    CHECK(run.exit_code == 1);
    CHECK_MESSAGE(run.err.find(why) != std::string::npos, run.err);
    CHECK(file_text(out + ".partial") == left);
    CHECK_FALSE(std::filesystem::exists(out));
}

}  // namespace

TEST_SUITE("resume checks cli") {
    TEST_CASE("--resume refuses a query file edited anywhere before the checkpoint, and takes it again once restored") {
        const Runs& r = runs();
        const std::string queries = (r.dir / "edited.jsonl").string(), out = (r.dir / "edited.lsr").string();
        const std::string original = file_text(r.lines);
        write_text(queries, original);
        interrupted(queries, out, static_cast<long long>(r.lines_reference.size() * 2 / 3));
        const std::string left = file_text(out + ".partial");
        // One digit of the tenth query's line, far from where the run stopped
        // (the last 64 records, which a rerun would catch, are elsewhere).
        std::string edited = original;
        std::size_t at = 0;
        for (int line = 0; line < 10; ++line) at = edited.find('\n', at) + 1;
        const std::size_t digit = edited.find_first_of("123456789", edited.find("start", at));
        edited[digit] = edited[digit] == '9' ? '8' : static_cast<char>(edited[digit] + 1);
        write_text(queries, edited);
        refused(resume(queries, out), out, left, "are not those its run read");
        CHECK(resume(queries, out).err.find("the query file was edited since") != std::string::npos);
        // A query file shorter than what the run read (cut after a line).
        write_text(queries, original.substr(0, original.find('\n', original.size() / 3) + 1));
        refused(resume(queries, out), out, left, "holds only");
        // Restored, it resumes, and the file is the uninterrupted run's (of a
        // file of this name: the metadata holds it).
        write_text(queries, original);
        const CliRun done = resume(queries, out);
        CHECK_MESSAGE(done.exit_code == 0, done.err);
        CHECK(file_text(out) == uninterrupted(queries));
    }

    TEST_CASE(
        "--resume refuses a finished partial whose query file holds more queries since, and a finished one that ran "
        "nothing has no rate") {
        const Runs& r = runs();
        const std::string queries = (r.dir / "grown.jsonl").string(), out = (r.dir / "grown.lsr").string();
        write_text(queries, file_text(r.lines));
        std::filesystem::remove(out);
        REQUIRE(run_cli("replay " + street + " " + queries + " -q -o " + out).exit_code == 0);
        std::filesystem::rename(out, out + ".partial");  // killed after the trailer, before the rename
        const std::string left = file_text(out + ".partial");
        write_text(queries, file_text(r.lines) + "\n" +
                                R"({"kind": "ray", "start": [1, 1, 2], "move": [0, 0, -4]})"
                                "\n");
        refused(resume(queries, out), out, left,
                "holds a finished run of " + std::to_string(query_count) +
                    " query records, and the query file holds more since");
        // Blank lines added are no queries: it is put in place, and nothing ran.
        write_text(queries, file_text(r.lines) + "\n\n");
        const CliRun done = resume(queries, out);
        CHECK(done.exit_code == 0);
        CHECK(file_text(out) == left);
        CHECK_MESSAGE(done.out.find("rate               none: this run ran no query (the " +
                                    std::to_string(query_count) + " were in the partial file)") != std::string::npos,
                      done.out);
    }

    TEST_CASE("a resumed run's rate counts only the queries it ran") {
        const Runs& r = runs();
        const std::string out = (r.dir / "rate.lsr").string();
        interrupted(r.binary, out, static_cast<long long>(r.binary_reference.size() / 2));
        const std::size_t kept = read_results(out + ".partial").records.size();
        REQUIRE(kept > 0);
        const CliRun done = resume(r.binary, out);
        CHECK(done.exit_code == 0);
        CHECK(file_text(out) == r.binary_reference);
        CHECK_MESSAGE(done.out.find("(of the " + std::to_string(query_count - kept) + " this run ran; " +
                                    std::to_string(kept) + " were in the partial file)") != std::string::npos,
                      done.out);
    }

    TEST_CASE("--resume refuses a gzipped partial and one of an older version, and leaves each as it was") {
        const Runs& r = runs();
        const std::string out = (r.dir / "older.lsr").string(), partial = out + ".partial";
        interrupted(r.binary, out, static_cast<long long>(r.binary_reference.size() / 2));
        const std::string plain = file_text(partial);
        write_gzip(partial, plain);
        refused(resume(r.binary, out), out, file_text(partial), "it is gzipped, and a partial file is appended to");
        // Version 2: the header without the run block.
        std::string v2 = plain.substr(0, 64) + plain.substr(128);
        put_u32(v2, 8, 2);
        put_u32(v2, 12, 64);
        put_u32(v2, 60, crc_of(v2, 0, 60));
        write_text(partial, v2);
        refused(resume(r.binary, out), out, v2,
                "it is a version 2 file, which records no checkpoint of what its run read");
        // The plain file resumes.
        write_text(partial, plain);
        CHECK(resume(r.binary, out).exit_code == 0);
        CHECK(file_text(out) == r.binary_reference);
    }

    TEST_CASE("a refused run leaves no partial file behind: the next run starts as if it had not been") {
        const Runs& r = runs();
        const std::string out = (r.dir / "refused.lsr").string(), partial = out + ".partial";
        const auto bad_scene =
            r.dir.file("bad_scene.json", R"({"levelsweep_scene": 1, "bodies": [{"id": 1}, {"id": 1}]})");
        const std::string other_level = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";
        const std::string refusals[] = {
            "replay " + street + " " + r.binary + " --scene " + bad_scene.string() + " -o " + out,
            "replay " + street + " " + r.binary + " --scene " + (r.dir / "no_such_scene.json").string() + " -o " + out,
            "replay " + other_level + " " + r.binary + " -o " + out,  // recorded on another level, without --force
            "replay " + street + " " + (r.dir / "no_such.lsq").string() + " -o " + out,
            "replay " + street + " " + r.binary + " --isa sse9 -o " + out,
        };
        for (const std::string& command : refusals) {
            CAPTURE(command);
            CHECK(run_cli_both(command + " -q").exit_code != 0);
            CHECK_FALSE(std::filesystem::exists(partial));
            CHECK_FALSE(std::filesystem::exists(out));
        }
        CHECK(run_cli("replay " + street + " " + r.binary + " -q -o " + out).exit_code == 0);
        CHECK(file_text(out) == r.binary_reference);
    }

    TEST_CASE(
        "a query file that lost its tail leaves its run incomplete, and the printed command finishes it once the file "
        "is whole") {
        const Runs& r = runs();
        const std::string out = (r.dir / "tail.lsr").string(), partial = out + ".partial";
        const std::string whole_binary = file_text(r.binary), whole_lines = file_text(r.lines);
        const auto gz = r.dir / "tail.jsonl.gz";
        for (const bool gzipped : {false, true}) {
            CAPTURE(gzipped);
            std::filesystem::remove(out);
            std::filesystem::remove(partial);
            // The binary file cut inside a record; the gzipped JSON Lines cut inside its stream.
            const std::string queries = gzipped ? gz.string() : (r.dir / "tail.lsq").string();
            if (gzipped) {
                write_gzip(gz, whole_lines);
                const std::string z = file_text(gz);
                write_text(gz, z.substr(0, z.size() * 3 / 4));
            } else {
                write_text(queries, whole_binary.substr(0, whole_binary.size() * 3 / 4 + 50));
            }
            const CliRun cut = run_cli_both("replay " + street + " " + queries + " -q -o " + out);
            CHECK(cut.exit_code == 3);
            CHECK_FALSE(std::filesystem::exists(out));  // no result put in place to call complete
            const ReadBack back = read_results(partial);
            CHECK(back.end == ResultsEnd::incomplete);
            CHECK(back.records.size() > 0);
            const CliRun info = run_cli_both("info " + partial);
            CHECK(info.exit_code == 3);
            CHECK(info.out.find("incomplete: ") != std::string::npos);
            const std::size_t at = cut.err.find("finish it with: levelsweep ");
            REQUIRE_MESSAGE(at != std::string::npos, cut.err);
            const std::string command = cut.err.substr(at + 27, cut.err.find('\n', at) - at - 27);
            // Whole again, the printed command finishes it as one run would have.
            if (gzipped)
                write_gzip(gz, whole_lines);
            else
                write_text(queries, whole_binary);
            const CliRun finish = run_cli_both(command + " -q");
            CHECK_MESSAGE(finish.exit_code == 0, finish.err);
            CHECK(file_text(out) == uninterrupted(queries));
        }
    }

    TEST_CASE("a blank line before a JSON Lines header keeps the header and its level check") {
        const Runs& r = runs();
        const std::string queries = (r.dir / "blank_first.jsonl").string();
        write_text(queries, "\n  \r\n" + file_text(r.lines));
        const std::string other_level = std::string(LEVELSWEEP_SOURCE_DIR) + "/data/levels/street_1k.lvl";
        const CliRun replay = run_cli_both("replay " + other_level + " " + queries + " -q");
        CHECK(replay.exit_code == 1);
        CHECK(replay.err.find("was recorded against another level") != std::string::npos);
        const CliRun query = run_cli_both("query " + other_level + " " + queries);
        CHECK(query.exit_code == 1);
        CHECK(query.err.find("was recorded against another level") != std::string::npos);
        // On its own level it replays, no query malformed, as the file without the blank lines does.
        const CliRun own = run_cli_both("replay " + street + " " + queries + " -q");
        CHECK(own.exit_code == 0);
        CHECK(own.out.find("malformed records") == std::string::npos);
    }
}
