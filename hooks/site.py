"""MkDocs hooks: navigation from the pages, the verification box, raw Markdown and results JSON
beside every page (written by hooks/agent.py), rendered verify/kernel sources, self-hosted MathJax.

A topic page is published only as verified, and only as what was verified: before any page is rendered, every
page's inputs (checker/inputs.py: the page, the checker, its verify module's imports, the committed data) are
hashed again; a page whose hash differs from its recorded result is verified again on the spot. A page that
fails stops `mkdocs build`; under `mkdocs serve` (make dev) it is rendered with its failure on top instead,
so an author sees the one-line message in the browser.
"""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from checker.page import front_matter, split_front_matter
from checker.paths import ROOT, VERIFY_OUT

RESULTS = VERIFY_OUT / "pages"
DOC_NAMES = {"lecture": "讲义读本", "primer": "入门文章", "topic": "主题页"}
CODE_DIRS = ("kernels", "verify", "checker", "training", "labs", "tools")
VISION_IMAGES = ROOT / "results" / "vision" / "images"


def _id_key(page_id: str):
    """Numbered chapters first in numeric order, then appendices (A, B, …), then references."""
    doc, *parts = page_id.split(".")
    return (doc, [(0, int(p), "") if p.isdigit() else (1, 0, p) if len(p) == 1 else (2, 0, p) for p in parts])


def topic_pages(docs_dir: Path) -> list[tuple[str, dict]]:
    """(docs-relative path, front matter) of every topic page, in document order."""
    pages = []
    for path in docs_dir.rglob("*.md"):
        meta = front_matter(path)
        if meta and "id" in meta:
            pages.append((path.relative_to(docs_dir).as_posix(), meta))
    return sorted(pages, key=lambda item: (list(DOC_NAMES).index(item[1]["id"].split(".")[0])
                                           if item[1]["id"].split(".")[0] in DOC_NAMES else 99,
                                           _id_key(item[1]["id"])[1]))


def group_label(doc: str, chapter: str, title: str = "") -> str:
    """How a chapter-level group is named in the navigation and in llms.txt."""
    if chapter.isdigit():
        return f"第 {chapter} 章 {title}".rstrip()
    if doc == "primer" and len(chapter) == 1:
        return f"附录 {chapter} {title}".rstrip()
    return title or chapter


def chapter_label(meta: dict) -> str:
    doc, chapter = meta["id"].split(".")[:2]
    return group_label(doc, chapter, meta["title"])


# --------------------------------------------------------------------------- config: navigation

def on_config(config):
    docs_dir = Path(config["docs_dir"])
    nav = [{"首页": "index.md"}]
    pages = topic_pages(docs_dir)
    topics = [{m["title"]: rel} for rel, m in pages if m["id"].split(".")[0] == "topic"]
    for doc, doc_name in DOC_NAMES.items():
        if doc == "topic":
            continue
        chapters: dict[str, list] = {}
        titles: dict[str, str] = {}
        for rel, meta in pages:
            parts = meta["id"].split(".")
            if parts[0] != doc:
                continue
            chapter = parts[1]
            chapters.setdefault(chapter, [])
            if len(parts) == 2:
                titles[chapter] = chapter_label(meta)
                chapters[chapter].insert(0, rel)
            else:
                chapters[chapter].append({f"§{'.'.join(parts[1:])} {meta['title']}": rel})
        if chapters:  # the document's own index page first: navigation.indexes makes it the section's page
            nav.append({doc_name: [f"{doc}/index.md"] +
                        [{titles.get(ch, f"第 {ch} 章"): items} for ch, items in chapters.items()]})
    if topics:
        nav.append({DOC_NAMES["topic"]: topics})
    from hooks import labs
    nav.append(labs.nav_entry())
    about = sorted(p.relative_to(docs_dir).as_posix() for p in (docs_dir / "about").glob("*.md"))
    nav.append({"关于本站": about + ["about/kernels.md"]})  # the kernel reference is generated in on_files
    config["nav"] = nav
    return config


# --------------------------------------------------------------------------- files: rendered sources

def on_files(files, config):
    from tools.kernel_docs import kernel_reference_markdown

    from hooks import labs

    ensure_verified(Path(config["docs_dir"]))
    files.append(File.generated(config, "about/kernels.md",
                                content=kernel_reference_markdown(root=ROOT, page_path="about/kernels.md")))
    labs.add_files(files, config)
    pages = topic_pages(Path(config["docs_dir"]))
    for doc in ("lecture", "primer"):
        files.append(File.generated(config, f"{doc}/index.md", content=document_index_markdown(doc, pages)))
    for folder in CODE_DIRS:
        for source in sorted((ROOT / folder).rglob("*.py")):
            rel = source.relative_to(ROOT).as_posix()
            if source.name == "__init__.py" and source.stat().st_size < 400:
                continue
            content = (f"# `{rel}`\n\n本站源码的只读渲染；行号可直接链接。\n\n"
                       f"```python linenums=\"1\"\n{source.read_text(encoding='utf-8')}\n```\n")
            files.append(File.generated(config, f"code/{rel[:-3]}.md", content=content))
    for png in sorted(VISION_IMAGES.glob("*.png")):  # the site's own drawings (kernels/scenes.py)
        files.append(File.generated(config, f"assets/vision/{png.name}", abs_src_path=str(png)))
    from tools.figures import add_site_files
    return add_site_files(files, config, RESULTS)  # the verified figures' SVGs, from the figure cache


# --------------------------------------------------------------------------- pages: verification box

def _relative_root(page) -> str:
    return "../" * page.url.count("/")


SERVING = {"on": False}   # `mkdocs serve`: show a failure on the page instead of stopping
REVERIFIED: list[str] = []   # page ids verified again by this build because their inputs changed


def on_startup(command, dirty):
    SERVING["on"] = command == "serve"


def ensure_verified(docs_dir: Path) -> None:
    """Every topic page's recorded result must be for its current inputs; a stale or missing one is verified
    again now (only those pages), so a page edited after `make verify` cannot be published as it was. The check
    runs in a fresh process: under `mkdocs serve` an edited verify module or kernel must be imported anew."""
    import subprocess
    import sys

    from checker.cli import recorded_result
    REVERIFIED.clear()
    stale = [(rel, meta) for rel, meta in topic_pages(docs_dir) if recorded_result(docs_dir / rel, VERIFY_OUT)[0] is None]
    if not stale:
        return
    REVERIFIED.extend(meta["id"] for _, meta in stale)
    subprocess.run([sys.executable, "-m", "verify", "--out", str(VERIFY_OUT), *(str(docs_dir / rel) for rel, _ in stale)],
                   cwd=ROOT, stdout=subprocess.DEVNULL, check=False)


def page_results(page_id: str, src: str) -> dict:
    path = RESULTS / f"{page_id}.json"
    if not path.is_file():
        raise PluginError(f"docs/{src}: no verification results for {page_id}; run `make verify` before building")
    data = json.loads(path.read_text(encoding="utf-8"))
    if data["status"] != "passed" and not SERVING["on"]:
        first = (data.get("errors") or ["claims failed"])[0]
        raise PluginError(f"docs/{src}: page {page_id} failed verification and is not published: {first}")
    return data


def failure_banner(data: dict) -> str:
    """Under `mkdocs serve` only: the page's failures, one line each, where the author is looking."""
    items = "".join(f"<li><code>{html.escape(e)}</code></li>" for e in data.get("errors", [])[:20])
    more = len(data.get("errors", [])) - 20
    extra = f"<li>… 另有 {more} 条（python -m verify {html.escape(data['path'])}）</li>" if more > 0 else ""
    return (f'<div class="admonition failure kb-verify-failed" data-search-exclude><p class="admonition-title">'
            f"未通过核算：这一页不会发布</p><ul>{items}{extra}</ul></div>")


def evidence_line(data: dict) -> str:
    """The page's kinds of numbers, derived from the numbers themselves (checker/kinds.py), with counts."""
    from checker.kinds import LABELS_BY_KEY
    counted = [f'<span class="evidence-kind" data-kind="{k}">{LABELS_BY_KEY[k].label} {n}</span>'
               for k, n in (data.get("kinds") or {}).items() if n]
    if "design" in data.get("evidence", []):
        counted.append(f'<span class="evidence-kind" data-kind="design">{LABELS_BY_KEY["design"].label}</span>')
    return "".join(counted) or "无（本页不含数值结果）"


def checks_line(data: dict) -> str:
    """What "已核算" covers on this page: each kind of check and how much of the page it reaches."""
    checks = data.get("checks") or {}
    items = [("recomputed", "个数由代码重算"), ("cited", "个数注明来源"), ("formulas", "个公式在随机点上对照 kernel"),
             ("relations", "句比较或等式绑定到计算"), ("pinned", "处陈述词（大小、方向、异同、必要性）只做了快照，没有计算核对")]
    shown = [f'<span class="kb-check" data-check="{key}">{checks.get(key, 0)} {words}</span>' for key, words in items]
    return '核对范围：' + "，".join(shown)


def verification_box(page, data: dict) -> str:
    from hooks.marks import legend
    root = _relative_root(page)
    kinds = evidence_line(data)
    numbers = data["numbers"]
    if data.get("status") != "passed":   # only under `mkdocs serve`: the banner above says why; never a green tick
        parts = ['<span class="verify-status-failed">✘ 未通过核算</span>', f"数字的来历：{kinds}"]
    elif numbers["total"]:
        parts = [f'<span class="verify-status-passed">✔ 已核算</span>',
                 f"数字的来历：{kinds}",
                 f"本页数字 {numbers['total']} 个", checks_line(data)]
    else:  # nothing to recompute: say so instead of a green tick over zero numbers
        parts = ['<span class="verify-status-none">本页不含需核算的数字</span>', f"数字的来历：{kinds}"]
    if data.get("verify"):
        module, func = data["verify"].split("::")
        line = data.get("verify_line") or 1
        href = f"{root}code/{module[:-3]}/#__codelineno-0-{line}"
        parts.append(f'核算函数 <a class="verify-source" href="{href}"><code>{html.escape(func)}</code></a>')
    if data.get("code_blocks_run"):
        parts.append(f"{data['code_blocks_run']} 段代码已执行")
    parts.append(f'<a class="verify-json" href="{root}verify/{data["page"]}.json">结果 JSON</a>')
    # rel=alternate on an <a>, not a <link> in <head>: the theme fetches `<href>/../sitemap.xml` for
    # every <link rel=alternate> (it takes them for language versions); serve.py also sends a Link header
    parts.append('<a class="raw-markdown" rel="alternate" href="index.md" type="text/markdown">Markdown 原文</a>')
    parts.append(f'<a class="verify-summary" href="{root}verify/results.json">全站核算结果</a>')
    parts.append('<button class="agent-copy" type="button" title="复制一段提示词，附上本页 Markdown 地址">交给 Agent</button>')
    body = " · ".join(parts)
    if numbers["total"]:
        body += f'<br><span class="kb-legend">{legend()}</span>'
    return '<div class="verify-box" data-search-exclude data-page-id="{}">{}</div>'.format(html.escape(data["page"]), body)


def chapter_vocabulary() -> str:
    """The labels, defined once (checker/kinds.py), for every chapter index: what each kind of number is."""
    from checker.kinds import DESIGN, KINDS
    rows = "\n".join(f"- **{k.label}**：{k.meaning}。" for k in KINDS + (DESIGN,))
    # a paragraph, not a heading: the served Markdown's headings must stay those of the source (hooks/agent.py)
    return ("\n\n<div class=\"kb-vocabulary\" markdown>\n\n**本章数字的来历。** 每个数字都标着它的来历，"
            "由检查器从数据判定，作者不手写：\n\n" + rows + "\n\n</div>\n")


CJK = "\u3000-\u303f\u3400-\u9fff\uff00-\uffef"
SOFT_BREAK = re.compile(f"(?<=[{CJK}])\n(?=[{CJK}])")


def join_cjk_lines(markdown: str) -> str:
    """A source line break between two Chinese characters would render as a stray space."""
    parts = re.split(r"(^```.*?^```[ \t]*$)", markdown, flags=re.S | re.M)
    return "".join(p if p.startswith("```") else SOFT_BREAK.sub("", p) for p in parts)


def with_references(markdown: str, references: list[str]) -> str:
    """Put the page's 来源 list, rendered from the bibliography by the checker, under its `## 来源`
    heading (before the page's own bullets), or in a new section at the end."""
    if not references:
        return markdown
    items = "\n".join(f"- {html.escape(r, quote=False)}" for r in references) + "\n"
    m = re.search(r"^## 来源[ \t]*\n", markdown, re.M)
    if not m:
        return markdown.rstrip("\n") + "\n\n## 来源\n\n" + items
    rest = markdown[m.end():].lstrip("\n")
    return markdown[:m.end()] + "\n" + items + ("\n" + rest if rest else "")


def marked_markdown(markdown: str, page, data: dict) -> str:
    """The page's Markdown with each checked number marked with its kind (hooks/marks.py). The marks carry
    offsets into the body the checker read; mkdocs hands over the same body (front matter removed), or the
    same text without its leading blank lines, which only shifts them."""
    from hooks.marks import mark_numbers
    text = Path(page.file.abs_src_path).read_text(encoding="utf-8")
    split = split_front_matter(text)
    body = text[split[1]:] if split else text
    if not body.endswith(markdown):
        raise PluginError(f"docs/{page.file.src_uri}: the Markdown mkdocs renders is not the body the checker read; "
                          "the number marks cannot be placed (was the page changed by another hook?)")
    shift = len(body) - len(markdown)
    marks = [dict(m, start=m["start"] - shift, end=m["end"] - shift) for m in data.get("marks", []) if m["start"] >= shift]
    return mark_numbers(markdown, {**data, "marks": marks})


def with_vocabulary(markdown: str) -> str:
    """A chapter index's vocabulary of kinds, before its 来源 section (or at the end)."""
    m = re.search(r"^## 来源[ \t]*$", markdown, re.M)
    return markdown[:m.start()] + chapter_vocabulary().lstrip("\n") + "\n" + markdown[m.start():] if m \
        else markdown.rstrip("\n") + chapter_vocabulary()


def on_page_markdown(markdown, page, config, files):
    meta = page.meta or {}
    if page.file.src_uri == "index.md":
        return home_page_markdown(join_cjk_lines(markdown), topic_pages(Path(config["docs_dir"])))
    if "id" not in meta:
        return join_cjk_lines(markdown)
    data = page_results(meta["id"], page.file.src_uri)
    markdown = join_cjk_lines(marked_markdown(markdown, page, data))   # marks first: their offsets are the source's
    from tools.figures import embed_figures
    markdown = embed_figures(markdown, page.file.src_uri, meta["id"])
    page.meta["raw_markdown"] = "index.md"
    if len(meta["id"].split(".")) == 2:   # a chapter index: the vocabulary of kinds, defined once
        markdown = with_vocabulary(markdown)
    box = verification_box(page, data)
    if data["status"] != "passed":   # only under `mkdocs serve`: page_results stops a build
        box = failure_banner(data) + "\n" + box
    markdown = with_references(markdown, data.get("references") or [])
    lines = markdown.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("# "):
            lines.insert(i + 1, "\n" + box + "\n")
            break
    else:
        lines.insert(0, box + "\n")
    return "\n".join(lines)


# --------------------------------------------------------------------------- home page and document indexes

def _chapters(doc: str, pages) -> list[tuple[str, dict, int]]:
    """(docs-relative path, front matter, number of section pages) of each chapter page of `doc`."""
    chapters, sections = [], {}
    for rel, meta in pages:
        parts = meta["id"].split(".")
        if parts[0] != doc:
            continue
        if len(parts) == 2:
            chapters.append((rel, meta))
        else:
            sections[parts[1]] = sections.get(parts[1], 0) + 1
    return [(rel, meta, sections.get(meta["id"].split(".")[1], 0)) for rel, meta in chapters]


def _link(rel: str, from_rel: str) -> str:
    """A Markdown link target from page `from_rel` to page `rel` (both docs-relative .md paths)."""
    import posixpath
    return posixpath.relpath(rel, posixpath.dirname(from_rel) or ".")


def chapter_grid(doc: str, pages, from_rel: str) -> str:
    """One card per chapter: its label, a link with its title as the one line, its section count."""
    cards = []
    for rel, meta, n_sections in _chapters(doc, pages):
        doc_id, chapter = meta["id"].split(".")[:2]
        label = group_label(doc_id, chapter) if chapter.isdigit() or len(chapter) == 1 else "参考文献"
        count = f" · {n_sections} 节" if n_sections else ""
        cards.append(f'<div class="kb-card" markdown title="{html.escape(meta.get("description", ""))}">\n'
                     f'<span class="kb-card-label">{html.escape(label)}{count}</span>\n'
                     f'[{meta["title"]}]({_link(rel, from_rel)})\n</div>')
    return '<div class="kb-map" markdown>\n\n' + "\n\n".join(cards) + "\n\n</div>"


def site_results(docs_dir: Path = ROOT / "docs") -> list[dict]:
    """The recorded result of every topic page (made current by ensure_verified): the site's numbers are always
    counted over all its pages, never over whatever a partial verify run last wrote."""
    out = []
    for rel, meta in topic_pages(docs_dir):
        path = RESULTS / f"{meta['id']}.json"
        if not path.is_file():
            raise PluginError(f"docs/{rel}: no verification results for {meta['id']}; run `make verify` before building")
        out.append(json.loads(path.read_text(encoding="utf-8")))
    return out


def verification_summary(docs_dir: Path = ROOT / "docs") -> str:
    """The site-wide counts over every page's current result, and when they were checked."""
    import datetime

    from checker.cli import summary_of
    results = site_results(docs_dir)
    summary = summary_of(results)
    newest = max((RESULTS / f"{d['page']}.json").stat().st_mtime for d in results)
    when = datetime.datetime.fromtimestamp(newest, datetime.timezone.utc)
    from checker.kinds import LABELS_BY_KEY
    by_kind = "、".join(f"{LABELS_BY_KEY[k].label} {n} 个" for k, n in summary["kinds"].items() if n)
    lines = [f'<div class="kb-summary verify-box" markdown>',
             f"**{summary['pages']} 页**已发布，全部通过核算（未通过的页面不会发布）。"
             f"页面上共有 **{summary['numbers']} 个数字**：{summary['recomputed']} 个由代码重算，"
             f"{summary['cited']} 个注明来源；逐项比对 {summary['claims_passed']} 条 claim。"
             + (f"按来历：{by_kind}。" if by_kind else ""),
             "",
             f"最近一次核算：{when:%Y-%m-%d %H:%M} UTC（构建时逐页比对内容哈希，改动过的页面当场重新核算）。"
             f"逐条结果见 <a href=\"verify/results.json\">verify/results.json</a>，每页另有 `verify/<id>.json`。",
             "</div>"]
    return "\n".join(lines)


def section_label(page_id: str) -> str:
    """lecture.3.10 -> 讲义读本 §3.10"""
    doc, *parts = page_id.split(".")
    return f"{DOC_NAMES.get(doc, doc)} §{'.'.join(parts)}"


def labs_and_checkpoints(pages, from_rel: str) -> str:
    """Where the lab notebooks and the trained checkpoints are, listed from the repository."""
    notebooks = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    runs = sorted(p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "results").glob("*/manifest.json"))
    checkpoint_pages = [(rel, meta) for rel, meta in pages
                        if "checkpoint" in (meta.get("evidence") or [])]
    lines = []
    if notebooks:
        lines.append("- **实验笔记本**（仓库 `notebooks/`，已执行的输出渲染在 [实验路线](" + _link("labs/index.md", from_rel)
                     + ")；`make labs` 重新执行并与提交的输出比对）：" + "、".join(f"`{n}`" for n in notebooks))
    if runs:
        lines.append("- **本站训练的 checkpoint**（" + "、".join(f"`{r}/`" for r in runs) +
                     "，含种子、设备与 sha256 的 manifest；`make checkpoints` 重训，`make gpu` 在 CUDA 上复核）。"
                     "用到它们的页面：" + "、".join(f"[{section_label(m['id'])}]({_link(rel, from_rel)})"
                                           for rel, m in checkpoint_pages))
    return "\n".join(lines)


def home_page_markdown(markdown: str, pages) -> str:
    """Fill the home page's placeholders with what the build knows (no hand-typed counts)."""
    fills = {"<!-- kb:lecture-map -->": chapter_grid("lecture", pages, "index.md"),
             "<!-- kb:primer-map -->": chapter_grid("primer", pages, "index.md"),
             "<!-- kb:labs -->": labs_and_checkpoints(pages, "index.md"),
             "<!-- kb:verify-summary -->": verification_summary()}
    for marker, content in fills.items():
        markdown = markdown.replace(marker, content)
    return markdown


def document_index_markdown(doc: str, pages) -> str:
    """The /lecture/ and /primer/ pages: the document's chapters with their descriptions."""
    from_rel = f"{doc}/index.md"
    intro = {"lecture": "讲义读本沿着同一句“我昨天给了他一本书”，从表示、循环网络、注意力一直走到预训练和推理时的执行方式。"
                        "每章先有一页章首，再按小节分页；每页顶部的核算框说明本页数字的来历。",
             "primer": "入门文章从一条影评的好评/差评判断出发，一步步换上更强的表示和模型，最后落到实验方法；"
                       "附录收了支线、公式速查、术语表与参考文献。"}[doc]
    lines = [f"# {DOC_NAMES[doc]}", "", intro, "", chapter_grid(doc, pages, from_rel), "", "## 各章简介", ""]
    for rel, meta, _ in _chapters(doc, pages):
        doc_id, chapter = meta["id"].split(".")[:2]
        lines.append(f"- **[{group_label(doc_id, chapter)}]({_link(rel, from_rel)})** {meta.get('description', meta['title'])}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- after the build

def page_url(rel: str) -> str:
    """docs-relative source path -> directory URL (use_directory_urls)."""
    stem = rel[:-3]
    return stem[: -len("index")] if stem.endswith("index") else stem + "/"


def on_post_build(config):
    site = Path(config["site_dir"])
    # raw Markdown (with the 来源 list rendered from the bibliography), results JSON and llms.txt: hooks/agent.py
    # MathJax from the installed wheel: SVG output needs no web fonts
    import mathjax
    es5 = Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"
    dest = site / "assets" / "mathjax"
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(es5 / "tex-svg.js", dest / "tex-svg.js")
    shutil.copytree(es5 / "input" / "tex" / "extensions", dest / "input" / "tex" / "extensions", dirs_exist_ok=True)
