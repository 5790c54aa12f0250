"""`pip install .` builds the smem_budget package: the pybind11 module `_core` over the header-only
model and the command line's code (src/: cli, frontend, io, render, native), built from this checkout
by the project's own CMake (the target smem_budget_python, which `cmake --build build` builds too),
one compiler process per core. Offline, with what Debian provides: cmake, pybind11-dev (headers and
CMake files), nlohmann-json3-dev, libcli11-dev, libfmt-dev (Debian's shared libfmt) and the
interpreter's own headers. Use `pip install --no-build-isolation .`.

The CMake build tree is build-python/temp.*/cmake (beside CMake's build/, not in it), configured for
the Python that runs pip. SMEM_BUDGET_CMAKE_BUILD_DIR names a tree already configured with the
Python module on (a top-level `cmake -S . -B build` is) for this same Python, to build the module in
instead: ctest's pip_install test passes its own build tree, where the module is already built."""
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE_DIR = Path(__file__).resolve().parent
VERSION = re.search(r"project\(smem-budget VERSION ([0-9.]+)", (SOURCE_DIR / "CMakeLists.txt").read_text()).group(1)


def configure_command(tree):
    """The CMake configure of a tree of setup.py's own, for the Python that runs it."""
    return ["cmake", "-S", str(SOURCE_DIR), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release", "-DSMEM_BUDGET_PYTHON=ON",
            "-DSMEM_BUDGET_TESTS=OFF", f"-DPython_EXECUTABLE={sys.executable}"]


class CMakeBuildExt(build_ext):
    """Builds `_core` with CMake and copies it where setuptools packs the extension."""

    def build_extension(self, ext):
        tree = os.environ.get("SMEM_BUDGET_CMAKE_BUILD_DIR")
        if tree:
            tree = Path(tree).resolve()
        else:
            tree = Path(self.build_temp).resolve() / "cmake"
            subprocess.run(configure_command(tree), check=True)
        subprocess.run(["cmake", "--build", str(tree), "--target", "smem_budget_python",
                        "-j", str(os.cpu_count() or 1)], check=True)
        built = tree / "python" / "smem_budget" / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.is_file():
            sys.exit(f"{built} is missing: {tree} builds the module for another Python than {sys.executable}")
        destination = Path(self.get_ext_fullpath(ext.name))
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(built, destination)


if __name__ == "__main__":  # pip runs it so; tests import configure_command
    setup(
        version=VERSION,
        cmdclass={"build_ext": CMakeBuildExt},
        options={"build": {"build_base": "build-python"}},  # beside CMake's build/, not in it
        packages=["smem_budget"],
        package_dir={"smem_budget": "python/smem_budget"},
        package_data={"smem_budget": ["_core.pyi", "py.typed"]},
        ext_modules=[Extension("smem_budget._core", sources=[])],  # built by CMakeBuildExt
    )
