"""`python -m tools.report`: the site's statistics, generated from the last `make verify` and the pages (the
authoring guide keeps rules, not counts). Prints pages, claims, relations and formulas bound, numbers by kind,
labelled boxes by label, and the vague-quantifier rate per 10,000 CJK characters of prose."""
from __future__ import annotations

import json
import sys
from collections import Counter

from checker.page import all_pages
from checker.counts import rate
from checker.kinds import LABELS_BY_KEY, blocks
from checker.page import PageError, read_page
from checker.paths import DOCS, VERIFY_OUT


def statistics() -> dict:
    results = json.loads((VERIFY_OUT / "results.json").read_text(encoding="utf-8"))
    summary = results["summary"]
    boxes, vague, cjk, relations, formulas, claims, cited = Counter(), 0, 0, 0, 0, 0, 0
    for path in all_pages(DOCS):
        try:
            page = read_page(path)
        except PageError:
            continue
        for b in blocks(page.body):
            boxes[b.label + ("（标记）" if b.marker else "")] += 1
        n, c = rate(page.body)
        vague, cjk = vague + n, cjk + c
        relations += len(page.meta.get("relations") or [])
        formulas += len(page.meta.get("formulas") or [])
        claims += len(page.meta.get("claims") or [])
        cited += len(page.meta.get("cited") or [])
    return {"pages": summary["pages"], "numbers": summary["numbers"], "recomputed": summary["recomputed"],
            "cited_numbers": summary["cited"], "claim_templates": claims, "cited_entries": cited,
            "relations": relations, "formulas": formulas,
            "kinds": {LABELS_BY_KEY[k].label: n for k, n in summary.get("kinds", {}).items()},
            "boxes": dict(boxes.most_common()), "vague_quantifiers": vague, "cjk_characters": cjk,
            "vague_per_10000": round(vague / cjk * 1e4, 2) if cjk else 0.0}


def main(argv=None) -> int:
    try:
        stats = statistics()
    except FileNotFoundError:
        print("build/verify/results.json:1: no results yet; run `make verify` first")
        return 2
    print(json.dumps(stats, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
