// levelsweep (batch path, private): the per-triangle filters over lanes of
// triangles, the wide twin of kernels/include/levelsweep/triangle_filters.hpp:
// the same comparisons in the same order, lane by lane (spec Unit 1 "Issue
// #150", Unit 13 PhysicsMesh_SweepBox; docs/design.md items 1, 5 and 6).
#pragma once

#include <cstdint>

#include "levelsweep/lane_abi.hpp"
#include "levelsweep/spec_constants.hpp"
#include "wide.hpp"

namespace levelsweep::simd {

// Which lanes pass a query's filters, and how a sweep sees each: flipped (a
// two-sided face the point is behind) and option 0x40's marks.
template <class A>
struct WFiltered {
    typename Lanes<A>::B pass = typename Lanes<A>::B(false);
    typename Lanes<A>::B flip = typename Lanes<A>::B(false);
    typename Lanes<A>::I marks = typename Lanes<A>::I(0);
};

// The filters of `f` on the lanes `valid`, in the reference visits' order:
// the flags word (passes_flags), the n.z range (passes_nz_range), the side and
// direction tests (face_test) and the step rule (below_step). field(offset)
// loads a record field (packed_level.hpp) for every lane; the fields after the
// flags are loaded only when some lane is still in.
template <class A, class Field>
WFiltered<A> triangle_filters(const LaneFilters& f, const WVec3<A>& side_at, const WVec3<A>& M,
                              typename Lanes<A>::B valid, Field&& field) {
    using F = typename Lanes<A>::F;
    using B = typename Lanes<A>::B;
    using I = typename Lanes<A>::I;
    WFiltered<A> out;
    // passes_flags: masked to 0xfff, flag 0x8 where skipped, then the enabled bit.
    const I flags = xsimd::bitwise_cast<I>(field(record::flags)) & I(tri_flags::mask);
    auto has = [&](std::uint16_t bit) { return as_float_mask<A>((flags & I(bit)) != I(0)); };
    B pass = valid & has(tri_flags::enabled);
    if (f.skip_special) pass = pass & ~has(tri_flags::special);
    // passes_nz_range.
    if (f.nz_options != 0) {
        const F nz = field(record::n + 2);
        if (f.nz_options & option::nz_min) pass = pass & ~(nz < F(f.nz_min));
        if (f.nz_options & option::nz_max) pass = pass & ~(nz > F(f.nz_max));
    }
    if (!f.face_test || !xsimd::any(pass)) {
        out.pass = pass;
        return out;
    }
    // face_test: behind (n.at - d < 1e-6) flips a two-sided face and skips (or
    // marks) a one-sided one; n.M >= -0.001 after the flip skips (or marks).
    const WVec3<A> n{field(record::n), field(record::n + 1), field(record::n + 2)};
    const B behind = dot(n, side_at) - field(record::d) < F(spec::one_millionth);
    const B two_sided = has(tri_flags::two_sided);
    out.flip = behind & two_sided;
    const F into = dot(select(out.flip, -n, n), M);
    const B away = into >= F(spec::minus_one_thousandth);
    if (f.marking) {
        out.marks = xsimd::select(as_int_mask<A>(behind & ~two_sided), I(mark::behind), I(0));
        const I away_mark = xsimd::select(as_int_mask<A>(xsimd::abs(into) <= F(spec::one_thousandth)),
                                          I(mark::parallel), I(mark::away));
        out.marks = out.marks | xsimd::select(as_int_mask<A>(away), away_mark, I(0));
    } else {
        pass = pass & ~(behind & ~two_sided) & ~away;
    }
    // below_step.
    if (f.step) pass = pass & ~(field(record::top) < F(f.step_top));
    out.pass = pass;
    return out;
}

}  // namespace levelsweep::simd
