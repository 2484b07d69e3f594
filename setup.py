"""Build the one compiled extension, ``hearts.solver._core``.

The search core lives in ``solver/_core.pyx`` with its parts in ``.pxi`` includes:
under setuptools ``package-dir`` mapping, ``.pxd`` lookup and cross-module ``cimport``
do not work (Cython issue 2452), so the core stays one module.
"""
import os
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup

extra = ["-O3"]
# Every x86-64 CPU since 2008 has POPCNT; without the flag gcc calls a slow library routine.
if platform.machine().lower() in ("x86_64", "amd64"):
    extra.append("-mpopcnt")
# Opt-in only: on the development machines -march=native made the core slower
# (docs/experiments.md "Figures from the code"), and a wheel built with it would not run on
# older CPUs.
if os.environ.get("HEARTS_NATIVE") == "1":
    extra.append("-march=native")
link = []
# A build to test the core's memory safety (docs/internals.md "Memory safety"): every load
# and store checked by AddressSanitizer, undefined behaviour (shifts, overflows, unreachable
# code reached) reported by UndefinedBehaviorSanitizer; -O1 keeps the reports' lines. Python
# itself is not built with them, so it runs with the ASan runtime preloaded:
#   HEARTS_ASAN=1 python setup.py build_ext --inplace --force
#   LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 \
#       UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 python -m pytest tests/...
if os.environ.get("HEARTS_ASAN") == "1":
    sanitize = "-fsanitize=address,undefined"
    extra = [flag for flag in extra if flag != "-O3"] + [
        "-O1", "-g", "-fno-omit-frame-pointer", sanitize]
    link.append(sanitize)
# For the CI's check only, never users' installs (a new compiler's new warning must not
# break an install): any compiler warning fails the build. The core builds without one.
if os.environ.get("HEARTS_WERROR") == "1":
    extra.append("-Werror")

ext = Extension(
    "hearts.solver._core",
    sources=["solver/_core.pyx"],
    extra_compile_args=extra,
    extra_link_args=link,
    define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
)

setup(
    ext_modules=cythonize(
        [ext],
        compiler_directives={
            "language_level": "3",
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    ),
)
