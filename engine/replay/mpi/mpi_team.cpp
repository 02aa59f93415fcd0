// A replay job's team over MPI (mpi_team.hpp). Open MPI waits by spinning: a
// rank blocked in a receive or a collective keeps a core busy, which on a
// node whose other ranks still work (or while rank 0 plans or merges) takes
// their core. So rank 0's main thread serves the other ranks' requests for
// ranges with MPI_Iprobe between short waits on the dispenser, and every
// collective starts with a barrier that ranks wait at by testing and
// sleeping. A request is one small message each way; a rank blocks on its
// own request only while rank 0 answers, within a millisecond or so.
//
// Built as a module that the tool loads (mpi_team.hpp): it reaches the
// dispenser only through RangeSupply, so that it links nothing of the
// library, and it exports its entry point alone.
#include "levelsweep/mpi_team.hpp"

#include <mpi.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace levelsweep {

namespace {

constexpr int request_tag = 1;  // a worker's: the queries it did since it last asked
constexpr int range_tag = 2;    // rank 0's answer: replay, first, end; or nothing (no more)

void check(int code, const char* what) {
    if (code != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

class MpiTeam final : public JobTeam {
public:
    MpiTeam() {
        int provided = 0;
        check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
        if (provided < MPI_THREAD_FUNNELED) {
            MPI_Finalize();
            throw std::runtime_error("this MPI gives no MPI_THREAD_FUNNELED, which a job's rank 0 needs");
        }
        MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
        MPI_Comm_size(MPI_COMM_WORLD, &size_);
    }
    ~MpiTeam() override { MPI_Finalize(); }
    MpiTeam(const MpiTeam&) = delete;
    MpiTeam& operator=(const MpiTeam&) = delete;

    int rank() const override { return rank_; }
    int size() const override { return size_; }

    std::string broadcast(const std::string& text) override {
        wait_for_all();
        std::uint64_t length = text.size();
        check(MPI_Bcast(&length, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD), "MPI_Bcast");
        std::string out = rank_ == 0 ? text : std::string(length, '\0');
        check(MPI_Bcast(out.data(), static_cast<int>(length), MPI_CHAR, 0, MPI_COMM_WORLD), "MPI_Bcast");
        return out;
    }

    std::vector<std::string> gather(const std::string& text) override {
        wait_for_all();
        const int length = static_cast<int>(text.size());
        std::vector<int> lengths(rank_ == 0 ? static_cast<std::size_t>(size_) : 0);
        check(MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD), "MPI_Gather");
        std::vector<int> offsets(lengths.size());
        std::string all;
        for (std::size_t r = 0; r < lengths.size(); ++r) {
            offsets[r] = static_cast<int>(all.size());
            all.resize(all.size() + static_cast<std::size_t>(lengths[r]));
        }
        check(MPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0,
                          MPI_COMM_WORLD),
              "MPI_Gatherv");
        std::vector<std::string> out;
        for (std::size_t r = 0; r < lengths.size(); ++r)
            out.push_back(all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])));
        return out;
    }

    void serve(RangeSupply& ranges, const std::function<void()>& tick) override {
        while (!ranges.finished()) {
            int waiting = 1;
            while (waiting) {
                MPI_Status status;
                check(MPI_Iprobe(MPI_ANY_SOURCE, request_tag, MPI_COMM_WORLD, &waiting, &status), "MPI_Iprobe");
                if (waiting) answer(ranges, status.MPI_SOURCE);
            }
            tick();
            ranges.wait(std::chrono::milliseconds(1));
        }
        tick();
    }

    std::optional<QueryRange> request(std::uint64_t done) override {
        check(MPI_Send(&done, 1, MPI_UINT64_T, 0, request_tag, MPI_COMM_WORLD), "MPI_Send");
        std::array<std::uint64_t, 3> range{};
        MPI_Status status;
        check(MPI_Recv(range.data(), 3, MPI_UINT64_T, 0, range_tag, MPI_COMM_WORLD, &status), "MPI_Recv");
        int count = 0;
        MPI_Get_count(&status, MPI_UINT64_T, &count);
        if (count == 0) return std::nullopt;
        return QueryRange{static_cast<std::size_t>(range[0]), range[1], range[2]};
    }

    [[noreturn]] void abort(int code) override {
        MPI_Abort(MPI_COMM_WORLD, code);
        std::abort();  // MPI_Abort does not return; should it, this rank still ends
    }

private:
    // Until every rank is here, without spinning a core.
    static void wait_for_all() {
        MPI_Request request;
        check(MPI_Ibarrier(MPI_COMM_WORLD, &request), "MPI_Ibarrier");
        for (int done = 0;;) {
            check(MPI_Test(&request, &done, MPI_STATUS_IGNORE), "MPI_Test");
            if (done) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }

    void answer(RangeSupply& ranges, int source) {
        std::uint64_t done = 0;
        check(MPI_Recv(&done, 1, MPI_UINT64_T, source, request_tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
        const std::optional<QueryRange> range = ranges.take(source, done);
        const std::array<std::uint64_t, 3> reply{range ? range->replay : 0, range ? range->first : 0,
                                                 range ? range->end : 0};
        check(MPI_Send(reply.data(), range ? 3 : 0, MPI_UINT64_T, source, range_tag, MPI_COMM_WORLD), "MPI_Send");
    }

    int rank_ = 0, size_ = 1;
};

}  // namespace

}  // namespace levelsweep

levelsweep::JobTeam* levelsweep_join_mpi_team() { return new levelsweep::MpiTeam(); }
