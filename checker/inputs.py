"""What a page's verification rests on, by content hash: the page itself, the checker, the project modules its
verify function and its code blocks import (transitively), and the committed data every page may read.

Recorded in each page's JSON (`inputs`: a sha256 per file and one `key` over them), so that
- `python -m verify` skips a page whose key is unchanged and reuses its recorded result (a warm run), and
- the site build refuses, or re-verifies, a page whose key no longer matches what was verified: a page edited
  after its verification is never published under the green box (sitegen/build.py).

Data is whole folders (results/, benchmarks/results/, checker/data/, the notebooks): verify functions share
memoized readers (a diagnosis read for one page serves the next), so which page opened which file is not a
reliable record; any change of committed data re-verifies every page, which is still one `make verify`.
"""
from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import re
import textwrap
from pathlib import Path

from checker.paths import ROOT

PACKAGES = ("kernels", "verify", "checker", "training", "labs", "tools")
DATA_DIRS = ("results", "benchmarks/results", "checker/data", "notebooks", "tools/diagrams")
_sha: dict[tuple[str, int, int], str] = {}


def sha256_of(path: Path) -> str:
    """A file's sha256, computed once per (path, size, mtime) in this process."""
    st = path.stat()
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _sha:
        _sha[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return _sha[key]


def _module_file(name: str) -> Path | None:
    if not name.split(".")[0] in PACKAGES:
        return None
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def module_closure(name: str) -> frozenset:
    """The project files an import of `name` brings in (empty for a module outside kernels/ and verify/)."""
    found = _module_file(name) or (_module_file(name.rsplit(".", 1)[0]) if "." in name else None)
    return closure(found) if found else frozenset()


def _imports(source: str, package: str = "") -> set[str]:
    names = set()
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return names
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:   # relative import
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(p for p in parts + [module] if p)
            names.add(module)
            names.update(f"{module}.{a.name}" for a in node.names)
    return names


def _imports_of(file: Path, package: str) -> set[str]:
    from checker.cache import cached, key_of
    return cached("imports", key_of(str(file), package, sha256_of(file)),
                  lambda: _imports(file.read_text(encoding="utf-8"), package))


@functools.lru_cache(maxsize=None)
def closure(path: Path) -> frozenset:
    """The project files `path` imports, transitively (itself included); packages' __init__ files too."""
    return _walk([Path(path)])


def _walk(starts: list[Path]) -> frozenset:
    """The project files the `starts` import, transitively, in one walk (each file read once however many of the
    starts reach it)."""
    seen, todo = set(), list(starts)
    while todo:
        file = todo.pop()
        if file in seen or not file.is_file():
            continue
        seen.add(file)
        rel = file.relative_to(ROOT).with_suffix("")
        package = ".".join(rel.parts[:-1]) if file.name != "__init__.py" else ".".join(rel.parts[:-1])
        for name in _imports_of(file, package):
            parts = name.split(".")
            for n in range(1, len(parts) + 1):
                found = _module_file(".".join(parts[:n]))
                if found:
                    todo.append(found)
    return frozenset(seen)


def checker_files() -> list[Path]:
    """The checker itself: every checker module and what they import."""
    return sorted(_walk(sorted((ROOT / "checker").glob("*.py"))))


def data_files() -> list[Path]:
    files = []
    for folder in DATA_DIRS:
        files += [p for p in sorted((ROOT / folder).rglob("*")) if p.is_file() and "__pycache__" not in p.parts
                  and not p.name.startswith(".")]
    return files


def code_block_imports(body: str) -> set[str]:
    """The modules a page's python blocks import, those inside an admonition (indented) included: a block in a
    本站构造 box that imports verify/lecture/ch02.py was reused unchanged after that module broke."""
    names = set()
    for block in re.findall(r"^([ \t]*)```python[^\n]*\n(.*?)^\1```", body, re.S | re.M):
        names |= _imports(textwrap.dedent(block[1]))
    return names


_batch: list = []   # inside snapshot(): the shared files' {relative path: sha256}, listed and hashed once
_memos: list = []   # inside snapshot(): what batch_memo computed, by name


@contextlib.contextmanager
def snapshot():
    """Within the block, the files every page shares (the checker, the committed data) are listed and hashed once
    instead of once per page: for a caller that asks for many pages' inputs at one moment (python -m verify, the
    site generator). A file changed inside the block is not seen; a new block sees it."""
    _batch.append(None)
    _memos.append({})
    try:
        yield
    finally:
        _batch.pop()
        _memos.pop()


def hold_snapshot() -> None:
    """A snapshot() that lasts as long as the process: for a worker process that serves one run and ends with it."""
    _batch.append(None)
    _memos.append({})


def in_snapshot() -> bool:
    return bool(_batch)


def batch_memo(name, compute):
    """compute() once per snapshot() block for a value read from the site's files (the pages' sources, a chapter's
    pages), as the shared files are hashed once there; outside a block, every time (`make dev` edits pages)."""
    if not _memos:
        return compute()
    memo = _memos[-1]
    if name not in memo:
        memo[name] = compute()
    return memo[name]


@functools.lru_cache(maxsize=None)
def _relative(file: Path) -> str:
    return file.relative_to(ROOT).as_posix() if file.is_relative_to(ROOT) else str(file)


def _shared() -> dict:
    """{relative path: sha256} of the checker's files and the committed data (once per snapshot())."""
    if _batch and _batch[-1] is not None:
        return _batch[-1]
    shared = {_relative(f): sha256_of(f) for f in set(checker_files()) | set(data_files())}
    if _batch:
        _batch[-1] = shared
    return shared


def formula_kernels(page_path: Path) -> list[str]:
    """The kernel modules a page's `formulas:` entries name (their kernel and any `fn kernels/...` symbol)."""
    from checker.page import front_matter
    try:
        meta = front_matter(Path(page_path))
    except Exception:   # unreadable front matter: the check reports it
        return []
    entries = meta.get("formulas") if isinstance(meta, dict) else None
    return sorted(m for m in set(re.findall(r"kernels/[\w/]+\.py", repr(entries) if entries else ""))
                  if (ROOT / m).is_file())


def page_inputs(page_path: Path, verify_spec: str | None, body: str) -> dict:
    """{'files': {relative path: sha256}, 'key': sha256 over them}: what this page's result depends on."""
    files = {Path(page_path).resolve()}
    if verify_spec and "::" in verify_spec:
        module = ROOT / verify_spec.split("::", 1)[0]
        if module.is_file():
            files |= closure(module)
    for name in code_block_imports(body):
        found = _module_file(name) or _module_file(name.rsplit(".", 1)[0])
        if found:
            files |= closure(found)
    for module in formula_kernels(Path(page_path)):   # a bound formula rests on its kernel (checker/formulas.py)
        files |= closure(ROOT / module)
    for target in re.findall(r"\]\(([^)\s#]+\.md)(?:#[^)]*)?\)", body):
        linked = (Path(page_path).resolve().parent / target).resolve()
        if linked.is_file():
            files.add(linked)   # a run claim is backed by the page it links (checker/run_claims.py)
    recorded = {**_shared(), **{_relative(f): sha256_of(f) for f in files}}
    # the page's own pin file (checker/snapshots.py), absent or not: re-pinning one page re-checks only it
    from checker import snapshots
    recorded[_relative(snapshots.path_for(Path(page_path)))] = snapshots.digest(Path(page_path))
    recorded = dict(sorted(recorded.items()))
    key = hashlib.sha256("\n".join(f"{k} {v}" for k, v in recorded.items()).encode()).hexdigest()
    return {"files": recorded, "key": key}
