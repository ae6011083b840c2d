"""How long the site takes the way an author and CI meet it (DESIGN.md §7: live preview <= 3 s from save to the
refreshed page, `mkdocs build --strict` <= 30 s, `make verify` cold <= 20 s). Prints, for this machine and checkout,
each as the median of its repeats with the lowest and highest:

- save to refresh: `make dev` (sitegen/dev.py) is started on a free port; a page is edited (a number made wrong, then
  set back), and the time runs from the write until the served HTML of that page shows the edit (polled over HTTP
  every 50 ms: the red status, then the green one again);
- mkdocs build: `python -m mkdocs build --strict` into a scratch folder, nothing changed since the last build (the
  generator's incremental pass, then the render), repeated;
- verify cold: `python -m verify --no-cache` into a scratch folder, the real cache moved aside (as
  benchmarks/verify_speed.py does; --no-verify-cold skips it: several minutes on a busy 2-core machine).

    python benchmarks/site_speed.py [--repeats 5] [--builds 3] [--page docs/lecture/ch03/3-5.md]   (make bench-site)

Nothing recorded is changed: the edited page is restored, the scratch outputs go to build/bench-site/.
"""
from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))   # run as a script: import the project's packages
SCRATCH = ROOT / "build" / "bench-site"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
ENV.pop("SITEGEN_OUT", None)
OLD, NEW = "(0.702690,0.241553,0.055757)", "(0.702691,0.241553,0.055757)"


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):6.2f} s  (min {min(values):.2f}, max {max(values):.2f}, n={len(values)})"


def get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return ""


def save_to_refresh(page_rel: str, url_path: str, repeats: int) -> list[float]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "sitegen.dev", "--port", str(port)], cwd=ROOT, env=ENV,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/{url_path}"
    page = ROOT / page_rel
    text = page.read_text(encoding="utf-8")
    if OLD not in text:
        raise SystemExit(f"{page_rel} no longer contains {OLD}; give --page and update OLD/NEW")
    times = []
    try:
        deadline = time.time() + 600
        while "verify-status-passed" not in get(url):
            if server.poll() is not None or time.time() > deadline:
                raise SystemExit("make dev did not come up")
            time.sleep(0.5)
        time.sleep(3)   # the verification worker warms up in the background
        for _ in range(repeats):
            for content, word in ((text.replace(OLD, NEW, 1), "verify-status-failed"), (text, "verify-status-passed")):
                started = time.perf_counter()
                page.write_text(content, encoding="utf-8")
                while word not in get(url):
                    if time.perf_counter() - started > 120:
                        raise SystemExit(f"the preview did not show {word} within 120 s")
                    time.sleep(0.05)
                times.append(time.perf_counter() - started)
                time.sleep(4)   # the second pass (pages linking the edited one) settles before the next save
    finally:
        page.write_text(text, encoding="utf-8")
        server.terminate()
        server.wait(timeout=30)
    return times


def timed(*args: str) -> float:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode:
        raise SystemExit(f"python -m {' '.join(args)} failed: {done.stderr[-1500:]}")
    return time.perf_counter() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/site_speed.py", description=__doc__.split("\n")[0])
    parser.add_argument("--page", default="docs/lecture/ch03/3-5.md")
    parser.add_argument("--repeats", type=int, default=5, help="edits in the live preview (each: break, fix)")
    parser.add_argument("--builds", type=int, default=3)
    parser.add_argument("--no-verify-cold", action="store_true")
    args = parser.parse_args(argv)
    from sitegen.pages import page_url
    url_path = page_url(args.page.removeprefix("docs/"))
    SCRATCH.mkdir(parents=True, exist_ok=True)

    refresh = save_to_refresh(args.page, url_path, args.repeats)
    print(f"live preview, save to refreshed page ({args.page}): {spread(refresh)}   (budget 3 s)", flush=True)

    timed("mkdocs", "build", "--strict", "--site-dir", str(SCRATCH / "site"))   # brings the generated tree up to date
    builds = [timed("mkdocs", "build", "--strict", "--site-dir", str(SCRATCH / "site")) for _ in range(args.builds)]
    print(f"mkdocs build --strict, nothing changed:          {spread(builds)}   (budget 30 s)", flush=True)

    if not args.no_verify_cold:
        cache = ROOT / "build" / "verify" / "cache"
        aside = cache.with_name("cache.aside")
        if cache.exists():
            shutil.rmtree(aside, ignore_errors=True)
            cache.rename(aside)
        try:
            cold = timed("verify", "--no-cache", "--out", str(SCRATCH / "verify"))
        finally:
            shutil.rmtree(cache, ignore_errors=True)
            if aside.exists():
                aside.rename(cache)
        print(f"python -m verify --no-cache (cold, no cache):    {cold:6.2f} s   (budget 20 s)")
    shutil.rmtree(SCRATCH, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
