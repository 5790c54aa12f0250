#!/usr/bin/env bash
# Records the tactic lists of a FlashInfer checkout (or of TensorRT-LLM's heuristic, see HEURISTIC) as
# their toString() text, into tests/data/tactics/. Needs g++, the CUDA toolkit's headers and runtime, and
# a CUTLASS tree.
#
#   tools/tactics/record.sh FLASHINFER_DIR CUTLASS_DIR
#
# Environment:
#   HEURISTIC=FILE  link FILE in place of the checkout's cutlass_heuristic.cpp (e.g. TensorRT-LLM's at a
#                   commit; FlashInfer's headers declare the same functions); LABEL then names the files
#   LABEL=TEXT      the files' prefix and provenance (default flashinfer-COMMIT)
#   LISTS="A B"     the lists to print (default: all that a FlashInfer checkout answers)
set -euo pipefail
client=$(realpath "$1")
cutlass=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/../.." && pwd)/tests/data/tactics
commit=$(git -C "$client" rev-parse --short=7 HEAD 2>/dev/null || echo "${CLIENT_COMMIT:?set CLIENT_COMMIT for a tree without git}")
label=${LABEL:-flashinfer-$commit}
lists=${LISTS:-sm120-moe-nvfp4 sm120-gemm-fp4 sm100-moe-fp8 sm90-moe-fp8 sm80-moe-f16 sm89-moe-fp8}
cuda=${CUDA_HOME:-/usr/local/cuda}
nv=$client/csrc/nv_internal
heuristic=${HEURISTIC:-$nv/tensorrt_llm/kernels/cutlass_kernels/cutlass_heuristic.cpp}
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
includes=(-I "$client/include" -I "$nv" -I "$nv/include" -I "$nv/tensorrt_llm/cutlass_extensions/include"
          -I "$cutlass/include" -I "$cuda/include" -I "$cuda/include/cccl")
sources=("$heuristic" "$here/print_tactics.cpp")
for f in logger stringUtils tllmException envUtils; do sources+=("$nv/cpp/common/$f.cpp"); done
for s in "${sources[@]}"; do g++ -std=c++17 -w "${includes[@]}" -c "$s" -o "$build/$(basename "$s").o"; done
g++ "$build"/*.o -L"$cuda/lib64" -lcudart -o "$build/print_tactics"
mkdir -p "$out"
for list in $lists; do
  {
    echo "# $label, recorded by tools/tactics/record.sh: each tactic as CutlassGemmConfig::toString() prints it"
    [ -n "${HEURISTIC:-}" ] && echo "# candidate lists from $(basename "$heuristic") as LABEL names it; MoE expansion (print_tactics.cpp) and toString() of FlashInfer $commit"
    "$build/print_tactics" "$list"
  } > "$out/$label-$list.txt"
  echo "$out/$label-$list.txt: $(grep -c '^Cutlass GEMM Tactic' "$out/$label-$list.txt") tactics"
done
