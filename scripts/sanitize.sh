#!/usr/bin/env bash
# The C++ suite again, built with clang under AddressSanitizer and UndefinedBehaviorSanitizer, in
# build-asan (scripts/asan_tree.sh; the same objects serve scripts/fuzz.sh's targets, built here too).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/asan_tree.sh
jobs=$(nproc)
cmake --build build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-asan --output-on-failure -j"$jobs"
