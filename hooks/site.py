"""MkDocs hooks: navigation from the pages, the verification box, raw Markdown and results JSON
beside every page, rendered verify/kernel sources, self-hosted MathJax, llms.txt.

A topic page is published only as verified: if `make verify` has not produced a passing
result for it, the build fails.
"""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

from verify.page import front_matter, split_front_matter
from verify.paths import ROOT, VERIFY_OUT

RESULTS = VERIFY_OUT / "pages"
DOC_NAMES = {"lecture": "讲义读本", "primer": "入门文章", "topic": "主题页"}
EVIDENCE_LABELS = {"construction": "教学构造", "checkpoint": "本站运行", "measurement": "本站测量", "paper": "论文结果",
                   "record": "历史记录", "design": "待做设计"}
CODE_DIRS = ("kernels", "verify")


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
        if chapters:
            nav.append({doc_name: [{titles.get(ch, f"第 {ch} 章"): items} for ch, items in chapters.items()]})
    if topics:
        nav.append({DOC_NAMES["topic"]: topics})
    about = sorted(p.relative_to(docs_dir).as_posix() for p in (docs_dir / "about").glob("*.md"))
    nav.append({"关于本站": about + ["about/kernels.md"]})  # the kernel reference is generated in on_files
    config["nav"] = nav
    return config


# --------------------------------------------------------------------------- files: rendered sources

def on_files(files, config):
    from verify.kernel_docs import kernel_reference_markdown

    files.append(File.generated(config, "about/kernels.md",
                                content=kernel_reference_markdown(root=ROOT, page_path="about/kernels.md")))
    for folder in CODE_DIRS:
        for source in sorted((ROOT / folder).rglob("*.py")):
            rel = source.relative_to(ROOT).as_posix()
            if source.name == "__init__.py" and source.stat().st_size < 400:
                continue
            content = (f"# `{rel}`\n\n本站源码的只读渲染；行号可直接链接。\n\n"
                       f"```python linenums=\"1\"\n{source.read_text(encoding='utf-8')}\n```\n")
            files.append(File.generated(config, f"code/{rel[:-3]}.md", content=content))
    return files


# --------------------------------------------------------------------------- pages: verification box

def _relative_root(page) -> str:
    return "../" * page.url.count("/")


def page_results(page_id: str, src: str) -> dict:
    path = RESULTS / f"{page_id}.json"
    if not path.is_file():
        raise PluginError(f"docs/{src}: no verification results for {page_id}; run `make verify` before building")
    data = json.loads(path.read_text(encoding="utf-8"))
    if data["status"] != "passed":
        first = (data.get("errors") or ["claims failed"])[0]
        raise PluginError(f"docs/{src}: page {page_id} failed verification and is not published: {first}")
    return data


def verification_box(page, data: dict) -> str:
    root = _relative_root(page)
    kinds = "".join(f'<span class="evidence-kind">{EVIDENCE_LABELS[k]}</span>' for k in data["evidence"]) or "无（本页不含数值结果）"
    numbers = data["numbers"]
    parts = [f'<span class="verify-status-passed">✔ 已核算</span>',
             f"证据：{kinds}",
             f"本页数字 {numbers['total']} 个：{numbers['recomputed']} 个由代码重算，{numbers['cited']} 个注明来源"]
    if data.get("verify"):
        module, func = data["verify"].split("::")
        line = data.get("verify_line") or 1
        href = f"{root}code/{module[:-3]}/#__codelineno-0-{line}"
        parts.append(f'核算函数 <a class="verify-source" href="{href}"><code>{html.escape(func)}</code></a>')
    if data.get("code_blocks_run"):
        parts.append(f"{data['code_blocks_run']} 段代码已执行")
    parts.append(f'<a class="verify-json" href="{root}verify/{data["page"]}.json">结果 JSON</a>')
    parts.append('<a class="raw-markdown" href="index.md" type="text/markdown">Markdown 原文</a>')
    parts.append('<button class="agent-copy" type="button" title="复制一段提示词，附上本页 Markdown 地址">交给 Agent</button>')
    return '<div class="verify-box" data-search-exclude data-page-id="{}">{}</div>'.format(html.escape(data["page"]), " · ".join(parts))


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


def on_page_markdown(markdown, page, config, files):
    meta = page.meta or {}
    markdown = join_cjk_lines(markdown)
    if "id" not in meta:
        return markdown
    data = page_results(meta["id"], page.file.src_uri)
    page.meta["raw_markdown"] = "index.md"
    box = verification_box(page, data)
    markdown = with_references(markdown, data.get("references") or [])
    lines = markdown.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("# "):
            lines.insert(i + 1, "\n" + box + "\n")
            break
    else:
        lines.insert(0, box + "\n")
    return "\n".join(lines)


# --------------------------------------------------------------------------- after the build

def _absolute(config, path: str) -> str:
    return config["site_url"].rstrip("/") + "/" + path


def page_url(rel: str) -> str:
    """docs-relative source path -> directory URL (use_directory_urls)."""
    stem = rel[:-3]
    return stem[: -len("index")] if stem.endswith("index") else stem + "/"


def on_post_build(config):
    site = Path(config["site_dir"])
    docs_dir = Path(config["docs_dir"])
    pages = topic_pages(docs_dir)
    # raw Markdown beside each page's HTML, and its results JSON
    (site / "verify").mkdir(parents=True, exist_ok=True)
    for rel, meta in pages:
        target = site / page_url(rel) / "index.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        data = json.loads((RESULTS / f"{meta['id']}.json").read_text(encoding="utf-8"))
        raw = (docs_dir / rel).read_text(encoding="utf-8")  # front matter kept; 来源 spelled out for readers
        target.write_text(with_references(raw, data.get("references") or []), encoding="utf-8")
        shutil.copyfile(RESULTS / f"{meta['id']}.json", site / "verify" / f"{meta['id']}.json")
    if (RESULTS.parent / "results.json").is_file():
        shutil.copyfile(RESULTS.parent / "results.json", site / "verify" / "results.json")
    # MathJax from the installed wheel: SVG output needs no web fonts
    import mathjax
    es5 = Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"
    dest = site / "assets" / "mathjax"
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(es5 / "tex-svg.js", dest / "tex-svg.js")
    shutil.copytree(es5 / "input" / "tex" / "extensions", dest / "input" / "tex" / "extensions", dirs_exist_ok=True)
    write_llms(config, site, docs_dir, pages)


def _strip_front_matter(text: str) -> str:
    split = split_front_matter(text)
    return text[split[1]:] if split else text


def write_llms(config, site: Path, docs_dir: Path, pages) -> None:
    lines = [f"# {config['site_name']}", "",
             f"> {config['site_description']} 每页另有 Markdown 原文（…/index.md，含记录数字来历的 front matter）"
             f"与核算结果 JSON（/verify/<id>.json）。", ""]
    full = list(lines)
    current = None
    chapter_titles = {tuple(m["id"].split(".")): m["title"] for _, m in pages if m["id"].count(".") == 1}
    for rel, meta in pages:
        doc, chapter = meta["id"].split(".")[:2]
        label = group_label(doc, chapter, chapter_titles.get((doc, chapter), "")) if doc != "topic" else ""
        group = f"{DOC_NAMES.get(doc, doc)} · {label}" if label else DOC_NAMES.get(doc, doc)
        if group != current:
            lines += ["", f"## {group}", ""]
            current = group
        url = _absolute(config, page_url(rel) + "index.md")
        desc = meta.get("description") or meta["title"]
        lines.append(f"- [{meta['source']} {meta['title']}]({url}): {desc}")
        body = _strip_front_matter((docs_dir / rel).read_text(encoding="utf-8"))
        full += ["", f"<!-- {meta['source']} {meta['title']} · {url} -->", body.strip(), ""]
    (site / "llms.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (site / "llms-full.txt").write_text("\n".join(full) + "\n", encoding="utf-8")
