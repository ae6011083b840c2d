"""How often the checker catches a corpus of page edits written by people who never saw it.

    python benchmarks/corpus_rate.py CORPUS.yaml [--repin [--held-too]] [--project DIR] [--only ID ...]

Each item is {id, page, old, new, family, why}: `old` must occur exactly once in the page's body (or, for a title
or description, once in the file). For every item the
edit is applied to a scratch copy of the project, `python -m verify PAGE` runs there, and the item counts as
flagged when a message appears that the unedited page does not give. With --repin the page's statements are
pinned after the edit (accepting every change, as a hurried author would) and the formula inventory is rewritten
(`--write`, a changed formula given the old one's hand-written status) before the check: what is left is what the
computation itself catches. Prints one line per item and a table per family; not part of `make test`
(a corpus takes minutes), the numbers go into the issue notes.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
IGNORE = shutil.ignore_patterns(".venv", "site", ".git", "__pycache__", ".hypothesis", "*.egg-info", "node_modules")
MESSAGE = re.compile(r"^(\S+?):(\d+): (.*)$")


def verify_messages(copy: Path, page: str) -> set[str]:
    """The page's failure messages, without line numbers (an edit that adds a line moves every later one). An edit
    of code that is no page (kernels/*.py, verify/*.py) is checked as CI checks it: every page, whose verify
    functions import that code (blind_38's two kernel edits were checked as a page and passed unseen)."""
    pages = [page] if page.endswith(".md") else []
    run = subprocess.run([sys.executable, "-m", "verify", *pages, "--out", str(copy / "build" / "corpus")],
                         cwd=copy, env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "HOME": str(copy)},
                         capture_output=True, text=True, timeout=600)
    found = {m.group(3) for line in run.stdout.splitlines() if (m := MESSAGE.match(line))}
    if run.returncode not in (0, 1) or (run.returncode == 1 and not found):
        found.add("crash: " + (run.stdout[-200:] + run.stderr[-300:]).strip())
    return found


def pin(copy: Path, page: str, held_too: bool = False) -> None:
    """`make pin PAGE=… ACCEPT_ALL=1` in the copy (checker/pin.py; before it had its own module, checker.statements
    --pin, which accepted every change only with --accept-all where it had one). With held_too, every change the
    bulk accept held (an edit of a pinned sentence that verify reports) is then pinned alone, line by line, as its
    message allows (`make pin PAGE=… LINES=N`): the author who accepts everything the messages let him."""
    env = {"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "HOME": str(copy)}
    if (copy / "checker" / "pin.py").is_file():
        command = [sys.executable, "-m", "checker.pin", "--accept-all", page]
    else:
        command = [sys.executable, "-m", "checker.statements", "--pin", page]
        help_text = subprocess.run([sys.executable, "-m", "checker.statements", "--help"], cwd=copy, env=env,
                                   capture_output=True, text=True).stdout
        if "--accept-all" in help_text:
            command.insert(-1, "--accept-all")
    run = subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True, timeout=600,
                         stdin=subprocess.DEVNULL)
    held = sorted({m.group(1) for m in re.finditer(r": held: .*?LINES=([\d.]+)`", run.stdout)})
    if held_too and held:
        subprocess.run([sys.executable, "-m", "checker.pin", "--accept-lines", ",".join(held), page], cwd=copy,
                       env=env, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)


def inventory_rewrite(copy: Path, page: str) -> None:
    """What the formula inventory's message asks for after a formula edit, done the hurried way: `python -m
    checker.formula_inventory --write`, then every formula of the page the generator left unclassified given the
    hand-written status and reason of the formula that stood in its place before (same page, same position), as an
    author copies the old entry's reason for the new text."""
    inventory = copy / "checker" / "data" / "formulas_inventory.yaml"
    before = [e for e in (yaml.safe_load(inventory.read_text(encoding="utf-8")) or {}).get("formulas") or []
              if e.get("page") == page]
    env = {"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "HOME": str(copy)}
    subprocess.run([sys.executable, "-m", "checker.formula_inventory", "--write"], cwd=copy, env=env,
                   capture_output=True, text=True, timeout=600)
    data = yaml.safe_load(inventory.read_text(encoding="utf-8")) or {}
    mine = [e for e in data.get("formulas") or [] if e.get("page") == page]
    changed = False
    for position, entry in enumerate(mine):
        if entry.get("status") == "unclassified" and position < len(before) \
                and before[position].get("status") in ("notation", "unbound"):
            entry["status"], entry["reason"] = before[position]["status"], before[position].get("reason", "")
            changed = True
    if changed:
        inventory.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120), encoding="utf-8")


def _edited(original: str, old: str, new: str) -> str | None:
    """The page with the edit made where an author makes it: in the body when `old` occurs there once (a relation or
    claim in the front matter may repeat the sentence; the author edits what readers read), else in the whole file
    when it occurs there once (a title or description); None when the edit cannot be placed (stale)."""
    end = original.find("\n---\n", 4) if original.startswith("---\n") else -1
    start = end + 5 if end >= 0 else 0
    if original[start:].count(old) == 1:
        return original[:start] + original[start:].replace(old, new)
    return original.replace(old, new) if original.count(old) == 1 else None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--repin", action="store_true", help="pin the edited page before checking it")
    parser.add_argument("--held-too", action="store_true",
                        help="with --repin: also pin, line by line, each change the bulk accept held")
    parser.add_argument("--project", type=Path, default=ROOT, help="the project to copy (default: this checkout)")
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--all-messages", action="store_true",
                        help="print every new message of a flagged item, not only the first")
    args = parser.parse_args(argv)
    items = yaml.safe_load(args.corpus.read_text(encoding="utf-8"))
    if args.only:
        items = [i for i in items if i["id"] in args.only]
    table: dict[str, Counter] = defaultdict(Counter)
    pages_seen = set()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "project"
        shutil.copytree(args.project, copy, ignore=IGNORE)
        shared = args.project.resolve().parent / "shared"
        if shared.is_dir():   # the course documents beside the project, as in a checkout: the seed checks read them
            (Path(tmp) / "shared").symlink_to(shared)
        baselines: dict[str, set[str]] = {}
        for item in items:
            page, family = item["page"], item.get("family", "?")
            path = copy / page
            original = path.read_text(encoding="utf-8") if path.exists() else ""
            edited = _edited(original, item["old"], item["new"])
            if edited is None:
                table[family]["stale"] += 1
                print(f"{item['id']:7s} {family:14s} stale (old text found {original.count(item['old'])} times)")
                continue
            if page not in baselines:
                baselines[page] = verify_messages(copy, page)
            pins = {p: p.read_bytes() for p in (copy / "checker" / "pins").rglob("*") if p.is_file()}
            inventory = copy / "checker" / "data" / "formulas_inventory.yaml"
            pins[inventory] = inventory.read_bytes()   # restored after the item, like the pin files
            try:
                path.write_text(edited, encoding="utf-8")
                if args.repin:
                    pin(copy, page, args.held_too)
                    inventory_rewrite(copy, page)
                new = verify_messages(copy, page) - baselines[page]
            finally:
                path.write_text(original, encoding="utf-8")
                for p in (copy / "checker" / "pins").rglob("*"):
                    if p.is_file() and p not in pins:
                        p.unlink()
                for p, data in pins.items():
                    p.write_bytes(data)
            pages_seen.add(page)
            table[family]["flagged" if new else "passed"] += 1
            print(f"{item['id']:7s} {family:14s} {'FLAGGED' if new else 'passed '} {next(iter(sorted(new)), '')[:150]}")
            if args.all_messages:
                for message in sorted(new)[1:]:
                    print(f"{'':23s} also: {message[:150]}")
    total = Counter()
    print(f"\n{'family':16s}{'items':>7}{'flagged':>9}{'passed':>8}{'stale':>7}")
    for family in sorted(table):
        c = table[family]
        total.update(c)
        print(f"{family:16s}{c['flagged'] + c['passed']:>7}{c['flagged']:>9}{c['passed']:>8}{c['stale']:>7}")
    print(f"{'all':16s}{total['flagged'] + total['passed']:>7}{total['flagged']:>9}{total['passed']:>8}{total['stale']:>7}"
          f"   ({len(pages_seen)} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
