"""A topic page: its front matter (the claims contract) and its body, with line numbers kept."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

# a claim template's hole: {key}, {key[2]}, {key.name}; one pattern for every module that reads templates
HOLE = re.compile(r"\{([A-Za-z_]\w*)((?:\[\d+\]|\.[A-Za-z_]\w*)*)\}")
EVIDENCE_KINDS = ("construction", "checkpoint", "measurement", "paper", "record", "design")
FRONT_MATTER_KEYS = {
    "id": "stable page id, e.g. lecture.3.5",
    "title": "page title",
    "source": "which section of which seed the page covers, e.g. 'lecture §3.5'",
    "evidence": f"list of evidence kinds among {', '.join(EVIDENCE_KINDS)}",
    "verify": "path/to/module.py::function that recomputes the claims",
    "claims": "list of templates: literal page text with {key} holes",
    "cited": "list of {text, source} for numbers taken from a source; source is 'KEY LOCATION'",
    "sources": "list of citations 'KEY LOCATION[, LOCATION] [— note]' into checker/data/bibliography.bib",
    "description": "one line used by llms.txt and search engines",
    "figures": "list of {id, draw, from, data, labels, sha256}: figures drawn from the verified values (tools/figures.py)",
    "relations": "list of {text, holds}: a comparison sentence on the page and the predicate over computed keys it states",
    "formulas": "list of {tex, kernel, args}: a formula on the page with numerals and the kernel it must agree with",
    "course_also": "list of other course sections whose stated numbers the page restates, e.g. ['lecture §7.6'] "
                   "(the example the previous section sets up); a number counts as the course's only if one of them "
                   "states it",
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


def split_front_matter(text: str) -> tuple[str, int] | None:
    """(raw YAML, offset of the body) when `text` opens with a closed front-matter block, else None."""
    if not text.startswith("---\n"):
        return None
    end = text.find("\n---\n", 4)
    if end < 0:
        return None
    return text[4:end], end + len("\n---\n")


# docs-relative folders that hold the site's own pages (home page, the guide): Markdown there
# without front matter is not a topic page. Everywhere else every Markdown file is a topic page.
SITE_PAGE_FOLDERS = ("", "about")


def is_page(path: Path, docs: Path | None = None) -> bool:
    """Is this Markdown file a topic page the checker must check?

    It is when it opens with front matter (even behind a byte-order mark or blank lines, which
    read_page then refuses), or when it lies outside the site's own folders, where a file that
    lacks front matter is a page that lost it, not a page without numbers.
    """
    head = Path(path).read_bytes()[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"---"):
        return True
    if docs is None:
        return False
    folder = Path(path).resolve().parent.relative_to(Path(docs).resolve()).as_posix()
    return (folder if folder != "." else "") not in SITE_PAGE_FOLDERS


def read_text(path: Path) -> str:
    """The file as UTF-8 text; a byte that is not UTF-8 is one PageError naming its line."""
    data = Path(path).read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise PageError(path, line, f"byte {data[exc.start]:#04x} at offset {exc.start} is not UTF-8; "
                                    "save the file as UTF-8") from None


def _load_yaml(text: str):
    """YAML through libyaml where PyYAML has it (ten times faster; every check reads a page's front matter),
    through the pure loader otherwise, and for a broken text always: its messages name the problem and its line.
    A long text (a data file, not a page's front matter) is parsed once and kept (startup_cache)."""
    if len(text) >= 16_000:
        from checker import startup_cache
        return startup_cache.parsed(text, _parse_yaml)
    return _parse_yaml(text)


def _parse_yaml(text: str):
    loader = getattr(yaml, "CSafeLoader", None)
    if loader is not None:
        try:
            return yaml.load(text, Loader=loader)
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)


def front_matter(path: Path) -> dict | None:
    """The front matter of a file as a mapping, or None; lenient, for readers that only list pages."""
    split = split_front_matter(Path(path).read_text(encoding="utf-8"))
    if split is None:
        return None
    meta = _load_yaml(split[0])
    return meta if isinstance(meta, dict) else None


def read_page(path: Path) -> Page:
    text = read_text(path)
    if text.startswith("\ufeff"):
        raise PageError(path, 1, "the file starts with a byte-order mark (BOM), so its front matter is not read; "
                                 "save it as UTF-8 without BOM")
    if "\r\n" in text:
        raise PageError(path, text[:text.index("\r\n")].count("\n") + 1,
                        "Windows line endings (CRLF); save the file with LF line endings")
    if not text.startswith("---\n") and text.lstrip().startswith("---\n"):
        blank = len(text) - len(text.lstrip())
        raise PageError(path, 1, f"{text.count(chr(10), 0, blank)} blank line(s) before the front matter, so it is "
                                 "not read; start the file with '---' on line 1")
    if not text.startswith("---\n"):
        raise PageError(path, 1, "no YAML front matter; start the file with '---' (see docs/about/authoring.md)")
    split = split_front_matter(text)
    if split is None:
        raise PageError(path, 1, "front matter is not closed; add a line '---' after it")
    raw, body_start = split
    try:
        meta = _load_yaml(raw) or {}
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
    if "sources" in meta and not isinstance(meta["sources"], (list, dict)):  # dict: old form, reported by provenance
        raise PageError(path, meta_lines.get("sources", 2),
                        "'sources' must be a list of citations like 'vaswani2017 Table 2'")
    first_line = text.count("\n", 0, body_start) + 1
    return Page(Path(path), meta, text[body_start:], first_line, body_start, meta_lines)


def claim_line(page: Page, section: str, index: int) -> int:
    """Best-effort file line of the index-th item of a front-matter list, for messages."""
    start = page.meta_lines.get(section)
    if start is None:
        return 1
    text = read_text(page.path).split("\n")
    seen = -1
    for n in range(start, len(text)):
        if re.match(r"\s*- ", text[n]):
            seen += 1
            if seen == index:
                return n + 1
        elif re.match(r"[A-Za-z_]\w*:", text[n]) or text[n] == "---":
            break
    return start


def squeeze(text: str) -> tuple[str, list[int]]:
    """Drop whitespace; return the squeezed text and each kept char's offset in `text`.
    Templates and cited texts are matched on squeezed text, so reflowed prose still matches."""
    offsets: list[int] = []
    for run in _NON_SPACE.finditer(text):   # runs, not characters: a check squeezes each page dozens of times
        offsets.extend(range(run.start(), run.end()))
    return _SPACE.sub("", text), offsets


_NON_SPACE, _SPACE = re.compile(r"\S+"), re.compile(r"\s+")   # \s is str.isspace: both ask Py_UNICODE_ISSPACE


def all_pages(docs: Path | None = None) -> list[Path]:
    """Every topic page under `docs` (default: the project's docs/), sorted."""
    from checker.paths import DOCS
    docs = Path(docs) if docs is not None else DOCS
    return sorted(p for p in docs.rglob("*.md") if is_page(p, docs))
