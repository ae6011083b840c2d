"""The lab notebooks as pages: each committed, executed notebook in notebooks/ is rendered to
Markdown with nbconvert (its stored outputs included) under labs/ of the generated tree (sitegen/build.py), with
the .ipynb and its results file beside it; docs/labs/index.md introduces the routes. tests/test_notebooks.py re-executes every
notebook and fails when a stored output or results file no longer matches, so what the site shows
is what the code computes now."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
RESULTS = ROOT / "results" / "labs"
SECTION = "实验路线"


def notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def title_of(nb) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if m:
                return m.group(1).strip()
    raise ValueError("the notebook has no '# title' in a markdown cell; add one as its first cell")


def _route(path: Path) -> str:
    from labs.notebooks import route_of
    return route_of(path)


def render(path: Path) -> str:
    """Markdown for one notebook: a provenance box, then its cells and stored outputs."""
    from nbconvert import MarkdownExporter

    nb = nbformat.read(path, as_version=4)
    if not all(c.get("execution_count") for c in nb.cells if c.cell_type == "code"):
        raise ValueError(f"{path.relative_to(ROOT)} is committed without outputs; run `make labs UPDATE=1` and commit")
    body, _ = MarkdownExporter().from_notebook_node(nb)
    title = title_of(nb)
    body = re.sub(rf"^#\s+{re.escape(title)}\s*$", "", body, count=1, flags=re.M)
    links = [f"[下载 {path.name}]({path.name})"]
    results = RESULTS / f"{_route(path)}.json"
    if results.is_file():
        links.append(f"[结果文件 {results.name}](results/{results.name})")
    box = (f'!!! info "已执行的笔记本"\n'
           f"    本页由 `notebooks/{path.name}` 渲染，显示的是仓库里提交的输出。`make test` 会重新执行它，"
           f"打印的内容或保存的结果与提交的不同就失败；`make labs` 单独运行全部笔记本。\n"
           f"    {' · '.join(links)} · [全部实验路线](index.md)\n")
    return f"# {title}\n\n{box}\n{body.strip()}\n"


def nav_entry() -> dict:
    items = ["labs/index.md"]
    for path in notebooks():
        items.append({title_of(nbformat.read(path, as_version=4)): f"labs/{path.stem}.md"})
    return {SECTION: items}
