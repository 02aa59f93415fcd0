#include "levelsweep/line_reader.hpp"

#include <cstring>

#include "decoded_input.hpp"

namespace levelsweep {

LineReader::LineReader(const std::string& path) : in_(std::make_unique<detail::DecodedInput>(path)) {}

LineReader::LineReader(std::unique_ptr<detail::DecodedInput> input) : in_(std::move(input)) {}

LineReader::~LineReader() = default;
LineReader::LineReader(LineReader&&) noexcept = default;
LineReader& LineReader::operator=(LineReader&&) noexcept = default;

bool LineReader::next(std::string& line, bool& too_long, std::size_t max_length) {
    line.clear();
    too_long = false;
    bool any = false;
    for (std::span<const std::byte> data; !(data = in_->available()).empty();) {
        any = true;
        const char* start = reinterpret_cast<const char*>(data.data());
        const auto* eol = static_cast<const char*>(std::memchr(start, '\n', data.size()));
        const std::size_t take = eol ? static_cast<std::size_t>(eol - start) : data.size();
        if (!too_long && line.size() + take > max_length) {
            too_long = true;
            std::string().swap(line);  // let the memory go
        }
        if (!too_long) line.append(start, take);
        in_->take(take + (eol ? 1 : 0));
        if (eol) break;
    }
    if (any) ++line_number_;
    return any;
}

std::optional<std::string> LineReader::damage() const {
    if (!in_->damage()) return std::nullopt;
    return in_->damage()->reason();
}

std::uint64_t LineReader::bytes() const { return in_->offset(); }

const InputDigest& LineReader::digest() const { return in_->digest(); }

}  // namespace levelsweep
