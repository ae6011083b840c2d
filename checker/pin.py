"""`make pin`: review a page's changed statements and reworded claims change by change, and pin those accepted.

Each statement change (checker/statements.py) is shown as old sentence -> new sentence with the words that changed
and asked y/n at a terminal; a claim found only by its numbers in a reworded sentence (checker/relocation.py) is
shown as old template -> new template and, accepted, written into the page's front matter, so that the claim is
found verbatim once its sentence is pinned. Without a terminal nothing is pinned (exit 1) unless --accept-all.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from checker import relocation, snapshots
from checker.paths import project_relative
from checker.pipeline import check_page
from checker.statements import Review, apply, review


def _is_terminal(stream) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _ask(stdin, out):
    def ask(r: Review, change: snapshots.Change) -> bool:
        out(f"{r.where(change)}: {change.describe()}")
        return _yes(stdin, out, "pin this change?")
    return ask


def _update_templates(paths: list[Path], accept_all: bool, stdin, out) -> int:
    """A claim found only by its numbers in a reworded sentence (checker/relocation.py) gets its template rewritten
    to the new text, asked like a statement change: pinning the sentence without it would leave the claim not
    found. Returns how many updates were not made."""
    left = 0
    for update in (u for path in paths for u in check_page(path).relocations):
        where = f"{project_relative(update.path)}:{update.line}"
        field = "template" if update.what == "claim" else "text"
        out(f"{where}: {update.what} {update.index}'s sentence was reworded: {field} {update.old!r} -> {update.new!r}")
        if accept_all:
            yes = True
        elif _is_terminal(stdin):
            yes = _yes(stdin, out, "update this template?")
        else:
            out(f"{where}: not updated: no terminal to ask at; run `make pin PAGE={project_relative(update.path)}` "
                "in a terminal, or with ACCEPT_ALL=1")
            left += 1
            continue
        problem = relocation.rewrite(update) if yes else "refused"
        if problem:
            out(f"{where}: {field} not updated: {problem}")
            left += 1
    return left


def _yes(stdin, out, question: str) -> bool:
    while True:
        out(f"{question} [y/n] ", end="", flush=True)
        answer = stdin.readline()
        if not answer:
            out("")
            return False
        if answer.strip().lower() in ("y", "yes", "n", "no"):
            return answer.strip().lower().startswith("y")


def main(argv: list[str] | None = None, stdin=None, out=print) -> int:
    parser = argparse.ArgumentParser(prog="python -m checker.pin", description=__doc__.split("\n")[0])
    parser.add_argument("--accept-all", action="store_true",
                        help="with no terminal: accept every change, printing each one")
    parser.add_argument("pages", nargs="*", type=Path)
    args = parser.parse_args(argv)
    from checker.page import all_pages
    stdin = sys.stdin if stdin is None else stdin
    left = _update_templates([p.resolve() for p in args.pages] or all_pages(), args.accept_all, stdin, out)
    reviews = review([p.resolve() for p in args.pages])
    changed = [r for r in reviews if r.changes]
    page_arg = f" PAGE='{' '.join(project_relative(p) for p in args.pages)}'" if len(args.pages) > 1 else \
        f" PAGE={project_relative(args.pages[0])}" if args.pages else ""
    if not changed:
        out(f"nothing to pin: the pin files of {len(reviews)} pages read as the pages do")
        return 1 if left else 0
    if args.accept_all or _is_terminal(stdin):
        def accept_and_say(r: Review, change: snapshots.Change) -> bool:
            out(f"{r.where(change)}: pinned: {change.describe()}")
            return True
        decide = accept_and_say if args.accept_all else _ask(stdin, out)
        answers: dict[int, bool] = {}
        for r in changed:
            for change in r.asked:
                answers[id(change)] = decide(r, change)
            if r.recorded:
                out(f"{project_relative(r.path)}:{r.page.body_first_line}: {len(r.recorded)} changes without a "
                    "statement word changed (rewording, moved sentences, sentences without statement words) are "
                    "recorded with it")
        written = apply(reviews, lambda change: answers.get(id(change), False))
        refused = sum(1 for v in answers.values() if not v)
        out(f"{sum(answers.values())} changes pinned, {refused} refused, in {len(written)} pin files under "
            f"{project_relative(snapshots.PINS)}" + (f"; a refused change is not pinned: its page keeps failing "
                                                     "there until the sentence is fixed or the change is accepted"
                                                     if refused else ""))
        return 1 if left else 0
    count = 0
    for r in changed:
        for change in r.asked:
            out(f"{r.where(change)}: not pinned: {change.describe()}; to pin it, read it and run "
                f"`make pin PAGE={project_relative(r.path)}` at a terminal (or with ACCEPT_ALL=1)")
            count += 1
        if r.recorded:
            out(f"{project_relative(r.path)}:{r.page.body_first_line}: not pinned: {len(r.recorded)} changes without "
                "a statement word changed (rewording, moved sentences, sentences without statement words)")
            count += len(r.recorded)
    out(f"{count} changes on {len(changed)} pages not pinned: no terminal to ask at; read them, then run "
        f"`make pin{page_arg}` in a terminal to accept or refuse each, or pass --accept-all (`make pin ACCEPT_ALL=1"
        f"{page_arg}`) to pin them all")
    return 1


if __name__ == "__main__":
    sys.exit(main())
