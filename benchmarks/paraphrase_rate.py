"""How often the checker flags honest rewrites of pinned sentences, and catches wrong ones, on a paraphrase set.

    python benchmarks/paraphrase_rate.py benchmarks/corpora/paraphrase_lex99.yaml [--only N ...] [--json OUT]

A paraphrase set lists pinned sentences of the site, each with two honest rewrites (the same statement in other
words: synonyms, a negation said another way, clauses reordered or split) and one wrong rewrite (a direction, a
negation or a modality changed, every digit kept), written by someone who never saw the checker. Each rewrite is
applied to a scratch copy of its page and checked in process (tests/site.py::check_edited); a rewrite counts as
flagged when the check reports any error. The set is denser in statement words than the outsiders' honest corpora
(benchmarks/corpus_rate.py), so its honest rate is a stress figure, not the site's false-alarm rate. Not part of
`make test`; the numbers go into the issue notes.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    from tests.site import check_edited
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set", type=Path)
    parser.add_argument("--only", type=int, nargs="*", help="entry numbers to run")
    parser.add_argument("--json", type=Path, help="write every rewrite's errors here")
    args = parser.parse_args(argv)
    entries = yaml.safe_load(args.set.read_text(encoding="utf-8"))
    results, stale = [], 0
    for entry in entries:
        if args.only and entry["n"] not in args.only:
            continue
        page = ROOT / entry["page"]
        if page.read_text(encoding="utf-8").count(entry["old"]) != 1:
            stale += 1   # the page changed since the set was written
            continue
        rewrites = [("honest", text) for text in entry["honest"]] + [("wrong", entry["wrong"])]
        for kind, text in rewrites:
            with tempfile.TemporaryDirectory() as scratch:
                report = check_edited(Path(scratch), page, entry["old"], text)
            results.append({"n": entry["n"], "kind": kind, "errors": [e.split(": ", 1)[-1] for e in report.errors]})
    honest = [r for r in results if r["kind"] == "honest"]
    wrong = [r for r in results if r["kind"] == "wrong"]
    print(f"honest rewrites flagged: {sum(bool(r['errors']) for r in honest)} of {len(honest)}; "
          f"wrong rewrites caught: {sum(bool(r['errors']) for r in wrong)} of {len(wrong)}; stale entries: {stale}")
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
