// levelsweep (private): the collector stage of every mesh query, the
// reference path's and the batch path's: the contacts gathered in discovery
// order (at most 100, overflow beyond), ranked where the batch path finds them
// out of order, sorted by fraction, one kept per plane with option 0x20000,
// the closest alone for a closest query, and copied out, capped at
// max_contacts. docs/design.md items 5, 7 and 8.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>
#include <type_traits>

#include "levelsweep/level.hpp"
#include "levelsweep/mesh_query.hpp"

namespace levelsweep::detail {

// The one sort of the collector stage, stable: an item goes after every one
// whose key is not greater, so ties keep their order. The lists are a
// query's contacts, at most mesh_contact_capacity. A few take an insertion
// sort; more (a large overlap's dozens, in the order the hierarchy found
// them) would move each of their 60-byte items about n/4 times that way, so
// their keys and places are sorted instead (a key, then a place: a total
// order, so the result is the stable one) and each item then moves once, a
// cycle of the permutation at a time, unless they are in order already.
// Either way it allocates nothing.
inline constexpr std::size_t few_to_sort = 8;

template <class T, class Key>
void stable_sort_by(std::span<T> items, Key&& key) {
    const std::size_t n = items.size();
    if (n <= few_to_sort || n > mesh_contact_capacity) {
        for (std::size_t i = 1; i < n; ++i) {
            const T item = items[i];
            const auto k = key(item);
            std::size_t j = i;
            for (; j > 0 && key(items[j - 1]) > k; --j) items[j] = items[j - 1];
            items[j] = item;
        }
        return;
    }
    // Already in order (an overlap's contacts, all at fraction 0): nothing to move.
    std::size_t first_out = 1;
    while (first_out < n && !(key(items[first_out - 1]) > key(items[first_out]))) ++first_out;
    if (first_out == n) return;
    using K = std::decay_t<decltype(key(items[0]))>;
    struct Place {
        K key;
        std::uint32_t from;  // the item's place before the sort
    };
    std::array<Place, mesh_contact_capacity> order;
    for (std::size_t i = 0; i < n; ++i) order[i] = {key(items[i]), static_cast<std::uint32_t>(i)};
    std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n),
              [](const Place& a, const Place& b) { return a.key < b.key || (!(b.key < a.key) && a.from < b.from); });
    // Place i takes the item from order[i].from; a place done is marked by
    // pointing at itself.
    for (std::size_t start = 0; start < n; ++start) {
        if (order[start].from == start) continue;
        const T first = items[start];
        std::size_t i = start;
        for (;;) {
            const std::size_t from = order[i].from;
            order[i].from = static_cast<std::uint32_t>(i);
            if (from == start) {
                items[i] = first;
                break;
            }
            items[i] = items[from];
            i = from;
        }
    }
}

constexpr float plane_agreement = 1e-5f;  // option 0x20000 (docs/design.md item 5)

// The original's 100-entry stack array, never overflowed (docs/design.md item 7).
class Gather {
public:
    explicit Gather(std::span<MeshContact> slots) : slots_(slots) {}

    void add(const MeshContact& c) {
        if (found_ < slots_.size())
            slots_[found_++] = c;
        else
            overflow_ = true;
    }
    std::span<MeshContact> contacts() const { return slots_.first(found_); }
    bool overflow() const { return overflow_; }

private:
    std::span<MeshContact> slots_;
    std::size_t found_ = 0;
    bool overflow_ = false;
};

// The contacts of the pruned path, kept as the reference's gather keeps them:
// the first 100 in discovery order (the smallest ranks), overflow beyond.
// A contact's rank is its place in the reference walk's discovery order (the
// index of the first cell the walk finds it in, then its triangle), unique
// to it. Once full, the kept are a heap by rank, the latest first: a large
// overlap meets a thousand triangles, and each contact past the hundredth
// costs a few comparisons, not a search of all hundred.
class RankedContacts {
public:
    void clear() { size_ = 0, overflow_ = false; }
    // `contact()` makes the contact, only where it is kept.
    template <class MakeContact>
    void add(std::uint64_t rank, MakeContact&& contact) {
        if (size_ < mesh_contact_capacity) {
            kept_[size_] = {rank, contact()};
            heap_[size_] = static_cast<std::uint8_t>(size_);
            ++size_;
            return;
        }
        const auto later = [this](std::uint8_t a, std::uint8_t b) { return kept_[a].rank < kept_[b].rank; };
        if (!overflow_) std::make_heap(heap_.begin(), heap_.end(), later);
        overflow_ = true;
        if (rank >= kept_[heap_.front()].rank) return;
        std::pop_heap(heap_.begin(), heap_.end(), later);
        kept_[heap_.back()] = {rank, contact()};
        std::push_heap(heap_.begin(), heap_.end(), later);
    }
    // The kept contacts in discovery order.
    std::span<MeshContact> in_discovery_order() {
        const std::span<Ranked> kept(kept_.data(), size_);
        stable_sort_by(kept, [](const Ranked& r) { return r.rank; });
        for (std::size_t i = 0; i < size_; ++i) ordered_[i] = kept[i].contact;
        return {ordered_.data(), size_};
    }
    // What finish_query keeps of that list for a closest query
    // (first_by_fraction, below), without the sort: the smallest fraction,
    // the smallest rank of equals (a rank is unique: a triangle gives one
    // contact, -0 and +0 equal).
    std::span<MeshContact> closest() {
        if (size_ == 0) return {};
        std::size_t first = 0;
        for (std::size_t i = 1; i < size_; ++i) {
            const float f = kept_[i].contact.fraction, best = kept_[first].contact.fraction;
            if (f < best || (f == best && kept_[i].rank < kept_[first].rank)) first = i;
        }
        ordered_[0] = kept_[first].contact;
        return {ordered_.data(), 1};
    }
    bool overflow() const { return overflow_; }

private:
    struct Ranked {
        std::uint64_t rank = 0;
        MeshContact contact;
    };
    std::array<Ranked, mesh_contact_capacity> kept_{};
    static_assert(mesh_contact_capacity <= 256, "a place in kept_ is a byte");
    std::array<std::uint8_t, mesh_contact_capacity> heap_{};  // places in kept_; a heap by rank once full
    std::array<MeshContact, mesh_contact_capacity> ordered_{};
    std::size_t size_ = 0;
    bool overflow_ = false;
};

// Option 0x20000: of contacts whose planes agree within 1e-5, the earliest.
inline std::size_t keep_one_per_plane(const Level& level, std::span<MeshContact> sorted) {
    auto plane_d = [&](const MeshContact& c) { return dot(c.normal, level.corner(c.triangle, 0)); };
    std::size_t kept = 0;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        const MeshContact& c = sorted[i];
        const bool same_as_kept =
            std::any_of(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(kept), [&](const MeshContact& k) {
                return std::fabs(k.normal.x - c.normal.x) <= plane_agreement &&
                       std::fabs(k.normal.y - c.normal.y) <= plane_agreement &&
                       std::fabs(k.normal.z - c.normal.z) <= plane_agreement &&
                       std::fabs(plane_d(k) - plane_d(c)) <= plane_agreement;
            });
        if (!same_as_kept) sorted[kept++] = c;
    }
    return kept;
}

// Ascending fraction, stable (docs/design.md item 8).
inline void sort_by_fraction(std::span<MeshContact> contacts) {
    stable_sort_by(contacts, [](const MeshContact& c) { return c.fraction; });
}

// What that sort puts first, in one pass: the smallest fraction, the earliest
// found of equals (-0 and +0 equal). A contact's fraction is never NaN (every
// kernel's contact is within [0, 1], an overlap's 0), so the order is total.
inline std::span<MeshContact> first_by_fraction(std::span<MeshContact> contacts) {
    if (contacts.empty()) return contacts;
    std::size_t first = 0;
    for (std::size_t i = 1; i < contacts.size(); ++i)
        if (contacts[i].fraction < contacts[first].fraction) first = i;
    return contacts.subspan(first, 1);
}

// The end of every mesh query: `found` holds the gathered contacts (at most 100,
// `overflow` when more were found) in discovery order. Sorts them by fraction,
// keeps one per plane with option 0x20000 (sphere sweeps and rays), or for a
// closest query finds the first of that list alone, and copies at most
// max_contacts into `out`.
inline void finish_query(const Level& level, const Query& q, std::span<MeshContact> found, bool overflow,
                         std::span<MeshContact> out, QueryResult& result) {
    if (q.settings.collect == Collect::closest) {
        // The first contact of the list below alone (query.hpp): the sort's
        // first, which one per plane always keeps.
        found = first_by_fraction(found);
        result.found = static_cast<std::uint32_t>(found.size());
        result.overflow = false;
        std::fill(std::begin(result.stats.hits_by_branch), std::end(result.stats.hits_by_branch), 0u);
    } else {
        result.found = static_cast<std::uint32_t>(found.size());
        result.overflow = overflow;
        sort_by_fraction(found);
        if ((q.settings.options & option::one_per_plane) &&
            (q.kind == QueryKind::sphere_sweep || q.kind == QueryKind::ray))
            found = found.first(keep_one_per_plane(level, found));
    }
    const std::size_t n = std::min({found.size(), std::size_t{q.settings.max_contacts}, out.size()});
    std::copy_n(found.begin(), n, out.begin());
    result.count = static_cast<std::uint32_t>(n);
}

}  // namespace levelsweep::detail
