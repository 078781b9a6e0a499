// doctest's main for the codegen tests that only look at text: no device, no backend.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
