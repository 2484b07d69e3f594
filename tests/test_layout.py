"""The package's layers, read from its source: the game model and core (``hearts.solver``), the
analysis library (``hearts.analysis``) and the command line (``hearts.analysis.cli``).

- No import cycle among the modules (imports under ``if TYPE_CHECKING:`` are for type checkers
  only and do not count).
- No module imports one of ours inside a function: that is how a cycle hides (a lazy module
  ``__getattr__`` or ``import`` in a method). Optional third-party packages (Dask, Jinja2) may
  be imported where they are needed.
- The analysis library imports nothing from the command line, at any depth.
- Every module imports first, in an interpreter that has imported none of ours before.
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
#: The folders of the packages (``package-dir`` in pyproject.toml).
PACKAGES = {"solver": "hearts.solver", "analysis": "hearts.analysis", "puzzles": "hearts.puzzles"}


def _modules() -> dict[str, Path]:
    """Every module of ours by dotted name (a package by its ``__init__.py``)."""
    found = {}
    for folder, package in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _targets(name: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules of ours an import statement of module ``name`` imports."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name in MODULES]
    if node.level:
        base = name.split(".")
        if not _is_package(name):
            base.pop()
        base = base[:len(base) - node.level + 1]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    # "from package import submodule" imports the submodule (the package, its parent, is
    # imported first in any case: not a dependency of ours); other names come from the module
    targets = [f"{source}.{alias.name}" for alias in node.names
               if f"{source}.{alias.name}" in MODULES]
    if source in MODULES and len(targets) < len(node.names):
        targets.append(source)
    return [t for t in targets if t != name]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _imports(name: str) -> tuple[set[str], list[tuple[int, str]]]:
    """The modules of ours ``name`` imports when it is imported, and those it imports inside a
    function (line, module)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    at_import: set[str] = set()
    lazy: list[tuple[int, str]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                targets = _targets(name, child)
                if in_function:
                    lazy.extend((child.lineno, t) for t in targets)
                else:
                    at_import.update(targets)
                continue
            visit(child, in_function or isinstance(child, (ast.FunctionDef,
                                                           ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return at_import, lazy


GRAPH = {name: _imports(name)[0] for name in MODULES}


def test_the_import_graph_reads_the_real_imports():
    # a check that finds nothing must be able to find something
    assert "hearts.analysis.records.model" in GRAPH["hearts.analysis.records.hgn"]
    assert "hearts.analysis.records.hgn" in GRAPH["hearts.analysis.records"]
    assert "hearts.solver.deal" in GRAPH["hearts.solver.passing"]
    assert "hearts.analysis.cli.options" in GRAPH["hearts.analysis.cli.play"]
    assert "hearts.analysis.advice" in GRAPH["hearts.analysis.cli.play"]


def test_no_import_cycle():
    cycles = []
    state: dict[str, int] = {}          # 1: on the path, 2: done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for target in sorted(GRAPH[name]):
            if state.get(target) == 1:
                cycles.append(" -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target)
        path.pop()
        state[name] = 2

    for name in sorted(GRAPH):
        if name not in state:
            visit(name)
    assert cycles == []


def test_no_module_imports_one_of_ours_inside_a_function():
    lazy = [f"{MODULES[name].relative_to(ROOT)}:{line}: {target}"
            for name in MODULES for line, target in _imports(name)[1]]
    assert lazy == []


def test_no_module_imports_by_name_at_run_time():
    # a module __getattr__ (PEP 562) or importlib.import_module hides an import from the
    # checks above
    dynamic = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        dynamic += [f"{path.relative_to(ROOT)}:{node.lineno}: module __getattr__"
                    for node in tree.body
                    if isinstance(node, ast.FunctionDef) and node.name == "__getattr__"]
        dynamic += [f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node.func)}"
                    for node in ast.walk(tree) if isinstance(node, ast.Call)
                    and ast.unparse(node.func) in ("importlib.import_module", "import_module",
                                                   "__import__")]
    assert dynamic == []


def test_the_analysis_library_imports_nothing_from_the_command_line():
    cli = "hearts.analysis.cli"
    library = [name for name in MODULES
               if name.startswith("hearts.analysis") and not name.startswith(cli)]
    assert len(library) > 20
    importing = sorted(name for name in library
                       for target in GRAPH[name] | {t for _, t in _imports(name)[1]}
                       if target == cli or target.startswith(cli + "."))
    assert importing == []


def test_every_module_imports_first_in_a_fresh_interpreter():
    # One interpreter; before each module every one of ours is forgotten except the compiled
    # core (an extension module is not loaded twice), so that each is imported first.
    # (``hearts.analysis.cli.__main__`` runs the command: tests/test_cli.py runs it.)
    names = sorted(name for name in MODULES if not name.endswith(".__main__"))
    code = (
        "import importlib, sys\n"
        "failed = []\n"
        f"for name in {names!r}:\n"
        "    for loaded in [m for m in sys.modules if m.startswith('hearts')]:\n"
        "        if loaded != 'hearts.solver._core':\n"
        "            del sys.modules[loaded]\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception as err:\n"
        "        failed.append(f'{name}: {type(err).__name__}: {err}')\n"
        "print('\\n'.join(failed))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=300, cwd=ROOT.parent)
    assert (result.returncode, result.stdout.strip(), result.stderr) == (0, "", "")
