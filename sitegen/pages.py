"""What a page of the site says, as Markdown: the verification box, the number marks, the rendered 来源 list,
the chapter vocabulary, the home page and document indexes, the navigation. Pure functions over the pages and their
recorded results (build/verify/pages/<id>.json); sitegen/build.py writes their output into the generated tree that
any static-site generator renders (no generator's plugin API is used here).

A topic page is rendered only as verified: the build refuses a page whose result failed; the live preview
(sitegen/dev.py) renders it with one red status that lists its one-line messages, never a green box.
"""
from __future__ import annotations

import html
import json
import posixpath
import re
from pathlib import Path

from checker.page import front_matter
from checker.paths import ROOT, VERIFY_OUT

RESULTS = VERIFY_OUT / "pages"
DOC_NAMES = {"lecture": "讲义读本", "primer": "入门文章", "topic": "主题页"}
CODE_DIRS = ("kernels", "verify", "checker", "training", "labs", "tools")
VISION_IMAGES = ROOT / "results" / "vision" / "images"


def _id_key(page_id: str):
    """Numbered chapters first in numeric order, then appendices (A, B, …), then references."""
    doc, *parts = page_id.split(".")
    return (doc, [(0, int(p), "") if p.isdigit() else (1, 0, p) if len(p) == 1 else (2, 0, p) for p in parts])


_FRONT: dict = {}   # path -> ((size, mtime), front matter): a long-running preview reads only what changed


def _front_matter(path: Path) -> dict | None:
    st = path.stat()
    stamp = (st.st_size, st.st_mtime_ns)
    known = _FRONT.get(path)
    if known is None or known[0] != stamp:
        known = _FRONT[path] = (stamp, front_matter(path))
    return known[1]


def topic_pages(docs_dir: Path) -> list[tuple[str, dict]]:
    """(docs-relative path, front matter) of every topic page, in document order."""
    pages = []
    for path in docs_dir.rglob("*.md"):
        meta = _front_matter(path)
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


def relative_root(rel: str) -> str:
    """From a page's directory URL back to the site root: 'lecture/ch03/3-5.md' -> '../../../'."""
    return "../" * page_url(rel).count("/")


def nav(docs_dir: Path, pages=None, lab_entries: list | None = None) -> list:
    """The site's navigation (MkDocs' `nav` structure, plain lists and dicts): home, each document by chapter in
    document order, the topic pages, the labs, the about pages and the generated kernel reference."""
    pages = topic_pages(docs_dir) if pages is None else pages
    out = [{"首页": "index.md"}]
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
            out.append({doc_name: [f"{doc}/index.md"] +
                        [{titles.get(ch, f"第 {ch} 章"): items} for ch, items in chapters.items()]})
    if topics:
        out.append({DOC_NAMES["topic"]: topics})
    if lab_entries is not None:
        out.append(lab_entries)
    about = sorted(p.relative_to(docs_dir).as_posix() for p in (docs_dir / "about").glob("*.md"))
    out.append({"关于本站": about + ["about/kernels.md"]})  # the kernel reference is generated (tools/kernel_docs.py)
    return out


def failed_lines(data: dict, limit: int = 20) -> str:
    """A failing page's one-line messages as list items, for the red status of the live preview."""
    errors = data.get("errors") or ["claims failed"]
    items = "".join(f"<li><code>{html.escape(e)}</code></li>" for e in errors[:limit])
    if len(errors) > limit:
        items += f"<li>… 另有 {len(errors) - limit} 条（python -m verify {html.escape(data['path'])}）</li>"
    return f'<ul class="kb-verify-errors">{items}</ul>'


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


def verification_box(rel: str, data: dict, agent: dict | None = None) -> str:
    """The box under a topic page's title: one verification status (passed, nothing to check, or failed with
    its one-line messages: a failing page is only ever shown by the live preview), the kinds of its numbers,
    its verify function, results JSON, raw Markdown and the agent button (its URLs in data-agent: a <script>
    in the article would be run again by the theme's instant navigation)."""
    from sitegen.marks import legend
    root = relative_root(rel)
    failed = data.get("status") != "passed"
    kinds = evidence_line(data)
    numbers = data["numbers"]
    if failed:   # only in the live preview (a build refuses the page): one red status, never a green tick
        parts = ['<span class="verify-status-failed">✘ 未通过核算：这一页不会发布</span>', f"数字的来历：{kinds}"]
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
    info = (' data-agent="' + html.escape(json.dumps(agent, ensure_ascii=False), quote=True) + '"') if agent else ""
    parts.append(f'<button class="agent-copy" type="button"{info} title="复制一段提示词，附上本页 Markdown 地址">交给 Agent</button>')
    body = " · ".join(parts)
    if failed:
        body += failed_lines(data)
    elif numbers["total"]:
        body += f'<br><span class="kb-legend">{legend()}</span>'
    css = "verify-box kb-verify-failed" if failed else "verify-box"
    return '<div class="{}" data-search-exclude data-page-id="{}">{}</div>'.format(css, html.escape(data["page"]), body)


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


def with_vocabulary(markdown: str) -> str:
    """A chapter index's vocabulary of kinds, before its 来源 section (or at the end)."""
    m = re.search(r"^## 来源[ \t]*$", markdown, re.M)
    return markdown[:m.start()] + chapter_vocabulary().lstrip("\n") + "\n" + markdown[m.start():] if m \
        else markdown.rstrip("\n") + chapter_vocabulary()


def topic_page_markdown(rel: str, front: str, body: str, data: dict, agent: dict | None = None) -> str:
    """A topic page as the theme renders it: its front matter, its body with every checked number marked (the marks'
    offsets are into this body, as the checker read it), figures embedded, the 来源 list rendered, a chapter
    index's vocabulary of kinds, and the verification box under the title."""
    from sitegen.marks import mark_numbers
    from tools.figures import embed_figures
    markdown = join_cjk_lines(mark_numbers(body, data))   # marks first: their offsets are the source's
    markdown = embed_figures(markdown, rel, data["page"])
    if len(data["page"].split(".")) == 2:   # a chapter index: the vocabulary of kinds, defined once
        markdown = with_vocabulary(markdown)
    box = verification_box(rel, data, agent)
    markdown = with_references(markdown, data.get("references") or [])
    lines = markdown.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("# "):
            lines.insert(i + 1, "\n" + box + "\n")
            break
    else:
        lines.insert(0, box + "\n")
    return front + "\n".join(lines)


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


def verification_summary(results: list[dict], newest: float) -> str:
    """The site-wide counts over every page's current result (all pages, never a partial run), and when they were
    checked (`newest`: the latest result file's modification time)."""
    import datetime

    from checker.cli import summary_of
    summary = summary_of(results)
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


def home_page_markdown(markdown: str, pages, results: list[dict], newest: float) -> str:
    """Fill the home page's placeholders with what the build knows (no hand-typed counts)."""
    fills = {"<!-- kb:lecture-map -->": chapter_grid("lecture", pages, "index.md"),
             "<!-- kb:primer-map -->": chapter_grid("primer", pages, "index.md"),
             "<!-- kb:labs -->": labs_and_checkpoints(pages, "index.md"),
             "<!-- kb:verify-summary -->": verification_summary(results, newest)}
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


def page_url(rel: str) -> str:
    """docs-relative source path -> directory URL (use_directory_urls)."""
    stem = rel[:-3]
    return stem[: -len("index")] if stem.endswith("index") else stem + "/"
