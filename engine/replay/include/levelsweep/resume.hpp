// levelsweep: `replay --resume`, continuing the result file an interrupted
// run left (RESULTS.partial) after its last whole record, so that the file ends
// byte for byte as an uninterrupted run would have written it (docs/formats.md,
// "Resuming a replay").
#pragma once

#include <cstdint>
#include <string>

#include "levelsweep/level.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/replay_files.hpp"
#include "levelsweep/replay_summary.hpp"

namespace levelsweep {

struct Resumed {
    ResultFileResume at;    // where to append, and the records kept
    bool complete = false;  // the file holds its trailer: the run finished all but the rename
    std::uint64_t malformed = 0;  // kept records whose query record was malformed
};

// Reads the partial file, checks it against the run that continues it, and
// reads as many query records from `source` as it holds, so that the run goes
// on with the next one. The checks: the header's level checksum, quirks, path,
// ISA and query count equal `header`'s (the run's own); each record's index is
// its position and its kind (or malformedness) the query's; and the last
// records kept give the same answers again when rerun (the work counters,
// which each path counts its own way, aside). Every kept record is
// added to `summary`. Throws std::runtime_error saying what differs.
Resumed resume_from(const std::string& partial, const ResultFileHeader& header, QuerySource& source, const Level& level,
                    Quirks quirks, ReplaySummary& summary);

}  // namespace levelsweep
