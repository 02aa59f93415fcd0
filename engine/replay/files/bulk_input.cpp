#include "levelsweep/bulk_input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libdeflate.h>

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "levelsweep/little_endian.hpp"
#include "replay_io.hpp"

namespace levelsweep::detail {

namespace {

constexpr std::size_t plain_buffer_bytes = 1 << 18;    // small reads of a plain file
constexpr std::size_t compressed_bytes = 1 << 22;      // blocked gzip read ahead: 64 members or more
constexpr std::size_t gzip_fixed_header_bytes = 12;    // up to and with XLEN
constexpr std::size_t zlib_read_bytes = 1 << 16;       // a gzread call

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

BulkInput::BulkInput(const std::filesystem::path& path) : name_(path.string()), path_(path) {
    if (const auto why = not_a_file(path)) throw ReplayFileError(name_, 0, *why);
    fd_ = ::open(name_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw ReplayFileError(name_, 0, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    std::byte head[blocked_gzip::max_member_bytes];
    const bool regular = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
    // A pipe or a device cannot be read again from the start: zlib reads it
    // as it always did. A regular file is told by its first bytes.
    const ssize_t n = regular ? ::pread(fd_, head, sizeof head, 0) : -1;
    const bool gzip = n >= 2 && head[0] == std::byte{0x1f} && head[1] == std::byte{0x8b};
    if (regular && !gzip) return;  // plain
    if (gzip && blocked_gzip::member_at(std::span<const std::byte>(head, static_cast<std::size_t>(n)))) {
        mode_ = Mode::blocked;
        decompressors_ = std::make_unique<Decompressors>();
        return;
    }
    ::close(fd_);
    fd_ = -1;
    open_zlib();
}

BulkInput::BulkInput(StandardInput) : name_("standard input"), fd_(STDIN_FILENO), own_fd_(false) {}

BulkInput::~BulkInput() {
    if (zlib_) ::gzclose(zlib_);
    if (fd_ >= 0 && own_fd_) ::close(fd_);
}

void BulkInput::open_zlib() {
    mode_ = Mode::zlib;
    zlib_ = ::gzopen(name_.c_str(), "rb");
    if (!zlib_) throw ReplayFileError(name_, 0, std::string("cannot open: ") + std::strerror(errno));
    ::gzbuffer(zlib_, 1 << 16);
}

void BulkInput::plain_error() {
    const int e = errno;
    damage_ = Damage{Z_ERRNO, name_ + ": " + std::strerror(e), e};
}

void BulkInput::zlib_error() {
    int code = Z_OK;
    const int e = errno;
    const char* message = ::gzerror(zlib_, &code);
    if (code != Z_OK) damage_ = Damage{code, message ? message : "?", e};
}

// Reads in the present mode, and on in the next when a blocked file goes over
// to zlib; `some`: stop at the first bytes.
std::size_t BulkInput::fill(std::span<std::byte> out, bool some) {
    std::size_t got = 0;
    while (got < out.size() && !damage_) {
        const Mode before = mode_;
        const auto rest = out.subspan(got);
        got += mode_ == Mode::plain ? read_plain(rest, some) : mode_ == Mode::blocked ? read_blocked(rest, some) : read_zlib(rest, some);
        if (mode_ == before || (some && got > 0)) break;  // the end, or all that was asked for
    }
    return got;
}

std::size_t BulkInput::read(std::span<std::byte> out, std::optional<ReplayFileError>& damage) {
    const std::size_t got = fill(out, false);
    if (damage_ && !cut_short()) damage = ReplayFileError(name_, offset_, "read error: " + damage_->message);
    return got;
}

std::size_t BulkInput::read(std::span<std::byte> out) {
    std::optional<ReplayFileError> damage;
    const std::size_t got = read(out, damage);
    if (damage) throw *damage;
    return got;
}

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
        const ssize_t n = direct ? ::read(fd_, out.data() + got, out.size() - got) : ::read(fd_, buffer_.data(), buffer_.size());
        if (n < 0) plain_error();  // as zlib does, an interrupted read (a signal on a pipe) is one too
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

std::size_t BulkInput::read_zlib(std::span<std::byte> out, bool some) {
    std::size_t got = 0;
    while (got < out.size()) {
        // In calls of at most the reference reader's 64 KiB (line_reader.cpp):
        // gzread drops what a call had gathered when it meets damage.
        const auto want = static_cast<unsigned>(std::min<std::size_t>(out.size() - got, zlib_read_bytes));
        const int n = ::gzread(zlib_, out.data() + got, want);
        if (n <= 0) {
            zlib_error();  // a stream cut short ends with 0 and Z_BUF_ERROR, damage with -1
            break;
        }
        got += static_cast<std::size_t>(n);
        if (some) break;
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
// (the end of the file, or a read error, which zlib then meets and reports).
bool BulkInput::fill_compressed() {
    if (compressed_.empty()) compressed_.resize(compressed_bytes);
    std::memmove(compressed_.data(), compressed_.data() + compressed_at_, compressed_end_ - compressed_at_);
    compressed_file_ += compressed_at_;
    compressed_end_ -= compressed_at_;
    compressed_at_ = 0;
    const ssize_t n = ::read(fd_, compressed_.data() + compressed_end_, compressed_.size() - compressed_end_);
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
            // member (a file cut short, data after the members): zlib's to judge.
            if (irregular || compressed_at_ != compressed_end_) to_zlib();
            break;
        }
        if (jobs.back().pending) pending_.assign(jobs.back().data, std::byte{0});
        std::vector<char> ok(jobs.size(), 0);
        tbb::parallel_for(std::size_t{0}, jobs.size(), [&](std::size_t j) {
            const Job& job = jobs[j];
            Decompressor& d = decompressors_->each.local();
            if (!d) throw std::bad_alloc();
            const auto member = std::span<const std::byte>(compressed_).subspan(job.at, job.size);
            ok[j] = blocked_gzip::inflate_member(*d, member, job.pending ? std::span(pending_) : out.subspan(job.into, job.data));
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
            to_zlib();  // zlib reads the member that failed, and says why
            break;
        }
        if (jobs.back().pending) got += take_pending(out.subspan(got));
        if (some && got > 0) break;
    }
    return got;
}

// From here zlib reads the file: opened again, and read up to where this
// reader stands (the members it inflated, which zlib inflates the same).
void BulkInput::to_zlib() {
    ::close(fd_);
    fd_ = -1;
    compressed_.clear();
    compressed_.shrink_to_fit();
    open_zlib();
    std::vector<std::byte> skip(1 << 16);
    for (std::uint64_t left = offset_; left > 0;) {
        const int n = ::gzread(zlib_, skip.data(), static_cast<unsigned>(std::min<std::uint64_t>(left, skip.size())));
        if (n <= 0) {
            zlib_error();
            break;
        }
        left -= static_cast<std::uint64_t>(n);
    }
}

bool BulkInput::seek(std::uint64_t target) {
    if (!own_fd_ || damage_) return false;
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
            index_.emplace(::fstat(fd_, &st) != 0 ? std::nullopt
                                                   : blocked_gzip::read_index(static_cast<std::uint64_t>(st.st_size),
                                                                              [this](std::uint64_t at, std::span<std::byte> b) {
                                                                                  const ssize_t n = ::pread(fd_, b.data(), b.size(), static_cast<off_t>(at));
                                                                                  return n < 0 ? std::size_t{0} : static_cast<std::size_t>(n);
                                                                              }));
        }
        // The member that holds the target, through the index; without one, from
        // the start when the target is behind.
        blocked_gzip::IndexEntry from{};
        if (*index_) {
            const auto& members = (*index_)->members;
            const auto after = std::upper_bound(members.begin(), members.end(), target,
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
        if (::gzrewind(zlib_) != 0) return false;
        offset_ = 0;
    }
    std::vector<std::byte> skip(std::min<std::uint64_t>(target - offset_, 1 << 20));
    while (offset_ < target)
        if (fill(std::span(skip).first(static_cast<std::size_t>(std::min<std::uint64_t>(target - offset_, skip.size()))), false) == 0)
            return false;
    return true;
}

}  // namespace levelsweep::detail
