#!/usr/bin/env bash
# The SM90 launch check, on a machine with an H100/H200: compiles two GEMMs that smem-budget puts
# on either side of the opt-in limit, launches both, and prints smem-budget's answer for each next
# to what the hardware did.  Usage: tools/launch_check/run.sh CUTLASS_DIR SMEM_BUDGET_EXE
set -euo pipefail
cutlass=$1
exe=$2
here=$(dirname "$0")
out=${OUT:-/tmp}
build() {  # name tile_m tile_n tile_k stages element_d kernel_schedule epilogue_schedule
  nvcc -std=c++17 -O1 -arch=sm_90a --expt-relaxed-constexpr -I "$cutlass/include" -I "$cutlass/tools/util/include" \
    -DTILE_M="$2" -DTILE_N="$3" -DTILE_K="$4" -DSTAGES="$5" -DELEMENT_D="$6" -DKERNEL_SCHEDULE="$7" -DEPILOGUE_SCHEDULE="$8" \
    "$here/sm90_launch.cu" -o "$out/$1" 2>/dev/null
}
build fits 128 96 32 15 cutlass::bfloat16_t KernelTmaWarpSpecializedCooperative TmaWarpSpecializedCooperative &
build over 128 96 32 15 float KernelTmaWarpSpecializedPingpong TmaWarpSpecialized &
wait
set -x
"$exe" --tile 128x96x32 --arch native --types bf16 --scaling none --schedule cooperative --stages 15 --d bf16 --format csv
"$out/fits" || true
"$exe" --tile 128x96x32 --arch native --types bf16 --scaling none --schedule pingpong --stages 15 --d f32 --format csv || true
"$out/over" || true
"$exe" --tile 128x128x64 --arch native --types e4m3 --scaling none
