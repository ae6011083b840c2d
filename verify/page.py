"""A topic page: its front matter (the claims contract) and its body, with line numbers kept."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

EVIDENCE_KINDS = ("construction", "checkpoint", "measurement", "paper", "record", "design")
FRONT_MATTER_KEYS = {
    "id": "stable page id, e.g. lecture.3.5",
    "title": "page title",
    "source": "which section of which seed the page covers, e.g. 'lecture §3.5'",
    "evidence": f"list of evidence kinds among {', '.join(EVIDENCE_KINDS)}",
    "verify": "path/to/module.py::function that recomputes the claims",
    "claims": "list of templates: literal page text with {key} holes",
    "cited": "list of {text, source, kind} for numbers taken from a source",
    "sources": "map of source key -> full reference with version and location",
    "description": "one line used by llms.txt and search engines",
    "relations": "list of {text, holds}: a comparison sentence on the page and the predicate over computed keys it states",
    "formulas": "list of {tex, kernel, args}: a formula on the page with numerals and the kernel it must agree with",
}
REQUIRED_KEYS = ("id", "title", "source", "evidence")


class PageError(Exception):
    """A problem with a page, reported as one line: file:line: message."""

    def __init__(self, path, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass
class Page:
    path: Path
    meta: dict
    body: str            # everything after the front matter
    body_first_line: int  # 1-based line number of the body's first line in the file
    body_offset: int = 0  # character offset of the body in the file
    meta_lines: dict = field(default_factory=dict)  # top-level key -> line number

    def line_of(self, offset: int) -> int:
        """File line number of a character offset into the body."""
        return self.body_first_line + self.body.count("\n", 0, offset)

    @property
    def id(self) -> str:
        return self.meta["id"]


def read_page(path: Path) -> Page:
    text = Path(path).read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        raise PageError(path, 1, "no YAML front matter; start the file with '---' (see docs/about/authoring.md)")
    end = text.find("\n---\n", 4)
    if end < 0:
        raise PageError(path, 1, "front matter is not closed; add a line '---' after it")
    raw = text[4:end]
    try:
        meta = yaml.safe_load(raw) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark else 1
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise PageError(path, line, f"front matter is not valid YAML ({problem}); quote templates with single quotes") from None
    if not isinstance(meta, dict):
        raise PageError(path, 2, "front matter must be a YAML mapping of keys to values")
    meta_lines = {}
    for i, line in enumerate(raw.split("\n")):
        m = re.match(r"([A-Za-z_]\w*):", line)
        if m:
            meta_lines[m.group(1)] = i + 2
    for key in meta:
        if key not in FRONT_MATTER_KEYS:
            raise PageError(path, meta_lines.get(key, 2),
                            f"unknown front-matter key {key!r}; allowed: {', '.join(FRONT_MATTER_KEYS)}")
    for key in REQUIRED_KEYS:
        if key not in meta:
            raise PageError(path, 2, f"front matter lacks {key!r} ({FRONT_MATTER_KEYS[key]})")
    evidence = meta["evidence"]
    if not isinstance(evidence, list) or any(e not in EVIDENCE_KINDS for e in evidence):
        raise PageError(path, meta_lines.get("evidence", 2),
                        f"evidence must be a list drawn from {', '.join(EVIDENCE_KINDS)} ([] for a page without "
                        f"numbers); got {evidence!r}")
    for key in ("claims", "cited", "relations", "formulas"):
        if key in meta and not isinstance(meta[key], list):
            raise PageError(path, meta_lines.get(key, 2), f"{key!r} must be a YAML list")
    if "sources" in meta and not isinstance(meta["sources"], dict):
        raise PageError(path, meta_lines.get("sources", 2), "'sources' must map a key to a reference string")
    body_start = end + len("\n---\n")
    first_line = text.count("\n", 0, body_start) + 1
    return Page(Path(path), meta, text[body_start:], first_line, body_start, meta_lines)


def claim_line(page: Page, section: str, index: int) -> int:
    """Best-effort file line of the index-th item of a front-matter list, for messages."""
    start = page.meta_lines.get(section)
    if start is None:
        return 1
    text = page.path.read_text(encoding="utf-8").split("\n")
    seen = -1
    for n in range(start, len(text)):
        if re.match(r"\s*- ", text[n]):
            seen += 1
            if seen == index:
                return n + 1
        elif re.match(r"[A-Za-z_]\w*:", text[n]) or text[n] == "---":
            break
    return start
