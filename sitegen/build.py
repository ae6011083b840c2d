"""The site's own build step: from docs/ and the recorded verification (build/verify/pages/), a generated tree that
any static-site generator only renders, and the plain files an agent reads.

    build/sitegen/docs/     the pages as the theme renders them: topic pages with their verification box, number marks,
                            figures and 来源 list already in the Markdown; the home page and document indexes filled in;
                            the rendered sources (code/…), the kernel reference, the lab notebooks, the site's images,
                            figures, MathJax and the static files of docs/
    build/sitegen/extra/    laid over the rendered site: <page>/index.md (raw Markdown), verify/<id>.json,
                            verify/results.json, llms.txt, llms/, llms-full.txt, the labs' Markdown and JSON,
                            search/code_sections.json
    build/sitegen/nav.json  the navigation; search_terms.txt and search_synonyms.json: the search vocabulary;
    build/sitegen/mkdocs.yml the project's mkdocs.yml pointed at the generated tree, with the navigation and no hooks
                            (what a successor such as Zensical reads)

It is incremental: a topic page is generated again only when its source, its recorded result, the generator or the
set of pages changed (build/sitegen/state.json), and a file is written only when its content changed, so a renderer
watching the tree (the live preview, sitegen/dev.py) re-renders only what an edit reached.

It never publishes a page that failed verification: a page whose recorded result is not for its current inputs
(checker/inputs.py) is verified again first, in a fresh process; then, unless this is the live preview, any failing
page refuses the whole generation with one line per page, before anything of the site is touched.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from checker.paths import DOCS, ROOT, VERIFY_OUT

GEN = ROOT / "build" / "sitegen"
RESULTS = VERIFY_OUT / "pages"
CODE_DIRS = ("kernels", "verify", "checker", "training", "labs", "tools")
VISION_IMAGES = ROOT / "results" / "vision" / "images"
MARKDOWN_PAGE = ".md"


class Refused(Exception):
    """Pages failed verification: the site is not built. `lines` has one line per page."""

    def __init__(self, lines: list[str]):
        super().__init__("\n".join(lines))
        self.lines = lines


@dataclasses.dataclass
class Generated:
    out: Path
    changed: list[str]            # generated pages (docs-relative .md) whose content changed in this run
    changed_files: list[str]      # every file of the generated tree written in this run
    extra_written: list[str]      # every plain output (extra/) written in this run
    removed: list[str]            # files of the generated tree removed (their page or source is gone)
    failed: list[str]             # one line per failing page (only the live preview renders them)
    nav_changed: bool             # the navigation changed: every page's HTML must be rendered again
    seconds: float


# --------------------------------------------------------------------------- hashes that survive the process

class Hashes:
    """sha256 of files, kept across runs by (size, mtime) in build/sitegen/hashes.json."""

    def __init__(self, path: Path):
        self.path = path
        try:
            self.known = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.known = {}
        self.dirty = False

    def of(self, file: Path) -> str:
        st = file.stat()
        stamp = [st.st_size, st.st_mtime_ns]
        entry = self.known.get(str(file))
        if entry and entry[:2] == stamp:
            return entry[2]
        digest = hashlib.sha256(file.read_bytes()).hexdigest()
        self.known[str(file)] = [*stamp, digest]
        self.dirty = True
        return digest

    def over(self, files) -> str:
        return hashlib.sha256("\n".join(f"{f} {self.of(f)}" for f in sorted(files)).encode()).hexdigest()

    def save(self) -> None:
        if self.dirty:
            _write_bytes(self.path, json.dumps(self.known).encode())


def _write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


class Tree:
    """A folder written file by file, each only when its content changed; files not put this run are removed."""

    def __init__(self, root: Path):
        self.root = root
        self.kept: set[str] = set()
        self.written: list[str] = []

    def put(self, rel: str, content: str | bytes) -> bool:
        data = content.encode("utf-8") if isinstance(content, str) else content
        self.kept.add(rel)
        path = self.root / rel
        try:
            if path.stat().st_size == len(data) and path.read_bytes() == data:
                return False
        except OSError:
            pass
        _write_bytes(path, data)
        self.written.append(rel)
        return True

    def copy(self, rel: str, source: Path) -> bool:
        """A file copied as it is (images, scripts): compared by size and modification time."""
        self.kept.add(rel)
        path = self.root / rel
        st = source.stat()
        try:
            there = path.stat()
            if there.st_size == st.st_size and there.st_mtime_ns == st.st_mtime_ns:
                return False
        except OSError:
            pass
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, path)
        self.written.append(rel)
        return True

    def keep(self, rel: str) -> None:
        self.kept.add(rel)

    def prune(self) -> list[str]:
        removed = []
        if not self.root.is_dir():
            return removed
        for path in sorted(self.root.rglob("*")):
            if path.is_file() and path.relative_to(self.root).as_posix() not in self.kept:
                path.unlink()
                removed.append(path.relative_to(self.root).as_posix())
        for folder in sorted((p for p in self.root.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
            if not any(folder.iterdir()):
                folder.rmdir()
        return removed


# --------------------------------------------------------------------------- verification first

def current_results(pages, verify: bool, log) -> dict[str, dict]:
    """page id -> recorded result of every topic page; with `verify`, a page whose result is not for its current
    inputs is verified again first (only those pages, in a fresh process: an edited kernel is imported anew)."""
    from checker.cli import recorded_result
    from checker.inputs import snapshot
    if verify:
        with snapshot():
            stale = [rel for rel, _ in pages if recorded_result(DOCS / rel, VERIFY_OUT)[0] is None]
        if stale:
            log(f"sitegen: verifying {len(stale)} page(s) whose inputs changed since their last check")
            subprocess.run([sys.executable, "-m", "verify", "--out", str(VERIFY_OUT), *(str(DOCS / r) for r in stale)],
                           cwd=ROOT, stdout=subprocess.DEVNULL, check=False)
    results = {}
    for rel, meta in pages:
        path = RESULTS / f"{meta['id']}.json"
        if not path.is_file():
            results[meta["id"]] = {"page": meta["id"], "path": f"docs/{rel}", "status": "failed",
                                   "errors": [f"docs/{rel}:1: no verification results for {meta['id']}; "
                                              "run `make verify` before building"]}
            continue
        results[meta["id"]] = read_result(path)
    return results


_RESULTS: dict = {}   # result file -> ((size, mtime), data): a long-running preview reads only what changed


def read_result(path: Path) -> dict:
    st = path.stat()
    stamp = (st.st_size, st.st_mtime_ns)
    known = _RESULTS.get(path)
    if known is None or known[0] != stamp:
        known = _RESULTS[path] = (stamp, json.loads(path.read_text(encoding="utf-8")))
    return known[1]


def refusal_lines(pages, results) -> list[str]:
    lines = []
    for rel, meta in pages:
        data = results[meta["id"]]
        if data.get("status") != "passed":
            first = (data.get("errors") or ["claims failed"])[0]
            lines.append(f"docs/{rel}: page {meta['id']} failed verification and is not published: {first}")
    return lines


# --------------------------------------------------------------------------- the generation

def _generator_version(hashes: Hashes) -> str:
    files = [*sorted((ROOT / "sitegen").glob("*.py")), ROOT / "checker" / "kinds.py", ROOT / "tools" / "figures.py"]
    return hashes.over(files)


def _source_pages() -> list[str]:
    return sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))


def generate(out: Path = GEN, *, dev: bool = False, verify: bool = True, plain: bool = True, log=print) -> Generated:
    """Write the generated tree and the plain outputs under `out` (see the module docstring). Raises Refused, before
    writing anything, when a page failed verification and this is not the live preview (`dev`). `plain=False` (the
    live preview's quick pass after an edit) leaves the site-wide plain files (results.json, llms*.txt, the search
    vocabulary) as they were: they are rewritten by the next full pass."""
    from sitegen import pages as site

    started = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    pages = site.topic_pages(DOCS)
    results = current_results(pages, verify, log)
    failed = refusal_lines(pages, results)
    if failed and not dev:
        raise Refused(failed)
    run = _Run(out, pages, results, dev)
    run.topic_pages()
    run.other_pages()
    run.kernel_reference()
    run.code_pages()
    rendered = run.labs()
    run.static_files()
    run.agent_files(plain, rendered)
    nav_changed = run.navigation()
    removed = [f"docs/{r}" for r in run.docs.prune()] + [f"extra/{r}" for r in run.extra.prune()] \
        if plain or nav_changed else []   # the preview's quick pass: no page came or went unless the navigation changed
    _put_file(out / "state.json", json.dumps(run.new_state))
    run.hashes.save()
    return Generated(out=out, changed=sorted(set(run.changed)), changed_files=run.docs.written,
                     extra_written=run.extra.written, removed=removed,
                     failed=failed, nav_changed=nav_changed, seconds=time.perf_counter() - started)


class _Run:
    """One generation: the trees it writes, the state of the last one (what may be kept) and of this one. Each
    method is one stage of generate(), in its order; a stage writes only what its inputs changed."""

    def __init__(self, out: Path, pages, results: dict, dev: bool):
        from sitegen import agent, labs, pages as site
        self.out, self.pages, self.results = out, pages, results
        self.hashes = Hashes(out / "hashes.json")
        try:
            self.state = json.loads((out / "state.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.state = {}
        self.docs, self.extra = Tree(out / "docs"), Tree(out / "extra")
        self.all_md = _source_pages()
        self.topics = {rel: site.page_url(rel) for rel, _ in pages}
        self.code = {}
        for folder in CODE_DIRS:
            for source in sorted((ROOT / folder).rglob("*.py")):
                if source.name == "__init__.py" and source.stat().st_size < 400:
                    continue
                self.code[f"code/{source.relative_to(ROOT).as_posix()[:-3]}.md"] = source
        served = {rel: site.page_url(rel) for rel in [*self.all_md, "about/kernels.md", "lecture/index.md",
                                                      "primer/index.md", *self.code,
                                                      *(f"labs/{p.stem}.md" for p in labs.notebooks())]}
        agent.SERVED_PAGES.clear()
        agent.SERVED_PAGES.update(served)
        self.version = hashlib.sha256(json.dumps([_generator_version(self.hashes), agent.site_base(), dev,
                                                  sorted(served)]).encode()).hexdigest()
        self.new_state: dict = {"version": self.version, "pages": {}, "cached": {}}
        self.changed: list[str] = []

    def put_page(self, rel: str, content: str) -> None:
        if self.docs.put(rel, content):
            self.changed.append(rel)

    def topic_pages(self) -> None:
        """Topic pages: only those whose source or result changed."""
        from checker.page import split_front_matter
        from sitegen import agent, pages as site
        for rel, meta in self.pages:
            source = DOCS / rel
            result_file = RESULTS / f"{meta['id']}.json"
            key = hashlib.sha256(f"{self.version} {self.hashes.of(source)} "
                                 f"{self.hashes.of(result_file) if result_file.is_file() else '-'}".encode()).hexdigest()
            self.new_state["pages"][rel] = key
            outputs = [f"{site.page_url(rel)}index.md", f"verify/{meta['id']}.json"]
            if self.state.get("version") == self.version and self.state.get("pages", {}).get(rel) == key \
                    and (self.out / "docs" / rel).is_file() and all((self.out / "extra" / o).is_file() for o in outputs):
                self.docs.keep(rel)
                for o in outputs:
                    self.extra.keep(o)
                continue
            text = source.read_text(encoding="utf-8")
            split = split_front_matter(text)
            front, body = (text[:split[1]], text[split[1]:]) if split else ("", text)
            data = self.results[meta["id"]]
            if "numbers" not in data:   # no result at all (dev only): show the one line
                data = {**data, "numbers": {"total": 0}, "claims": [], "marks": [], "kinds": {}, "evidence": []}
            self.put_page(rel, site.topic_page_markdown(rel, front, body, data, agent.agent_info(meta, rel)))
            self.extra.put(outputs[0], agent.served_markdown(text, rel, data, self.topics))
            self.extra.put(outputs[1], json.dumps(agent.page_json(data, rel, text), ensure_ascii=False, indent=1))

    def other_pages(self) -> None:
        """Pages that are not topic pages: the home page (counts over all results), about/, the document indexes."""
        from checker.page import split_front_matter
        from sitegen import pages as site
        pages, results = self.pages, self.results
        newest = max(((RESULTS / f"{m['id']}.json").stat().st_mtime for _, m in pages
                      if (RESULTS / f"{m['id']}.json").is_file()), default=time.time())
        passed = [results[m["id"]] for _, m in pages if "numbers" in results[m["id"]]]
        for rel in self.all_md:
            if rel in self.topics:
                continue
            text = (DOCS / rel).read_text(encoding="utf-8")
            if rel == "index.md":
                split = split_front_matter(text)
                front, body = (text[:split[1]], text[split[1]:]) if split else ("", text)
                self.put_page(rel, front + site.home_page_markdown(site.join_cjk_lines(body), pages, passed, newest))
            else:
                self.put_page(rel, site.join_cjk_lines(text))
        for doc in ("lecture", "primer"):
            self.put_page(f"{doc}/index.md", site.join_cjk_lines(site.document_index_markdown(doc, pages)))

    def kernel_reference(self) -> None:
        """The kernel reference: again only when a kernel, a verify module or a page's `verify:` changed."""
        from sitegen import pages as site
        kernel_inputs = [*sorted((ROOT / "kernels").rglob("*.py")), *sorted((ROOT / "verify").rglob("*.py")),
                         ROOT / "tools" / "kernel_docs.py"]
        kernel_key = hashlib.sha256(json.dumps([self.hashes.over(kernel_inputs),
                                                [(rel, str(meta.get("verify"))) for rel, meta in self.pages]])
                                    .encode()).hexdigest()
        reference = cached("about/kernels.md", kernel_key, self.state, self.new_state, self.out, _kernel_reference)
        self.put_page("about/kernels.md", site.join_cjk_lines(reference))

    def code_pages(self) -> None:
        """The rendered sources, each from its file; left out of the theme's index (search/code_sections.json has
        them)."""
        from sitegen import pages as site, search
        code_entries = []
        for rel, source in self.code.items():
            text = source.read_text(encoding="utf-8")
            name = source.relative_to(ROOT).as_posix()
            self.put_page(rel, "---\nsearch:\n  exclude: true\n---\n\n" + site.join_cjk_lines(
                f"# `{name}`\n\n{search.CODE_INTRO}\n\n```python linenums=\"1\"\n{text}\n```\n"))
            code_entries.append(search.code_sections(name, text))
        self.extra.put("search/code_sections.json", json.dumps(code_entries, ensure_ascii=False))

    def labs(self) -> dict:
        """The lab notebooks, their .ipynb and results files; returns each notebook's rendered Markdown."""
        from sitegen import labs, pages as site
        rendered = {}
        for path in labs.notebooks():
            rel = f"labs/{path.stem}.md"
            results_file = labs.RESULTS / f"{labs._route(path)}.json"
            key = self.hashes.over([path, ROOT / "sitegen" / "labs.py", *([results_file] if results_file.is_file() else [])])
            rendered[path] = cached(rel, key, self.state, self.new_state, self.out, lambda p=path: labs.render(p))
            self.put_page(rel, site.join_cjk_lines(rendered[path]))
            self.docs.copy(f"labs/{path.name}", path)
        for results_file in sorted(labs.RESULTS.glob("*.json")):
            self.docs.copy(f"labs/results/{results_file.name}", results_file)
        return rendered

    def static_files(self) -> None:
        """docs/'s own static files, the site's drawings, the verified figures, self-hosted MathJax."""
        for path in sorted(DOCS.rglob("*")):
            if path.is_file() and path.suffix != MARKDOWN_PAGE:
                self.docs.copy(path.relative_to(DOCS).as_posix(), path)
        for png in sorted(VISION_IMAGES.glob("*.png")):
            self.docs.copy(f"assets/vision/{png.name}", png)
        for data in self.results.values():
            for fig in data.get("figures") or []:
                svg = ROOT / fig["svg_cache"]
                if not svg.is_file():
                    raise FileNotFoundError(f"{data['path']}: figure {fig['id']} has no SVG at {fig['svg_cache']}; "
                                            "run `make verify`")
                self.docs.copy(fig["url"], svg)
        import mathjax
        es5 = Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"
        self.docs.copy("assets/mathjax/tex-svg.js", es5 / "tex-svg.js")
        extensions = es5 / "input" / "tex" / "extensions"
        for ext in sorted(extensions.rglob("*")):
            if ext.is_file():
                self.docs.copy(f"assets/mathjax/input/tex/extensions/{ext.relative_to(extensions).as_posix()}", ext)

    def agent_files(self, plain: bool, rendered: dict) -> None:
        """What an agent reads: the whole run, llms.txt, llms/, llms-full.txt, the labs' Markdown and JSON; made
        again only when a page or a result changed."""
        from sitegen import agent
        state, new_state, extra = self.state, self.new_state, self.extra
        site_key = hashlib.sha256(" ".join([self.version, *new_state["pages"].values(),
                                            *new_state["cached"].values()]).encode()).hexdigest()
        new_state["site"] = site_key
        site_files = state.get("site_files", [])
        if (state.get("site") == site_key or not plain) and all((self.out / "extra" / f).is_file() for f in site_files):
            for f in site_files:
                extra.keep(f)
            new_state["site"] = state.get("site") if not plain else site_key
            new_state["site_files"] = site_files
            return
        from checker.cli import results_file as whole_run, summary_of
        before = set(extra.kept)
        ordered = [self.results[m["id"]] for _, m in self.pages if "numbers" in self.results[m["id"]]]
        extra.put("verify/results.json", json.dumps(whole_run(ordered, summary_of(ordered)), ensure_ascii=False,
                                                    indent=1, default=str))
        collected = _Collect(extra)
        agent.write_llms(_site_config(), collected.folder, DOCS, self.pages, self.topics, rendered)
        collected.collect()
        new_state["site_files"] = sorted(extra.kept - before)

    def navigation(self) -> bool:
        """The navigation, the search vocabulary, a configuration for a successor; whether the navigation changed."""
        from sitegen import labs, pages as site, search
        out = self.out
        navigation = site.nav(DOCS, self.pages, labs.nav_entry())
        nav_changed = _put_file(out / "nav.json", json.dumps(navigation, ensure_ascii=False, indent=1))
        if self.new_state.get("site") != self.state.get("site") or not (out / "search_terms.txt").is_file():
            terms, synonyms = search.search_terms(DOCS)
            _put_file(out / "search_terms.txt", "".join(f"{t}\n" for t in terms))
            _put_file(out / "search_synonyms.json", json.dumps(synonyms, ensure_ascii=False))
        _put_file(out / "mkdocs.yml", successor_config(navigation))
        return nav_changed


def cached(name, key, state, new_state, out, make) -> str:
    """Text that is expensive to make (the kernel reference, a rendered notebook), made again only when its key
    changed; kept in build/sitegen/cache/."""
    new_state["cached"][name] = key
    path = out / "cache" / name
    if state.get("cached", {}).get(name) == key and path.is_file():
        return path.read_text(encoding="utf-8")
    content = make()
    _write_bytes(path, content.encode("utf-8"))
    return content


def _kernel_reference() -> str:
    from tools.kernel_docs import kernel_reference_markdown
    return kernel_reference_markdown(root=ROOT, page_path="about/kernels.md")


class _Collect:
    """agent.write_llms writes whole files into a folder; collect them into a Tree (written only when changed)."""

    def __init__(self, tree: Tree):
        import tempfile
        self.tree = tree
        self.folder = Path(tempfile.mkdtemp(prefix="sitegen-", dir=tree.root.parent))

    def collect(self) -> None:
        for path in sorted(self.folder.rglob("*")):
            if path.is_file():
                self.tree.put(path.relative_to(self.folder).as_posix(), path.read_bytes())
        shutil.rmtree(self.folder)


def _put_file(path: Path, text: str) -> bool:
    data = text.encode("utf-8")
    if path.is_file() and path.read_bytes() == data:
        return False
    _write_bytes(path, data)
    return True


def _site_config() -> dict:
    """site_name and site_description from mkdocs.yml (read as text: its tags are the renderer's business)."""
    import re
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return {key: re.search(rf"^{key}:\s*(.+)$", text, re.M).group(1).strip() for key in ("site_name", "site_description")}


def successor_config(navigation: list) -> str:
    """mkdocs.yml for the generated tree, as a generator without MkDocs' hooks reads it (Zensical): the project's
    settings, docs_dir the generated pages, the navigation written out, no hooks, paths relative to build/sitegen/."""
    import re
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"^hooks:\n(?:  - .*\n)+", "", text, flags=re.M)
    text = re.sub(r"^docs_dir: .*$", "docs_dir: docs", text, flags=re.M)
    text = re.sub(r"^(  custom_dir: )(\S+)", r"\1../../\2", text, flags=re.M)
    text = re.sub(r"^(      jieba_dict_user: )(\S+)", r"\1../../\2", text, flags=re.M)
    text = re.sub(r"^watch:\n(?:  - .*\n)+", "", text, flags=re.M)
    header = ("# Generated by `python -m sitegen` from mkdocs.yml: the generated tree, its navigation, no hooks.\n"
              "# Plain outputs (raw Markdown, page JSON, llms.txt) are in extra/: `python -m sitegen --publish SITE`.\n")
    return header + text.rstrip("\n") + "\nsite_dir: site\n\nnav: " + json.dumps(navigation, ensure_ascii=False) + "\n"


# --------------------------------------------------------------------------- laying the plain outputs over a site

def publish(site_dir: Path, out: Path = GEN, search_index: bool = True) -> None:
    """Copy the plain outputs (extra/) into a rendered site, and build its search index from the theme's when the
    renderer wrote one (search/search_index.json, mkdocs-material)."""
    from sitegen import search
    extra = out / "extra"
    for path in sorted(extra.rglob("*")):
        if path.is_file():
            target = site_dir / path.relative_to(extra)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    code = json.loads((extra / "search" / "code_sections.json").read_text(encoding="utf-8"))
    (site_dir / "search" / "code_sections.json").unlink(missing_ok=True)
    if search_index and (site_dir / "search" / "search_index.json").is_file():
        synonyms = json.loads((out / "search_synonyms.json").read_text(encoding="utf-8"))
        search.build_search_index(site_dir, DOCS, synonyms, code)


def main(argv=None) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python -m sitegen", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=GEN, help="where the generated tree goes (default build/sitegen)")
    parser.add_argument("--no-verify", action="store_true", help="take the recorded results as they are")
    parser.add_argument("--publish", type=Path, metavar="SITE",
                        help="after generating, lay the plain outputs over the rendered site SITE")
    args = parser.parse_args(argv)
    try:
        result = generate(args.out, verify=not args.no_verify)
    except Refused as refused:
        for line in refused.lines:
            print(line)
        print(f"sitegen: {len(refused.lines)} page(s) failed verification; nothing was generated or published")
        return 1
    print(f"sitegen: {len(result.changed)} page(s) generated again, {len(result.changed_files)} file(s) written, "
          f"{len(result.removed)} removed, in {result.seconds:.1f} s -> {result.out.relative_to(ROOT)}/")
    if args.publish:
        publish(args.publish, args.out)
        print(f"sitegen: plain outputs laid over {args.publish}")
    return 0
