"""`python -m verify --changes BASE`: every change of meaning between commit BASE and the working tree, for whoever
reviews it (issue 31), one line per change, grouped by page:

- a pinned sentence whose statement words changed: old sentence -> new sentence, old words -> new words; and a unit
  whose characters stayed but whose arrangement changed (two terms exchanged), which keeps every word;
- a claim template added or removed, a relation added or removed;
- a claimed key whose declared kind changed (`@kinds` on the page's verify function, checker/evidence.py).

The old side is what BASE had: the page's pin file there (checker/snapshots.py; the page itself where BASE has no pin
file of this layout) and its front matter and verify module (`git show BASE:path`); the new side is the page and its
verify module in the working tree, read as `make pin` would record them. Only git's read commands are run. A page
new or gone since BASE is one line. The checker's reading of words is today's on both sides.
"""
from __future__ import annotations

import ast
import re
import subprocess
import tempfile
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

from checker import arrangements, snapshots
from checker.evidence import declared_kind
from checker.page import HOLE as _HOLE, PageError, claim_line, read_page, split_front_matter
from checker.paths import ROOT



def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=root, capture_output=True)


def _show(root: Path, base: str, path: str) -> str | None:
    done = _git(root, "show", f"{base}:{path}")
    return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else None


def _page(text: str | None, name: str, folder: Path):
    """A page read from its text (None: absent, not a topic page, or unreadable: the check reports that)."""
    if text is None or split_front_matter(text) is None:
        return None
    path = folder / name
    path.write_text(text, encoding="utf-8")
    try:
        return read_page(path)
    except PageError:
        return None


def changed_paths(root: Path, base: str) -> set[str]:
    tracked = _git(root, "diff", "--name-only", "--no-renames", base, "--").stdout.decode().split("\n")
    untracked = _git(root, "ls-files", "--others", "--exclude-standard").stdout.decode().split("\n")
    return {p for p in tracked + untracked if p}


def _pages_to_read(root: Path, base: str, changed: set[str]) -> list[str]:
    pages = {p for p in changed if p.startswith("docs/") and p.endswith(".md")}
    pages |= {"docs/" + p[len("checker/pins/"):-len(snapshots.SUFFIX)] + ".md" for p in changed
              if p.startswith("checker/pins/") and p.endswith(snapshots.SUFFIX)}
    modules = {p for p in changed if p.endswith(".py")}
    if modules:   # a page whose verify module changed may have changed its declared kinds
        for page in sorted((root / "docs").rglob("*.md")):
            head = page.read_text(encoding="utf-8")[:4000]
            spec = re.search(r"^verify:\s*['\"]?([^'\"\s:]+)::", head, re.M)
            if spec and spec.group(1) in modules:
                pages.add(page.relative_to(root).as_posix())
    return sorted(pages)


def _claims(page) -> list[str]:
    return [c for c in (page.meta.get("claims") or []) if isinstance(c, str)] if page else []


def _relations(page) -> list[tuple[str, str]]:
    return [(snapshots.squeeze_spaces(r.get("text", "")), snapshots.squeeze_spaces(r.get("holds", "")))
            for r in (page.meta.get("relations") or []) if isinstance(r, dict)] if page else []


def static_kinds(source: str | None, function: str):
    """What `@kinds` and `@from_runs` declare on a module's function, read from its source without running it (the
    module at BASE may import what no longer exists); None when the function is not there, 'unreadable' when a
    declaration is not written out literally."""
    if source is None:
        return None
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return "unreadable"
    node = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == function),
                None)
    if node is None:
        return None
    table, runs, kinds_runs = [], None, ()
    try:
        for decorator in node.decorator_list:
            if not isinstance(decorator, ast.Call):
                continue
            name = getattr(decorator.func, "id", None) or getattr(decorator.func, "attr", None)
            if name == "kinds":
                for keyword in decorator.keywords:
                    if keyword.arg in (None, "rules"):
                        continue
                    value = ast.literal_eval(keyword.value)
                    table += [(p, keyword.arg) for p in (value.split() if isinstance(value, str) else value)]
                kinds_runs = tuple(p for p, k in table if k == "site_run")
                if not any(k != "site_run" for _, k in table):
                    kinds_runs = ()
            elif name == "from_runs":
                runs = tuple(ast.literal_eval(a) for a in decorator.args)
    except (ValueError, TypeError, SyntaxError):
        return "unreadable"
    return SimpleNamespace(key_kinds=tuple(table), run_keys=runs if runs is not None else kinds_runs)


def _kind(declared, key: str) -> str:
    if declared is None:
        return "undeclared"
    if declared == "unreadable":
        return "unreadable"
    return declared_kind(declared, key) or "undeclared"


def _function(root: Path, base: str | None, page) -> tuple[str, object]:
    spec = str((page.meta.get("verify") if page else "") or "")
    if "::" not in spec:
        return spec, None
    module, function = spec.split("::", 1)
    source = _show(root, base, module) if base else (
        (root / module).read_text(encoding="utf-8") if (root / module).is_file() else None)
    return spec, static_kinds(source, function)


def _items_at_base(root: Path, base: str, rel: str, old_page) -> list[dict]:
    pin = "checker/pins/" + rel[len("docs/"):-len(".md")] + snapshots.SUFFIX
    text = _show(root, base, pin)
    if text is not None:
        try:
            return snapshots.parse(text, f"{base}:{pin}")
        except SystemExit:
            pass
    from checker.statements import snapshot_items
    return snapshot_items(old_page)[0]


def page_changes(root: Path, base: str, rel: str, folder: Path) -> list[str]:
    """The lines for one page: what changed in its meaning between BASE and now."""
    from checker.statements import snapshot_items
    name = Path(rel).name
    old_dir, new_dir = folder / "old", folder / "new"
    old_dir.mkdir(exist_ok=True)
    new_dir.mkdir(exist_ok=True)
    old = _page(_show(root, base, rel), name, old_dir)
    new = _page((root / rel).read_text(encoding="utf-8") if (root / rel).is_file() else None, name, new_dir)
    if old is None and new is None:
        return []
    if old is None or new is None:
        page = new or old
        items = snapshot_items(page)[0]
        words = [i for i in items if snapshots.words_of(i) and "page" not in i]
        state = "new page" if old is None else f"page removed since {base}"
        return [f"{rel}:1: {state}: {len(_claims(page))} claims, {len(_relations(page))} relations, "
                f"{sum(len(snapshots.words_of(i)) for i in words)} statement words in {len(words)} sentences"]
    out = []
    before = _items_at_base(root, base, rel, old)
    now, spans = snapshot_items(new)
    spans = spans[1:]
    changes = snapshots.diff(before, now)
    roots = arrangements.pinned_roots(snapshots.Snapshot(Path(rel), before))
    flagged = [arrangements.unit_span(u) for u in arrangements.exchanged(new, arrangements._fingerprints(roots), roots)]
    snapshots.mark_exchanged(changes, spans, flagged)
    out += [f"{snapshots.locate(rel, new, spans, c)}: {c.describe()}" for c in changes if c.reviewed]
    added = Counter(_claims(new)) - Counter(_claims(old))
    for i, template in enumerate(_claims(new)):
        if added[template] > 0:
            out.append(f"{rel}:{claim_line(new, 'claims', i)}: claim added: '{template}'")
            added[template] -= 1
    removed = Counter(_claims(old)) - Counter(_claims(new))
    for template in _claims(old):
        if removed[template] > 0:
            out.append(f"{rel}:{new.meta_lines.get('claims', 2)}: claim removed: '{template}'")
            removed[template] -= 1
    old_relations, new_relations = Counter(_relations(old)), Counter(_relations(new))
    for text, holds in sorted((new_relations - old_relations).elements()):
        out.append(f"{rel}:{new.meta_lines.get('relations', 2)}: relation added: '{text}' holds '{holds}'")
    for text, holds in sorted((old_relations - new_relations).elements()):
        out.append(f"{rel}:{new.meta_lines.get('relations', 2)}: relation removed: '{text}' holds '{holds}'")
    old_spec, old_kinds = _function(root, base, old)
    new_spec, new_kinds = _function(root, None, new)
    keys = sorted({m.group(1) for template in _claims(old) + _claims(new) for m in _HOLE.finditer(template)})
    for key in keys:
        was, now_kind = _kind(old_kinds, key), _kind(new_kinds, key)
        if was != now_kind:
            where = new_spec if old_spec in (new_spec, "") else f"{old_spec} -> {new_spec}" if new_spec else old_spec
            out.append(f"{rel}:{new.meta_lines.get('verify', 2)}: declared kind of {{{key}}}: {was} -> {now_kind} "
                       f"(@kinds on {where})")
    return out


def main(base: str, root: Path = ROOT, out=print) -> int:
    if _git(root, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}").returncode != 0:
        out(f"--changes {base}: not a commit of the repository at {root}; give a branch, a tag or a commit "
            "(e.g. --changes HEAD, --changes main)")
        return 2
    pages = _pages_to_read(root, base, changed_paths(root, base))
    total = touched = 0
    with tempfile.TemporaryDirectory() as scratch:
        for n, rel in enumerate(pages):
            folder = Path(scratch) / str(n)
            folder.mkdir()
            lines = page_changes(root, base, rel, folder)
            for line in lines:
                out(line)
            total += len(lines)
            touched += bool(lines)
    out(f"{total} changes of meaning on {touched} pages between {base} and the working tree "
        "(statement words, claims, relations, declared kinds)")
    return 0
