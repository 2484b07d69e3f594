"""The docs ship with the project: every file the code and the docs refer to exists (a clone
has nothing beside it), every section they name is there, ``docs/rules.md`` describes every
rules option and preset, and ``solver/_core.pyi`` lists every public name of the core."""
from __future__ import annotations

import ast
import functools
import inspect
import re
from pathlib import Path

import pytest

from hearts.solver import Rules, _core
from hearts.solver.rules import OPTION_SOURCES, PRESET_SOURCES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SCANNED = {".py", ".pyx", ".pxi", ".pyi", ".md", ".j2"}

pytestmark = pytest.mark.skipif(not DOCS.is_dir(), reason="docs/ is not beside the tests")

# `"docs" / "records.md"` in a test is the path docs/records.md
_JOIN = re.compile(r"""["']\s*/\s*["']""")
_MD = re.compile(r"[\w./-]*\w\.md\b")
_DOCS_PATH = re.compile(r"(?<![\w.])docs/[\w./*-]*\w")
# a doc and the section it names, in the three forms of the tests below (a comment may break
# the line between them)
_SECTION = re.compile(r"""(docs/[\w-]+\.md)`{0,2}\)?,?[\s#]*\(?"([^"\n]+)\"""")


@functools.lru_cache(maxsize=None)
def _scanned_files() -> tuple[Path, ...]:
    files = []
    for path in sorted(ROOT.rglob("*")):
        parts = path.relative_to(ROOT).parts
        if any(p.startswith(".") or p == "build" or p.endswith(".egg-info") for p in parts):
            continue
        if path.is_file() and path.suffix in SCANNED and path.name != Path(__file__).name:
            files.append(path)
    return tuple(files)


def _text(path: Path) -> str:
    return _JOIN.sub("/", path.read_text(encoding="utf-8"))


def _exists(ref: str, path: Path) -> bool:
    ref = ref.rstrip(".")
    if "*" in ref:
        return any(ROOT.glob(ref)) or any(path.parent.glob(ref))
    places = [ROOT / ref, path.parent / ref]
    if "/" not in ref and path.suffix == ".md":
        places.append(DOCS / ref)          # a doc names another by its file name
    return any(place.exists() for place in places)


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


@functools.lru_cache(maxsize=None)
def _headings(doc: Path) -> tuple[str, ...]:
    return tuple(line.lstrip("#").strip() for line in doc.read_text(encoding="utf-8").splitlines()
                 if line.startswith("#"))


def test_every_file_named_in_the_code_and_docs_exists():
    missing = []
    for path in _scanned_files():
        text = _text(path)
        for match in (*_MD.finditer(text), *_DOCS_PATH.finditer(text)):
            ref = match.group(0)
            if "//" in ref or text[max(0, match.start() - 3):match.start()].endswith("://"):
                continue                    # a web address
            if not _exists(ref, path):
                missing.append(f"{path.relative_to(ROOT)}:{_line(text, match.start())}: {ref}")
    assert missing == []


def test_every_section_named_with_its_doc_exists():
    missing = []
    for path in _scanned_files():
        text = _text(path)
        for match in _SECTION.finditer(text):
            doc, section = ROOT / match.group(1), match.group(2)
            if doc.exists() and not any(section.lower() in h.lower() for h in _headings(doc)):
                missing.append(f"{path.relative_to(ROOT)}:{_line(text, match.start())}: "
                               f'{match.group(1)} "{section}"')
    assert missing == []


def test_the_section_finder_reads_the_forms_in_use():
    forms = ['``docs/rules.md`` "Passing"', '(`docs/variants.md`, "Game-level advice")',
             'docs/experiments.md\n    # "Near the leaves"']
    assert [_SECTION.search(form).group(1, 2) for form in forms] == [
        ("docs/rules.md", "Passing"), ("docs/variants.md", "Game-level advice"),
        ("docs/experiments.md", "Near the leaves")]


def test_rules_doc_describes_every_option_under_its_section():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    options = text[text.index("\n## Options"):text.index("\n## Presets")]
    sections = dict(re.findall(r"\n### ([^\n]+)\n(.*?)(?=\n### |\Z)", options, re.S))
    for field in Rules.__dataclass_fields__:
        if field.startswith("_"):
            continue
        section = OPTION_SOURCES[field][0]
        assert f"`{field}`" in sections[section], f"{field} is not under {section}"


def test_rules_doc_lists_every_preset_with_its_source():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    presets = text[text.index("\n## Presets"):]
    for name, (_, source) in PRESET_SOURCES.items():
        row = next(line for line in presets.splitlines() if line.startswith(f"| `{name}` |"))
        assert row.split("|")[3].strip() == source, (name, row)
    assert set(PRESET_SOURCES) == set(Rules.presets())


def test_core_stub_lists_every_public_name_of_the_core():
    stub = ast.parse((ROOT / "solver" / "_core.pyi").read_text(encoding="utf-8"))

    def names(body) -> set[str]:
        found = set()
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
                found.add(node.name)
            elif isinstance(node, ast.AnnAssign):
                found.add(node.target.id)
        return found

    classes = {node.name: names(node.body) for node in stub.body
               if isinstance(node, ast.ClassDef)}
    module = {name for name in dir(_core) if not name.startswith("_")
              and not inspect.ismodule(getattr(_core, name))}
    assert module <= names(stub.body), module - names(stub.body)
    for name, members in classes.items():
        public = {m for m in dir(getattr(_core, name)) if not m.startswith("_")}
        assert public == members, (name, public ^ members)
