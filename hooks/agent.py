"""What an agent fetches over HTTP (MkDocs hook, registered in mkdocs.yml after hooks/site.py).

Beside every topic page's HTML the build publishes:

- `<page>/index.md`: the page's Markdown with its front matter (the provenance of every number),
  its relative links rewritten to served URLs (`4-8.md` -> `../4-8/index.md`, a link to a page
  without raw Markdown -> that page's URL), so every link an agent follows answers;
- `verify/<id>.json`: the page's verification results plus `url`, `markdown_url`, `json_url`, and
  per claim the `section` anchor it sits under; `verify/results.json`: the whole run;
- `llms.txt` (index) and `llms-full.txt` (every page with its front matter as a provenance block).

One setting decides absolute URLs: the environment variable SITE_URL (e.g.
`SITE_URL=https://example.org/nlp/ make site`). Unset, every URL these files carry is relative:
to the site root in llms*.txt, to the JSON file in verify/*.json, to the page in index.md.
"""
from __future__ import annotations

import json
import os
import posixpath
import re
from pathlib import Path

from hooks.site import DOC_NAMES, RESULTS, group_label, page_url, topic_pages, with_references

SERVED_PAGES: dict[str, str] = {}    # docs-relative .md -> directory URL, every page MkDocs builds
SECTION_ANCHORS: dict[str, list[str]] = {}  # page id -> heading anchors in document order

LINK = re.compile(r"(?P<head>!?\[(?:[^\[\]]|\[[^\]]*\])*\]\()(?P<target>[^)\s]+)(?P<tail>(?:\s+\"[^\"]*\")?\))")
REFERENCE = re.compile(r"^(?P<head>\s{0,3}\[[^\]]+\]:\s*)(?P<target>\S+)(?P<tail>.*)$", re.M)
HTML_LINK = re.compile(r"(?P<head>\b(?:href|src)=\")(?P<target>[^\"]+)(?P<tail>\")")
FENCE = re.compile(r"(^(?:```|~~~).*?^(?:```|~~~)[ \t]*$)", re.S | re.M)
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")


def site_base() -> str:
    """SITE_URL with one trailing slash, or "" for relative URLs."""
    base = os.environ.get("SITE_URL", "").strip()
    return base.rstrip("/") + "/" if base else ""


def served_url(path: str, from_dir: str) -> str:
    """A site-root-relative path as it should be written in a file served from `from_dir`:
    absolute under SITE_URL when set, else relative to that directory."""
    if site_base():
        return site_base() + path
    rel = posixpath.relpath(path or ".", from_dir or ".")
    if path.endswith("/") or not path:
        rel = rel.rstrip("/") + "/" if rel != "." else "./"
    return rel


# --------------------------------------------------------------------------- links inside Markdown

def resolve_target(target: str, src_rel: str, topics: dict[str, str]) -> str | None:
    """A link target in docs/<src_rel> -> the site-root-relative path that serves it, or None to leave it."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith(("#", "/")):
        return None
    path, _, fragment = target.partition("#")
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(src_rel), path))
    if resolved in topics:
        served = topics[resolved] + "index.md"
    elif resolved in SERVED_PAGES:
        served = SERVED_PAGES[resolved]
    elif resolved.endswith(".md"):
        served = page_url(resolved)  # a page MkDocs generates (code/…) that on_files did not record
    else:
        served = resolved  # a static file (image, llms.txt) keeps its docs-relative path
    return served + (f"#{fragment}" if fragment else "")


def rewrite_links(markdown: str, src_rel: str, from_dir: str, topics: dict[str, str]) -> str:
    """Rewrite every relative link (inline, reference-style, raw HTML) outside code fences."""
    def replace(match: re.Match) -> str:
        served = resolve_target(match["target"], src_rel, topics)
        if served is None:
            return match.group(0)
        path, hash_, fragment = served.partition("#")
        return match["head"] + served_url(path, from_dir) + hash_ + fragment + match["tail"]

    parts = FENCE.split(markdown)
    for i, part in enumerate(parts):
        if not FENCE.fullmatch(part):
            for pattern in (LINK, REFERENCE, HTML_LINK):
                part = pattern.sub(replace, part)
            parts[i] = part
    return "".join(parts)


def split_front_matter(text: str) -> tuple[str, str]:
    match = re.match(r"\A---\n(.*?\n)---\n", text, re.S)
    return (match.group(1), text[match.end():]) if match else ("", text)


# --------------------------------------------------------------------------- page JSON

def heading_lines(text: str) -> list[int]:
    """1-based line numbers of the Markdown headings outside code fences, in order."""
    lines, in_fence = [], False
    for number, line in enumerate(text.split("\n"), 1):
        if re.match(r"^(```|~~~)", line):
            in_fence = not in_fence
        elif not in_fence and HEADING.match(line):
            lines.append(number)
    return lines


def claim_sections(text: str, anchors: list[str], claims: list[dict], where: str = "the page") -> list[dict]:
    """Each claim with `section`: the anchor of the last heading above its line ("" above the first)."""
    lines = heading_lines(text)
    if len(lines) != len(anchors):
        raise RuntimeError(f"{where}: {len(lines)} Markdown headings but {len(anchors)} in the rendered table of "
                           "contents, so claims cannot be placed under their sections; write headings as "
                           "top-level '#' lines (not inside HTML or an admonition)")
    out = []
    for claim in claims:
        above = [anchor for line, anchor in zip(lines, anchors) if line <= (claim.get("line") or 0)]
        out.append({**claim, "section": f"#{above[-1]}" if above else ""})
    return out


def page_json(data: dict, rel: str, text: str) -> dict:
    url = page_url(rel)
    anchors = SECTION_ANCHORS.get(data["page"], [])
    return {**data,
            "url": served_url(url, "verify"),
            "markdown_url": served_url(url + "index.md", "verify"),
            "json_url": served_url(f"verify/{data['page']}.json", "verify"),
            "claims": claim_sections(text, anchors, data["claims"], f"docs/{rel}") if anchors else data["claims"]}


# --------------------------------------------------------------------------- hooks

def on_files(files, config):
    SERVED_PAGES.clear()
    for file in files.documentation_pages():
        SERVED_PAGES[file.src_uri] = file.url
    return files


def _flatten(toc) -> list[str]:
    return [anchor for item in toc for anchor in [item.id, *_flatten(item.children)]]


def on_page_context(context, page, config, nav):
    if page.meta and "id" in page.meta:
        SECTION_ANCHORS[page.meta["id"]] = _flatten(page.toc)
    return context


def on_post_page(output, page, config):
    """The '交给 Agent' button (docs/javascripts/agent.js) reads this page's agent URLs from here."""
    meta = page.meta or {}
    if "id" not in meta:
        return output
    url = page.url
    here = url.rstrip("/")
    data = {"title": meta.get("title", ""), "description": meta.get("description", ""),
            "markdown": served_url(url + "index.md", here), "json": served_url(f"verify/{meta['id']}.json", here),
            "llms": served_url("llms.txt", here)}
    tag = ('<script id="__agent" type="application/json">'
           + json.dumps(data, ensure_ascii=False).replace("</", "<\\/") + "</script>")
    return output.replace("</body>", tag + "\n</body>", 1)


def on_post_build(config):
    site, docs_dir = Path(config["site_dir"]), Path(config["docs_dir"])
    pages = topic_pages(docs_dir)
    topics = {rel: page_url(rel) for rel, _ in pages}
    (site / "verify").mkdir(parents=True, exist_ok=True)
    for rel, meta in pages:
        text = (docs_dir / rel).read_text(encoding="utf-8")
        data = json.loads((RESULTS / f"{meta['id']}.json").read_text(encoding="utf-8"))
        target = site / page_url(rel) / "index.md"
        target.parent.mkdir(parents=True, exist_ok=True)
        served = with_references(text, data.get("references") or [])  # front matter kept; 来源 spelled out
        target.write_text(rewrite_links(served, rel, page_url(rel).rstrip("/"), topics), encoding="utf-8")
        (site / "verify" / f"{meta['id']}.json").write_text(
            json.dumps(page_json(data, rel, text), ensure_ascii=False, indent=1), encoding="utf-8")
    # the whole run, assembled from every page's current result (never a partial run's file)
    from hooks.site import site_results
    from verify.__main__ import results_file, summary_of
    results = site_results(docs_dir)
    (site / "verify" / "results.json").write_text(
        json.dumps(results_file(results, summary_of(results)), ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    write_llms(config, site, docs_dir, pages, topics)


def number_kinds(data: dict, text: str, body_offset: int) -> list[str]:
    """A YAML block: whose number each counted number of the page is (verify/kinds.py), with its line."""
    from verify.kinds import LABELS_BY_KEY
    marks = data.get("marks") or []
    if not marks:
        return []
    rows = []
    for m in marks:
        line = text.count("\n", 0, body_offset + m["start"]) + 1
        rows.append(f"  - {{line: {line}, text: {json.dumps(m['text'], ensure_ascii=False)}, kind: {m['kind']}, "
                    f"label: {LABELS_BY_KEY[m['kind']].label}}}")
    return ["", "```yaml", "# whose number is it (decided by the checker from data; verify/kinds.py)", "numbers:", *rows, "```"]


def write_llms(config, site: Path, docs_dir: Path, pages, topics: dict[str, str]) -> None:
    at = lambda path: served_url(path, "")  # noqa: E731  (llms*.txt sit at the site root)
    intro = [f"# {config['site_name']}", "",
             f"> {config['site_description']} 每页有 Markdown 原文（…/index.md，front matter 记录每个数字的来历）"
             f"与核算结果 JSON（verify/<id>.json，含页面地址和每条 claim 所在的小节）。", "",
             f"- [全站核算结果]({at('verify/results.json')}): 每页每条 claim 的印出值、重算值与状态，以及汇总计数",
             f"- [全部页面全文]({at('llms-full.txt')}): 各页 Markdown 连同 front matter（来源、证据类型、核算函数、引用）"]
    lines, full = list(intro), intro[:3]
    current = None
    chapter_titles = {tuple(m["id"].split(".")): m["title"] for _, m in pages if m["id"].count(".") == 1}
    for rel, meta in pages:
        doc, chapter = meta["id"].split(".")[:2]
        label = group_label(doc, chapter, chapter_titles.get((doc, chapter), "")) if doc != "topic" else ""
        group = f"{DOC_NAMES.get(doc, doc)} · {label}" if label else DOC_NAMES.get(doc, doc)
        if group != current:
            lines += ["", f"## {group}", ""]
            current = group
        markdown_url, json_url = at(page_url(rel) + "index.md"), at(f"verify/{meta['id']}.json")
        desc = meta.get("description") or meta["title"]
        lines.append(f"- [{meta['source']} {meta['title']}]({markdown_url}): {desc}（[核算 JSON]({json_url})）")
        text = (docs_dir / rel).read_text(encoding="utf-8")
        front, body = split_front_matter(text)
        data = json.loads((RESULTS / f"{meta['id']}.json").read_text(encoding="utf-8"))
        full += ["", f"<!-- {meta['id']} · {markdown_url} · {json_url} -->", "",
                 "```yaml", f"# {meta['source']} {meta['title']}: provenance (front matter)", front.rstrip("\n"), "```",
                 *number_kinds(data, text, len(text) - len(body)),
                 "", rewrite_links(body, rel, "", topics).strip(), ""]
    (site / "llms.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (site / "llms-full.txt").write_text("\n".join(full) + "\n", encoding="utf-8")
