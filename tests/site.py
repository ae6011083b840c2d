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
