#!/usr/bin/env bash
# Records the tactic lists of a FlashInfer checkout (or of TensorRT-LLM's heuristic, see HEURISTIC) as
# their toString() text, into tests/data/tactics/; and FlashInfer's SM120 dense GEMM runners' lists in
# the one-line spelling (print_flashinfer_gemm_configs.cu, built with nvcc). Needs g++, nvcc, the CUDA
# toolkit's headers and runtime, and a CUTLASS tree.
#
#   tools/tactics/record.sh FLASHINFER_DIR CUTLASS_DIR
#
# Environment:
#   HEURISTIC=FILE  link FILE in place of the checkout's cutlass_heuristic.cpp (e.g. TensorRT-LLM's at a
#                   commit; FlashInfer's headers declare the same functions); LABEL then names the files
#   LABEL=TEXT      the files' prefix and provenance (default flashinfer-COMMIT)
#   LISTS="A B"     the lists to print (default: all that a FlashInfer checkout answers; the two
#                   *-gemm-runner lists only without HEURISTIC)
set -euo pipefail
client=$(realpath "$1")
cutlass=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/../.." && pwd)/tests/data/tactics
commit=$(git -C "$client" rev-parse --short=7 HEAD 2>/dev/null || echo "${CLIENT_COMMIT:?set CLIENT_COMMIT for a tree without git}")
label=${LABEL:-flashinfer-$commit}
lists=${LISTS:-sm120-moe-nvfp4 sm120-gemm-fp4 sm100-moe-fp8 sm90-moe-fp8 sm80-moe-f16 sm89-moe-fp8
               sm120-fp4-gemm-runner sm120-mxfp8-gemm-runner}
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
if [[ " $lists " == *-gemm-runner* ]]; then
  # Only getConfigs() runs: the kernel launchers the runners' classes reach stay unresolved.
  "$cuda/bin/nvcc" -std=c++17 -gencode=arch=compute_120a,code=sm_120a --expt-relaxed-constexpr -w \
    -I "$client/include" -I "$client/csrc" -I "$cutlass/include" -I "$cutlass/tools/util/include" \
    "$here/print_flashinfer_gemm_configs.cu" -o "$build/print_flashinfer_gemm_configs" \
    -Xcompiler -fno-pie -Xlinker -no-pie -Xlinker --unresolved-symbols=ignore-all
fi
mkdir -p "$out"
for list in $lists; do
  if [[ $list == *-gemm-runner ]]; then
    {
      echo "# $label, recorded by tools/tactics/record.sh: each tactic in the one-line CutlassGemmConfig spelling"
      "$build/print_flashinfer_gemm_configs" "$list"
    } > "$out/$label-$list.txt"
    echo "$out/$label-$list.txt: $(grep -c '^CutlassGemmConfig' "$out/$label-$list.txt") tactics"
    continue
  fi
  {
    echo "# $label, recorded by tools/tactics/record.sh: each tactic as CutlassGemmConfig::toString() prints it"
    [ -n "${HEURISTIC:-}" ] && echo "# candidate lists from $(basename "$heuristic") as LABEL names it; MoE expansion (print_tactics.cpp) and toString() of FlashInfer $commit"
    "$build/print_tactics" "$list"
  } > "$out/$label-$list.txt"
  echo "$out/$label-$list.txt: $(grep -c '^Cutlass GEMM Tactic' "$out/$label-$list.txt") tactics"
done
