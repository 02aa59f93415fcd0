// levelsweep CLI: the query at a given index of a query source, read forward
// in chunks (bounded memory whatever the file's size), for commands that
// revisit some of a file's queries in order (diff --explain).
#pragma once

#include <cstdint>
#include <vector>

#include "levelsweep/query_source.hpp"

namespace levelsweep::cli {

class QueryCursor {
public:
    explicit QueryCursor(QuerySource& source);
    // The record at `index`, or nullptr when the source ends before it. Indices
    // must not decrease from one call to the next (std::invalid_argument).
    const QueryRecord* at(std::uint64_t index);

private:
    QuerySource& source_;
    std::vector<QueryRecord> chunk_;
    std::uint64_t first_ = 0;  // the index of chunk_[0]
    std::size_t size_ = 0;     // records held in chunk_
    std::uint64_t last_ = 0;   // the last index asked for
    bool ended_ = false;
};

}  // namespace levelsweep::cli
