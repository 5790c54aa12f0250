#!/usr/bin/env bash
# Builds with warnings as errors and runs every test; then the same suite under AddressSanitizer
# and UndefinedBehaviorSanitizer, built with clang; then a one-minute run of each fuzz target.
set -euo pipefail
cd "$(dirname "$0")/.."
SMEM_BUDGET_CLANG=1 scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSMEM_BUDGET_WERROR=ON
cmake --build build -j2
ctest --test-dir build --output-on-failure
CXX=clang++ cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DSMEM_BUDGET_WERROR=ON -DSMEM_BUDGET_SANITIZE=ON
cmake --build build-asan -j2
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-asan --output-on-failure
scripts/fuzz.sh "${SMEM_BUDGET_FUZZ_SECONDS:-60}"
