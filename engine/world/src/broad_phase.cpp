// The x-sorted candidate list (broad_phase.hpp).
#include "broad_phase.hpp"

#include <algorithm>
#include <cmath>

namespace levelsweep::world_detail {

// The extent is taken in double, within half an ulp of the exact one. A bucket's
// top U is a double, and rounding is monotone, so a rounded extent below U means
// an exact extent below U too: U bounds every extent in its bucket.
std::size_t BroadPhase::bucket_of(const ShapeBounds& b) {
    const double w = static_cast<double>(b.max.x) - static_cast<double>(b.min.x);
    if (!(w > 0.0)) return 0;
    int exp = 0;
    const double m = std::frexp(w, &exp);  // w = m 2^exp, m in [0.5, 1)
    const int e = std::clamp(exp - 1, min_exponent, max_exponent);
    const int part = std::clamp(static_cast<int>((2.0 * m - 1.0) * parts), 0, parts - 1);
    return static_cast<std::size_t>(1 + (e - min_exponent) * parts + part);
}

double BroadPhase::width_bound() const {
    if (top_bucket_ == 0) return 0.0;
    const int k = static_cast<int>(top_bucket_) - 1;
    const int e = k / parts + min_exponent, part = k % parts;
    return std::ldexp(1.0 + static_cast<double>(part + 1) / parts, e);  // the bucket's top
}

void BroadPhase::count_width(const ShapeBounds& b, int delta) {
    const std::size_t k = bucket_of(b);
    widths_[k] = static_cast<std::uint32_t>(static_cast<int>(widths_[k]) + delta);
    if (delta > 0) {
        top_bucket_ = std::max(top_bucket_, k);
    } else {
        while (top_bucket_ > 0 && widths_[top_bucket_] == 0) --top_bucket_;
    }
}

std::size_t BroadPhase::first_in_window(float q_min_x) const {
    // Skip the prefix whose boxes end before q_min_x even at the widest:
    // fl(min + W) < q implies min + W < q exactly (rounding is monotone and q is
    // a double), so min + width < q: those boxes are apart in x. The predicate
    // is monotone in min x, so the prefix is found by bisection.
    const double w = width_bound(), q = static_cast<double>(q_min_x);
    const auto it = std::partition_point(entries_.begin(), entries_.end(), [&](const Entry& e) {
        return static_cast<double>(e.box.min.x) + w < q;
    });
    return static_cast<std::size_t>(it - entries_.begin());
}

std::size_t BroadPhase::restore_order(std::size_t pos) {
    const Entry moving = entries_[pos];
    while (pos > 0 && before(moving, entries_[pos - 1])) {
        place(pos, entries_[pos - 1]);
        --pos;
    }
    while (pos + 1 < entries_.size() && before(entries_[pos + 1], moving)) {
        place(pos, entries_[pos + 1]);
        ++pos;
    }
    place(pos, moving);
    return pos;
}

void BroadPhase::refresh_blocks(std::size_t from, std::size_t to) {
    block_max_x_.resize((entries_.size() + block - 1) / block);
    if (entries_.empty()) return;
    to = std::min(to, entries_.size() - 1);
    for (std::size_t b = from / block; b <= to / block; ++b) {
        const std::size_t end = std::min(entries_.size(), (b + 1) * block);
        float m = entries_[b * block].box.max.x;
        for (std::size_t i = b * block + 1; i < end; ++i) m = std::max(m, entries_[i].box.max.x);
        block_max_x_[b] = m;
    }
}

void BroadPhase::insert(std::uint32_t slot, std::uint64_t sequence, const ShapeBounds& b) {
    if (slot >= position_.size()) position_.resize(std::size_t{slot} + 1, npos);
    entries_.push_back(Entry{b, sequence, slot});
    position_[slot] = static_cast<std::uint32_t>(entries_.size() - 1);
    count_width(b, +1);
    const std::size_t end = restore_order(entries_.size() - 1);
    refresh_blocks(end, entries_.size() - 1);
}

void BroadPhase::update(std::uint32_t slot, const ShapeBounds& b) {
    const std::size_t pos = position_[slot];
    count_width(entries_[pos].box, -1);
    entries_[pos].box = b;
    count_width(b, +1);
    const std::size_t end = restore_order(pos);
    refresh_blocks(std::min(pos, end), std::max(pos, end));
}

void BroadPhase::erase(std::uint32_t slot) {
    const std::size_t pos = position_[slot];
    count_width(entries_[pos].box, -1);
    for (std::size_t i = pos; i + 1 < entries_.size(); ++i) place(i, entries_[i + 1]);
    entries_.pop_back();
    position_[slot] = npos;
    refresh_blocks(pos, entries_.size());
}

}  // namespace levelsweep::world_detail
