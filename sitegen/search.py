"""Site search for Chinese course terms: the terms and synonyms sitegen/build.py writes as plain files, and the
index built from the theme's per-section text (the MkDocs hook calls build_search_index after the build).

mkdocs-material's own search segments the index with jieba and ships it to a lunr worker that
re-segments each Han query against the index vocabulary and ORs the fragments with trailing
wildcards, so "词向量" matched every page with 词 in it, and its 3 MB index was fetched on every
page load. This hook keeps the theme's search box and result list, and replaces what sits behind it:

- the generator writes the pages' own terms (glossary rows, bold terms, short headings) to
  build/sitegen/search_terms.txt; the build adds them to the jieba user dictionary on top of the hand list
  `sitegen/jieba_terms.txt`;
- after the build, the theme's `search/search_index.json` is turned into `search/index.json`
  (plain text per section, page title, description and bold terms, scope teach/code, the corpus
  vocabulary for query segmentation, synonym groups) and replaced by a stub, so page loads fetch
  a few hundred bytes; `docs/search/worker.js` fetches the index on the first non-empty query;
- every page's `__config` points the theme at that worker (worker_url_in);
- the rendered source pages (code/…) are left out of the theme's index (their HTML is most of the site's and its
  parse most of the build); their sections come from the sources themselves (code_sections).

Matching rules live in the worker: the whole query term first, every term required, synonyms
linked, source-code pages ranked after all teaching pages.
"""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HAND_TERMS = ROOT / "sitegen" / "jieba_terms.txt"
SYNONYMS = ROOT / "sitegen" / "search_synonyms.txt"
WORKER = "search/worker.js"
CODE_PREFIXES = ("code/", "about/kernels/")

HAN = re.compile(r"[\u3400-\u9fff]+")
# a term does not start or end with a function character ("的注意力", "注意力的" are not terms)
EDGE_STOP = set("的了是在和与及或把被就都也还为个一不这那要会能让用从到对说时中上下先再又后而并其之等各每怎么什样何给看做得着过吗呢吧啊")
SPLIT_BOLD = re.compile(r"[、，,/（）()：:；;。！？!?\s“”\"'·—…]+|与|和|及|或")


# --------------------------------------------------------------------------- course terms

def _body(text: str) -> str:
    return re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)


INNER_STOP = set("的了它过着吗呢吧们这那么")
NUMERAL_START = set("一二两三四五六七八九十百千万第几")


def _is_term(piece: str) -> bool:
    """A course term: a short Han run, not a phrase ("没有训练过的权重") and not a count ("两个门")."""
    return (2 <= len(piece) <= 8 and HAN.fullmatch(piece) is not None
            and piece[0] not in EDGE_STOP | NUMERAL_START and piece[-1] not in EDGE_STOP
            and not INNER_STOP & set(piece))


def glossary_rows(markdown: str) -> list[list[str]]:
    """First cells of a glossary table ("corpus，语料") split into their names."""
    rows = []
    for line in markdown.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2 and cells[0] not in ("术语", "") and not set(cells[0]) <= set("-: "):
            rows.append([name.strip() for name in re.split(r"[，,]", cells[0]) if name.strip()])
    return rows


def course_terms(docs_dir: Path) -> tuple[list[str], list[list[str]]]:
    """(terms for the jieba user dictionary, synonym groups from glossaries), from the pages themselves.

    A bold piece or a short heading counts as a term only if it recurs in other pages, so one-off
    emphasis ("不推导公式") stays out; glossary names always count.
    """
    bodies, candidates, groups = {}, set(), []
    for path in sorted(docs_dir.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        body = _body(text)
        bodies[path] = body
        if re.search(r"^title:\s*术语表\s*$", text[:400], flags=re.M):
            for names in glossary_rows(body):
                candidates.update(n for n in names if _is_term(n))
                if len(names) > 1:
                    groups.append(names)
        for bold in re.findall(r"\*\*([^*\n]{2,30})\*\*", body):
            candidates.update(p for p in SPLIT_BOLD.split(bold) if _is_term(p))
        for heading in re.findall(r"^#{1,4} (.+)$", body, flags=re.M) + re.findall(r"^title: (.+)$", text[:400], flags=re.M):
            candidates.update(run for run in HAN.findall(heading) if _is_term(run) and len(run) <= 6)
    glossary = {n for g in groups for n in g}
    corpus = list(bodies.values())
    terms = sorted(t for t in candidates if t in glossary or sum(t in b for b in corpus) >= 3)
    return terms, groups


def synonym_groups(glossary_groups: list[list[str]]) -> list[list[str]]:
    """Hand-kept groups (sitegen/search_synonyms.txt, one group per line, names separated by ' | ')
    merged with the glossary's "english，中文" rows."""
    groups = []
    for number, line in enumerate(SYNONYMS.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        names = [n.strip() for n in line.split("|") if n.strip()]
        if len(names) < 2:
            raise ValueError(f"{SYNONYMS}:{number}: a synonym group needs at least two names separated by ' | '")
        groups.append(names)
    return groups + [g for g in glossary_groups if not any(set(g) <= set(h) for h in groups)]


def search_terms(docs_dir: Path) -> tuple[list[str], list[list[str]]]:
    """(terms the jieba user dictionary gets beyond the hand list, synonym groups): every course term the pages
    define and every Han name of a synonym group (负采样, 键值缓存)."""
    terms, glossary = course_terms(docs_dir)
    groups = synonym_groups(glossary)
    terms = sorted(set(terms) | {n for g in groups for n in g if HAN.fullmatch(n) and len(n) >= 2})
    hand = {line.split()[0] for line in HAND_TERMS.read_text(encoding="utf-8").splitlines() if line.strip()}
    return sorted(set(terms) - hand), groups


def add_terms_to_jieba(terms: list[str]) -> None:
    """jieba.add_word for each generated term (on top of the hand dictionary the theme loads)."""
    import jieba
    for term in terms:
        jieba.add_word(term)


# --------------------------------------------------------------------------- pages: the theme uses our worker

WORKER_IN_CONFIG = re.compile(r'("search":\s*")([^"]*?)assets/javascripts/workers/search\.[0-9a-f]+\.min\.js"')


def worker_url_in(output: str) -> str:
    """A rendered page (or 404.html) with the theme's search worker replaced by docs/search/worker.js."""
    rewritten, count = WORKER_IN_CONFIG.subn(lambda m: f'{m.group(1)}{m.group(2)}{WORKER}"', output, count=1)
    if not count and 'id="__config"' in output:
        raise RuntimeError("sitegen/search.py: the theme's search worker URL was not found in a page; "
                           "update WORKER_IN_CONFIG for the installed mkdocs-material")
    return rewritten


def code_sections(rel: str, source_text: str) -> dict:
    """A rendered source page's search entry, from the source itself (the page is left out of the theme's index)."""
    from sitegen.pages import page_url
    text = re.sub(r"[ \t\r\f\v]+", " ", f"{CODE_INTRO} {source_text}").strip()
    return {"u": page_url(f"code/{rel[:-3]}.md"), "t": rel, "text": text}


CODE_INTRO = "本站源码的只读渲染；行号可直接链接。"


# --------------------------------------------------------------------------- after the build: the index

TAG = re.compile(r"<[^>]+>")
TEX = re.compile(r"\\\((?:.|\n)*?\\\)|\\\[(?:.|\n)*?\\\]|\$\$(?:.|\n)*?\$\$")


def _plain(segmented_html: str, strip_tex: bool = True) -> str:
    """Theme index text (jieba-segmented with U+200B, a few kept tags, HTML-escaped) -> plain text."""
    text = html.unescape(TAG.sub(" ", segmented_html.replace("\u200b", "")))
    if strip_tex:  # raw TeX is neither searched for nor readable in a result snippet (code keeps its \( )
        text = TEX.sub(" ", text)
    return re.sub(r"[ \t\r\f\v]+", " ", text).strip()


def _page_info(docs_dir: Path) -> dict[str, dict]:
    """URL -> title, description and bold terms of every Markdown page under docs/."""
    from sitegen.pages import page_url
    from checker.page import front_matter

    info = {}
    for path in docs_dir.rglob("*.md"):
        rel = path.relative_to(docs_dir).as_posix()
        meta = front_matter(path) or {}
        body = _body(path.read_text(encoding="utf-8"))
        bold = sorted({p for b in re.findall(r"\*\*([^*\n]{2,30})\*\*", body) for p in SPLIT_BOLD.split(b)
                       if len(p) >= 2})
        # a hub (chapter front page, glossary, formula sheet, references) names every term of its
        # chapter; the section that teaches a term should outrank it
        hub = rel == "index.md" or str(meta.get("id", "")).count(".") == 1
        info["" if rel == "index.md" else page_url(rel)] = {"title": meta.get("title"), "description": meta.get("description", ""),
                                                            "bold": bold, "hub": hub}
    return info


def build_index(theme_index: dict, docs_dir: Path, synonyms: list[list[str]], code_pages: list[dict] = ()) -> dict:
    """The site's index: every section the theme indexed, plus the source pages' entries (code_sections)."""
    info = _page_info(docs_dir)
    pages, sections, page_of, vocab = [], [], {}, set()
    for doc in theme_index["docs"]:
        url, _, anchor = doc["location"].partition("#")
        if url not in page_of:
            meta = info.get(url, {})
            page_of[url] = len(pages)
            pages.append({"u": url, "t": meta.get("title") or _plain(doc["title"]), "d": meta.get("description", ""),
                          "b": meta.get("bold", []), "k": 1 if url.startswith(CODE_PREFIXES) else 0,
                          "h": 1 if meta.get("hub", True) else 0})  # a generated page (/lecture/) is a hub
        if not url.startswith(CODE_PREFIXES):
            vocab.update(w for w in doc["text"].split("\u200b") + doc["title"].split("\u200b")
                         if 2 <= len(w) <= 8 and HAN.fullmatch(w))
        code = url.startswith(CODE_PREFIXES)
        sections.append([page_of[url], f"#{anchor}" if anchor else "", _plain(doc["title"], not code),
                         _plain(doc["text"], not code)])
    for entry in code_pages:
        page_of[entry["u"]] = len(pages)
        pages.append({"u": entry["u"], "t": entry["t"], "d": "", "b": [], "k": 1, "h": 0})
        sections.append([page_of[entry["u"]], "", entry["t"], entry["text"]])
    return {"version": 1, "pages": pages, "sections": sections, "vocab": sorted(vocab), "synonyms": synonyms}


def build_search_index(site: Path, docs_dir: Path, synonyms: list[list[str]], code: list[dict]) -> None:
    """search/index.json from the theme's search/search_index.json (then cut to the stub the theme fetches on every
    page load) and the source pages' entries; the theme's own index is kept in build/search/ for tests."""
    theme_file = site / "search" / "search_index.json"
    theme_index = json.loads(theme_file.read_text(encoding="utf-8"))
    if not theme_index["docs"]:
        raise RuntimeError(f"{theme_file} has no entries: the theme's search plugin must run before the site hook")
    index = build_index(theme_index, docs_dir, synonyms, code)
    (site / "search" / "index.json").write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")),
                                                 encoding="utf-8")
    (ROOT / "build" / "search").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(theme_file, ROOT / "build" / "search" / "theme_index.json")
    theme_file.write_text(json.dumps({"config": theme_index["config"], "docs": []}, separators=(",", ":")),
                          encoding="utf-8")
