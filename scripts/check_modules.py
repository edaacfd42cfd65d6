#!/usr/bin/env python3
"""Import circles between a crate's top-level modules.

A top-level module is a file or a folder directly under `src/` (`action.rs`, `board/`,
`stats/`, `concerns/`); `lib.rs` and `main.rs` are the crate root, which is not a module
here. Module A refers to module B when A's code names B through `use crate::B...`, a
`crate::B::...` path, a `crate::Name` that the crate root re-exports from B
(`pub use b::Name;` in lib.rs or main.rs), or `super::` climbing up to the crate root and
then naming B. Comments (doc comments included), string literals and `#[cfg(test)] mod`
blocks (and `#[cfg(test)] mod name;` files) are left out: tests may look anywhere.

    python3 scripts/check_modules.py engine/src    # prints circles (exit 1) or
                                                   # "no import circles in engine/src"
    python3 scripts/check_modules.py --pages src   # the web app's page folders use only
                                                   # themselves and common/
    python3 scripts/check_modules.py --self-test

Python 3, standard library only. `module_graph(src_dir)` and `find_cycles(graph)` are
the pieces to reuse (for the web app's page folders, say).
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass

ROOT_FILES = ("lib.rs", "main.rs")
# Folders under src/ that are not modules of the crate.
NOT_MODULES = ("bin",)


@dataclass(frozen=True)
class Token:
    kind: str  # "ident", "punct"
    text: str
    line: int


@dataclass(frozen=True)
class Reference:
    """One place where module `source` names module `target`."""

    source: str
    target: str
    path: str
    line: int


def tokenize(code: str) -> list[Token]:
    """Identifiers and punctuation of Rust code, with comments, strings and char literals
    dropped (so text inside them never counts as a reference)."""
    tokens: list[Token] = []
    i, n, line = 0, len(code), 1
    while i < n:
        c = code[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif code.startswith("//", i):
            end = code.find("\n", i)
            i = n if end < 0 else end
        elif code.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if code.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif code.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += code[i] == "\n"
                    i += 1
        elif c == "r" and _raw_string_start(code, i) is not None:
            hashes = _raw_string_start(code, i)
            start, i = i, _skip_raw_string(code, i + 1 + hashes + 1, hashes)
            line += code.count("\n", start, i)
        elif c == "b" and i + 1 < n and code[i + 1] == "r" and _raw_string_start(code, i + 1):
            i += 1  # a raw byte string: the `r` is handled next round
        elif c == "b" and i + 1 < n and code[i + 1] in "\"'":
            i += 1  # byte string or byte char: the quote is handled next round
        elif c == '"':
            start, i = i, i + 1
            while i < n and code[i] != '"':
                if code[i] == "\\":
                    i += 1
                i += 1
            i += 1
            line += code.count("\n", start, i)
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a, 'static).
            if i + 2 < n and code[i + 1] == "\\":
                end = code.find("'", i + 2)
                i = n if end < 0 else end + 1
            elif i + 2 < n and code[i + 2] == "'":
                i += 3
            else:
                i += 1
                while i < n and (code[i].isalnum() or code[i] == "_"):
                    i += 1
        elif c.isalpha() or c == "_":
            start = i
            while i < n and (code[i].isalnum() or code[i] == "_"):
                i += 1
            tokens.append(Token("ident", code[start:i], line))
        elif code.startswith("::", i):
            tokens.append(Token("punct", "::", line))
            i += 2
        else:
            tokens.append(Token("punct", c, line))
            i += 1
    return tokens


def _raw_string_start(code: str, i: int) -> int | None:
    """The number of `#` if a raw string (`r"`, `r#"`, `br"`...) starts at `i`."""
    if i > 0 and (code[i - 1].isalnum() or code[i - 1] == "_") and code[i - 1] != "b":
        return None
    j = i + 1
    while j < len(code) and code[j] == "#":
        j += 1
    if j < len(code) and code[j] == '"':
        return j - i - 1
    return None


def _skip_raw_string(code: str, i: int, hashes: int) -> int:
    end = code.find('"' + "#" * hashes, i)
    return len(code) if end < 0 else end + 1 + hashes


def _matching_brace(tokens: list[Token], open_at: int) -> int:
    depth = 0
    for k in range(open_at, len(tokens)):
        if tokens[k].text == "{":
            depth += 1
        elif tokens[k].text == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(tokens) - 1


def _is_cfg_test(tokens: list[Token], k: int) -> bool:
    """`#[cfg(test)]` starts at tokens[k]."""
    texts = [t.text for t in tokens[k : k + 7]]
    return texts == ["#", "[", "cfg", "(", "test", ")", "]"]


def _skip_attributes(tokens: list[Token], k: int) -> int:
    """The index after any attributes and visibility starting at `k`."""
    while k < len(tokens):
        if tokens[k].text == "#" and k + 1 < len(tokens) and tokens[k + 1].text == "[":
            depth = 0
            while k < len(tokens):
                if tokens[k].text == "[":
                    depth += 1
                elif tokens[k].text == "]":
                    depth -= 1
                    if depth == 0:
                        break
                k += 1
            k += 1
        elif tokens[k].text == "pub":
            k += 1
            if k < len(tokens) and tokens[k].text == "(":
                while k < len(tokens) and tokens[k].text != ")":
                    k += 1
                k += 1
        else:
            return k
    return k


def _use_tree_heads(tokens: list[Token], k: int) -> list[tuple[str, int]]:
    """The first name of each branch of a use tree starting at tokens[k] (after `crate::`):
    `a::B` gives a; `{a::B, c::{D, E}}` gives a and c."""
    if k >= len(tokens):
        return []
    if tokens[k].kind == "ident":
        return [(tokens[k].text, tokens[k].line)]
    if tokens[k].text != "{":
        return []
    heads, depth, expect_head = [], 0, True
    for t in tokens[k:]:
        if t.text == "{":
            depth += 1
            expect_head = depth == 1
            continue
        if t.text == "}":
            depth -= 1
            if depth == 0:
                break
            continue
        if depth == 1 and t.text == ",":
            expect_head = True
            continue
        if depth == 1 and expect_head and t.kind == "ident":
            heads.append((t.text, t.line))
        expect_head = False
    return heads


def _use_tree_paths(tokens: list[Token], k: int, depth: int) -> list[tuple[list[str], int]]:
    """The leading paths, up to `depth` names, of each branch of a use tree or path starting
    at tokens[k] (after `crate::`): `a::b::C` gives [a, b]; `a::{b::C, d}` gives [a, b] and
    [a, d]; `{a::B, c}` gives [a, B] and [c]."""
    if depth <= 0 or k >= len(tokens):
        return []
    t = tokens[k]
    if t.kind == "ident":
        if k + 2 < len(tokens) and tokens[k + 1].text == "::" and depth > 1:
            rest = _use_tree_paths(tokens, k + 2, depth - 1)
            if rest:
                return [([t.text] + path, line) for path, line in rest]
        return [([t.text], t.line)]
    if t.text != "{":
        return []
    paths: list[tuple[list[str], int]] = []
    end = _matching_brace(tokens, k)
    j, branch_start = k + 1, True
    nesting = 0
    while j < end:
        if branch_start and nesting == 0:
            paths.extend(_use_tree_paths(tokens, j, depth))
            branch_start = False
        if tokens[j].text in "{[(":
            nesting += 1
        elif tokens[j].text in "}])":
            nesting -= 1
        elif tokens[j].text == "," and nesting == 0:
            branch_start = True
        j += 1
    return paths


def _root_reexports(src_dir: str, modules: set[str]) -> dict[str, str]:
    """Names the crate root re-exports (`pub use action::{Action, PlayerId};`), mapped to the
    top-level module they come from, so `crate::Action` counts as naming `action`."""
    names: dict[str, str] = {}
    for root in ROOT_FILES:
        path = os.path.join(src_dir, root)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            tokens = tokenize(f.read())
        k = 0
        while k < len(tokens):
            if tokens[k].text == "pub" and k + 1 < len(tokens) and tokens[k + 1].text == "use":
                end = k
                while end < len(tokens) and tokens[end].text != ";":
                    end += 1
                body = tokens[k + 2 : end]
                if body and body[0].text == "crate" and len(body) > 1 and body[1].text == "::":
                    body = body[2:]
                if body and body[0].text in modules:
                    module = body[0].text
                    # Every last name of each branch: the names the root now holds.
                    for j, t in enumerate(body):
                        nxt = body[j + 1].text if j + 1 < len(body) else ";"
                        if t.kind == "ident" and nxt in (",", "}", ";"):
                            names[t.text] = module
                        if t.kind == "ident" and j >= 1 and body[j - 1].text == "as":
                            names[t.text] = module
                k = end
            k += 1
    return names


def _rust_files(src_dir: str):
    """(path relative to src_dir, module path) for every .rs file, the module path being
    e.g. ["board", "validation"] for board/validation.rs and ["board"] for board/mod.rs."""
    for dirpath, dirnames, filenames in os.walk(src_dir):
        dirnames.sort()
        rel_dir = os.path.relpath(dirpath, src_dir)
        parts = [] if rel_dir == "." else rel_dir.split(os.sep)
        if parts and parts[0] in NOT_MODULES:
            continue
        for name in sorted(filenames):
            if not name.endswith(".rs"):
                continue
            if not parts and name in ROOT_FILES:
                continue
            stem = name[: -len(".rs")]
            module_path = parts if stem == "mod" else parts + [stem]
            yield os.path.join(*(parts + [name])), module_path


def _resolve(path: list[str], keys: set[tuple[str, ...]]) -> tuple[str, ...] | None:
    """The module a path names: its longest prefix that is a module."""
    for n in range(len(path), 0, -1):
        if tuple(path[:n]) in keys:
            return tuple(path[:n])
    return None


def module_references(src_dir: str, depth: int = 1) -> list[Reference]:
    """Every place a module names another, outside comments and test modules. A module is
    a top-level module (depth 1: `board`, `game`) or, with depth 2, a module one level
    further in (`game::play`, `game::lobby`; a folder's own mod.rs is the folder)."""
    files = list(_rust_files(src_dir))
    keys = {tuple(module_path[:depth]) for _, module_path in files}
    modules = {module_path[0] for _, module_path in files}
    reexports = _root_reexports(src_dir, modules)
    skipped_files: set[str] = set()
    refs: list[Reference] = []
    for rel, module_path in files:
        if rel in skipped_files:
            continue
        with open(os.path.join(src_dir, rel), encoding="utf-8") as f:
            tokens = tokenize(f.read())
        source = tuple(module_path[:depth])
        # Inline `mod name { ... }` blocks deepen the path `super::` climbs from.
        inline: list[tuple[str, int]] = []  # (name, index of its closing brace)
        k = 0
        while k < len(tokens):
            while inline and k > inline[-1][1]:
                inline.pop()
            t = tokens[k]
            if t.text == "#" and _is_cfg_test(tokens, k):
                after = _skip_attributes(tokens, k)
                if after + 1 < len(tokens) and tokens[after].text == "mod":
                    name = tokens[after + 1].text
                    if after + 2 < len(tokens) and tokens[after + 2].text == "{":
                        k = _matching_brace(tokens, after + 2) + 1
                        continue
                    # `#[cfg(test)] mod name;`: that file is a test module too.
                    here = os.path.dirname(rel)
                    if os.path.basename(rel) not in ("mod.rs",) + ROOT_FILES:
                        here = os.path.join(here, os.path.splitext(os.path.basename(rel))[0])
                    skipped_files.add(os.path.normpath(os.path.join(here, name + ".rs")))
                    skipped_files.add(os.path.normpath(os.path.join(here, name, "mod.rs")))
            if (
                t.text == "mod"
                and k + 2 < len(tokens)
                and tokens[k + 1].kind == "ident"
                and tokens[k + 2].text == "{"
            ):
                inline.append((tokens[k + 1].text, _matching_brace(tokens, k + 2)))
                k += 3
                continue
            here = module_path + [name for name, _ in inline]
            targets: list[tuple[list[str], int]] = []
            if (
                t.text == "crate"
                and k + 1 < len(tokens)
                and tokens[k + 1].text == "::"
                and not (k > 0 and tokens[k - 1].text in ("$", "in"))
            ):
                targets = _use_tree_paths(tokens, k + 2, depth)
            elif t.text == "super" and not (k > 0 and tokens[k - 1].text == "::"):
                climbs, j = 0, k
                while (
                    j + 1 < len(tokens)
                    and tokens[j].text == "super"
                    and tokens[j + 1].text == "::"
                ):
                    climbs, j = climbs + 1, j + 2
                base = here[: max(0, len(here) - climbs)]
                if len(base) < depth:
                    targets = [
                        (base + path, line)
                        for path, line in _use_tree_paths(tokens, j, depth - len(base))
                    ]
                k = j
            for path, line in targets:
                if depth == 1 and path[0] not in modules and path[0] in reexports:
                    path = [reexports[path[0]]]
                target = _resolve(path, keys)
                if target and target != source and target[: len(source)] != source:
                    refs.append(Reference("::".join(source), "::".join(target), rel, line))
            k += 1
    return refs


def module_graph(src_dir: str, depth: int = 1) -> dict[str, set[str]]:
    """Module -> the modules it refers to (every module is a key); see module_references."""
    graph: dict[str, set[str]] = {
        "::".join(m[:depth]): set() for _, m in _rust_files(src_dir)
    }
    for ref in module_references(src_dir, depth):
        graph[ref.source].add(ref.target)
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One shortest circle per group of modules that reach each other (a strongly connected
    component of two or more), as [a, b, ..., a]; sorted, so the output is stable."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = [0]

    def connect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                components.append(sorted(component))

    sys.setrecursionlimit(max(1000, 10 * len(graph)))
    for v in sorted(graph):
        if v not in index:
            connect(v)

    cycles = []
    for component in sorted(components):
        start, members = component[0], set(component)
        # Breadth-first from `start` back to itself, inside the component.
        previous: dict[str, str] = {}
        frontier, seen, found = [start], set(), None
        while frontier and found is None:
            nxt = []
            for v in frontier:
                for w in sorted(graph.get(v, ())):
                    if w == start:
                        found = v
                        break
                    if w in members and w not in seen:
                        seen.add(w)
                        previous[w] = v
                        nxt.append(w)
                if found is not None:
                    break
            frontier = nxt
        # Walk back from the last module before `start` to `start`.
        backwards, v = [start], found
        while v != start:
            backwards.append(v)
            v = previous[v]
        backwards.append(start)
        cycles.append(backwards[::-1])
    return cycles


def report(src_dir: str) -> int:
    """Circles between top-level modules and between the modules one level in."""
    failed = 0
    for depth in (1, 2):
        graph = module_graph(src_dir, depth)
        cycles = find_cycles(graph)
        refs = module_references(src_dir, depth) if cycles else []
        for cycle in cycles:
            failed = 1
            print("import circle: " + " -> ".join(cycle))
            for a, b in zip(cycle, cycle[1:]):
                where = sorted({(r.path, r.line) for r in refs if r.source == a and r.target == b})
                shown = ", ".join(f"{p}:{line}" for p, line in where[:5])
                more = f" (+{len(where) - 5} more)" if len(where) > 5 else ""
                print(f"  {a} -> {b}: {shown}{more}")
    if not failed:
        print(f"no import circles in {src_dir} (top-level modules, and one level in)")
    return failed


# The web app's pages: each page's folder, and the entry point that starts it. A page's
# folder and its entry point may use only that folder and COMMON; COMMON uses no page.
PAGES = {"game": "main.rs", "maker": "bin/maker.rs", "lab": "bin/lab.rs"}
COMMON = "common"
APP_CRATE = "monopoly_worlds"


def page_problems(src_dir: str) -> list[str]:
    """Where a page's folder (or its entry point) or the common folder names another page."""
    problems = []
    for ref in module_references(src_dir):
        if ref.source in PAGES and ref.target in PAGES:
            problems.append(f"{ref.path}:{ref.line}: page {ref.source} uses page {ref.target}")
        if ref.source == COMMON and ref.target in PAGES:
            problems.append(f"{ref.path}:{ref.line}: {COMMON} uses page {ref.target}")
    for page, entry in PAGES.items():
        path = os.path.join(src_dir, entry)
        if not os.path.isfile(path):
            problems.append(f"{entry}: the entry point of page {page} is missing")
            continue
        with open(path, encoding="utf-8") as f:
            tokens = tokenize(f.read())
        for k, t in enumerate(tokens):
            if t.text in ("crate", APP_CRATE) and k + 2 < len(tokens) and tokens[k + 1].text == "::":
                for path_, line in _use_tree_paths(tokens, k + 2, 1):
                    if path_[0] not in (page, COMMON):
                        problems.append(f"{entry}:{line}: the {page} page's entry uses {path_[0]}")
    return problems


def report_pages(src_dir: str) -> int:
    problems = page_problems(src_dir)
    for p in problems:
        print(p)
    if not problems:
        names = ", ".join(PAGES)
        print(f"each page's folder ({names}) uses only itself and {COMMON}; {COMMON} uses no page")
    return 1 if problems else 0


def self_test() -> int:
    files = {
        "lib.rs": "pub mod ids; pub mod action; pub mod refusal; pub mod board;\n"
        "pub use board::Board;\n",
        # action -> refusal through a use tree.
        "action.rs": "use crate::{ids::PlayerId, refusal::Refusal};\n"
        "pub struct RuleError(Refusal, PlayerId);\n",
        # refusal -> action through a path in code; the comment and string do not count.
        "refusal.rs": "// use crate::board::Board;\n/// [`x`]: crate::board::Board\n"
        'const S: &str = "crate::board::X";\n'
        "pub enum Refusal { A }\nfn f() -> Option<crate::action::RuleError> { None }\n",
        "ids.rs": "pub struct PlayerId(pub usize);\n"
        "#[cfg(test)]\nmod tests {\n    use crate::action::RuleError;\n}\n",
        # board/queries.rs climbs to the root with super::super and names ids.
        "board/mod.rs": "mod queries;\npub struct Board;\n",
        "board/queries.rs": "use super::Board;\nfn g() { let _ = super::super::ids::PlayerId(0); }\n",
    }
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel, text in files.items():
            path = os.path.join(tmp, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        graph = module_graph(tmp)
        expected = {
            "action": {"ids", "refusal"},
            "refusal": {"action"},
            "ids": set(),
            "board": {"ids"},
        }
        if graph != expected:
            failures.append(f"graph {graph} != {expected}")
        cycles = find_cycles(graph)
        if cycles != [["action", "refusal", "action"]]:
            failures.append(f"cycles {cycles}")
        # Break the circle: refusal no longer names action.
        with open(os.path.join(tmp, "refusal.rs"), "w", encoding="utf-8") as f:
            f.write("use crate::ids::PlayerId;\npub enum Refusal { A(PlayerId) }\n")
        if find_cycles(module_graph(tmp)) != []:
            failures.append("a circle remains after breaking it")
        # A crate-root re-export names its module: ids -> board -> ids.
        with open(os.path.join(tmp, "ids.rs"), "w", encoding="utf-8") as f:
            f.write("pub struct PlayerId(pub usize);\nfn h(_: crate::Board) {}\n")
        if find_cycles(module_graph(tmp)) != [["board", "ids", "board"]]:
            failures.append(f"re-export circle not found: {find_cycles(module_graph(tmp))}")
    # A longer circle is reported once, shortest path first.
    ring = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    if find_cycles(ring) != [["a", "b", "c", "a"]]:
        failures.append(f"ring {find_cycles(ring)}")
    for failure in failures:
        print("self-test FAILED: " + failure)
    if not failures:
        print("self-test passed")
    return 1 if failures else 0


def main(argv: list[str]) -> int:
    if argv == ["--self-test"]:
        return self_test()
    if len(argv) == 2 and argv[0] == "--pages":
        return report_pages(argv[1])
    if len(argv) != 1 or argv[0].startswith("-"):
        print(__doc__.strip().splitlines()[0])
        print("usage: check_modules.py <crate>/src | --pages src | --self-test", file=sys.stderr)
        return 2
    if not os.path.isdir(argv[0]):
        print(f"no such directory: {argv[0]}", file=sys.stderr)
        return 2
    return report(argv[0])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
