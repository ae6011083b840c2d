"""`make pin`: review a page's changed statements and reworded claims change by change, and pin those accepted.

Each statement change (checker/statements.py) is shown as old sentence -> new sentence with the words that changed
and asked y/n at a terminal; a claim found only by its numbers in a reworded sentence (checker/relocation.py) is
shown as old template -> new template and, accepted, written into the page's front matter, so that the claim is
found verbatim once its sentence is pinned. Without a terminal nothing is pinned (exit 1) unless --accept-all or
--accept-lines.

--accept-all does not pin an edit of a pinned sentence that verify reports (a negation dropped, a modal or a term
replaced, a link sent elsewhere, two terms exchanged): such a change is held, printed with its line, and pinned only
when named alone (--accept-lines LINE, or y at a terminal). On the blind wrong-edit corpora 22 and 23, 35 of the 36
wrong edits the pins caught and a bulk accept erased were of this shape (the other a formula, erased by the formula
inventory's rewrite); new sentences, removed ones and the rewordings verify reads as the same statement are still
pinned in bulk.
"""
from __future__ import annotations

import argparse
import re
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


def _update_templates(paths: list[Path], accept_all: bool, stdin, out, rewritten: set | None = None) -> int:
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
        elif rewritten is not None:
            rewritten.add(Path(update.path).resolve())
    return left


_MESSAGE = re.compile(r"^.*?:(\d+): (.*)$")


def _flagged_lines(path: Path) -> set[int]:
    """The lines at which verify reports a pinned statement or arrangement that changed (its messages name `make pin`)."""
    lines = set()
    for error in check_page(path).errors:
        m = _MESSAGE.match(error)
        if m and "make pin" in m.group(2):
            lines.add(int(m.group(1)))
    return lines


def _change_lines(r: Review, change: snapshots.Change) -> set[int]:
    """The page lines a change spans; where it lost statement words, also the items before it back to one with
    statement words (a statement lost with nothing in its place is reported at the statement before it). A change
    next to a reported one is not held for its neighbour's sake (the seventh new-author trial)."""
    spans, items = r.spans[1:], r.items[1:]
    _, _, j1, j2 = change.spans
    first = j1
    if len(change.words_after) < len(change.words_before):
        first = max(j1 - 1, 0)
        while first > 0 and not snapshots.words_of(items[first]):
            first -= 1
    lines = set()
    for j in range(first, min(j2, len(spans))):
        start, end = spans[j]
        if start >= 0:
            lines |= set(range(r.page.line_of(start), r.page.line_of(max(start, end - 1)) + 1))
        else:
            lines.add(r.page.meta_lines.get({-1: "title", -2: "description", -3: "relations"}[start], 2))
    return lines


def held_changes(reviews: list[Review], renumbered: set = frozenset()) -> set[int]:
    """id() of each change a bulk accept leaves for a person: an edit of a pinned sentence (old and new items, not a
    move) on whose lines verify reports a changed statement or arrangement. A new sentence or a removed one is not
    held, nor a rewording verify reads as the same statement, nor, on a page in `renumbered`, a relation whose
    cited places this run itself renumbered (a cited text reworded with its numbers in another order)."""
    held = set()
    for r in reviews:
        if r.page is None or r.old is None:
            continue
        edits = [c for c in r.asked if c.old and c.new and not c.moved
                 and not (Path(r.path).resolve() in renumbered
                          and all(snapshots.key_of(i) == "relation" for i in c.old + c.new))]
        if not edits:
            continue
        flagged = _flagged_lines(r.path)
        held |= {id(c) for c in edits if _change_lines(r, c) & flagged}
    return held


def _list_sentences(r: Review, change: snapshots.Change, out) -> None:
    """A new page's sentences that hold statement words, one line each with its words, so that the review pinning it
    asks for can be done from the listing (new-author trial 46 was shown one count for the whole page)."""
    for item, span in zip(change.new, r.spans[1:]):
        words = snapshots.shown_words(item)
        if not words:
            continue
        text = " ".join(str(item[snapshots.key_of(item)]).split())
        line = r.page.line_of(span[0]) if span[0] >= 0 else r.page.body_first_line
        out(f"    {project_relative(r.path)}:{line}: {', '.join(words)}: '{text[:100]}'")


def _names(reviews: list[Review], among=None) -> dict[int, str]:
    """{id(change): the name --accept-lines takes for it}: its page line, or LINE.K for the K-th of several changes a
    line holds (a paragraph is one line on many pages: naming the line must not pin a neighbour unread). `among`:
    the ids of the changes still asked for after this run (the held ones), whose names the next run will use."""
    at: dict[tuple[str, str], list] = {}
    for r in reviews:
        for change in r.asked:
            if among is not None and id(change) not in among:
                continue
            path, line = r.where(change).rsplit(":", 1)
            at.setdefault((path, line), []).append(change)
    return {id(c): line if len(group) == 1 else f"{line}.{k}"
            for (_, line), group in at.items() for k, c in enumerate(group, 1)}


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
                        help="with no terminal: accept every change but the held ones (an edit of a pinned sentence "
                             "that verify reports), printing each one")
    parser.add_argument("--accept-lines", default="",
                        help="with no terminal: accept only the changes at these page lines (comma-separated), "
                             "held ones included; one page")
    parser.add_argument("pages", nargs="*", type=Path)
    args = parser.parse_args(argv)
    lines = {n for n in args.accept_lines.replace(" ", "").split(",") if n}
    if not all(re.fullmatch(r"[1-9]\d*(?:\.[1-9]\d*)?", n) for n in lines):
        out(f"--accept-lines {args.accept_lines!r}: give page line numbers separated by commas, e.g. 12,40 (12.2: the "
            "second change on line 12, where one line holds several)")
        return 2
    if lines and len(args.pages) != 1:
        out("--accept-lines names lines of one page: give exactly one PAGE")
        return 2
    from checker.page import all_pages
    stdin = sys.stdin if stdin is None else stdin
    rewritten: set[Path] = set()
    left = _update_templates([p.resolve() for p in args.pages] or all_pages(), args.accept_all, stdin, out, rewritten)
    reviews = review([p.resolve() for p in args.pages])
    changed = [r for r in reviews if r.changes]
    page_arg = f" PAGE='{' '.join(project_relative(p) for p in args.pages)}'" if len(args.pages) > 1 else \
        f" PAGE={project_relative(args.pages[0])}" if args.pages else ""
    if not changed:
        out(f"nothing to pin: the pin files of {len(reviews)} pages read as the pages do")
        return 1 if left else 0
    held = held_changes(changed, rewritten) if args.accept_all and not lines else set()
    names = _names(changed)
    # the name a held change will have once the others beside it are pinned (new-author trial 18 was told LINES=66.2,
    # and the next run, with 66.1 pinned, knew the change as 66)
    names_after = _names(changed, among=held)
    # a line inside the one change's span names it too: verify reports a change at the line of the word that changed,
    # which may be a later line of the sentence the change is named by (label round 86: verify said 55, pin knew 53)
    # (only a line verify reports: review 86 found a line of the unchanged sentence before a removal naming it)
    for n in [n for n in lines - set(names.values()) if "." not in n]:
        spanning = [c for r in changed for c in r.asked
                    if int(n) in _change_lines(r, c) and int(n) in _flagged_lines(r.path)]
        if len(spanning) == 1:
            lines = (lines - {n}) | {names[id(spanning[0])]}
    unknown = sorted(lines - set(names.values()), key=lambda n: [int(x) for x in n.split(".")])
    if unknown:
        shared = [n for n in unknown if any(v.startswith(n + ".") for v in names.values())]
        out(f"--accept-lines: no asked change is named {', '.join(unknown)} on {page_arg.split('=', 1)[-1]}"
            + (f"; line {', '.join(shared)} holds several changes: name one as LINE.K (the names are printed with "
               "each change)" if shared else "; the names are the lines printed with each change")
            + "; nothing pinned")
        return 1
    if lines or args.accept_all or _is_terminal(stdin):
        def accept_and_say(r: Review, change: snapshots.Change) -> bool:
            if id(change) in held:
                out(f"{r.where(change)}: held: {change.describe()}; an edit of a pinned sentence that verify reports "
                    "is not pinned in bulk: read it against its source, then pin it alone with `make pin "
                    f"PAGE={project_relative(r.path)} LINES={names_after[id(change)]}` (or at a terminal)")
                return False
            out(f"{r.where(change)}: pinned: {change.describe()}")
            return True

        def named_line(r: Review, change: snapshots.Change) -> bool:
            if names[id(change)] in lines:
                return accept_and_say(r, change)
            out(f"{r.where(change)}: not pinned (not named: {names[id(change)]}): {change.describe()}")
            return False
        decide = named_line if lines else accept_and_say if args.accept_all else _ask(stdin, out)
        answers: dict[int, bool] = {}
        for r in changed:
            for change in r.asked:
                answers[id(change)] = decide(r, change)
            if r.recorded:
                # at the first recorded change's line, and each one's line: the page's first body line named a
                # line nothing changed on (description audit: a description's rewording reported at a body line)
                places = [r.where(change).rsplit(":", 1)[-1] for change in r.recorded]
                out(f"{r.where(r.recorded[0])}: {len(r.recorded)} changes without a statement word changed "
                    f"(rewording, moved sentences, sentences without statement words; lines {', '.join(places)}) "
                    "are recorded with it")
        written = apply(reviews, lambda change: answers.get(id(change), False))
        refused = sum(1 for v in answers.values() if not v) - len(held)
        out(f"{sum(answers.values())} changes pinned, {refused} refused" + (f", {len(held)} held" if held else "")
            + f", in {len(written)} pin files under "
            f"{project_relative(snapshots.PINS)}" + (f"; a refused change is not pinned: its page keeps failing "
                                                     "there until the sentence is fixed or the change is accepted"
                                                     if refused else ""))
        return 1 if left or held else 0
    count = 0
    for r in changed:
        for change in r.asked:
            out(f"{r.where(change)}: not pinned: {change.describe()}; to pin it, read it and run "
                f"`make pin PAGE={project_relative(r.path)}` at a terminal (or with ACCEPT_ALL=1)")
            count += 1
            if change.note.startswith("new page") and r.page is not None:
                _list_sentences(r, change, out)
        if r.recorded:
            out(f"{project_relative(r.path)}:{r.page.body_first_line}: not pinned: {len(r.recorded)} changes without "
                "a statement word changed (rewording, moved sentences, sentences without statement words)")
            count += len(r.recorded)
    out(f"{count} changes on {len(changed)} pages not pinned: no terminal to ask at; read them, then run "
        f"`make pin{page_arg}` in a terminal to accept or refuse each, or pass --accept-all (`make pin ACCEPT_ALL=1"
        f"{page_arg}`) to pin all but the held ones (an edit of a pinned sentence that verify reports), which "
        "LINES= names one by one")
    return 1


if __name__ == "__main__":
    sys.exit(main())
