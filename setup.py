"""`pip install .` builds the smem_budget package: the pybind11 module over the header-only model
and the front end the command line shares (src/frontend, io, render; no CLI11), compiled from this
checkout. Offline, with what Debian provides: pybind11-dev (headers), nlohmann-json3-dev and
libfmt-dev (fmt is used header-only here), and the interpreter's own headers. Use `pip install --no-build-isolation .`."""
import re
import sysconfig

from setuptools import Extension, setup

VERSION = re.search(r"project\(smem-budget VERSION ([0-9.]+)", open("CMakeLists.txt").read()).group(1)
SOURCES = ["python/module.cpp", "src/frontend/evaluation.cpp", "src/frontend/architecture.cpp",
           "src/frontend/batch.cpp", "src/frontend/sweep.cpp", "src/render/sentences.cpp",
           "src/render/json.cpp", "src/io/parse.cpp", "src/io/settings.cpp", "src/io/config_keys.cpp", "src/io/json_writer.cpp", "src/io/batch_file.cpp",
           "src/io/kernel_name.cpp", "src/io/cutlass_name.cpp", "src/io/arch_file.cpp", "src/native/cuda_driver.cpp",
           "src/native/device_query.cpp"]

core = Extension(
    "smem_budget._core",
    sources=SOURCES,
    include_dirs=["include", "src", sysconfig.get_paths()["include"]],
    define_macros=[("SMEM_BUDGET_VERSION", f'"{VERSION}"'), ("FMT_HEADER_ONLY", "1")],
    extra_compile_args=["-std=c++20", "-O2", "-fvisibility=hidden"],
    libraries=["dl"],
    language="c++",
)

setup(
    version=VERSION,
    options={"build": {"build_base": "build-python"}},  # beside CMake's build/, not in it
    packages=["smem_budget"],
    package_dir={"smem_budget": "python/smem_budget"},
    package_data={"smem_budget": ["_core.pyi", "py.typed"]},
    ext_modules=[core],
)
