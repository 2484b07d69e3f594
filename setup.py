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

ext = Extension(
    "hearts.solver._core",
    sources=["solver/_core.pyx"],
    extra_compile_args=extra,
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
