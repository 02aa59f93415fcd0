// The JSON Lines readers checked against each other (LEVELSWEEP_CHECK_READERS
// set, as every test sets it: docs/formats.md, "Queries as JSON Lines"): the
// file is read by the bulk reader and by the reference reader side by side,
// and any difference (the header, a record, its line, its error or text, the
// bytes consumed, where the data ends, or what opening refuses) stops the
// command with both.
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
    for (const std::byte b : bytes)
        hex += "0123456789abcdef"[std::to_integer<int>(b) >> 4],
            hex += "0123456789abcdef"[std::to_integer<int>(b) & 15];
    return "line " + std::to_string(r.position) + (r.malformed ? " malformed (" + r.error + ")" : " query " + hex) +
           (r.text.empty() ? "" : " text \"" + printable_utf8(r.text) + "\"");
}

[[noreturn]] void differ(const std::string& name, const std::string& what, const std::string& bulk,
                         const std::string& reference) {
    throw std::logic_error(name + ": the bulk JSON Lines reader differs from the reference reader (" + what +
                           "): bulk " + bulk + ", reference " + reference);
}

std::string text_of(const std::optional<ReplayFileError>& e) { return e ? e->what() : std::string("none"); }

class CheckedJsonLines final : public QuerySource {
public:
    CheckedJsonLines(std::unique_ptr<QuerySource> bulk, std::unique_ptr<QuerySource> reference, std::string name)
        : bulk_(std::move(bulk)), reference_(std::move(reference)), name_(std::move(name)) {
        const QueryFileHeader &a = bulk_->header(), &b = reference_->header();
        if (a.count != b.count || a.level_checksum != b.level_checksum || a.metadata != b.metadata)
            differ(name_, "the header", std::to_string(a.level_checksum) + " " + a.metadata,
                   std::to_string(b.level_checksum) + " " + b.metadata);
    }
    const QueryFileHeader& header() const override { return bulk_->header(); }
    std::optional<ReplayFileError> truncation() const override {
        const auto a = bulk_->truncation(), b = reference_->truncation();
        if (text_of(a) != text_of(b)) differ(name_, "where the data ends", text_of(a), text_of(b));
        return a;
    }
    const InputDigest& consumed() const override {
        const InputDigest &a = bulk_->consumed(), &b = reference_->consumed();
        if (!(a == b)) differ(name_, "the bytes consumed", std::to_string(a.bytes), std::to_string(b.bytes));
        return a;
    }
    // The bulk reader's chunk, then the reference reader's, asked for as many
    // records (so that both read as far: blank lines after the last record
    // are consumed alike).
    std::size_t read(std::span<QueryRecord> out) override {
        const std::size_t n = bulk_->read(out);
        other_.resize(out.size());
        const std::size_t m = reference_->read(other_);
        if (m != n) differ(name_, "the number of records", std::to_string(n), std::to_string(m));
        for (std::size_t i = 0; i < n; ++i) {
            const std::string a = describe(out[i]), b = describe(other_[i]);
            if (a != b) differ(name_, "a record", a, b);
        }
        (void)consumed();
        if (n == 0) (void)truncation();
        return n;
    }

private:
    std::unique_ptr<QuerySource> bulk_, reference_;
    std::string name_;
    std::vector<QueryRecord> other_;
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

bool reader_check_wanted() {
    const char* check = std::getenv("LEVELSWEEP_CHECK_READERS");
    return check && *check && std::string(check) != "0";
}

std::unique_ptr<QuerySource> open_checked_json_lines(
    const std::filesystem::path& path, const std::function<std::unique_ptr<QuerySource>()>& open_reference) {
    std::unique_ptr<QuerySource> bulk, reference;
    const std::string a = refusal([&] { return open_bulk_json_lines(path); }, bulk);
    const std::string b = refusal(open_reference, reference);
    if (a != b) differ(path.string(), "what opening refuses", a.empty() ? "opens" : a, b.empty() ? "opens" : b);
    if (!bulk) return open_bulk_json_lines(path);  // throws as both did
    return std::make_unique<CheckedJsonLines>(std::move(bulk), std::move(reference), path.string());
}

}  // namespace levelsweep::detail
