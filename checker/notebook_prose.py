"""A lab notebook's Markdown is checked like a page's prose (issue 20).

A notebook's code cells are rerun in CI and their outputs compared (tests/test_notebooks.py); its Markdown cells
are what a reader takes away, and an edit there keeps every output green. So every number a Markdown cell
prints must be accounted for like a number on a page:

- shown by the notebook itself: it appears in one of the notebook's committed outputs (which CI regenerates),
  or in the code of the notebook or of the project modules its cells import (an input written in code);
- stated by the course: a course section the notebook declares in its metadata (`"course_sections":
  ["lecture §3.10"]`) prints it (checker/data/seed_numbers.json), at the precision printed;
- structural (a section number, a year beside a name, a formula's exponent), as on pages (checker/classify.py).

A vague quantifier where a declared section states the count (几个 for its 三个) fails as on a page. A number word
(三个, 两条) is a number like its digits: it passes where the notebook's code or output shows that value, or a declared
course section states it.
"""
from __future__ import annotations

import re
from pathlib import Path

from checker.paths import ROOT


def _imported_sources(code: str, root: Path) -> str:
    texts = []
    for module in set(re.findall(r"^\s*(?:from|import)\s+((?:kernels|verify|checker|training|labs|tools)(?:\.\w+)*)", code, re.M)):
        path = root / (module.replace(".", "/") + ".py")
        if not path.is_file():   # a scratch copy of the notebooks alone: the project's own modules
            path = ROOT / (module.replace(".", "/") + ".py")
        if path.is_file():
            texts.append(path.read_text(encoding="utf-8"))
    return "\n".join(texts)


def errors(path: Path, root: Path = ROOT) -> list[str]:
    import nbformat

    from checker import classify, counts
    from checker.notebook_cells import shown_outputs
    from checker.seed_numbers import section_numbers

    nb = nbformat.read(path, as_version=4)
    rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    shown = "\n".join(text for c in nb.cells if c.cell_type == "code" for text in shown_outputs(c))
    written = code + "\n" + _imported_sources(code, root)
    sections = [section_numbers(s) for s in nb.metadata.get("course_sections", [])]
    unknown = [s for s, n in zip(nb.metadata.get("course_sections", []), sections) if not n.source]
    found = [f"{rel}:1: metadata course_sections names {s!r}, which is not a course section; use 'lecture §3.10'"
             for s in unknown]
    phrases = frozenset().union(*(n.phrases for n in sections)) if sections else frozenset()
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        for token in classify.numbers_in(cell.source):
            if token.structural:
                continue
            try:
                from checker.numbers import parse_number
                value = classify.word_value(token.text) if token.word else parse_number(token.text).value
            except Exception:
                value = None
            # a number word is a number (三个 is 3): it is found where its digits are, like digits are
            number = re.escape(token.text if not token.word or value is None else f"{value:g}")
            if re.search(rf"(?<![\d.]){number}(?![\d])", shown) or re.search(rf"(?<![\d.]){number}(?![\d])", written):
                continue
            if token.word and any(n.states_phrase(token.phrase) for n in sections):
                continue
            if value is not None and any(n.states_value(value) for n in sections):
                continue
            found.append(f"{rel}:1: cell {i}: the Markdown prints {token.text!r}, which no output or code of the "
                         "notebook shows and no course section in its metadata course_sections states; print it "
                         "from a cell, or name the section that states it")
        for offset, text, phrase in counts.blurred_counts(cell.source, phrases):
            found.append(f"{rel}:1: cell {i}: {text!r} blurs a count that a declared course section states "
                         f"({phrase!r}); state the count")
    return found


def check(root: Path = ROOT) -> list[str]:
    return [e for path in sorted((root / "notebooks").glob("*.ipynb")) for e in errors(path, root)]
