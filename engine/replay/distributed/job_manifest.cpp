// A replay job's manifest (replay_job.hpp): read strictly, since a key the
// reader does not know would otherwise leave a replay with a default its
// author did not mean.
#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>

#include "levelsweep/batch_path.hpp"
#include "levelsweep/json_io.hpp"
#include "levelsweep/replay_job.hpp"

namespace levelsweep {

namespace {

class ManifestError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One object's keys, each taken once: what is left over is unknown.
class Keys {
public:
    Keys(const json& object, std::string where) : object_(object), where_(std::move(where)) {
        if (!object.is_object()) throw ManifestError(where_ + ": not a JSON object");
        for (const auto& item : object.items()) left_.insert(item.key());
    }
    // The string at `key`; `fallback` when it is absent and not required.
    std::string text(const char* key, const std::string& fallback, bool required = false) {
        left_.erase(key);
        const auto it = object_.find(key);
        if (it == object_.end()) {
            if (required) throw ManifestError(where_ + ": \"" + key + "\" is missing");
            return fallback;
        }
        if (!it->is_string()) throw ManifestError(where_ + ": \"" + key + "\" is not a string");
        return it->get<std::string>();
    }
    bool flag(const char* key) {
        left_.erase(key);
        const auto it = object_.find(key);
        if (it == object_.end()) return false;
        if (!it->is_boolean()) throw ManifestError(where_ + ": \"" + key + "\" is not true or false");
        return it->get<bool>();
    }
    const json* object(const char* key) {
        left_.erase(key);
        const auto it = object_.find(key);
        return it == object_.end() ? nullptr : &*it;
    }
    void no_others() const {
        if (!left_.empty()) throw ManifestError(where_ + ": unknown key \"" + printable_utf8(*left_.begin()) + "\"");
    }

private:
    const json& object_;
    std::string where_;
    std::set<std::string> left_;
};

JobReplay read_replay(const json& item, const std::string& where) {
    Keys keys(item, where);
    JobReplay r;
    r.level = keys.text("level", "", true);
    r.queries = keys.text("queries", "", true);
    r.output = keys.text("output", "", true);
    r.mode = keys.text("mode", r.mode);
    r.path = keys.text("path", r.path);
    if (const json* options = keys.object("options")) {
        Keys o(*options, where + ", \"options\"");
        r.isa = o.text("isa", r.isa);
        r.empty_round_sweeps = o.flag("empty_round_sweeps");
        r.force = o.flag("force");
        o.no_others();
    }
    keys.no_others();
    check_job_replay(r, where);
    return r;
}

}  // namespace

Quirks JobReplay::quirks() const {
    const Quirks q = mode == "corrected" ? Quirks::corrected() : Quirks::faithful();
    return empty_round_sweeps ? q.with(Quirk::empty_round_sweeps) : q;
}

void check_job_replay(const JobReplay& r, const std::string& where) {
    if (r.level.empty() || r.queries.empty() || r.output.empty())
        throw ManifestError(where + ": a replay needs a level, a query file and an output");
    if (r.mode != "faithful" && r.mode != "corrected")
        throw ManifestError(where + ": mode \"" + printable_utf8(r.mode) + "\" is neither faithful nor corrected");
    if (!path_from_name(r.path))
        throw ManifestError(where + ": path \"" + printable_utf8(r.path) + "\" is neither batch nor reference");
    if (r.isa != "auto" && !isa_from_name(r.isa))
        throw ManifestError(where + ": isa \"" + printable_utf8(r.isa) +
                            "\" is not one of auto, sse4, avx2, avx512, neon, scalar");
    if (r.queries == "-")
        throw ManifestError(where + ": a job reads its queries by ranges, which standard input cannot give");
}

ReplayJob read_job_manifest(const std::filesystem::path& manifest) {
    const std::string name = manifest.string();
    std::ifstream in(manifest, std::ios::binary);
    if (!in || std::filesystem::is_directory(manifest)) throw ManifestError(name + ": cannot read the manifest");
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    json doc;
    try {
        doc = parse_json(text, name);
    } catch (const json::exception& e) {
        throw ManifestError(name + ": " + error_text(e));
    }
    Keys top(doc, name);
    const json* replays = top.object("replays");
    top.no_others();
    if (!replays || !replays->is_array() || replays->empty())
        throw ManifestError(name + ": \"replays\" must be a list of at least one replay");
    ReplayJob job;
    std::set<std::string> outputs;
    for (std::size_t i = 0; i < replays->size(); ++i) {
        const std::string where = "replay " + std::to_string(i + 1) + " of " + name;
        job.replays.push_back(read_replay((*replays)[i], where));
        const std::string output = std::filesystem::absolute(job.replays.back().output).lexically_normal().string();
        if (!outputs.insert(output).second)
            throw ManifestError(where + ": its output " + printable_utf8(job.replays.back().output) +
                                " is another replay's too");
    }
    return job;
}

std::vector<QueryRange> cut_ranges(std::size_t replay, std::uint64_t first, std::uint64_t end,
                                   std::uint64_t range_queries) {
    if (range_queries == 0) throw std::invalid_argument("cut_ranges: a range holds at least one query");
    std::vector<QueryRange> out;
    for (std::uint64_t at = first; at < end; at += std::min(range_queries, end - at))
        out.push_back({replay, at, at + std::min(range_queries, end - at)});
    return out;
}

std::string range_text(const QueryRange& r) {
    if (r.size() == 1) return "query " + std::to_string(r.first);
    return "queries " + std::to_string(r.first) + " to " + std::to_string(r.end - 1);
}

}  // namespace levelsweep
