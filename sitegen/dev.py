"""`make dev`: the live preview for authors. An edit of a page is verified again, generated again and shown in the
browser within about two seconds of the save; only what the edit reaches is checked and rendered again.

    python -m sitegen.dev [--host 127.0.0.1] [--port 8000]

- At the start: every page whose inputs changed is verified (python -m verify's cache), the generated tree is written
  (build/sitegen-dev/, sitegen/build.py in live-preview mode: a failing page is rendered, with one red status and its
  one-line messages instead of the green box) and the whole site is rendered once with MkDocs into
  build/sitegen-dev/site/, which this server serves (hooks/serve.py's handler: the same headers and 404 page).
- A watcher (watchdog) sees each save. A page: that page and the pages whose recorded inputs include it (a run claim's
  linked page) are verified again; a kernel, a verify module or a committed data file: the pages whose recorded
  inputs (build/verify/pages/<id>.json, checker/inputs.py) include it. Verification runs in a warm worker process
  (imports paid once; a changed Python module starts a fresh worker, so the new code is what runs).
- Then the generator writes only the pages whose content changed, and only those are rendered again by the MkDocs
  objects kept in memory (a changed navigation renders everything again). The home page's counts follow.
- Every served HTML page carries a small script that waits on /__dev/wait and reloads the page when it changed.

The site-wide plain files (results.json, llms*.txt, the search index) are refreshed by a full pass only (start, a
navigation change); `make site` is what publishes.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

from checker.paths import DOCS, ROOT, VERIFY_OUT

DEV_OUT = ROOT / "build" / "sitegen-dev"
DEV_SITE = DEV_OUT / "site"
CODE_DIRS = ("kernels", "verify", "checker", "training", "labs", "tools")
DATA_DIRS = ("results", "benchmarks/results", "checker/data", "notebooks", "tools/diagrams")
RELOAD_SCRIPT = """<script>/* make dev: reload when this page was generated again (sitegen/dev.py) */
(function () {
  if (window.__kbDev) return; window.__kbDev = true;
  var generation = %d;
  function wait() {
    fetch("/__dev/wait?since=" + generation, {cache: "no-store"}).then(function (r) { return r.json(); })
      .then(function (d) {
        var here = location.pathname.replace(/index\\.html$/, "");
        if (d.generation > generation && (d.all || d.changed.indexOf(here) >= 0)) { location.reload(); return; }
        generation = d.generation; wait();
      }, function () { setTimeout(wait, 1000); });
  }
  wait();
})();
</script>"""


# --------------------------------------------------------------------------- what an edit reaches

def reached_pages(changed: list[Path], results_dir: Path = VERIFY_OUT / "pages", docs: Path = DOCS) -> list[Path]:
    """The topic pages to verify again after `changed` files were saved: an edited page itself, and every page whose
    recorded inputs (checker/inputs.py: its verify module's imports, the data, a linked page) include a changed file."""
    rels = set()
    for path in changed:
        path = Path(path).resolve()
        rels.add(path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path))
    out = {p.resolve() for p in changed if p.suffix == ".md" and Path(p).resolve().is_relative_to(docs.resolve())
           and p.is_file()}
    from sitegen.build import read_result
    for result in sorted(results_dir.glob("*.json")):
        try:
            data = read_result(result)   # read again only when the file changed
        except (OSError, ValueError):
            continue
        files = (data.get("inputs") or {}).get("files") or {}
        if rels & set(files) and data.get("path"):
            page = ROOT / data["path"]
            if page.is_file():
                out.add(page.resolve())
    from checker.page import is_page
    return sorted(p for p in out if is_page(p, docs))


# --------------------------------------------------------------------------- a warm verification worker

WORKER = """
import io, contextlib, json, sys
from checker import cli
import checker.pipeline  # noqa: F401  (imports paid once)
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    pages = json.loads(line)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            code = cli.main(["--out", sys.argv[1], *pages])
        except SystemExit as exc:
            code = exc.code
        except Exception as exc:
            print(f"verify worker: {type(exc).__name__}: {exc}")
            code = 2
    print(json.dumps({"code": code, "output": out.getvalue()}), flush=True)
"""


class Verifier:
    """`python -m verify PAGES` in a process kept warm between edits; a fresh one after a Python module changed."""

    def __init__(self):
        self.proc = None
        self.lock = threading.Lock()

    def _start(self):
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER, str(VERIFY_OUT)], cwd=ROOT, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.proc.stdout.readline()

    def restart(self):
        with self.lock:
            self.stop()
            self._start()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def verify(self, pages: list[Path]) -> str:
        with self.lock:
            if self.proc is None or self.proc.poll() is not None:
                self._start()
            self.proc.stdin.write(json.dumps([str(p) for p in pages]) + "\n")
            self.proc.stdin.flush()
            answer = json.loads(self.proc.stdout.readline() or '{"output": "verify worker died"}')
            return answer.get("output", "")


# --------------------------------------------------------------------------- MkDocs, kept in memory

class Renderer:
    """A whole MkDocs build whose config, files, navigation and theme stay loaded, so one page can be rendered
    again on its own."""

    def __init__(self, site_dir: Path):
        self.site_dir = site_dir

    def full(self) -> None:
        from mkdocs.commands import build as mk
        from mkdocs.config import load_config
        from mkdocs.structure.files import get_files, set_exclusions
        from mkdocs.structure.nav import get_navigation
        from mkdocs.structure.pages import Page

        config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(self.site_dir), strict=False)
        config.plugins.on_startup(command="serve", dirty=False)
        config = config.plugins.on_config(config)
        config.plugins.on_pre_build(config=config)
        files = get_files(config)
        env = config.theme.get_env()
        files.add_files_from_theme(env, config)
        files = config.plugins.on_files(files, config=config)
        set_exclusions(files, config)
        nav = get_navigation(files, config)
        nav = config.plugins.on_nav(nav, config=config, files=files)
        for file in files.documentation_pages():
            if file.page is None:
                Page(None, file, config)
            mk._populate_page(file.page, config, files)
        env = config.plugins.on_env(env, config=config, files=files)
        files.copy_static_files()
        for template in config.theme.static_templates:
            mk._build_theme_template(template, env, files, config, nav)
        doc_files = files.documentation_pages()
        for file in doc_files:
            mk._build_page(file.page, config, doc_files, nav, env)
        config.plugins.on_post_build(config=config)
        self.config, self.files, self.nav, self.env, self.doc_files = config, files, nav, env, doc_files

    def pages(self, rels: list[str]) -> bool:
        """Render these generated pages again; False when one is new (a full render is needed)."""
        from mkdocs.commands import build as mk
        found = [self.files.get_file_from_path(rel) for rel in rels]
        if any(f is None or f.page is None for f in found):
            return False
        for file in found:
            mk._populate_page(file.page, self.config, self.files)
        for file in found:
            mk._build_page(file.page, self.config, self.doc_files, self.nav, self.env)
        return True


# --------------------------------------------------------------------------- the preview

class Preview:
    def __init__(self, out: Path = DEV_OUT, log=print):
        self.out, self.site = out, out / "site"
        self.log = log
        self.generation = 0
        self.changed_urls: list[str] = []
        self.all = False
        self.cond = threading.Condition()
        self.verifier = Verifier()
        self.renderer = Renderer(self.site)
        self.deferred: set[Path] = set()   # pages reached by an earlier save, still to verify
        self.pending = lambda: False         # set by watch(): whether newer saves wait
        os.environ["SITEGEN_OUT"] = str(out)   # the MkDocs hook reads this tree instead of generating its own

    def start(self) -> None:
        from sitegen.build import generate
        started = time.perf_counter()
        result = generate(self.out, dev=True, verify=True, log=self.log)
        self.renderer.full()
        for line in result.failed:
            self.log(line)
        self.log(f"make dev: site rendered in {time.perf_counter() - started:.1f} s; "
                 f"{len(result.failed)} page(s) failing")
        threading.Thread(target=self.verifier.restart, daemon=True).start()   # warm it before the first edit

    def notify(self, urls: list[str], everything: bool = False) -> None:
        with self.cond:
            self.generation += 1
            self.changed_urls = urls
            self.all = everything
            self.cond.notify_all()

    def wait(self, since: int, timeout: float = 25.0) -> dict:
        with self.cond:
            self.cond.wait_for(lambda: self.generation > since, timeout=timeout)
            return {"generation": self.generation, "changed": self.changed_urls, "all": self.all}

    def update(self, changed: list[Path]) -> dict:
        """One batch of saved files: verify what they reach, generate, render what changed, tell the browsers. An edited
        page itself goes first and is shown at once; the other pages it reaches (those that link it, those that read
        a changed module or data file) follow in a second pass."""
        started = time.perf_counter()
        changed = [Path(p) for p in changed]
        if any(p.suffix == ".py" for p in changed):
            self.verifier.restart()   # new code: a fresh process imports it
        reached = sorted(set(reached_pages(changed)) | self.deferred)
        self.deferred = set()
        edited = [p for p in reached if p in {c.resolve() for c in changed}]
        rest = [p for p in reached if p not in edited]
        passes = [edited, rest] if edited and rest else [reached]
        rendered: list[str] = []
        for number, pages in enumerate(passes):
            if number and self.pending():   # a newer save waits: it goes first, these pages join it
                self.deferred = set(pages)
                break
            rendered += self._pass(pages, started)
        return {"pages": [str(p) for p in reached], "rendered": rendered, "seconds": time.perf_counter() - started}

    def _pass(self, pages: list[Path], started: float) -> list[str]:
        from sitegen.build import generate
        from sitegen.pages import page_url
        t0 = time.perf_counter()
        report = self.verifier.verify(pages) if pages else ""
        t1 = time.perf_counter()
        result = generate(self.out, dev=True, verify=False, plain=False, log=self.log)
        t2 = time.perf_counter()
        if result.nav_changed or not self.renderer.pages(result.changed):
            self.renderer.full()
            everything = True
        else:
            everything = False
            self._copy_static(result)
        t3 = time.perf_counter()
        self.notify(["/" + page_url(rel) for rel in result.changed], everything)
        failing = [line for line in report.splitlines() if line.startswith("docs/")]
        self.log(f"make dev: {len(pages)} page(s) verified ({t1 - t0:.1f} s), generated ({t2 - t1:.1f} s), "
                 f"{len(result.changed)} rendered ({t3 - t2:.1f} s): shown {t3 - started:.1f} s after the save was seen"
                 + (f"; {len(failing)} failure(s):" if failing else ""))
        for line in failing[:20]:
            self.log("  " + line)
        return result.changed

    def _copy_static(self, result) -> None:
        """Files of the generated tree that are not pages (figures, scripts) and the plain outputs that changed."""
        import shutil
        for rel in result.changed_files:
            if not rel.endswith(".md"):
                target = self.site / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(self.out / "docs" / rel, target)
        for rel in result.extra_written:
            target = self.site / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(self.out / "extra" / rel, target)


# --------------------------------------------------------------------------- watching and serving

def watch(preview: Preview) -> None:
    """Call preview.update with each batch of saved files (a short quiet period joins an editor's several writes)."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    pending: set[str] = set()
    lock = threading.Lock()
    event = threading.Event()

    class Handler(FileSystemEventHandler):
        def on_any_event(self, ev):
            if ev.is_directory or ev.event_type not in ("modified", "created", "moved", "deleted", "closed"):
                return
            path = getattr(ev, "dest_path", None) or ev.src_path
            if "__pycache__" in path or path.endswith((".tmp", "~", ".swp")) or "/." in path:
                return
            with lock:
                pending.add(path)
            event.set()

    observer = Observer()
    for folder in ("docs", *CODE_DIRS, *DATA_DIRS):
        if (ROOT / folder).is_dir():
            observer.schedule(Handler(), str(ROOT / folder), recursive=True)
    observer.daemon = True
    observer.start()
    preview.pending = event.is_set

    def loop():
        while True:
            event.wait()
            time.sleep(0.05)
            with lock:
                batch = sorted(pending)
                pending.clear()
                event.clear()
            try:
                preview.update([Path(p) for p in batch])
            except Exception as exc:   # the preview keeps running; the author sees the line
                preview.log(f"make dev: {type(exc).__name__}: {exc}")
    threading.Thread(target=loop, daemon=True).start()


def handler_for(preview: Preview):
    from hooks.serve import SiteHandler

    class DevHandler(SiteHandler):
        def do_GET(self):
            parts = urllib.parse.urlsplit(self.path)
            if parts.path == "/__dev/wait":
                since = int(urllib.parse.parse_qs(parts.query).get("since", ["0"])[0])
                body = json.dumps(preview.wait(since)).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Cache-Control", "no-store")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            return super().do_GET()

        def send_file(self, path, status):
            if not path.endswith(".html"):
                return super().send_file(path, status)
            import io
            data = open(path, "rb").read().replace(b"</body>", (RELOAD_SCRIPT % preview.generation).encode() + b"</body>", 1)
            self.send_response(status)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            return io.BytesIO(data)

    return functools.partial(DevHandler, directory=str(preview.site))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitegen.dev", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    import logging
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    preview = Preview(log=lambda line: print(line, flush=True))
    preview.start()
    watch(preview)
    server = http.server.ThreadingHTTPServer((args.host, args.port), handler_for(preview))
    server.daemon_threads = True
    print(f"make dev: live preview on http://{args.host}:{server.server_port}/ (Ctrl-C stops it)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        preview.verifier.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
