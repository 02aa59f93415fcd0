// A scratch buffer whose slots are not written when it is made. The batch
// path's lane buffers have room for every triangle of the level, of which a
// query uses a few: written at their making (std::vector's resize), every page
// of them was a page fault at the first query, whether any query reached it
// or not (docs/performance.md, "Start-up").
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>

namespace levelsweep::detail {

// T is an implicit-lifetime type whose objects begin where they are first
// written (C++20, [intro.object]); the buffer's users write a slot before they
// read it.
template <class T>
class UntouchedBuffer {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    T* data() { return data_.get(); }

    // Room for at least n slots; what the buffer held is not kept.
    void reserve_slots(std::size_t n) {
        if (n <= size_) return;
        data_.reset(static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{alignof(T)})));
        size_ = n;
    }

private:
    struct Free {
        void operator()(T* p) const { ::operator delete (p, std::align_val_t{alignof(T)}); }
    };
    std::unique_ptr<T, Free> data_;
    std::size_t size_ = 0;
};

}  // namespace levelsweep::detail
