"""Refresh the command outputs shown in README.md.

Every fenced ``text`` block of the README whose lines start with ``$ hearts ...`` is re-run:
each ``$`` line is a command, the lines after it up to the next ``$`` line are its output
(standard output and standard error together, as a terminal shows them). Run it after a
change to the solver or the CLI, with the ``hearts`` command of this checkout on PATH:

    python docs/readme_outputs.py            # rewrite README.md in place
    python docs/readme_outputs.py --check    # exit 1 if an output differs (node counts and
                                             # times differ between machines: read the diff)
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"```text\n(\$ hearts .*?)```", re.S)


def run(command: str) -> str:
    env = dict(os.environ, COLUMNS="80", TERM="dumb", NO_COLOR="1")
    out = subprocess.run(command, shell=True, cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=900)
    lines = (out.stdout + out.stderr).splitlines()
    return "\n".join(line.rstrip() for line in lines)


def refresh(block: str) -> str:
    parts = []
    for line in block.splitlines():
        if line.startswith("$ "):
            command = line[2:]
            parts.append(f"$ {command}\n{run(command)}")
    return "\n".join(parts) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report differences, write nothing")
    args = parser.parse_args()
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    new = BLOCK.sub(lambda m: "```text\n" + refresh(m.group(1)) + "```", text)
    if args.check:
        if new != text:
            print("README.md outputs differ; run python docs/readme_outputs.py", file=sys.stderr)
            return 1
        return 0
    readme.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
