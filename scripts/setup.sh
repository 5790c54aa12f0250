#!/usr/bin/env bash
# Installs what the build needs from Debian's packages, only when something is missing.
set -euo pipefail
packages=(cmake g++ make libcli11-dev libfmt-dev nlohmann-json3-dev catch2
          pybind11-dev python3-pybind11 python3-dev python3-pytest python3-venv python3-wheel-whl)
[ "${SMEM_BUDGET_CLANG:-0}" = 1 ] && packages+=(clang libclang-rt-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
