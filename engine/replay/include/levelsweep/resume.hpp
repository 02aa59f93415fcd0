// levelsweep: `replay --resume`, continuing the result file an interrupted
// run left (RESULTS.partial) from the checkpoint its header holds, so that the
// file ends byte for byte as an uninterrupted run would have written it
// (docs/formats.md, "Resuming a replay").
#pragma once

#include <cstdint>
#include <string>

#include "levelsweep/level.hpp"
#include "levelsweep/query_source.hpp"
#include "levelsweep/replay_files.hpp"
#include "levelsweep/replay_summary.hpp"
#include "levelsweep/scene_replay.hpp"

namespace levelsweep {

struct Resumed {
    ResultFileResume at;          // where to append (after the checkpoint's records), and the records kept
    std::uint64_t queries = 0;    // the query records read behind the checkpoint: the run goes on from the next
    bool complete = false;        // the file holds its trailer: the run finished all but the rename
    std::uint64_t malformed = 0;  // kept records whose query record was malformed
};

// Reads the partial file, checks it against the run that continues it, and
// reads `source` up to the partial's checkpoint, so that the run goes on with
// the next query record; a scene's lines up to there run again (`scene`, with
// their answers written as the first run wrote them), so that the bodies
// stand as they stood. Refused (std::runtime_error saying why, the file left
// as it was): a gzipped file (it is appended to), a version before 3 (no
// checkpoint), another level, mode, path, ISA, expected count or scene than
// `header`'s (the run's own), a query file whose bytes up to the checkpoint
// are not those the first run read (edited, or shorter), records that are not
// those queries' (index, kind), fewer whole records than the checkpoint
// vouches for, last records that give another answer when rerun (the work
// counters, which each path counts its own way, aside), and a finished file
// whose query file holds more queries since. The records kept are added to
// `summary` (as kept: the run's rate leaves them out).
Resumed resume_from(const std::string& partial, const ResultFileHeader& header, QuerySource& source, const Level& level,
                    Quirks quirks, SceneReplay* scene, ReplaySummary& summary);

}  // namespace levelsweep
