// The level store's allocations (levelsweep/aligned.hpp): 64-byte aligned,
// and a large block on 2 MiB boundaries with transparent huge pages asked for
// (madvise), which cut the cost of first touching it several times over where
// page faults are dear (docs/performance.md, "Start-up").
#include <new>

#include "levelsweep/aligned.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace levelsweep {

namespace {

// A block this large gets huge pages: its own 2 MiB pages, at most one of
// them partly wasted.
constexpr std::size_t huge_page = std::size_t{2} << 20;
constexpr std::size_t huge_block = huge_page;

std::align_val_t alignment_for(std::size_t bytes) {
    return std::align_val_t{bytes >= huge_block ? huge_page : store_alignment};
}

}  // namespace

void* allocate_store(std::size_t bytes) {
    void* p = ::operator new(bytes, alignment_for(bytes));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Advice only: where the kernel has no transparent huge pages, nothing changes.
    if (bytes >= huge_block) ::madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

void free_store(void* p, std::size_t bytes) noexcept { ::operator delete(p, alignment_for(bytes)); }

}  // namespace levelsweep
