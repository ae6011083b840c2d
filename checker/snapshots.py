"""The reviewed snapshot of a page (DESIGN §3, "Snapshots are reviewed, rules are data"; issue 31): one small file
per page under checker/pins/, mirroring docs/ (docs/lecture/ch03/3-5.md -> checker/pins/lecture/ch03/3-5.yaml).

`make pin` writes it after a person accepted each change (checker/statements.py); checker/statements.py reads the
statement words from it and checker/arrangements.py recomputes from its text which characters stood in which
arrangement. Nothing in it is a hash: a git diff of the file reads "this sentence, these words -> that sentence,
those words". One line per item, each a JSON object in a YAML list, in page order:

    - {"page": "lecture.2.8"}
    - {"title": "温度与分布"}
    - {"description": "温度越低，分布越尖。", "words": ["order:down", "shape:sharp"]}
    - {"relation": "{entropy[2]} > {entropy[1]}"}                    a relation's predicate, whitespace squeezed
    - {"heading": "# 温度"}
    - {"paragraph": "温度降低一般让分布更尖，升高让它更平。", "words": ["order:down", "shape:sharp", ...]}
    - {"sentence": "这个解释本站没有单独测过。", "words": ["site", "not-done"]}      the next sentence of the block
    - {"list": "- 第一项；"} / {"item": "- 第二项。"}                     a list's first item / the next item
    - {"table": "| 阶段 | 代价 |"} / {"row": "| prefill | 计算 |"}       a table's first row / the next row
    - {"code": "```python"} / {"line": "x = 1"}                         a code block's first line / the next line
    - {"says": "a = 1 b = 2", "words": ["same"]}                        a statement sentence that no text line holds

A text line's `words` are the statement words no computation checks that its sentence states (checker/statements.py
lists them); the whole page's sequence is the title's, the description's, the relations', then every line's words in
order. Text is whitespace-normalized; the arrangement check reads it without whitespace.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from checker.paths import DOCS, ROOT, project_relative, write_text_atomically

PINS = ROOT / "checker" / "pins"
SUFFIX = ".yaml"

# the keys of the text lines (checker/arrangements.py rebuilds the page's blocks from them) and of the others
TEXT_KEYS = ("paragraph", "heading", "sentence", "list", "item", "table", "row", "code", "line")
HEAD_KEYS = ("page", "title", "description", "relation", "says")
_OPTIONAL = {"words", "prefix"}


def squeeze_spaces(text: str) -> str:
    return " ".join(str(text).split())


def relation_token(holds: str) -> str:
    """Which computed values a comparison reads, as a statement token (spacing is not meaning)."""
    return "relations:" + hashlib.blake2b(squeeze_spaces(holds).encode("utf-8"), digest_size=4).hexdigest()


def key_of(item: dict) -> str:
    return next(k for k in item if k not in _OPTIONAL)


def words_of(item: dict) -> list[str]:
    """The statement tokens an item contributes to the page's sequence, as checker/statements.py writes them."""
    key = key_of(item)
    if key == "relation":
        return [relation_token(item["relation"])]
    if key in ("title", "description"):
        return [f"{key}:{w}" for w in item.get("words", [])]
    return list(item.get("words", []))


@dataclass
class Snapshot:
    path: Path
    items: list[dict]

    @property
    def page_id(self) -> str | None:
        return next((i["page"] for i in self.items if "page" in i), None)

    def tokens(self) -> list[str]:
        return [w for item in self.items for w in words_of(item)]

    def token_texts(self) -> list[str]:
        """The text of the item each of tokens() comes from, in the same order."""
        return [str(item[key_of(item)]) for item in self.items for _ in words_of(item)]

    def field(self, name: str) -> str:
        return next((i[name] for i in self.items if name in i), "")


def path_for(page_path: Path) -> Path:
    """The pin file of a page: its path under docs/ mirrored under checker/pins/. A page in a scratch copy of the
    tree (…/docs/lecture/ch03/3-5.md, as the mutation corpus and the tests write it) has the pin of the page it copies,
    so an edit there is judged as an edit of the page; a page with no docs/ in its path: its file name."""
    resolved = Path(page_path).resolve()
    docs = DOCS.resolve()
    if resolved.is_relative_to(docs):
        relative = resolved.relative_to(docs)
    elif "docs" in resolved.parts[:-1]:
        at = len(resolved.parts) - 1 - resolved.parts[::-1].index("docs")
        relative = Path(*resolved.parts[at + 1:])
    else:
        relative = Path(resolved.name)
    return PINS / relative.with_suffix(SUFFIX)


def page_for(pin_path: Path) -> Path:
    """The page a pin file under checker/pins/ stands for."""
    return DOCS / Path(pin_path).resolve().relative_to(PINS.resolve()).with_suffix(".md")


def all_pin_files() -> list[Path]:
    return sorted(PINS.rglob("*" + SUFFIX)) if PINS.is_dir() else []


def parse(text: str, name: str) -> list[dict]:
    """The items of a pin file's text; a broken line is one SystemExit line naming the file and the line."""
    items = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        problem = None
        if not line.startswith("- "):
            problem = "a pin line is '- {JSON object}'"
        else:
            try:
                item = json.loads(line[2:])
            except json.JSONDecodeError as exc:
                problem = f"not valid JSON ({exc.msg})"
            else:
                problem = _invalid(item)
        if problem:
            raise SystemExit(f"{name}:{number}: {problem}; restore the file from git, or run `make pin` after "
                             "reading the page's changed sentences")
        items.append(item)
    return items


def _invalid(item) -> str | None:
    if not isinstance(item, dict):
        return "expected a JSON object"
    keys = [k for k in item if k not in _OPTIONAL]
    if len(keys) != 1 or keys[0] not in TEXT_KEYS + HEAD_KEYS or not isinstance(item[keys[0]], str):
        return f"expected one of {', '.join(TEXT_KEYS + HEAD_KEYS)} with a string"
    words = item.get("words", [])
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        return "'words' must be a list of strings"
    if not isinstance(item.get("prefix", ""), str):
        return "'prefix' must be a string"
    return None


_cache: dict[Path, tuple[bytes, Snapshot]] = {}


def read(path: Path) -> Snapshot | None:
    """The snapshot in a pin file (None when there is none), parsed once per content."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None
    hit = _cache.get(path)
    if hit and hit[0] == data:
        return hit[1]
    snapshot = Snapshot(path, parse(data.decode("utf-8"), project_relative(path)))
    _cache[path] = (data, snapshot)
    return snapshot


def for_page(page_path: Path) -> Snapshot | None:
    return read(path_for(page_path))


def digest(page_path: Path) -> str:
    """What a page's check depends on among the pins: its own file's content (re-pinning one page re-checks only it)."""
    path = path_for(page_path)
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "absent"


def render(items: list[dict], page_path: Path) -> str:
    page = project_relative(Path(page_path))
    lines = [f"# {page} as a person last accepted it (`make pin PAGE={page}`): each sentence with the statement words "
             "no computation checks, in page order (docs/about/authoring.md)"]
    lines += ["- " + _line_safe(json.dumps(item, ensure_ascii=False)) for item in items]
    return "\n".join(lines) + "\n"


def _line_safe(text: str) -> str:
    """JSON keeps these raw; an editor or a YAML reader would break the line there."""
    return text.translate({c: f"\\u{c:04x}" for c in (0x85, 0x2028, 0x2029)})


def write(page_path: Path, items: list[dict]) -> Path:
    path = path_for(page_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomically(path, render(items, page_path))
    _cache.pop(path, None)
    return path


# ------------------------------------------------------------------ what changed between two snapshots

@dataclass(eq=False)   # a change is itself: two alike hunks are two changes
class Change:
    """One hunk between a pinned snapshot and the page now: the old items, the new items, where it is."""
    old: list[dict]
    new: list[dict]
    spans: tuple[int, int, int, int]   # the hunk's item ranges, old and new (without the page id)
    moved: bool = False                # whole items that stand elsewhere on the other side: nothing to review
    exchanged: bool = False            # the arrangement check flags it: the same characters in another order
    note: str = ""                     # a whole page: new, or gone

    @property
    def words_before(self) -> list[str]:
        return [w for item in self.old for w in shown_words(item)]

    @property
    def words_after(self) -> list[str]:
        return [w for item in self.new for w in shown_words(item)]

    @property
    def reviewed(self) -> bool:
        """Does a person have to accept it? A statement word changed (or was added or removed with its sentence), or
        two terms were exchanged; a rewording, a move, a sentence without statement words is recorded with them."""
        return self.exchanged or (not self.moved and self.words_before != self.words_after)

    def describe(self) -> str:
        if self.note:
            return self.note
        before, after = _text(self.old), _text(self.new)
        if self.words_before != self.words_after:
            what = f"statement words {word_changes(self.words_before, self.words_after)}"
        elif self.exchanged:
            what = "the same characters in another arrangement (two terms, cells or steps exchanged?)"
        else:
            what = "reworded, moved or added without a statement word"
        return f"{what}: {before} -> {after}"


def shown_words(item: dict) -> list[str]:
    """An item's words as a reviewer reads them: a relation by its predicate, not by its token."""
    key = key_of(item)
    if key == "relation":
        return [f"relation '{item['relation']}'"]
    return words_of(item)


def _text(items: list[dict]) -> str:
    if not items:
        return "nothing"
    return "'" + " ".join(item[key_of(item)] for item in items) + "'"


def word_changes(before: list[str], after: list[str]) -> str:
    """`shape:sharp -> shape:flat` for each run of words that differs (the words both keep are left out)."""
    from difflib import SequenceMatcher
    runs = [f"{' '.join(before[i1:i2]) or 'nothing'} -> {' '.join(after[j1:j2]) or 'nothing'}"
            for op, i1, i2, j1, j2 in SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes() if op != "equal"]
    return "; ".join(runs)


def _item_key(item: dict) -> str:
    return json.dumps(item, ensure_ascii=False, sort_keys=True)


def diff(old: list[dict], new: list[dict]) -> list[Change]:
    """The hunks between two snapshots' items (the page id aside), in page order."""
    from collections import Counter
    from difflib import SequenceMatcher
    old = [i for i in old if "page" not in i]
    new = [i for i in new if "page" not in i]
    a, b = [_item_key(i) for i in old], [_item_key(i) for i in new]
    hunks = [hunk for op, i1, i2, j1, j2 in SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if op != "equal"
             for hunk in _pairs(old, new, i1, i2, j1, j2)]
    removed = Counter(k for i1, i2, _, _ in hunks for k in a[i1:i2])
    inserted = Counter(k for _, _, j1, j2 in hunks for k in b[j1:j2])
    moved = removed & inserted
    return [Change(old[i1:i2], new[j1:j2], (i1, i2, j1, j2),
                   moved=all(k in moved for k in a[i1:i2] + b[j1:j2]))
            for i1, i2, j1, j2 in hunks]


def _pairs(old: list[dict], new: list[dict], i1: int, i2: int, j1: int, j2: int) -> list[tuple[int, int, int, int]]:
    """A run of changed items cut into one change per edited sentence, as difflib's Differ pairs lines: the most
    alike old and new item (alike: at least half of their text in common) are one change, the items before and after
    them are cut the same way; what pairs with nothing is added or removed as a run."""
    from difflib import SequenceMatcher
    best, at = 0.5, None
    for i in range(i1, i2):
        for j in range(j1, j2):
            if key_of(old[i]) in TEXT_KEYS and key_of(new[j]) in TEXT_KEYS or key_of(old[i]) == key_of(new[j]):
                ratio = SequenceMatcher(a=old[i][key_of(old[i])], b=new[j][key_of(new[j])], autojunk=False).ratio()
                if ratio > best:
                    best, at = ratio, (i, j)
    if at is None:
        return [(i1, i2, j1, j2)] if i1 < i2 or j1 < j2 else []
    i, j = at
    return _pairs(old, new, i1, i, j1, j) + [(i, i + 1, j, j + 1)] + _pairs(old, new, i + 1, i2, j + 1, j2)


def merge(old: list[dict], new: list[dict], changes: list[Change], accepted) -> list[dict]:
    """The items to pin: the new ones where a change is accepted (accepted(change) is true) or nothing changed, the
    old ones where a change is refused, so that the page keeps failing there."""
    head = [i for i in new if "page" in i][:1]
    old = [i for i in old if "page" not in i]
    new = [i for i in new if "page" not in i]
    out, position = list(head), 0
    for change in changes:
        i1, i2, j1, j2 = change.spans
        out += new[position:j1]
        out += new[j1:j2] if accepted(change) else old[i1:i2]
        position = j2
    return out + new[position:]


def mark_exchanged(changes: list[Change], spans: list[tuple[int, int]], flagged: list[tuple[int, int]]) -> None:
    """Mark the changes whose new items (their body spans, the page id's left out) overlap a unit the arrangement
    check flags (checker/arrangements.py unit_span; the title -1, the description -2)."""
    for change in changes:
        _, _, j1, j2 = change.spans
        change.exchanged = any(a <= e and s <= b if a >= 0 else a == s for s, e in spans[j1:j2] for a, b in flagged)


def locate(name: str, page, spans: list[tuple[int, int]], change: Change) -> str:
    """`name:LINE` of a change on the page now: its first new item, or the item beside it where it only removes."""
    _, _, j1, j2 = change.spans
    for j in list(range(j1, j2)) + [j1, j1 - 1]:
        if 0 <= j < len(spans):
            start = spans[j][0]
            if start >= 0:
                return f"{name}:{page.line_of(start)}"
            return f"{name}:{page.meta_lines.get({-1: 'title', -2: 'description', -3: 'relations'}[start], 2)}"
    return f"{name}:{page.body_first_line}"
