"""How long `make verify` takes, the way an author meets it (issue: verify <= 10 s warm, <= 20 s cold, one page
<= 1 s on the 2-core machine). Prints, for this machine and checkout:

- cold: no recorded results, no cache (a fresh clone, or after `make clean`);
- re-check: every page checked again, the verify functions' values from the disk cache (what a change to the
  checker itself costs);
- warm: nothing changed since the last run (every page's inputs hash to their recorded result);
- one page: `python -m verify PAGE` after an edit of that page (with the startup stores the earlier runs left,
  as an author has them after a first `make verify`).

    python benchmarks/verify_speed.py [--page docs/lecture/ch03/3-5.md]      (make bench-verify)

Each run is a fresh process; the scratch results go to build/bench-verify/, the real cache is moved aside and
restored, so this never changes what `make verify` recorded.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "build" / "verify" / "cache"


STORES = ROOT / "build" / "verify"   # checker/startup_cache.py's compiled patterns and parsed data files
# an author's Python writes bytecode; a sandbox that sets PYTHONDONTWRITEBYTECODE compiles every module from source on
# every run (about 0.3 s), which is the sandbox's cost, not the checker's
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(*args: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verify", "--out", str(ROOT / "build" / "bench-verify"), *args],
                   cwd=ROOT, check=False, stdout=subprocess.DEVNULL, env=ENV)
    return time.perf_counter() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/verify_speed.py", description=__doc__.split("\n")[0])
    parser.add_argument("--page", default="docs/lecture/ch03/3-5.md")
    args = parser.parse_args(argv)
    aside = CACHE.with_name("cache.aside")
    shutil.rmtree(ROOT / "build" / "bench-verify", ignore_errors=True)
    if CACHE.exists():
        shutil.rmtree(aside, ignore_errors=True)
        CACHE.rename(aside)
    for store in STORES.glob("*.pickle"):   # cold: a fresh clone has no startup stores either
        store.unlink()
    try:
        cold = timed("--no-cache")
        recheck = timed("--no-cache")
        warm = timed()
        page = ROOT / args.page
        text = page.read_text(encoding="utf-8")
        page.write_text(text + "\n", encoding="utf-8")   # an edit: the page's hash changes, nothing else
        try:
            one = timed(args.page)
        finally:
            page.write_text(text, encoding="utf-8")
    finally:
        shutil.rmtree(CACHE, ignore_errors=True)
        if aside.exists():
            aside.rename(CACHE)
    print(f"verify, all pages, cold (no results, no cache): {cold:6.1f} s   (budget 20 s)")
    print(f"verify, all pages, re-check with cached values:  {recheck:6.1f} s")
    print(f"verify, all pages, warm (nothing changed):       {warm:6.1f} s   (budget 10 s)")
    print(f"verify, one page after an edit ({args.page}): {one:6.2f} s   (budget 1 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
