// A rank's work (rank_work.hpp): levels, query files and runners kept for the
// whole job, each range into its shard through run_replay.
#include "levelsweep/rank_work.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <stdexcept>
#include <tuple>

#include "levelsweep/level_file.hpp"
#include "levelsweep/query_runner.hpp"
#include "levelsweep/replay_run.hpp"

namespace levelsweep {

namespace {

// A replay's files as this rank has them, loaded when it first needs them;
// its runner made when its first range comes.
struct Prepared {
    const Level* level = nullptr;
    const QueryFileRanges* queries = nullptr;
    QueryRunner* runner = nullptr;
    Quirks quirks;
    ShardKey key;
};

// The shard's file, created afresh; closed with its owner.
class ShardFile {
public:
    explicit ShardFile(const std::filesystem::path& path) : name_(path.string()) {
        std::filesystem::create_directories(path.parent_path());  // the first rank there makes it
        fd_ = ::open(name_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd_ < 0) throw std::runtime_error("cannot write " + name_ + ": " + std::strerror(errno));
    }
    ~ShardFile() { ::close(fd_); }
    ShardFile(const ShardFile&) = delete;
    ShardFile& operator=(const ShardFile&) = delete;
    int fd() const { return fd_; }
    const std::string& name() const { return name_; }

private:
    std::string name_;
    int fd_ = -1;
};

}  // namespace

struct RankWork::Impl {
    Impl(const ReplayJob& j, unsigned t) : job(j), threads(t) {}

    const ReplayJob& job;
    unsigned threads;
    RankReport report;
    std::map<std::string, std::unique_ptr<Level>> levels;
    std::map<std::string, std::unique_ptr<QueryFileRanges>> query_files;
    std::map<std::tuple<std::string, Path, Isa>, std::unique_ptr<QueryRunner>> runners;
    std::map<std::size_t, Prepared> replays;
    ReplayBuffers buffers;  // the pipeline's chunks, from range to range

    Prepared& load(std::size_t index) {
        if (const auto it = replays.find(index); it != replays.end()) return it->second;
        const JobReplay& r = job.replays.at(index);
        auto& level = levels[r.level];
        if (!level) level = std::make_unique<Level>(load_level(r.level));
        auto& queries = query_files[r.queries];
        if (!queries) queries = std::make_unique<QueryFileRanges>(r.queries);
        Prepared p;
        p.level = level.get();
        p.queries = queries.get();
        p.quirks = r.quirks();
        p.key = {r.output, r.queries, level->checksum(), p.quirks.bits(), r.path, queries->bytes(), queries->head()};
        return replays.emplace(index, std::move(p)).first->second;
    }

    const Prepared& prepare(std::size_t index) {
        Prepared& p = load(index);
        if (p.runner) return p;
        const JobReplay& r = job.replays.at(index);
        const Path path = *path_from_name(r.path);
        const Isa isa = path == Path::batch ? choose_isa(r.isa) : Isa::scalar;
        auto& runner = runners[{r.level, path, isa}];
        if (!runner) runner = std::make_unique<QueryRunner>(*p.level, threads, path, isa);
        report.threads = std::max(report.threads, runner->threads());
        p.runner = runner.get();
        return p;
    }
};

RankWork::RankWork(const ReplayJob& job, unsigned threads) : impl_(new Impl(job, threads)) {}

RankWork::~RankWork() = default;

const RankReport& RankWork::report() const { return impl_->report; }

const Level& RankWork::level(std::size_t replay) { return *impl_->load(replay).level; }

const QueryFileRanges& RankWork::queries(std::size_t replay) { return *impl_->load(replay).queries; }

const ShardKey& RankWork::shard_key(std::size_t replay) { return impl_->load(replay).key; }

void RankWork::run(const QueryRange& range, const std::function<void(std::uint64_t)>& chunk_done) {
    const auto start = std::chrono::steady_clock::now();
    const Prepared& p = impl_->prepare(range.replay);
    const ShardFile shard(shard_path(p.key.output, range));
    ResultFileWriter writer(shard.fd(), shard.name(),
                            shard_header(p.key, range, std::string(isa_name(p.runner->isa()))));
    const auto source = p.queries->range(range.first, range.end);
    ReplayRun run{*source, *p.runner, p.quirks, &writer, nullptr, range.first};
    run.buffers = &impl_->buffers;
    run.progress = [&](std::uint64_t done) {
        if (chunk_done) chunk_done(done - range.first);
    };
    ReplaySummary summary;
    run_replay(run, summary);
    // The trailer: the range is whole. Not fsynced: a shard a crashed node
    // loses, or leaves torn, fails the merge's checks (its trailer, its
    // records' CRCs) and its range runs again, so a sync per range would buy
    // only a shorter rerun after a power loss.
    writer.close();
    RankReport& report = impl_->report;
    report.summary += summary;
    report.queries += range.size();
    ++report.ranges;
    report.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void work_ranges(RankWork& work, const std::function<std::optional<QueryRange>(std::uint64_t)>& next,
                 const std::function<void(const QueryRange&, std::uint64_t)>& chunk_done) {
    std::uint64_t done = 0;
    while (const auto range = next(done)) {
        work.run(*range, [&](std::uint64_t n) {
            if (chunk_done) chunk_done(*range, n);
        });
        done = range->size();
    }
}

}  // namespace levelsweep
