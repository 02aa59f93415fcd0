// The JSON Lines readers checked against each other (LEVELSWEEP_CHECK_READERS
// set, as every test sets it: docs/formats.md, "Queries as JSON Lines"): the
// file is read by the bulk reader and by the reference reader side by side,
// and any difference (the header, a record, its line, its error or text, where
// the data ends, or what opening refuses) stops the command with both.
#include <array>
#include <cstdlib>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

#include "levelsweep/query_json.hpp"
#include "query_lines.hpp"

namespace levelsweep::detail {

namespace {

std::string describe(const QueryRecord& r) {
    std::array<std::byte, query_record_bytes> bytes;
    encode_query_record(r.query, bytes);
    std::string hex;
    for (const std::byte b : bytes) hex += "0123456789abcdef"[std::to_integer<int>(b) >> 4], hex += "0123456789abcdef"[std::to_integer<int>(b) & 15];
    return "line " + std::to_string(r.position) + (r.malformed ? " malformed (" + r.error + ")" : " query " + hex) +
           (r.text.empty() ? "" : " text \"" + printable_utf8(r.text) + "\"");
}

[[noreturn]] void differ(const std::string& name, const std::string& what, const std::string& bulk, const std::string& reference) {
    throw std::logic_error(name + ": the bulk JSON Lines reader differs from the reference reader (" + what + "): bulk " + bulk +
                           ", reference " + reference);
}

std::string text_of(const std::optional<ReplayFileError>& e) { return e ? e->what() : std::string("none"); }

// A gzip stream damaged (not cut short: zlib then loses nothing) ends where
// the two readers may lose different bytes: zlib's gzread drops what its last
// call had gathered, and the two make their calls at different places (the
// bulk reader keeps every blocked member that checks, bulk_input.hpp). So
// there the records may agree only up to where the first of the two readers
// lost data (its last record may be a line cut short, its header missing),
// and the reason the data ends must be the same.
bool damaged(const std::optional<ReplayFileError>& e) { return e && !e->reason().ends_with("unexpected end of file"); }

class CheckedJsonLines final : public QuerySource {
public:
    CheckedJsonLines(std::unique_ptr<QuerySource> bulk, std::unique_ptr<QuerySource> reference, std::string name)
        : bulk_(std::move(bulk)), reference_(std::move(reference)), name_(std::move(name)) {
        const QueryFileHeader &a = bulk_->header(), &b = reference_->header();
        if (a.count != b.count || a.level_checksum != b.level_checksum || a.metadata != b.metadata)
            diverged("the header", std::to_string(a.level_checksum) + " " + a.metadata, std::to_string(b.level_checksum) + " " + b.metadata);
    }
    const QueryFileHeader& header() const override { return bulk_->header(); }
    std::optional<ReplayFileError> truncation() const override {
        const auto a = bulk_->truncation();
        if (difference_) {
            // Both ended at the same damage, or the difference stands.
            std::vector<QueryRecord> rest(1000);
            while (reference_->read(rest) > 0) {
            }
            const auto b = reference_->truncation();
            if (!damaged(a) || !damaged(b) || a->reason() != b->reason())
                differ(name_, difference_->what + ", and not where both end at the same damage", difference_->bulk + " (ends " + text_of(a) + ")",
                       difference_->reference + " (ends " + text_of(b) + ")");
            return a;
        }
        const auto b = reference_->truncation();
        if (text_of(a) != text_of(b)) differ(name_, "where the data ends", text_of(a), text_of(b));
        return a;
    }
    // The bulk reader's chunk, then as many records from the reference reader
    // (one at the end, where it must have none either).
    std::size_t read(std::span<QueryRecord> out) override {
        const std::size_t n = bulk_->read(out);
        if (!difference_) compare(out.first(n));
        if (n == 0) (void)truncation();
        return n;
    }

private:
    struct Difference {
        std::string what, bulk, reference;
    };

    // From here the records are not compared; at the end both readers must
    // have ended at the same damage (truncation()).
    void diverged(std::string what, std::string bulk, std::string reference) {
        difference_ = Difference{std::move(what), std::move(bulk), std::move(reference)};
    }

    void compare(std::span<const QueryRecord> out) {
        const std::size_t n = out.size();
        other_.resize(std::max<std::size_t>(n, 1));
        const std::size_t m = reference_->read(std::span(other_).first(std::max<std::size_t>(n, 1)));
        for (std::size_t i = 0; i < std::min(n, m); ++i) {
            const std::string a = describe(out[i]), b = describe(other_[i]);
            if (a == b) continue;
            // Only the last record either reader has may be a line its loss cut short.
            if (i + 1 != std::min(n, m)) differ(name_, "a record", a, b);
            return diverged("a record", a, b);
        }
        if (m != n) diverged("the number of records", std::to_string(n), std::to_string(m));
    }

    std::unique_ptr<QuerySource> bulk_, reference_;
    std::string name_;
    std::vector<QueryRecord> other_;
    std::optional<Difference> difference_;  // where the readers first differed, allowed only at damage
};

std::string refusal(const std::function<std::unique_ptr<QuerySource>()>& open, std::unique_ptr<QuerySource>& source) {
    try {
        source = open();
        return "";
    } catch (const std::exception& e) {
        return e.what();
    }
}

}  // namespace

bool reader_check_wanted(const std::filesystem::path& path) {
    const char* check = std::getenv("LEVELSWEEP_CHECK_READERS");
    return check && *check && std::string(check) != "0" && path != "-";  // standard input cannot be read twice
}

std::unique_ptr<QuerySource> open_checked_json_lines(const std::filesystem::path& path,
                                                     const std::function<std::unique_ptr<QuerySource>()>& open_reference) {
    std::unique_ptr<QuerySource> bulk, reference;
    const std::string a = refusal([&] { return open_bulk_json_lines(path); }, bulk);
    const std::string b = refusal(open_reference, reference);
    if (a != b) differ(path.string(), "what opening refuses", a.empty() ? "opens" : a, b.empty() ? "opens" : b);
    if (!bulk) return open_bulk_json_lines(path);  // throws as both did
    return std::make_unique<CheckedJsonLines>(std::move(bulk), std::move(reference), path.string());
}

}  // namespace levelsweep::detail
