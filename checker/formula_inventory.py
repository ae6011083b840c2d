r"""The inventory of the site's formulas: every display formula and every inline formula that defines a computation,
each either bound to its kernel (front matter `formulas:`, checked by checker/formulas.py), or notation, or left
unbound, with the reason written beside it.

    python -m checker.formula_inventory            # compare checker/data/formulas_inventory.yaml with the pages
    python -m checker.formula_inventory --write    # regenerate it (keeps each formula's hand-written status and reason)

Which formulas are listed: every `$$…$$` (and `\[…\]`) block, and an inline `$…$` that states a computation: it has a
definition sign (`=`, `\leftarrow`), a letter on its right-hand side, an operator that computes (a fraction, a sum,
exp/log, a root, a sigmoid or tanh, softmax, `\odot`, `^\top`, `\cdot`, a norm) and no decimal number (a worked
line with decimals is a set of values, which the claims check).

Each entry: page, line, tex, status and, unless it is bound, a reason. `bound` is never written by hand: the
generator sets it when a `formulas:` entry of the page lies inside the formula (its parts are listed under `bound`),
and a hand-written `bound` that is not is an error. A formula that was bound and loses its binding becomes
`unclassified`, and so does a new formula, until someone writes `notation` or `unbound` with a reason (the test fails
on `unclassified`). Statuses:

- bound: a `formulas:` entry evaluates (each part of) it against its kernel;
- notation: not a computation: symbols, shapes, a set, a sequence of names, an arrow diagram, an undefined function,
  a worked arithmetic line whose numbers are claims, a matrix of given numbers;
- unbound: a computation that no binding checks, with the reason (no kernel computes it, it needs a construct the
  translator does not read, …).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

from checker.page import _load_yaml
from checker.paths import DOCS, ROOT

INVENTORY = ROOT / "checker" / "data" / "formulas_inventory.yaml"
STATUSES = ("bound", "notation", "unbound")
_COMPUTING = re.compile(r"\\[dt]?frac|\\sum|\\prod|\\exp|\\log|\\ln(?![A-Za-z])|\\sqrt|\\sigma\s*\(|\\tanh|softmax|"
                        r"\\odot|\^\s*\\top|\\cdot|e\^\{|\\max|\\min|\\cos|\\sin|\\lVert|\\\|")


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def defines_a_computation(tex: str) -> bool:
    """An inline formula worth listing: a definition whose right-hand side computes from symbols."""
    sides = re.split(r"=|\\leftarrow", tex)
    if len(sides) < 2:
        return False
    rhs = sides[-1]
    if not re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", rhs)) and not re.search(r"\\(?:alpha|beta|gamma|theta|"
                                                                                     r"ell|sigma|mu|eta)", rhs):
        return False
    if re.search(r"\d\.\d|(?<![\d.])\.\d", tex):
        return False
    return bool(_COMPUTING.search(tex))


def formulas_of(path: Path) -> list[dict]:
    """Every listed formula of one page: {page, line, tex, display}."""
    from checker.classify import math_spans, prose_view
    from checker.page import read_page

    page = read_page(path)
    rel = path.relative_to(ROOT).as_posix()
    out = []
    for start, end, inner in math_spans(prose_view(page.body)):
        raw = page.body[start:end]
        display = raw.startswith("$$") or raw.startswith("\\[")
        tex = page.body[inner:end]
        tex = tex[:-2] if display else tex[:-1]
        tex = tex.strip()
        if display or defines_a_computation(tex):
            out.append({"page": rel, "line": page.line_of(start), "tex": tex, "display": display})
    return out


def bindings_of(path: Path) -> list[str]:
    from checker.page import read_page
    entries = read_page(path).meta.get("formulas") or []
    return [str(e.get("tex", "")) for e in entries if isinstance(e, dict)]


def collect() -> list[dict]:
    from checker.page import all_pages
    found = []
    for path in all_pages(DOCS):
        bound = bindings_of(path)
        for f in formulas_of(path):
            parts = [b for b in bound if squeeze(b) and squeeze(b) in squeeze(f["tex"])]
            f["bound"] = parts
            found.append(f)
    return found


def load(path: Path = INVENTORY) -> list[dict]:
    if not path.is_file():
        return []
    data = _load_yaml(path.read_text(encoding="utf-8")) or {}
    return data.get("formulas") or []


def generate(previous: list[dict] | None = None) -> list[dict]:
    """The inventory for the pages as they are, keeping each formula's hand-written status and reason."""
    previous = load() if previous is None else previous
    kept = {(e["page"], squeeze(e["tex"])): e for e in previous}
    out = []
    for f in collect():
        old = kept.get((f["page"], squeeze(f["tex"])), {})
        entry = {"page": f["page"], "line": f["line"], "tex": f["tex"], "display": f["display"]}
        if f["bound"]:
            entry["status"] = "bound"
            entry["bound"] = f["bound"]
            if old.get("note"):
                entry["note"] = old["note"]
        elif old.get("status") in ("notation", "unbound"):
            entry["status"] = old["status"]
            entry["reason"] = old.get("reason", "")
        elif worked_values(f["tex"]):
            entry["status"] = "notation"
            entry["reason"] = WORKED_VALUES
        else:
            entry["status"] = "unclassified"
        out.append(entry)
    return out


WORKED_VALUES = "worked values: every side after = or ≈ is numbers, which the page's claims check (set by the generator)"
_RELATION_SPLIT = re.compile(r"\\approx|≈|(?<![<>!\\])=")
_LAYOUT = re.compile(r"\\(?:left|right|quad|qquad|ldots|dots|,|;|!|\s)|\\(?:big|Big)[lr]?|[{}]")


def worked_values(tex: str) -> bool:
    """A result line, LN(x)≈(-1.069,…) or 2\\times3=6: whatever stands on the left, nothing but numbers after each = or
    ≈, which claims check (the fourth new-author trial was asked to classify two such lines by hand)."""
    parts = _RELATION_SPLIT.split(tex)
    if len(parts) < 2:
        return False
    for part in parts[1:]:
        bare = _LAYOUT.sub(" ", part)
        if not re.search(r"\d", bare) or re.search(r"[A-Za-z\\]", bare):
            return False
        if not re.fullmatch(r"[\s\d.,()\[\]+\-−]*", bare):
            return False
    return True


def counts(entries: list[dict]) -> dict:
    """{display|inline: {status: n}} and the share of computational formulas bound."""
    table: dict = {}
    for e in entries:
        group = table.setdefault("display" if e["display"] else "inline", {})
        group[e["status"]] = group.get(e["status"], 0) + 1
    for group in table.values():
        computational = group.get("bound", 0) + group.get("unbound", 0)
        group["computational"] = computational
        group["bound_share"] = round(group.get("bound", 0) / computational, 3) if computational else 1.0
    return table


def dump(entries: list[dict]) -> str:
    header = ("# Generated by `python -m checker.formula_inventory --write` from the pages; only `status: notation|unbound`\n"
              "# and `reason` (and a bound formula's `note`) are written by hand. tests/test_formula_inventory.py checks\n"
              "# that this file is what the generator makes of the pages now.\n")
    # no line numbers in the file: an edit elsewhere on a page moves its formulas, and must not stale the inventory
    body = {"counts": counts(entries), "formulas": [{k: v for k, v in e.items() if k != "line"} for e in entries]}
    return header + yaml.safe_dump(body, allow_unicode=True, sort_keys=False, width=120)


def problems(entries: list[dict]) -> list[str]:
    out = []
    for e in entries:
        where = f"{e['page']}:{e['line']}"
        if e["status"] == "unclassified":
            out.append(f"{where}: formula ${e['tex']}$ is in no class; bind it (front matter formulas:) or write "
                       "status notation|unbound with a reason in checker/data/formulas_inventory.yaml")
        elif e["status"] in ("notation", "unbound") and not str(e.get("reason", "")).strip():
            out.append(f"{where}: formula ${e['tex']}$ is {e['status']} without a reason")
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    entries = generate()
    text = dump(entries)
    if "--write" in argv:
        INVENTORY.write_text(text, encoding="utf-8")
        print(f"wrote {INVENTORY.relative_to(ROOT)}: {counts(entries)}")
    elif not INVENTORY.is_file() or INVENTORY.read_text(encoding="utf-8") != text:
        print(f"{INVENTORY.relative_to(ROOT)} is not what the pages give now; run python -m checker.formula_inventory "
              "--write and review the diff")
        return 1
    for line in problems(entries):
        print(line)
    return 1 if problems(entries) else 0


if __name__ == "__main__":
    sys.exit(main())
