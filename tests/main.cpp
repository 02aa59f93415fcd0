// The doctest runner for every levelsweep suite (one file per spec unit, plus
// mesh, queries, replay and fuzz corpora).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
