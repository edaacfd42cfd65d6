#!/usr/bin/env python3
"""The length of each Rust function, from its `fn` line to its closing brace at the same
indent (rustfmt's layout), to keep functions short enough to read (issues 32 and 62).

    python3 scripts/fnlen.py --max 100 table/src server/src models/src
        # "no function over 100 lines ..." (exit 0), or each longer one as
        # `lines  file:line  fn name` (exit 1). Test code does not count: an item under
        # `#[cfg(test)]` (a `mod tests { .. }`, a helper) and the file of a
        # `#[cfg(test)] mod name;`.
    python3 scripts/fnlen.py table/src
        # as before issue 62: how many functions (test code included) are over 120 lines,
        # then each of them; always exit 0.

Python 3, standard library only.
"""

from __future__ import annotations

import os
import re
import sys

FN = re.compile(r'^(\s*)(pub(\([^)]*\))? )?((const|async|unsafe) )*fn (\w+)')
CFG_TEST = "#[cfg(test)]"
TEST_MOD_FILE = re.compile(r"^\s*(pub(\([^)]*\))? )?mod (\w+);")
LEGACY_MAX = 120


def test_lines(lines: list[str]) -> tuple[set[int], list[str]]:
    """The indexes of the lines under `#[cfg(test)]` (the attribute, further attributes, and
    the item: to its closing brace at the same indent, or its one line ending in `;`), and the
    names of the modules declared there without a body (`#[cfg(test)] mod testing;`)."""
    skip: set[int] = set()
    files: list[str] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != CFG_TEST:
            i += 1
            continue
        ind = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
        j = i + 1
        while j < len(lines) and lines[j].strip().startswith(("#[", "//")):
            j += 1
        if j >= len(lines):
            break
        item = lines[j]
        end = j
        m = TEST_MOD_FILE.match(item)
        if m:
            files.append(m.group(3))
        elif not item.rstrip().endswith(";"):
            end = next((k for k in range(j, len(lines)) if lines[k] == ind + "}"), len(lines) - 1)
        skip.update(range(i, end + 1))
        i = end + 1
    return skip, files


def test_module_files(path: str, names: list[str]) -> list[str]:
    """Where the files of `mod name;` declared in `path` are: beside it for a `mod.rs`,
    `lib.rs` or `main.rs`, else in the folder named after it."""
    base = os.path.basename(path)
    here = os.path.dirname(path)
    if base not in ("mod.rs", "lib.rs", "main.rs"):
        here = os.path.join(here, base[: -len(".rs")])
    found = []
    for name in names:
        for candidate in (os.path.join(here, name + ".rs"), os.path.join(here, name, "mod.rs")):
            found.append(os.path.normpath(candidate))
    return found


def functions(folder: str, count_tests: bool) -> list[tuple[int, str, int, str]]:
    """(lines, file, line of the `fn`, name) of every function with a body under `folder`."""
    sources = []
    for root, _, files in os.walk(folder):
        for f in sorted(files):
            if f.endswith(".rs"):
                p = os.path.join(root, f)
                with open(p, encoding="utf-8") as fh:
                    sources.append((p, fh.read().split("\n")))
    test_files: set[str] = set()
    skips = {}
    for p, lines in sources:
        skip, names = test_lines(lines) if not count_tests else (set(), [])
        skips[p] = skip
        test_files.update(test_module_files(p, names))
    found = []
    for p, lines in sources:
        if os.path.normpath(p) in test_files:
            continue
        skip = skips[p]
        for i, line in enumerate(lines):
            m = FN.match(line)
            if not m or i in skip:
                continue
            ind = m.group(1)
            # A signature without a body (a trait's `fn x(..);`) is not a function to count.
            body = next(
                (("{" in x, x.rstrip().endswith(";")) for x in lines[i:] if "{" in x or x.rstrip().endswith(";")),
                (False, True),
            )
            if not body[0]:
                continue
            # A body opened and closed on its first line (`fn a() {}`) is one line.
            if line.count("{") and line.count("{") == line.count("}"):
                continue
            for j in range(i + 1, len(lines)):
                if lines[j] == ind + "}":
                    found.append((j - i + 1, p, i + 1, m.group(6)))
                    break
    return found


def legacy(folder: str) -> int:
    """The report of before issue 62: the count over 120 lines, then `lines file name`."""
    res = sorted(((n, p, name) for n, p, _, name in functions(folder, True)), reverse=True)
    big = [r for r in res if r[0] > LEGACY_MAX]
    print(len(big))
    for r in big:
        print(*r)
    return 0


def check(limit: int, folders: list[str]) -> int:
    found = sorted((f for folder in folders for f in functions(folder, False)), key=lambda f: (-f[0], f[1], f[2]))
    over = [f for f in found if f[0] > limit]
    where = " ".join(folders)
    if over:
        print(f"{len(over)} function(s) over {limit} lines in {where} (test code not counted):")
        for n, p, line, name in over:
            print(f"{n:5}  {p}:{line}  fn {name}")
        return 1
    if found:
        n, p, line, name = found[0]
        print(f"no function over {limit} lines in {where}; the longest: {n} lines, fn {name} ({p}:{line})")
    else:
        print(f"no function in {where}")
    return 0


def main(argv: list[str]) -> int:
    if len(argv) == 1 and not argv[0].startswith("-"):
        return legacy(argv[0])
    limit = None
    folders = []
    args = iter(argv)
    for a in args:
        if a == "--max":
            value = next(args, None)
            if value is None or not value.isdigit():
                print("--max takes a number of lines", file=sys.stderr)
                return 2
            limit = int(value)
        elif a.startswith("--max="):
            if not a[len("--max=") :].isdigit():
                print("--max takes a number of lines", file=sys.stderr)
                return 2
            limit = int(a[len("--max=") :])
        elif a.startswith("-"):
            print(f"unknown option {a}", file=sys.stderr)
            return 2
        else:
            folders.append(a)
    if limit is None or not folders:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    missing = [f for f in folders if not os.path.isdir(f)]
    if missing:
        print(f"no such folder: {' '.join(missing)}", file=sys.stderr)
        return 2
    return check(limit, folders)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
