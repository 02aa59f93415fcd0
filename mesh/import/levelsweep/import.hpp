// levelsweep: importing a level from a mesh file (`levelsweep import`).
//
// Wavefront OBJ and PLY (ASCII and binary) are read by our own parsers, which
// turn each coordinate's text into the nearest float32 (std::from_chars), so
// coordinates reach the store bit for bit; Assimp's parsers are off by an ulp on
// some numbers (docs/decisions.md, "Level store"). Every other format Assimp
// reads (glTF, FBX, COLLADA, 3DS, STL, ...) goes through Assimp with every
// post-processing step off. Vertices are never welded or moved; polygons are
// split into a fan (v0, vi, vi+1); degenerate and duplicate triangles are kept
// and counted. This library is separate from levelsweep's core so that
// embedding levelsweep does not pull Assimp in.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "levelsweep/build_error.hpp"
#include "levelsweep/level.hpp"

namespace levelsweep {

// A file that cannot be imported; the message names the file and, for our own
// parsers, the line (OBJ, ASCII PLY) or byte offset (binary PLY).
class ImportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Which axis of the file points up; the store's is z. y-up maps (x, y, z) to
// (x, -z, y), x-up to (y, z, x): rotations, so windings and normals keep their sense.
enum class UpAxis { z, y, x };

enum class ImportReader {
    automatic,  // by extension: .obj and .ply ours, everything else Assimp
    obj,
    ply,
    assimp,
};

// Sets or clears flag bits on every triangle whose material name or group name
// (OBJ g/o, an Assimp node's name) matches `pattern` (* and ? wildcards).
struct FlagRule {
    std::string pattern;
    std::uint16_t set = 0;
    std::uint16_t clear = 0;
};

struct ImportOptions {
    ImportReader reader = ImportReader::automatic;
    float scale = 1.0f;  // positive; applied in float32 as coordinate * scale; 1 leaves the bits alone
    UpAxis up = UpAxis::z;
    std::optional<Vec3> cell_size;
    std::uint16_t default_flags = tri_flags::enabled;
    std::vector<FlagRule> rules;  // applied in order
    // Material ids by material name; other materials are numbered by first use
    // (0, 1, 2, ...; faces without a material use the name "").
    std::vector<std::pair<std::string, std::uint16_t>> material_ids;
    // Import a level beyond the kernels' working range (level_range.hpp)
    // instead of refusing it; the report says where it lies beyond.
    bool allow_beyond_working_range = false;
};

struct ImportReport {
    std::string reader;                               // "obj", "ply" or "assimp"
    std::size_t faces = 0;                            // polygons read
    std::size_t polygons_split = 0;                   // faces with more than three corners, split into a fan
    std::size_t skipped_elements = 0;                 // points, lines and faces of fewer than three corners
    std::size_t degenerate = 0;                       // triangles with a zero normal (kept)
    std::size_t duplicate = 0;                        // triangles with the corners of an earlier one (kept)
    std::vector<std::size_t> rule_matches;            // triangles each rule matched
    std::vector<std::string> materials;               // the name of each automatically numbered material id
    std::optional<std::string> beyond_working_range;  // where the level lies beyond it (when allowed)
};

struct ImportResult {
    Level level;
    ImportReport report;
};

// Throws ImportError for an unreadable or malformed file, a file that holds
// no triangle, or a level beyond the working range (unless allowed);
// LevelBuildError when the mesh cannot be stored (a non-finite coordinate after
// scaling, a grid too large); MemoryLimitError when it would need more memory
// than memory_limit().
ImportResult import_level(const std::filesystem::path& path, const ImportOptions& options = {});

// Whether `name` matches `pattern` (* any run, ? any one character).
bool glob_match(std::string_view pattern, std::string_view name);

}  // namespace levelsweep
