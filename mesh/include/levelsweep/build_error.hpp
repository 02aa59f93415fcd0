// levelsweep: the error every level builder throws on input it cannot store.
#pragma once

#include <stdexcept>

namespace levelsweep {

// An index out of range, a non-finite coordinate, a cell size that is not a
// positive finite number, or a grid too large to store. The message says which.
class LevelBuildError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

}  // namespace levelsweep
