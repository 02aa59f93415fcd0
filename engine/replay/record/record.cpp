// The query recorder: chooses each next episode's kind by the mix and streams
// the episodes' queries (record.hpp).
#include "levelsweep/record.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include "levelsweep/level.hpp"
#include "record_episodes.hpp"

namespace levelsweep {

namespace {

constexpr std::array<void (*)(detail::EpisodeContext&, std::vector<Query>&), record_kind_count> episodes = {
    detail::walk_episode,    detail::jump_episode, detail::strike_episode, detail::fall_episode,
    detail::overlap_episode, detail::ray_episode,  detail::sweep_episode};

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

std::optional<RecordKind> kind_named(std::string_view name) {
    for (int k = 0; k < record_kind_count; ++k)
        if (record_kind_name(static_cast<RecordKind>(k)) == name) return static_cast<RecordKind>(k);
    return std::nullopt;
}

// One "kind=weight" item of a mix.
void parse_item(std::string_view item, RecordMix& mix, std::array<bool, record_kind_count>& named) {
    const std::size_t eq = item.find('=');
    const std::string_view name = trimmed(item.substr(0, eq)),
                           value = eq == std::string_view::npos ? "" : trimmed(item.substr(eq + 1));
    const auto kind = kind_named(name);
    if (!kind)
        throw std::invalid_argument("mix: unknown kind \"" + std::string(name) +
                                    "\" (walk, jump, strike, fall, overlap, ray, sweep)");
    const auto k = static_cast<std::size_t>(*kind);
    if (named[k]) throw std::invalid_argument("mix: \"" + std::string(name) + "\" given twice");
    named[k] = true;
    std::uint32_t weight = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), weight);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size())
        throw std::invalid_argument("mix: \"" + std::string(item) +
                                    "\": expected kind=weight with a whole number below 2^32");
    mix.weight[k] = weight;
}

}  // namespace

std::string_view record_kind_name(RecordKind kind) {
    switch (kind) {
        case RecordKind::walk: return "walk";
        case RecordKind::jump: return "jump";
        case RecordKind::strike: return "strike";
        case RecordKind::fall: return "fall";
        case RecordKind::overlap: return "overlap";
        case RecordKind::ray: return "ray";
        case RecordKind::sweep: return "sweep";
    }
    return "?";
}

RecordMix RecordMix::parse(std::string_view text) {
    RecordMix mix;
    mix.weight.fill(0);
    std::array<bool, record_kind_count> named{};
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        parse_item(text.substr(0, comma), mix, named);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    }
    bool any = false;
    for (std::uint32_t w : mix.weight) any = any || w > 0;
    if (!any) throw std::invalid_argument("mix: every weight is 0");
    return mix;
}

std::string RecordMix::to_string() const {
    std::string out;
    for (int k = 0; k < record_kind_count; ++k) {
        if (k > 0) out += ',';
        out += record_kind_name(static_cast<RecordKind>(k));
        out += '=' + std::to_string(weight[static_cast<std::size_t>(k)]);
    }
    return out;
}

struct QueryRecorder::Impl {
    RecordOptions options;
    detail::LevelSurfaces surfaces;
    PortableRandom rng;
    std::vector<Query> episode;
    std::size_t episode_at = 0;
    RecordKind episode_kind = RecordKind::walk;
    std::uint64_t produced = 0;
    std::array<std::uint64_t, record_kind_count> per_kind{};

    // The kind furthest below its share so far (queries per weight; the first on a tie).
    RecordKind next_kind() const {
        int best = -1;
        double best_ratio = 0.0;
        for (int k = 0; k < record_kind_count; ++k) {
            const auto i = static_cast<std::size_t>(k);
            if (options.mix.weight[i] == 0) continue;
            const double ratio = static_cast<double>(per_kind[i]) / options.mix.weight[i];
            if (best < 0 || ratio < best_ratio) {
                best = k;
                best_ratio = ratio;
            }
        }
        return static_cast<RecordKind>(best);
    }

    void start_episode() {
        episode.clear();
        episode_at = 0;
        episode_kind = next_kind();
        detail::EpisodeContext context{surfaces, rng, options.sweep_length};
        while (episode.empty()) episodes[static_cast<std::size_t>(episode_kind)](context, episode);
    }
};

QueryRecorder::QueryRecorder(const Level& level, const RecordOptions& options)
    : impl_(new Impl{
          options, detail::LevelSurfaces(level), PortableRandom(options.seed), {}, 0, RecordKind::walk, 0, {}}) {
    bool any = false;
    for (std::uint32_t w : options.mix.weight) any = any || w > 0;
    if (!any) throw std::invalid_argument("record: every weight of the mix is 0");
    if (!(std::isfinite(options.sweep_length) && options.sweep_length >= 0.0f))
        throw std::invalid_argument("record: the sweep length must be finite and at least 0");
    impl_->episode.reserve(detail::record_episode_max);
}

QueryRecorder::~QueryRecorder() = default;

std::size_t QueryRecorder::next(std::span<Query> out, std::span<RecordKind> kinds) {
    if (!kinds.empty() && kinds.size() < out.size())
        throw std::invalid_argument("QueryRecorder::next: kinds is shorter than out");
    Impl& im = *impl_;
    std::size_t n = 0;
    while (n < out.size() && im.produced < im.options.count) {
        if (im.episode_at == im.episode.size()) im.start_episode();
        if (!kinds.empty()) kinds[n] = im.episode_kind;
        out[n++] = im.episode[im.episode_at++];
        ++im.produced;
        ++im.per_kind[static_cast<std::size_t>(im.episode_kind)];
    }
    return n;
}

std::uint64_t QueryRecorder::produced() const { return impl_->produced; }
std::uint64_t QueryRecorder::produced(RecordKind kind) const { return impl_->per_kind[static_cast<std::size_t>(kind)]; }

}  // namespace levelsweep
