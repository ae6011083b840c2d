"""Helpers the whole-site tests share."""
from checker.page import read_page
from checker.paths import ROOT

DOCS = ROOT / "docs"


def errors_on_every_page(check) -> list[str]:
    """'path:line: message' for each error `check(page)` reports on a page of the site (pages without front matter,
    docs/about, are not checked)."""
    found = []
    for path in sorted(DOCS.rglob("*.md")):
        try:
            page = read_page(path)
        except Exception:   # noqa: BLE001
            continue
        found += [f"{path}:{line}: {message}" for line, message in check(page)]
    return found


def check_edited(tmp_path, page, old, new):
    """The check of a copy of `page` (its pin file is the page's own: an edit of the page) with `old`, which must
    occur once in the file, replaced by `new`."""
    from checker.pipeline import check_page
    text = page.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{page.name} changed; pick another sentence than {old!r}"
    target = tmp_path / page.relative_to(ROOT)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text.replace(old, new), encoding="utf-8")
    return check_page(target)


def edit_errors(tmp_path, page, old, new, needle=""):
    """The error messages (with `needle`) of the page edited from `old` to `new` (check_edited)."""
    report = check_edited(tmp_path, page, old, new)
    return [e for e in report.errors if needle in e]


def honest_passes_wrong_fails(tmp_path, page, old, honest, wrong, needle="", wrong_needle=None):
    """The honest edit gives no message (with `needle`), its wrong twin at least one (with `wrong_needle`, by default
    `needle`)."""
    assert not edit_errors(tmp_path / "honest", page, old, honest, needle)
    assert edit_errors(tmp_path / "wrong", page, old, wrong, needle if wrong_needle is None else wrong_needle)


def each_honest_passes_wrong_fails(tmp_path, cases, needle=""):
    """honest_passes_wrong_fails for each (page, old, honest, wrong[, needle]) of `cases`."""
    for n, (page, old, honest, wrong, *own) in enumerate(cases):
        honest_passes_wrong_fails(tmp_path / str(n), page, old, honest, wrong, own[0] if own else needle)


def each_silent_honest_and_failing_wrong(tmp_path, cases):
    """(page, old, honest, wrong, what the wrong one's message says) for each case: the honest edit gives no message at
    all, the wrong one a message with those words."""
    for n, (page, old, honest, wrong, wrong_needle) in enumerate(cases):
        honest_passes_wrong_fails(tmp_path / str(n), page, old, honest, wrong, "", wrong_needle)
