#!/usr/bin/env bash
# `pip install .` into a fresh venv, offline, as the README gives it: the wheel package from
# Debian's python3-wheel-whl, then the build with what Debian provides (--no-build-isolation).
# Then the README's line, and a batch through the installed module.
set -euo pipefail
source_dir=$1 work=$2 python=${3:-python3}
rm -rf "$work" && mkdir -p "$work"
"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install -q --no-index /usr/share/python-wheels/wheel-*.whl
(cd "$source_dir" && "$work/venv/bin/pip" install -q --no-index --no-build-isolation .)
cd "$work"
"$work/venv/bin/python" - <<'PY'
import smem_budget
assert smem_budget.__file__.startswith(__import__("sys").prefix), smem_budget.__file__
total = smem_budget.check('128x256x64B', grouped=True, epilogue='finalize').total
print(total)
assert total == 102400
results = smem_budget.check_many(["128x128x128", "128x256x128"], grouped=True, epilogue="finalize", cutlass="4.4.2")
assert [r.verdict for r in results] == ["fits", "exceeds-optin"]
print("pip install . works:", smem_budget.__file__)
PY
# The console script and `python -m smem_budget` are the command line itself.
"$work/venv/bin/smem-budget" --tile 128x128x128 | grep -q "^verdict: fits"
"$work/venv/bin/python" -m smem_budget --tile 128x128x128 --format json | grep -q '"verdict": "fits"'
echo "the smem-budget console script works"
