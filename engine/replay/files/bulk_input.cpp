#include "levelsweep/bulk_input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libdeflate.h>

#include <oneapi/tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <cerrno>
#include <utility>
#include <cstring>

#include "decoded_input.hpp"
#include "levelsweep/little_endian.hpp"
#include "levelsweep/memory_limit.hpp"
#include "levelsweep/parallel_loop.hpp"
#include "levelsweep/read_stop.hpp"
#include "replay_io.hpp"

namespace levelsweep::detail {

namespace {

constexpr std::size_t plain_buffer_bytes = 1 << 18;  // small reads of a plain file
// Blocked gzip read ahead: 4 MiB, 64 members or more; or a sixteenth of the
// memory limit when that is less, but always two members' room.
std::size_t compressed_bytes() {
    return static_cast<std::size_t>(
        std::clamp<std::uint64_t>(memory_limit() / 16, 2 * blocked_gzip::max_member_bytes, std::uint64_t{1} << 22));
}
constexpr std::size_t gzip_fixed_header_bytes = 12;  // up to and with XLEN

struct DecompressorDelete {
    void operator()(libdeflate_decompressor* d) const { ::libdeflate_free_decompressor(d); }
};
using Decompressor = std::unique_ptr<libdeflate_decompressor, DecompressorDelete>;

// The bytes a member's header takes, as far as `bytes` tells: 12 until XLEN is
// there, then 12 + XLEN.
std::size_t header_needs(std::span<const std::byte> bytes) {
    if (bytes.size() < gzip_fixed_header_bytes) return gzip_fixed_header_bytes;
    return gzip_fixed_header_bytes + load_u16(bytes.data() + 10);
}

}  // namespace

// One libdeflate decompressor for each thread that inflates.
struct BulkInput::Decompressors {
    tbb::enumerable_thread_specific<Decompressor> each{[] { return Decompressor(::libdeflate_alloc_decompressor()); }};
};

BulkInput::BulkInput(const std::filesystem::path& path) : name_(path.string()) {
    struct stat st {};
    if (::stat(name_.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        throw ReplayFileError(name_, 0, "is a directory, not a file");  // as the decoder says it
    fd_ = ::open(name_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw ReplayFileError(name_, 0, std::string("cannot open: ") + std::strerror(errno));
    const bool regular = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
    if (!regular && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
        ::close(fd_);
        fd_ = -1;
        throw ReplayFileError(name_, 0, "is a device, not a file");  // /dev/zero would be read for ever
    }
    // A pipe cannot be read again from the start: the decoder reads it. A
    // regular file is told by its first bytes.
    std::vector<std::byte> head(regular ? blocked_gzip::max_member_bytes : 0);
    const ssize_t n = regular ? ::pread(fd_, head.data(), head.size(), 0) : -1;
    const bool gzip = n >= 2 && head[0] == std::byte{0x1f} && head[1] == std::byte{0x8b};
    if (regular && !gzip) return;  // plain
    if (gzip && blocked_gzip::member_at(std::span<const std::byte>(head.data(), static_cast<std::size_t>(n)))) {
        mode_ = Mode::blocked;
        decompressors_ = std::make_unique<Decompressors>();
        return;
    }
    ::close(fd_);
    fd_ = -1;
    open_decoded();
}

BulkInput::~BulkInput() {
    if (fd_ >= 0) ::close(fd_);
}

BulkInput::BulkInput(BulkInput&& o) noexcept
    : name_(std::move(o.name_)),
      mode_(o.mode_),
      fd_(std::exchange(o.fd_, -1)),
      decoded_(std::move(o.decoded_)),
      offset_(o.offset_),
      damage_(std::move(o.damage_)),
      buffer_(std::move(o.buffer_)),
      buffer_at_(o.buffer_at_),
      buffer_end_(o.buffer_end_),
      compressed_(std::move(o.compressed_)),
      compressed_at_(o.compressed_at_),
      compressed_end_(o.compressed_end_),
      compressed_file_(o.compressed_file_),
      file_ended_(o.file_ended_),
      pending_(std::move(o.pending_)),
      pending_at_(o.pending_at_),
      decompressors_(std::move(o.decompressors_)),
      index_(std::move(o.index_)) {}

void BulkInput::open_decoded() {
    mode_ = Mode::decoded;
    decoded_ = std::make_unique<DecodedInput>(name_);
}

const std::optional<ReplayFileError>& BulkInput::damage() const { return decoded_ ? decoded_->damage() : damage_; }

// Reads in the present mode, and on in the decoder when a blocked file goes
// over to it; `some`: stop at the first bytes.
std::size_t BulkInput::fill(std::span<std::byte> out, bool some) {
    std::size_t got = 0;
    while (got < out.size()) {
        const Mode before = mode_;
        const auto rest = out.subspan(got);
        got += mode_ == Mode::plain     ? read_plain(rest, some)
               : mode_ == Mode::blocked ? read_blocked(rest, some)
                                        : read_decoded(rest, some);
        if (mode_ == before || (some && got > 0)) break;  // the end, or all that was asked for
    }
    return got;
}

std::size_t BulkInput::read(std::span<std::byte> out) { return fill(out, false); }

std::size_t BulkInput::read_some(std::span<std::byte> out) { return fill(out, true); }

std::size_t BulkInput::read_plain(std::span<std::byte> out, bool some) {
    std::size_t got = 0;
    while (got < out.size()) {
        if (buffer_at_ < buffer_end_) {
            const std::size_t n = std::min(out.size() - got, buffer_end_ - buffer_at_);
            std::memcpy(out.data() + got, buffer_.data() + buffer_at_, n);
            buffer_at_ += n;
            got += n;
            if (some) break;
            continue;
        }
        // Large reads go straight into the caller's buffer, small ones through ours.
        const bool direct = out.size() - got >= plain_buffer_bytes;
        if (!direct && buffer_.empty()) buffer_.resize(plain_buffer_bytes);
        const ssize_t n = direct ? read_unless_stopped(fd_, out.data() + got, out.size() - got)
                                 : read_unless_stopped(fd_, buffer_.data(), buffer_.size());
        if (n < 0)
            damage_ = ReplayFileError(name_, offset_ + got,
                                      std::string("read error: ") + std::strerror(errno));  // as the decoder says it
        if (n <= 0) break;
        if (direct) {
            got += static_cast<std::size_t>(n);
            if (some) break;
        } else {
            buffer_at_ = 0;
            buffer_end_ = static_cast<std::size_t>(n);
        }
    }
    offset_ += got;
    return got;
}

std::size_t BulkInput::read_decoded(std::span<std::byte> out, bool some) {
    std::size_t got = 0;
    if (some) {
        const std::span<const std::byte> a = decoded_->available();
        got = std::min(a.size(), out.size());
        if (got > 0) std::memcpy(out.data(), a.data(), got);
        decoded_->take(got);
    } else {
        got = decoded_->read(out);
    }
    offset_ += got;
    return got;
}

std::size_t BulkInput::take_pending(std::span<std::byte> out) {
    const std::size_t n = std::min(out.size(), pending_.size() - pending_at_);
    if (n == 0) return 0;  // (pending_ may hold no buffer at all)
    std::memcpy(out.data(), pending_.data() + pending_at_, n);
    pending_at_ += n;
    if (pending_at_ == pending_.size()) {
        pending_.clear();
        pending_at_ = 0;
    }
    offset_ += n;
    return n;
}

// More compressed bytes after those not yet inflated; false when none came
// (the end of the file, or a read error, which the decoder then meets and reports).
bool BulkInput::fill_compressed() {
    if (compressed_.empty()) compressed_.resize(compressed_bytes());
    std::memmove(compressed_.data(), compressed_.data() + compressed_at_, compressed_end_ - compressed_at_);
    compressed_file_ += compressed_at_;
    compressed_end_ -= compressed_at_;
    compressed_at_ = 0;
    const ssize_t n =
        read_unless_stopped(fd_, compressed_.data() + compressed_end_, compressed_.size() - compressed_end_);
    if (n <= 0) {
        file_ended_ = true;
        return false;
    }
    compressed_end_ += static_cast<std::size_t>(n);
    return true;
}

// The whole members read ahead, each inflated into its place in `out` (the
// one that does not fit into pending_, delivered in part), in parallel.
std::size_t BulkInput::read_blocked(std::span<std::byte> out, bool some) {
    std::size_t got = take_pending(out);
    struct Job {
        std::size_t at = 0, size = 0, data = 0, into = 0;  // in compressed_; its data's place in out
        bool pending = false;
    };
    std::vector<Job> jobs;
    while (got < out.size()) {
        jobs.clear();
        std::size_t at = compressed_at_, room = out.size() - got;
        bool need_more = false, irregular = false;
        while (room > 0) {
            const auto rest = std::span<const std::byte>(compressed_).subspan(at, compressed_end_ - at);
            if (rest.size() < header_needs(rest)) {
                need_more = true;
                break;
            }
            const auto m = blocked_gzip::member_at(rest);
            if (!m || m->size > rest.size()) {
                need_more = m.has_value();
                irregular = !m;
                break;
            }
            const std::size_t data = blocked_gzip::member_data_bytes(rest.first(m->size));
            if (data > blocked_gzip::max_member_bytes) {
                irregular = true;
                break;
            }
            const bool pending = data > room;
            jobs.push_back({at, m->size, data, out.size() - room, pending});
            at += m->size;
            room -= pending ? room : data;
        }
        if (jobs.empty()) {
            if (need_more && !file_ended_ && fill_compressed()) continue;
            // The clean end of the last member, or bytes that are not a whole
            // member (a file cut short, data after the members): the decoder's to judge.
            if (irregular || compressed_at_ != compressed_end_) to_decoded();
            break;
        }
        if (jobs.back().pending) pending_.assign(jobs.back().data, std::byte{0});
        std::vector<char> ok(jobs.size(), 0);
        parallel_loop(0, jobs.size(), 1, [&](const auto& range) {
            Decompressor& d = decompressors_->each.local();
            if (!d) throw std::bad_alloc();
            for (std::size_t j = range.begin(); j != range.end(); ++j) {
                const Job& job = jobs[j];
                const auto member = std::span<const std::byte>(compressed_).subspan(job.at, job.size);
                ok[j] = blocked_gzip::inflate_member(
                    *d, member, job.pending ? std::span(pending_) : out.subspan(job.into, job.data));
            }
        });
        const auto failed = static_cast<std::size_t>(std::find(ok.begin(), ok.end(), 0) - ok.begin());
        for (std::size_t j = 0; j < failed; ++j) {
            compressed_at_ = jobs[j].at + jobs[j].size;
            if (!jobs[j].pending) {
                got += jobs[j].data;
                offset_ += jobs[j].data;
            }
        }
        if (failed < jobs.size()) {
            pending_.clear();
            to_decoded();  // the decoder reads the member that failed, and says why
            break;
        }
        if (jobs.back().pending) got += take_pending(out.subspan(got));
        if (some && got > 0) break;
    }
    return got;
}

// From here the decoder reads the file: opened again, and read up to where
// this reader stands (the members it inflated, which the decoder inflates the same).
void BulkInput::to_decoded() {
    ::close(fd_);
    fd_ = -1;
    compressed_.clear();
    compressed_.shrink_to_fit();
    open_decoded();
    std::vector<std::byte> skip(1 << 16);
    for (std::uint64_t left = offset_; left > 0;) {
        const std::size_t n =
            decoded_->read(std::span(skip).first(static_cast<std::size_t>(std::min<std::uint64_t>(left, skip.size()))));
        if (n == 0) break;  // it ended before (damage() says why)
        left -= n;
    }
}

bool BulkInput::seek(std::uint64_t target) {
    if (damage()) return false;
    if (mode_ == Mode::plain) {
        struct stat st {};
        if (::fstat(fd_, &st) != 0 || target > static_cast<std::uint64_t>(st.st_size) ||
            ::lseek(fd_, static_cast<off_t>(target), SEEK_SET) < 0)
            return false;
        buffer_at_ = buffer_end_ = 0;
        offset_ = target;
        return true;
    }
    if (mode_ == Mode::blocked) {
        if (!index_) {
            struct stat st {};
            index_.emplace(
                ::fstat(fd_, &st) != 0
                    ? std::nullopt
                    : blocked_gzip::read_index(
                          static_cast<std::uint64_t>(st.st_size), [this](std::uint64_t at, std::span<std::byte> b) {
                              const ssize_t n = ::pread(fd_, b.data(), b.size(), static_cast<off_t>(at));
                              return n < 0 ? std::size_t{0} : static_cast<std::size_t>(n);
                          }));
        }
        // The member that holds the target, through the index; without one, from
        // the start when the target is behind.
        blocked_gzip::IndexEntry from{};
        if (*index_) {
            const auto& members = (*index_)->members;
            const auto after =
                std::upper_bound(members.begin(), members.end(), target,
                                 [](std::uint64_t t, const blocked_gzip::IndexEntry& e) { return t < e.data; });
            if (after != members.begin()) from = *std::prev(after);
        }
        if (*index_ || target < offset_) {
            if (::lseek(fd_, static_cast<off_t>(from.compressed), SEEK_SET) < 0) return false;
            compressed_at_ = compressed_end_ = 0;
            compressed_file_ = from.compressed;
            file_ended_ = false;
            pending_.clear();
            pending_at_ = 0;
            offset_ = from.data;
        }
    } else if (target < offset_) {
        open_decoded();  // from the start again
        offset_ = 0;
    }
    std::vector<std::byte> skip(std::min<std::uint64_t>(target - offset_, 1 << 20));
    while (offset_ < target)
        if (fill(
                std::span(skip).first(static_cast<std::size_t>(std::min<std::uint64_t>(target - offset_, skip.size()))),
                false) == 0)
            return false;
    return true;
}

}  // namespace levelsweep::detail
