#!/usr/bin/env bash
# Records the tactic lists of a FlashInfer (or TensorRT-LLM) checkout as their toString() text,
# into tests/data/tactics/. Needs g++, the CUDA toolkit's headers and runtime, and a CUTLASS tree.
#
#   tools/tactics/record.sh FLASHINFER_DIR CUTLASS_DIR
set -euo pipefail
client=$(realpath "$1")
cutlass=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/../.." && pwd)/tests/data/tactics
commit=$(git -C "$client" rev-parse --short=7 HEAD 2>/dev/null || echo "${CLIENT_COMMIT:?set CLIENT_COMMIT for a tree without git}")
cuda=${CUDA_HOME:-/usr/local/cuda}
nv=$client/csrc/nv_internal
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
includes=(-I "$client/include" -I "$nv" -I "$nv/include" -I "$nv/tensorrt_llm/cutlass_extensions/include"
          -I "$cutlass/include" -I "$cuda/include" -I "$cuda/include/cccl")
sources=("$nv/tensorrt_llm/kernels/cutlass_kernels/cutlass_heuristic.cpp" "$here/print_tactics.cpp")
for f in logger stringUtils tllmException envUtils; do sources+=("$nv/cpp/common/$f.cpp"); done
for s in "${sources[@]}"; do g++ -std=c++17 -w "${includes[@]}" -c "$s" -o "$build/$(basename "$s").o"; done
g++ "$build"/*.o -L"$cuda/lib64" -lcudart -o "$build/print_tactics"
mkdir -p "$out"
for list in sm120-moe-nvfp4 sm120-gemm-fp4 sm100-moe-fp8 sm90-moe-fp8 sm80-moe-f16 sm89-moe-fp8; do
  {
    echo "# FlashInfer $commit, recorded by tools/tactics/record.sh: each tactic as CutlassGemmConfig::toString() prints it"
    "$build/print_tactics" "$list"
  } > "$out/flashinfer-$commit-$list.txt"
  echo "$out/flashinfer-$commit-$list.txt: $(grep -c '^Cutlass GEMM Tactic' "$out/flashinfer-$commit-$list.txt") tactics"
done
