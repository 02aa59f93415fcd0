// libFuzzer target: the .lvl loader on arbitrary bytes. Every input is loaded
// twice, with the checksums verified (as every caller does) and without them
// (so that mutations reach the checks behind the CRCs). Each load either gives
// a level or throws LevelFileError; anything else (a crash, a sanitizer report,
// another exception) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "fuzz_check.hpp"
#include "levelsweep/level_file.hpp"

namespace {

using levelsweep::fuzz::check;

// A loaded level is whole: its grid reads past the end as no_triangle, and
// its lists hold only triangles it has.
void check_level(const levelsweep::Level& level) {
    const levelsweep::CellGrid& g = level.grid();
    check(g.word(g.words().size()) == levelsweep::no_triangle);
    for (std::size_t c = 0; c < g.cell_count(); ++c)
        for (std::uint32_t t : g.list(c)) check(t < level.triangle_count());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    std::uint64_t unverified = 0;
    bool loaded = false;
    try {
        const levelsweep::Level level = levelsweep::load_level_from_memory(bytes, "fuzz.lvl", {false});
        check_level(level);
        unverified = level.checksum();
        loaded = true;
    } catch (const levelsweep::LevelFileError&) {
    }
    try {
        const levelsweep::Level level = levelsweep::load_level_from_memory(bytes, "fuzz.lvl", {true});
        check(loaded && level.checksum() == unverified);  // verifying only ever refuses more
    } catch (const levelsweep::LevelFileError&) {
    }
    return 0;
}
