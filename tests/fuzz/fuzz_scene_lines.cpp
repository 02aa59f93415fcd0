// libFuzzer target: scene lines (world queries and edits) on arbitrary text,
// against a small scene on a small level, run both ways the tool runs them:
// one at a time (SceneLines, `levelsweep query --scene`) and in chunks, the
// world queries between two edits as one batch (SceneReplay, `replay
// --scene`). Each line is a scene line or not, the same for both; each answer
// is one JSON object (a status or an error) that prints as UTF-8; and the two
// ways give the same answers, line for line. Anything else (a crash, a
// sanitizer report, an exception, two answers that differ) is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "levelsweep/generate.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/scene_lines.hpp"
#include "levelsweep/scene_replay.hpp"

namespace {

using levelsweep::json;
using levelsweep::fuzz::check;

// Two humans and a crate on a street block, as a scene file gives them.
const char* const scene_text = R"({"levelsweep_scene": 1,
 "owners": [{"id": 20, "sweep_targets": "0x20", "refuses_overlap": [22]}, {"id": 9}],
 "bodies": [
  {"id": 1, "owner": 20, "flags": "0x2", "type": "0x40",
   "chain": [{"id": 100, "flags": "0x5", "shape": {"type": "capsule", "r": 0.35, "h": 1.8, "B": [10, 5, 0]}}],
   "strikes": [{"id": 119, "flags": "0x3", "shape": {"type": "sphere", "r": 0.09, "C": [12, 3.95, 0.5]}, "previous": [12, 3.75, 0.5]}]},
  {"id": 2, "owner": 9, "flags": "0x2211a", "type": "0x8",
   "chain": [{"id": 11, "shape": {"type": "box", "A0": [1,0,0], "A1": [0,1,0], "A2": [0,0,1], "P": [12, 5, 0.5], "half": [2, 1, 0.5]}}]},
  {"id": 3, "owner": 20, "flags": "0x2", "type": "0x40",
   "chain": [{"id": 300, "shape": {"type": "capsule", "r": 0.35, "h": 1.8, "B": [13, 5, 0]}}]}]})";

const levelsweep::Level& level() {
    static const levelsweep::Level l = [] {
        levelsweep::GenerateOptions o;
        o.triangles = 1000;
        return levelsweep::generate_street_level(o).level;
    }();
    return l;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    levelsweep::set_memory_limit(std::uint64_t{64} << 20);
    const levelsweep::Quirks quirks = levelsweep::Quirks::faithful();
    // The lines as a JSON Lines reader gives them to the scene: records whose
    // text did not read as a mesh query.
    std::vector<levelsweep::QueryRecord> records;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    for (std::string line; std::getline(in, line) && records.size() < 64;) {
        levelsweep::QueryRecord r;
        r.malformed = true;
        r.error = "not a mesh query";
        r.position = records.size() + 1;
        r.text = line;
        records.push_back(r);
    }
    const auto one_scene = levelsweep::scene_from_text(scene_text, "scene", &level());
    const auto batch_scene = levelsweep::scene_from_text(scene_text, "scene", &level());
    levelsweep::SceneLines one_by_one(*one_scene, quirks);
    std::vector<json> expected;
    for (const levelsweep::QueryRecord& r : records) {
        std::optional<json> a = one_by_one.answer(r.text);
        if (!a) continue;
        check(a->is_object() && (a->contains("status") || a->contains("error")));
        (*a)["line"] = r.position;
        (void)a->dump(-1, ' ', false, json::error_handler_t::replace);
        expected.push_back(*a);
    }
    std::ostringstream out;
    levelsweep::SceneReplay batch(*batch_scene, quirks, 1, &out);
    std::vector<char> taken;
    batch.run(records, taken);
    std::size_t n_taken = 0;
    for (const char t : taken) n_taken += t != 0;
    std::istringstream answers(out.str());
    std::vector<json> got;
    for (std::string line; std::getline(answers, line);) got.push_back(json::parse(line));
    check(got.size() == n_taken);
    check(got.size() == expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) check(got[i] == expected[i]);
    return 0;
}
