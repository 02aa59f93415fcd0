#include "queries/query_cursor.hpp"

#include <stdexcept>
#include <string>

namespace levelsweep::cli {

namespace {
constexpr std::size_t chunk = 1024;
}  // namespace

QueryCursor::QueryCursor(QuerySource& source) : source_(source), chunk_(chunk) {}

const QueryRecord* QueryCursor::at(std::uint64_t index) {
    if (index < last_)
        throw std::invalid_argument("query " + std::to_string(index) + " asked for after query " +
                                    std::to_string(last_) + ": the indices are not in order");
    last_ = index;
    while (index >= first_ + size_) {
        if (ended_) return nullptr;
        first_ += size_;
        size_ = source_.read(chunk_);
        ended_ = size_ == 0;
    }
    return &chunk_[static_cast<std::size_t>(index - first_)];
}

}  // namespace levelsweep::cli
