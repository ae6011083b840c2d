"""The kernel reference page (about/kernels.md), generated at build time from the kernels themselves.

Each public function and class of kernels/*.py gets its signature, its docstring and the topic
pages that use it. "Use" means: the page's `verify: module.py::function` reaches the kernel, in
its own body, through the module-level functions and constants it names, or through functions
it imports from other verify modules. Everything is read with `ast`, so building the page
imports no kernel and runs no code.

Entry point for the site hook: kernel_reference_markdown().
"""
from __future__ import annotations

import ast
import posixpath
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
PAGE_PATH = "about/kernels.md"
DOC_ORDER = ("lecture", "primer")


@dataclass
class Kernel:
    module: str          # e.g. "sampling"
    name: str
    kind: str            # "function" or "class"
    signature: str
    doc: str
    line: int


@dataclass
class TopicPage:
    rel: str             # docs-relative path
    page_id: str
    title: str
    verify_module: str   # repository-relative path of its verify module
    verify_function: str | None = None


@dataclass
class KernelModule:
    name: str
    doc: str
    kernels: list = field(default_factory=list)


def _signature(node) -> str:
    if isinstance(node, ast.ClassDef):
        bases = ", ".join(ast.unparse(b) for b in node.bases)
        return f"class {node.name}({bases})" if bases else f"class {node.name}"
    prefix = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
    returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
    return f"{prefix} {node.name}({ast.unparse(node.args)}){returns}"


def kernel_modules(root: Path = ROOT) -> list[KernelModule]:
    """Every kernels/*.py module (not __init__) with its public top-level functions and classes."""
    modules = []
    for path in sorted((root / "kernels").glob("*.py")):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = KernelModule(path.stem, ast.get_docstring(tree) or "")
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
                kind = "class" if isinstance(node, ast.ClassDef) else "function"
                module.kernels.append(Kernel(path.stem, node.name, kind, _signature(node),
                                             ast.get_docstring(node) or "", node.lineno))
        modules.append(module)
    return modules


class _ModuleIndex:
    """What one verify module defines and imports, for following names to the kernels they reach."""

    def __init__(self, path: Path):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        self.definitions: dict[str, ast.AST] = {}   # top-level function/class/assigned name -> node
        self.kernel_names: dict[str, tuple] = {}     # local name -> (kernel module, kernel name)
        self.kernel_modules: dict[str, str] = {}     # local alias -> kernel module
        self.helper_names: dict[str, tuple] = {}     # local name -> (verify module path, name)
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.definitions[node.name] = node
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            self.definitions[name.id] = node.value
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                parts = node.module.split(".")
                for a in node.names:
                    local = a.asname or a.name
                    if parts[0] == "kernels" and len(parts) == 2:
                        self.kernel_names[local] = (parts[1], a.name)
                    elif parts == ["kernels"]:
                        self.kernel_modules[local] = a.name
                    elif parts[0] in ("verify", "checker", "training", "labs", "tools"):
                        self.helper_names[local] = ("/".join(parts) + ".py", a.name)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    parts = a.name.split(".")
                    if parts[0] == "kernels" and len(parts) == 2:
                        self.kernel_modules[a.asname or a.name] = parts[1]


class _UsageResolver:
    """Which kernels a verify function reaches: through its body, the module-level functions and
    constants it names, and the functions it imports from other verify modules."""

    def __init__(self, root: Path):
        self.root = root
        self.modules: dict[str, _ModuleIndex | None] = {}

    def index(self, rel: str) -> _ModuleIndex | None:
        if rel not in self.modules:
            path = self.root / rel
            self.modules[rel] = _ModuleIndex(path) if path.is_file() else None
        return self.modules[rel]

    def kernels_used(self, rel: str, name: str | None = None, seen: set | None = None) -> set:
        """(kernel module, name) pairs reached from `name` in module `rel` (the whole module if None)."""
        seen = set() if seen is None else seen
        if (rel, name) in seen:
            return set()
        seen.add((rel, name))
        module = self.index(rel)
        if module is None:
            return set()
        if name is None:
            nodes = list(module.definitions.values())
        elif name in module.definitions:
            nodes = [module.definitions[name]]
        else:
            return set()
        used = set()
        for node in nodes:
            for sub in ast.walk(node):
                if isinstance(sub, ast.Name):
                    if sub.id in module.kernel_names:
                        used.add(module.kernel_names[sub.id])
                    elif sub.id in module.helper_names:
                        used |= self.kernels_used(*module.helper_names[sub.id], seen)
                    elif sub.id in module.definitions and sub.id != name:
                        used |= self.kernels_used(rel, sub.id, seen)
                elif isinstance(sub, ast.Attribute):
                    owner = ast.unparse(sub.value)
                    if owner in module.kernel_modules:
                        used.add((module.kernel_modules[owner], sub.attr))
        return used


def _front_matter(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    end = text.find("\n---\n", 4)
    try:
        meta = yaml.safe_load(text[4:end]) if end > 0 else None
    except yaml.YAMLError:
        return {}
    return meta if isinstance(meta, dict) else {}


def _order(page: TopicPage):
    doc, *parts = page.page_id.split(".")
    rank = DOC_ORDER.index(doc) if doc in DOC_ORDER else len(DOC_ORDER)
    return rank, [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts]


def topic_pages(root: Path = ROOT) -> list[TopicPage]:
    """Pages whose front matter names a verify module (`verify: path.py::function`), in document order."""
    pages = []
    for path in sorted((root / "docs").rglob("*.md")):
        meta = _front_matter(path)
        targets = meta.get("verify")
        for target in [targets] if isinstance(targets, str) else (targets or []):
            module, _, function = str(target).partition("::")
            pages.append(TopicPage(path.relative_to(root / "docs").as_posix(), str(meta.get("id", "")),
                                   str(meta.get("title", path.stem)), module, function or None))
    return sorted(pages, key=_order)


def pages_by_kernel(root: Path = ROOT) -> dict[tuple, list[TopicPage]]:
    """(kernel module, name) -> the topic pages whose verify function reaches it."""
    resolver = _UsageResolver(root)
    out: dict[tuple, list] = {}
    for page in topic_pages(root):
        for key in sorted(resolver.kernels_used(page.verify_module, page.verify_function)):
            if page not in out.setdefault(key, []):
                out[key].append(page)
    return out


def _link(target: str, page_path: str) -> str:
    return posixpath.relpath(target, posixpath.dirname(page_path))


def _text_block(text: str) -> list[str]:
    fence = "````" if "```" in text else "```"
    return [f"{fence}text", text, fence, ""]


def _site_root(page_path: str) -> str:
    """Relative path from the built page (directory URLs) back to the site root."""
    stem = page_path[:-3]
    url = stem[: -len("index")] if stem.endswith("index") else stem + "/"
    return "../" * url.count("/")


def kernel_reference_markdown(root: Path = ROOT, page_path: str = PAGE_PATH, source_links: bool = True) -> str:
    """The whole about/kernels.md page as Markdown.

    page_path is where the page will live inside docs/ (links are made relative to it);
    source_links adds a link from each kernel to its line in the rendered source pages
    (code/kernels/<module>.md, which the site hook generates).
    """
    modules = kernel_modules(root)
    used_by = pages_by_kernel(root)
    n_kernels = sum(len(m.kernels) for m in modules)
    n_used = sum(1 for m in modules for k in m.kernels if used_by.get((m.name, k.name)))
    lines = ["# 计算核参考", "",
             "本页在构建时由 `tools/kernel_docs.py` 从 `kernels/` 源码的 docstring 生成，不是手写页面。"
             "每个公式只在 `kernels/` 里实现一次；页面的核算函数调用这些实现，不在页面里另写数学。",
             "", f"共 {len(modules)} 个模块、{n_kernels} 个公开函数与类，其中 {n_used} 个被主题页的核算函数使用。"
             "“使用本核的页面”列出 front matter `verify:` 所指核算函数用到本核的页面"
             "（含它调用的同模块函数、常量和从其他 verify 模块导入的函数）。",
             "", "| 模块 | 说明 | 公开项 |", "| --- | --- | --- |"]
    for m in modules:
        summary = (m.doc.strip().splitlines() or [""])[0].replace("|", "\\|")
        lines.append(f"| [`kernels.{m.name}`](#kernels{m.name}) | {summary} | {len(m.kernels)} |")
    lines.append("")
    for m in modules:
        lines += [f"## `kernels.{m.name}` {{#kernels{m.name}}}", ""]
        if m.doc:
            lines += _text_block(m.doc)
        for k in m.kernels:
            lines += [f"### `{k.name}` {{#{m.name}-{k.name.lower()}}}", "", "```python", k.signature, "```", ""]
            if k.doc:
                lines += _text_block(k.doc)
            if source_links:
                # raw HTML: the line anchors exist only in the highlighted code, which MkDocs'
                # anchor validation does not see, so a Markdown link would be reported as broken
                href = f"{_site_root(page_path)}code/kernels/{m.name}/#__codelineno-0-{k.line}"
                lines += [f'源码：<a href="{href}"><code>kernels/{m.name}.py</code> 第 {k.line} 行</a>', ""]
            pages = used_by.get((m.name, k.name), [])
            if pages:
                lines.append("使用本核的页面：")
                lines.append("")
                for page in pages:
                    lines.append(f"- [{page.title}]({_link(page.rel, page_path)})（`{page.page_id}`，"
                                 f"核算函数 `{page.verify_module}::{page.verify_function}`）")
                lines.append("")
            else:
                lines += ["使用本核的页面：暂无主题页使用。", ""]
    return "\n".join(lines).rstrip() + "\n"
