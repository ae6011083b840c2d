"""pytest collects every topic page under docs/ as a test item: the page's claims, citations,
number coverage and code blocks are checked by the same checker `make verify` uses."""
from pathlib import Path

import pytest


def pytest_collect_file(parent, file_path: Path):
    from checker.page import is_page
    from checker.paths import DOCS

    if file_path.suffix == ".md" and file_path.resolve().is_relative_to(DOCS) and is_page(file_path, DOCS):
        return PageFile.from_parent(parent, path=file_path)
    return None


class PageFile(pytest.File):
    def collect(self):
        yield PageItem.from_parent(self, name="claims")


class PageCheckFailed(Exception):
    pass


class PageItem(pytest.Item):
    def runtest(self):
        # the result `python -m verify` recorded for this page when its inputs (page, checker, verify modules, data:
        # content hashes) are unchanged, as `make verify` itself reuses it; a fresh check otherwise. `make test` runs
        # verify first, and checking all 253 pages again here cost about a minute and a half of CI's time
        from checker.cli import check_or_reuse
        from checker.paths import VERIFY_OUT
        data, _ = check_or_reuse(self.path, VERIFY_OUT, use_cache=True)
        if data["status"] != "passed":
            raise PageCheckFailed("\n".join(data["errors"]))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, PageCheckFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"page {self.path.name}"
