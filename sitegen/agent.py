"""What an agent fetches over HTTP: plain files sitegen/build.py writes beside the rendered site (build/sitegen/extra/,
laid over the built HTML by `python -m sitegen --publish` or the MkDocs hook).

Beside every topic page's HTML the site publishes:

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

from sitegen.pages import DOC_NAMES, RESULTS, group_label, page_url, with_references

SERVED_PAGES: dict[str, str] = {}    # docs-relative .md -> directory URL, every page of the generated tree

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


def heading_anchors(text: str) -> list[str]:
    """The anchors the rendered page gives its Markdown headings, in order: the headings alone, rendered with the
    site's toc settings (mkdocs.yml: pymdownx slugify, lower case), so the ids and their de-duplication are the
    theme's."""
    import markdown
    from pymdownx.slugs import slugify

    lines = text.split("\n")
    headings = [lines[n - 1] for n in heading_lines(text)]
    if not headings:
        return []
    md = markdown.Markdown(extensions=["toc", "attr_list", "pymdownx.arithmatex"],
                           extension_configs={"toc": {"slugify": slugify(case="lower")},
                                              "pymdownx.arithmatex": {"generic": True}})
    md.convert("\n\n".join(headings))

    def flatten(tokens):
        return [a for t in tokens for a in [t["id"], *flatten(t["children"])]]
    return flatten(md.toc_tokens)


def page_json(data: dict, rel: str, text: str, anchors: list[str] | None = None) -> dict:
    url = page_url(rel)
    anchors = heading_anchors(text) if anchors is None else anchors
    return {**data,
            "url": served_url(url, "verify"),
            "markdown_url": served_url(url + "index.md", "verify"),
            "json_url": served_url(f"verify/{data['page']}.json", "verify"),
            "claims": claim_sections(text, anchors, data["claims"], f"docs/{rel}") if anchors else data["claims"]}


def agent_info(meta: dict, rel: str) -> dict:
    """The '交给 Agent' button's URLs (docs/javascripts/agent.js reads them from #__agent)."""
    url = page_url(rel)
    here = url.rstrip("/")
    return {"title": meta.get("title", ""), "description": meta.get("description", ""),
            "markdown": served_url(url + "index.md", here), "json": served_url(f"verify/{meta['id']}.json", here),
            "llms": served_url("llms.txt", here)}


def served_markdown(text: str, rel: str, data: dict, topics: dict[str, str]) -> str:
    """<page>/index.md: the source with its front matter, the 来源 list spelled out, links rewritten to served URLs."""
    served = with_references(text, data.get("references") or [])
    return rewrite_links(served, rel, page_url(rel).rstrip("/"), topics)


def number_kinds(data: dict, text: str, body_offset: int) -> list[str]:
    """A YAML block: every counted number of the page with its line, its kind as the verify function declares it
    (checker/declared.py) and, for a recomputed one, its key and full recomputed value (so an agent needs no second
    request), or its source for a cited one."""
    from sitegen.marks import full_value
    from checker.kinds import LABELS_BY_KEY
    marks = data.get("marks") or []
    if not marks:
        return []
    rows = []
    for m in marks:
        line = text.count("\n", 0, body_offset + m["start"]) + 1
        row = [f"line: {line}", f"text: {json.dumps(m['text'], ensure_ascii=False)}", f"kind: {m['kind']}",
               f"label: {LABELS_BY_KEY[m['kind']].label}"]
        if m.get("claim") is not None:
            claim = data["claims"][m["claim"]]
            row += [f"key: {json.dumps(claim['key'], ensure_ascii=False)}",
                    f"value: {json.dumps(full_value(claim['computed'], None), ensure_ascii=False)}"]
            if claim.get("rule"):
                row.append(f"rule: {json.dumps(claim['rule'], ensure_ascii=False)}")
        elif m.get("cited") is not None:
            cited = data["cited"][m["cited"]]
            row.append(f"source: {json.dumps(cited.get('reference') or cited.get('source'), ensure_ascii=False)}")
        rows.append("  - {" + ", ".join(row) + "}")
    return ["", "```yaml", "# whose number is it: each computed number's kind is declared on its verify function "
            "(checker/declared.py tests it against the course section); value = the full recomputed value", "numbers:",
            *rows, "```"]


def write_lab_pages(site: Path, topics: dict[str, str] | None = None, rendered: dict | None = None) -> list[dict]:
    """Each executed lab notebook as an agent reads a page: labs/<notebook>/index.md (the Markdown the site
    renders, outputs included, its links rewritten to resolve from where it is served, one folder below the
    page's own source labs/<notebook>.md) and verify/labs.<notebook>.json (where it lives, its results file)."""
    import nbformat

    from sitegen.labs import RESULTS as LAB_RESULTS
    from sitegen.labs import _route, notebooks, render, title_of
    out = []
    (site / "verify").mkdir(parents=True, exist_ok=True)
    for path in notebooks():
        url = f"labs/{path.stem}/"
        (site / url).mkdir(parents=True, exist_ok=True)
        source = rendered[path] if rendered and path in rendered else render(path)
        markdown = rewrite_links(source, f"labs/{path.stem}.md", url, topics or {})
        (site / url / "index.md").write_text(markdown, encoding="utf-8")
        results = LAB_RESULTS / f"{_route(path)}.json"
        data = {"page": f"labs.{path.stem}", "title": title_of(nbformat.read(path, as_version=4)),
                "notebook": f"notebooks/{path.name}", "url": served_url(url, "verify"),
                "markdown_url": served_url(url + "index.md", "verify"),
                "json_url": served_url(f"verify/labs.{path.stem}.json", "verify"),
                "results_file": f"results/labs/{results.name}" if results.is_file() else None,
                "results": json.loads(results.read_text(encoding="utf-8")) if results.is_file() else None,
                "checked_by": "tests/test_notebooks.py re-executes the notebook and compares every output and the "
                              "results file with what is committed"}
        (site / "verify" / f"labs.{path.stem}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1),
                                                                 encoding="utf-8")
        out.append(data)
    return out


def write_llms(config, site: Path, docs_dir: Path, pages, topics: dict[str, str], rendered: dict | None = None) -> None:
    """llms.txt: a short index (each document and chapter, with the file that lists its pages, and the labs);
    llms/<doc>.txt and llms/<doc>-<chapter>.txt: those lists; llms-full.txt: every page with its provenance."""
    at = lambda path: served_url(path, "")  # noqa: E731  (llms*.txt sit at the site root)
    below = lambda path: served_url(path, "llms")  # noqa: E731  (the lists in llms/)
    intro = [f"# {config['site_name']}", "",
             f"> {config['site_description']} 每页有 Markdown 原文（…/index.md，front matter 记录每个数字的来历）"
             f"与核算结果 JSON（verify/<id>.json，含页面地址、每条 claim 所在的小节和每个数字的来历）。", "",
             f"- [全站核算结果]({at('verify/results.json')}): 每页每条 claim 的印出值、重算值与状态，以及汇总计数",
             f"- [全部页面全文]({at('llms-full.txt')}): 各页 Markdown 连同 front matter（来源、证据类型、核算函数、引用）"]
    index, full = list(intro), intro[:3]
    chapter_titles = {tuple(m["id"].split(".")): m for _, m in pages if m["id"].count(".") == 1}
    groups: dict[tuple[str, str], list[tuple[str, dict]]] = {}
    for rel, meta in pages:
        doc, chapter = meta["id"].split(".")[:2]
        groups.setdefault((doc, chapter if doc != "topic" else ""), []).append((rel, meta))
    (site / "llms").mkdir(parents=True, exist_ok=True)

    def entry(rel, meta, link) -> str:
        desc = meta.get("description") or meta["title"]
        return (f"- [{meta['source']} {meta['title']}]({link(page_url(rel) + 'index.md')}): {desc}"
                f"（[核算 JSON]({link('verify/' + meta['id'] + '.json')})）")

    by_doc: dict[str, list[str]] = {}
    current_doc = None
    for (doc, chapter), members in groups.items():
        chapter_meta = chapter_titles.get((doc, chapter), {})
        label = group_label(doc, chapter, chapter_meta.get("title", "")) if chapter else DOC_NAMES.get(doc, doc)
        name = f"{doc}-{chapter}" if chapter else doc
        lines = [f"# {DOC_NAMES.get(doc, doc)} · {label}", "", *(entry(rel, meta, below) for rel, meta in members)]
        (site / "llms" / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        by_doc.setdefault(doc, []).extend(["", f"## {label}", "", *(entry(rel, meta, below) for rel, meta in members)])
        if doc != current_doc:
            index += ["", f"## {DOC_NAMES.get(doc, doc)}（[全部页面]({at('llms/' + doc + '.txt')})）", ""]
            current_doc = doc
        index.append(f"- [{label}]({at('llms/' + name + '.txt')}): {len(members)} 页"
                     + (f"；{chapter_meta['description']}" if chapter_meta.get("description") else ""))
        for rel, meta in members:
            text = (docs_dir / rel).read_text(encoding="utf-8")
            front, body = split_front_matter(text)
            data = json.loads((RESULTS / f"{meta['id']}.json").read_text(encoding="utf-8"))
            markdown_url, json_url = at(page_url(rel) + "index.md"), at(f"verify/{meta['id']}.json")
            full += ["", f"<!-- {meta['id']} · {markdown_url} · {json_url} -->", "",
                     "```yaml", f"# {meta['source']} {meta['title']}: provenance (front matter)", front.rstrip("\n"), "```",
                     *number_kinds(data, text, len(text) - len(body)),
                     "", rewrite_links(body, rel, "", topics).strip(), ""]
    for doc, lines in by_doc.items():
        (site / "llms" / f"{doc}.txt").write_text(f"# {DOC_NAMES.get(doc, doc)}\n" + "\n".join(lines) + "\n",
                                                  encoding="utf-8")
    labs = write_lab_pages(site, topics, rendered)
    if labs:
        index += ["", "## 实验路线（已执行的笔记本）", ""]
        index += [f"- [{d['title']}]({at('labs/' + d['page'].split('.', 1)[1] + '/index.md')}): "
                  f"{d['notebook']}（[JSON]({at('verify/' + d['page'] + '.json')})）" for d in labs]
    (site / "llms.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
    (site / "llms-full.txt").write_text("\n".join(full) + "\n", encoding="utf-8")
