#include "levelsweep/scene_replay.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "levelsweep/memory_limit.hpp"

namespace levelsweep {

namespace {
constexpr std::size_t edits_row = 6;
}

SceneReplay::SceneReplay(Scene& scene, Quirks quirks, unsigned threads, std::ostream* results)
    : scene_(scene), quirks_(quirks), batch_(scene.world(), threads), results_(results) {}

void SceneReplay::flush(std::vector<json>& answers) {
    if (pending_.empty()) return;
    queries_.clear();
    for (const Pending& p : pending_) queries_.push_back(p.query);
    std::vector<WorldResult> results(queries_.size());
    batch_.run(queries_,
               [&](std::size_t i, const WorldResult& r, std::span<const Contact> c, std::span<const BodyId> b) {
                   results[i] = r;
                   answers[pending_[i].record] = world_answer_to_json(queries_[i], r, c, b, scene_);
               });
    for (std::size_t i = 0; i < results.size(); ++i) {
        ++by_kind_status_[queries_[i].index()][static_cast<std::size_t>(results[i].status)];
        if (!std::holds_alternative<GatherQuery>(queries_[i])) contacts_ += results[i].count;
    }
    pending_.clear();
}

void SceneReplay::run(std::span<const QueryRecord> records, std::vector<char>& taken) {
    const auto start = std::chrono::steady_clock::now();
    taken.assign(records.size(), 0);
    std::vector<json> answers(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (!records[i].malformed || records[i].text.empty()) continue;
        json line;
        try {
            line = parse_json(records[i].text, "the line", false);
        } catch (const MemoryLimitError& e) {
            // As SceneLines answers it: no tree of it fits, so it runs as nothing.
            taken[i] = 1;
            ++malformed_;
            answers[i] = {{"error", e.what()}};
            continue;
        }
        if (line.is_discarded() || !is_scene_line(line)) continue;
        taken[i] = 1;
        try {
            if (is_scene_edit(line)) {
                flush(answers);  // the queries before an edit see the scene before it
                const WorldStatus st = apply_scene_edit(line, scene_);
                ++by_kind_status_[edits_row][static_cast<std::size_t>(st)];
                answers[i] = {{"kind", line.at("kind")}, {"status", world_status_name(st)}};
            } else {
                pending_.push_back({i, world_query_from_json(line, scene_, quirks_)});
            }
        } catch (const std::invalid_argument& e) {
            ++malformed_;
            answers[i] = {{"error", e.what()}};
        }
    }
    flush(answers);
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (!taken[i] || !results_) continue;
        answers[i]["line"] = records[i].position;
        *results_ << answers[i].dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    }
    if (results_ && !results_->flush()) throw std::runtime_error("cannot write the scene lines' answers");
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void SceneReplay::print(std::ostream& out) const {
    static constexpr const char* row_names[] = {"gather",       "overlap_shape", "sweep_shape", "sweep_human",
                                                "sweep_object", "strikes",       "edits"};
    char line[256];
    out << "scene lines by kind and status\n";
    std::snprintf(line, sizeof line, "  %-16s %10s", "kind", "total");
    out << line;
    for (int s = 0; s < world_status_count; ++s) {
        std::snprintf(line, sizeof line, " %14s", std::string(world_status_name(static_cast<WorldStatus>(s))).c_str());
        out << line;
    }
    out << '\n';
    for (std::size_t k = 0; k < by_kind_status_.size(); ++k) {
        std::uint64_t total = 0;
        for (auto n : by_kind_status_[k]) total += n;
        if (total == 0) continue;
        std::snprintf(line, sizeof line, "  %-16s %10llu", row_names[k], static_cast<unsigned long long>(total));
        out << line;
        for (auto n : by_kind_status_[k]) {
            std::snprintf(line, sizeof line, " %14llu", static_cast<unsigned long long>(n));
            out << line;
        }
        out << '\n';
    }
    std::snprintf(line, sizeof line, "scene contacts     %llu; %llu scene lines malformed; %.3f s with the scene\n",
                  static_cast<unsigned long long>(contacts_), static_cast<unsigned long long>(malformed_), seconds_);
    out << line;
}

}  // namespace levelsweep
