"""`pip install .` builds the smem_budget package: the pybind11 module over the header-only model
and the command line's code (src/: cli, frontend, io, render, native), compiled from this checkout,
one compiler process per core. Offline, with what Debian provides: pybind11-dev (headers), nlohmann-json3-dev,
libcli11-dev and libfmt-dev (linked as Debian's shared libfmt: compiled header-only into every
source it doubled the build), and the interpreter's own headers. Use
`pip install --no-build-isolation .`."""
import os
import re
import sysconfig
from pathlib import Path

from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

VERSION = re.search(r"project\(smem-budget VERSION ([0-9.]+)", open("CMakeLists.txt").read()).group(1)
# Everything the command line is made of but its main(): the module runs it in-process too
# (`python -m smem_budget`, the smem-budget console script).
SOURCES = ["python/module.cpp"] + sorted(str(p) for p in Path("src").rglob("*.cpp") if p.name != "main.cpp")

core = Extension(
    "smem_budget._core",
    sources=SOURCES,
    include_dirs=["include", "src", sysconfig.get_paths()["include"]],
    define_macros=[("SMEM_BUDGET_VERSION", f'"{VERSION}"'), ("FMT_SHARED", "1")],
    extra_compile_args=["-std=c++20", "-O2", "-fvisibility=hidden"],
    libraries=["dl", "fmt"],
    language="c++",
)



class ParallelBuildExt(build_ext):
    """setuptools compiles one extension's sources one after another; this compiles them one
    process per core (the compiler object's own compile(), called once per source)."""

    def build_extension(self, ext):
        compile_one = self.compiler.compile

        def compile_all(sources, *args, **kwargs):
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                parts = pool.map(lambda source: compile_one([source], *args, **kwargs), sources)
                return [obj for objects in parts for obj in objects]

        self.compiler.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_one


setup(
    version=VERSION,
    cmdclass={"build_ext": ParallelBuildExt},
    options={"build": {"build_base": "build-python"}},  # beside CMake's build/, not in it
    packages=["smem_budget"],
    package_dir={"smem_budget": "python/smem_budget"},
    package_data={"smem_budget": ["_core.pyi", "py.typed"]},
    ext_modules=[core],
)
