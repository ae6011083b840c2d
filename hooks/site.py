"""The MkDocs side of the site, kept thin: everything a page shows is computed by the site's own build step
(`python -m sitegen`, sitegen/build.py) into build/sitegen/, and this hook only points MkDocs at it.

- on_config: generate (incrementally; a page whose inputs changed is verified again first) and build from the
  generated tree (docs_dir) with its navigation; a page that failed verification stops the build here, one line per
  page, before MkDocs has touched site/; the generated search terms join the jieba dictionary;
- `mkdocs build` writes into a staging folder beside site_dir and puts it in place only when the build succeeded,
  so a refused or failed build leaves the previous site/ as it was;
- each page's `__config` points the theme's search at docs/search/worker.js;
- the rendered sources (code/…) keep their highlighted HTML in build/sitegen/highlight/, by the content of the code
  block: Pygments runs again only for a source that changed (it was a third of the build);
- on_post_build: the plain outputs (raw Markdown, page JSON, llms.txt, …) are laid over the site and the search
  index is built (sitegen.build.publish).

The live preview (sitegen/dev.py) generates its own tree and sets SITEGEN_OUT; then this hook only reads it.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError

from checker.paths import ROOT

log = logging.getLogger("mkdocs.hooks.site")
RUN: dict = {}


def on_startup(command, dirty):
    RUN.clear()
    RUN.update(command=command, dirty=dirty)


def on_config(config):
    from sitegen import build, search
    prepared = os.environ.get("SITEGEN_OUT")
    out = Path(prepared) if prepared else build.GEN
    if not prepared:
        try:
            build.generate(out, log=log.info)
        except build.Refused as refused:
            for line in refused.lines:
                log.error(line)
            raise PluginError(f"{len(refused.lines)} page(s) failed verification and are not published; "
                              "the site was not built and site/ is as it was")
    config["docs_dir"] = str(out / "docs")
    config["nav"] = json.loads((out / "nav.json").read_text(encoding="utf-8"))
    terms = (out / "search_terms.txt").read_text(encoding="utf-8").split()
    search.add_terms_to_jieba(terms)
    RUN["out"] = out
    if RUN.get("command") == "build" and not RUN.get("dirty"):   # a --dirty build adds to site/ in place
        final = Path(config["site_dir"])
        staging = final.with_name(final.name + ".building")
        shutil.rmtree(staging, ignore_errors=True)
        RUN.update(final=final, staging=staging)
        config["site_dir"] = str(staging)
    return config


CODE_BLOCK = re.compile(r'^```python linenums="1"\n.*^```[ \t]*$', re.S | re.M)
PLACEHOLDER = '<div class="kb-highlighted"></div>'
HIGHLIGHTED = '<div class="highlight">'


def _highlight_cache() -> Path:
    return (RUN.get("out") or ROOT / "build" / "sitegen") / "highlight"


def on_page_markdown(markdown, page, config, files):
    """A source page whose code block was highlighted before: the block is replaced by a placeholder."""
    if not page.file.src_uri.startswith("code/"):
        return markdown
    block = CODE_BLOCK.search(markdown)
    if not block:
        return markdown
    import pygments
    import pymdownx
    key = hashlib.sha256(f"{pygments.__version__} {pymdownx.__version__}\n{block.group(0)}".encode()).hexdigest()
    cached = _highlight_cache() / f"{key}.html"
    if cached.is_file():
        page.kb_highlighted = cached.read_text(encoding="utf-8")
        return markdown[:block.start()] + PLACEHOLDER + markdown[block.end():]
    page.kb_highlight_key = key
    return markdown


def on_page_content(html, page, config, files):
    if getattr(page, "kb_highlighted", None) is not None:
        return html.replace(PLACEHOLDER, page.kb_highlighted, 1)
    key = getattr(page, "kb_highlight_key", None)
    if key and html.count(HIGHLIGHTED) == 1:   # the page's one code block is the rest of the page
        cache = _highlight_cache()
        cache.mkdir(parents=True, exist_ok=True)
        tmp = cache / f"{key}.tmp"
        tmp.write_text(html[html.index(HIGHLIGHTED):], encoding="utf-8")
        os.replace(tmp, cache / f"{key}.html")
    return html


def on_post_page(output, page, config):
    from sitegen.search import worker_url_in
    return worker_url_in(output)


def on_post_template(output_content, template_name, config):
    from sitegen.search import worker_url_in
    return worker_url_in(output_content)   # static templates (404.html) carry the same __config


def on_post_build(config):
    from sitegen.build import publish
    publish(Path(config["site_dir"]), RUN.get("out") or ROOT / "build" / "sitegen")
    RUN["built"] = True


def on_build_error(error):
    RUN["failed"] = True


def on_shutdown():
    """Put the staged site in place only after a whole, successful build (the strict check comes after post_build)."""
    staging, final = RUN.get("staging"), RUN.get("final")
    if not staging:
        return
    if RUN.get("built") and not RUN.get("failed"):
        old = final.with_name(final.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if final.exists():
            final.rename(old)
        staging.rename(final)
        shutil.rmtree(old, ignore_errors=True)
    else:
        shutil.rmtree(staging, ignore_errors=True)
        log.error(f"the build did not finish: {final} is left as it was")
