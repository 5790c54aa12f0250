"""setup.py's own path, which ctest's pip_install test skips (it builds in ctest's tree): a plain
`pip install .` configures a CMake tree of its own. Its configure step runs here, from scratch, for
this Python; building that tree would compile every source again, which pip_install covers."""
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

SOURCE_DIR = Path(os.environ.get("SMEM_BUDGET_SOURCE_DIR", Path(__file__).resolve().parents[2]))


def test_setup_py_configures_a_tree_of_its_own_for_the_python_that_runs_it(tmp_path):
    spec = importlib.util.spec_from_file_location("smem_budget_setup", SOURCE_DIR / "setup.py")
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # defines, does not run setup(): not __main__
    tree = tmp_path / "cmake"
    done = subprocess.run(setup.configure_command(tree), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    cache = (tree / "CMakeCache.txt").read_text()
    assert re.search(r"^Python_EXECUTABLE:[A-Z]+=" + re.escape(sys.executable) + "$", cache, re.M)
    assert re.search(r"^SMEM_BUDGET_TESTS:BOOL=OFF$", cache, re.M)
    targets = subprocess.run(["cmake", "--build", str(tree), "--target", "help"], capture_output=True, text=True)
    assert "smem_budget_python" in targets.stdout and "smem-budget" in targets.stdout
    assert setup.VERSION == re.search(r"^CMAKE_PROJECT_VERSION:STATIC=(.+)$", cache, re.M).group(1)
