#!/usr/bin/env bash
# The C++ suite again, built with clang under AddressSanitizer and UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
SMEM_BUDGET_CLANG=1 scripts/setup.sh
jobs=$(nproc)
CXX=clang++ cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DSMEM_BUDGET_WERROR=ON -DSMEM_BUDGET_SANITIZE=ON
cmake --build build-asan -j"$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-asan --output-on-failure -j"$jobs"
