#!/usr/bin/env bash
# The README's test command: installs what is missing, builds with warnings as errors and runs
# every test (C++, the CLI, the Python module, pip install, the consumer project), on every core.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSMEM_BUDGET_WERROR=ON
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"
