"""`python -m verify [PAGE ...]`: check every page's claims; one line per failure, then
'N passed, N failed' (claims), and build/verify/results.json plus one JSON per page."""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from verify.checker import all_pages, check_page, check_unique_ids
from verify.paths import DOCS, ROOT, VERIFY_OUT


def write_atomically(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=1, default=str)
    os.replace(tmp, path)


def file_sha256(path: str | None) -> str | None:
    if not path:
        return None
    file = ROOT / path.split("::")[0]
    return hashlib.sha256(file.read_bytes()).hexdigest() if file.is_file() else None


def page_json(report) -> dict:
    return {
        "page": report.page_id, "path": report.path, "title": report.title,
        "evidence": report.evidence, "verify": report.verify,
        "verify_sha256": file_sha256(report.verify),
        "verify_line": int(report.verify_source.rsplit(":", 1)[1]) if report.verify_source else None,
        "status": "failed" if report.failed else "passed",
        "numbers": {"total": report.numbers_total, "recomputed": report.numbers_recomputed,
                    "cited": report.numbers_cited, "course": report.numbers_course},
        "code_blocks_run": report.code_blocks_run,
        "claims": [dataclasses.asdict(c) for c in report.claims],
        "cited": [dataclasses.asdict(c) for c in report.cited],
        "references": report.references,
        "errors": report.errors,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verify", description=__doc__)
    parser.add_argument("pages", nargs="*", type=Path, help="pages to check (default: every page under docs/)")
    parser.add_argument("--out", type=Path, default=VERIFY_OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    pages = []
    for given in args.pages or [DOCS]:
        if given.is_dir():
            found = all_pages(given)
            if not found:
                print(f"{given}:1: no topic pages under this folder (Markdown files that open with '---' front "
                      "matter); add pages or name the right folder")
                return 2
            pages += found
        elif given.is_file():
            pages.append(given)
        else:
            print(f"{given}:1: no such page or folder; give Markdown pages or folders under docs/")
            return 2
    reports = [check_page(p) for p in pages]
    check_unique_ids(reports)
    passed = failed = 0
    printed: set[str] = set()
    for report in reports:
        for line in report.errors:
            if line not in printed:  # a broken verify module is one line, not one per page using it
                printed.add(line)
                print(line)
                failed += 1  # one printed line per failure: claims, numbers, front matter, code
        passed += sum(c.status == "passed" for c in report.claims)
    if not args.pages:
        for stale in (args.out / "pages").glob("*.json") if (args.out / "pages").exists() else []:
            stale.unlink()
    for report in reports:
        write_atomically(args.out / "pages" / f"{report.page_id}.json", page_json(report))
    summary = {
        "pages": len(reports), "pages_failed": sum(r.failed for r in reports),
        "claims_passed": passed, "failed": failed,
        "numbers": sum(r.numbers_total for r in reports),
        "recomputed": sum(r.numbers_recomputed for r in reports),
        "cited": sum(r.numbers_cited for r in reports),
        "course": sum(r.numbers_course for r in reports),
        "seconds": round(time.perf_counter() - started, 3),
    }
    write_atomically(args.out / "results.json", {
        "summary": summary,
        "claims": [dict(dataclasses.asdict(c)) for r in reports for c in r.claims],
        "pages": {r.page_id: page_json(r) for r in reports},
    })
    print(f"{len(reports)} pages, {summary['numbers']} numbers: {summary['recomputed']} recomputed, "
          f"{summary['cited']} cited")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or any(r.failed for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
