// levelsweep eval: every entry of the overlap table (IPhysics +0x18) and of the
// sweep table (IPhysics +0x7c), called as the original's entries are:
// overlap[own][other] and sweep[own][other] with 1 box, 2 sphere, 3 capsule,
// 4 segment (docs/eval.md, "The pair tables").
#include <array>

#include "eval/eval.hpp"
#include "levelsweep/pair_tables.hpp"
#include "levelsweep/shape_json.hpp"

namespace levelsweep::cli {

namespace {

json entry_name(std::string_view name) { return name.empty() ? json() : json(name); }

// The shapes' own "type" fields are not consulted for the lookup, as in the original.
template <int Own, int Other>
json overlap_table_entry(const json& in) {
    const auto own = static_cast<ShapeType>(Own), other = static_cast<ShapeType>(Other);
    const OverlapFn fn = overlap_entry(own, other);
    if (fn == nullptr) return {{"entry", nullptr}, {"return", false}, {"contact", json::object()}};
    Contact c;
    const bool hit = fn(c, read_shape(in, "own"), read_shape(in, "other"), read_quirks(in));
    return {{"entry", entry_name(overlap_entry_name(own, other))}, {"return", hit}, {"contact", contact_to_json(c)}};
}

// A body's fields the sweep kernels read: "flags" (+0x40), "owner_flags" (the
// owner's object flags, 0x4000000 airborne) and "landing" (0 or 1).
Body read_body(const json& in, const char* key) {
    Body b;
    if (!in.contains(key)) return b;
    const json& o = in.at(key);
    b.flags = static_cast<std::uint32_t>(read_int_or(o, "flags", 0));
    b.owner_object_flags = static_cast<std::uint32_t>(read_int_or(o, "owner_flags", 0));
    b.owner_landing = read_int_or(o, "landing", 0) != 0;
    return b;
}

template <int Own, int Other>
json sweep_table_entry(const json& in) {
    const auto own = static_cast<ShapeType>(Own), other = static_cast<ShapeType>(Other);
    const Quirks quirks = read_quirks(in);
    const SweepFn fn = sweep_entry(own, other, quirks);
    if (fn == nullptr) return {{"entry", nullptr}, {"return", false}, {"contact", json::object()}};
    Contact c;
    const bool hit = fn(c, read_body(in, "own_body"), read_shape(in, "own"), read_body(in, "other_body"),
                        read_shape(in, "other"), read_move(in, "move"), quirks);
    return {
        {"entry", entry_name(sweep_entry_name(own, other, quirks))}, {"return", hit}, {"contact", contact_to_json(c)}};
}

#define LEVELSWEEP_TABLE_PAIR(own, other)                                                      \
    EvalKernel{"overlap[" #own "][" #other "]", overlap_table_entry<own, other>}, EvalKernel { \
        "sweep[" #own "][" #other "]", sweep_table_entry<own, other>                           \
    }
#define LEVELSWEEP_TABLE_ROW(own)                                                                \
    LEVELSWEEP_TABLE_PAIR(own, 1), LEVELSWEEP_TABLE_PAIR(own, 2), LEVELSWEEP_TABLE_PAIR(own, 3), \
        LEVELSWEEP_TABLE_PAIR(own, 4)

constexpr std::array kernels{LEVELSWEEP_TABLE_ROW(1), LEVELSWEEP_TABLE_ROW(2), LEVELSWEEP_TABLE_ROW(3),
                             LEVELSWEEP_TABLE_ROW(4)};
#undef LEVELSWEEP_TABLE_ROW
#undef LEVELSWEEP_TABLE_PAIR

}  // namespace

std::span<const EvalKernel> eval_tables() { return kernels; }

}  // namespace levelsweep::cli
