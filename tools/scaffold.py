"""`python -m verify new`: a new page that verifies green before its first edit, and the verify function it calls.

    python -m verify new lecture 3.22 [--title TITLE]    # docs/lecture/ch03/3-22.md + verify/lecture/ch03.py::section_3_22
    python -m verify new primer 9.5 [--title TITLE]      # docs/primer/ch09/9-5.md + verify/primer/ch09.py::section_9_5
    python -m verify new topic my-slug --title TITLE     # docs/topics/my-slug.md + verify/topics.py::my_slug

The page carries the whole convention: front matter (id, source, evidence, verify, one claim template,
`sources:` that renders the 来源 list), a worked example in a labelled box, a formula bound to its kernel under `formulas:` (evaluated at random
points; keep the binding when you change the formula, or list it in checker/data/formulas_inventory.yaml),
and a 来源 heading with nothing hand-written under it (the bibliography renders the items). The function
calls a kernel with the page's inputs and returns the inputs with the results. Nothing existing is
overwritten: an existing page, or a function of that name, stops it with one line.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

from checker.paths import DOCS, ROOT

PAGE = """---
id: {page_id}
title: {title}
source: {source}
{course_also}description: 一句话说明本页回答什么问题（给 llms.txt 和搜索引擎）。
evidence: [construction]
verify: {spec}
claims:
  - '分数 ${{scores}}$ 经 softmax 得到 ${{weights}}$'
formulas:
  - tex: 'p_i=\\frac{{e^{{z_i}}}}{{\\sum_j e^{{z_j}}}}'
    kernel: kernels/probability.py::softmax
    index: [i]
    args: {{logits: z}}
    shapes: {{z: V}}
sources:
{source_lines}
---

# {title}

## 问题

用自己的话写下这一节要回答的问题（别照抄课程的句子）。

## 一个能核算的例子

!!! example "本站构造"
    分数 $(1,2,3)$ 经 softmax 得到 $(0.090031,0.244728,0.665241)$。
    〔这是脚手架的占位算例：换成本节的算例。课程本节写了这个例子就把标签改成 教学构造，检查器会核对。〕

$$p_i=\\frac{{e^{{z_i}}}}{{\\sum_j e^{{z_j}}}}$$

## 结论的范围

- 写清楚这个例子推得出什么，以及它的适用范围到哪里为止。

## 来源

"""

FUNCTION = '''

# whose number each key is, declared once: the placeholder example is the site's; a key the course section
# prints is course (the checker looks it up in that section), one read from the site's runs is site_run
@kinds(site_construction="scores weights")
@inputs("scores")   # a number written out in the code is an input the page gives, declared as one
def {name}() -> dict:
    """{where}: the page's inputs, defined once, and what the kernels compute from them."""
    from kernels.probability import softmax

    scores = np.array([1.0, 2.0, 3.0])          # the page's given inputs
    return {{"scores": scores, "weights": softmax(scores)}}
'''

MODULE_HEAD = '''"""{doc}: verify functions of the pages that use them (python -m verify new writes a stub here)."""
import numpy as np
'''


def targets(doc: str, section: str) -> tuple[Path, Path, str, str, str]:
    """(page path, verify module, function name, page id, source) for a new page."""
    if doc == "topic":
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", section):
            raise ValueError(f"a topic slug is lowercase words joined by '-', got {section!r}")
        return (DOCS / "topics" / f"{section}.md", ROOT / "verify" / "topics.py", section.replace("-", "_"),
                f"topic.{section}", f"topic {section}")
    if doc not in ("lecture", "primer") or not re.fullmatch(r"(?:\d+|[A-D])\.\d+", section):
        raise ValueError(f"give 'lecture N.M', 'primer N.M' or 'topic SLUG', got {doc} {section}")
    chapter, number = section.split(".")
    folder = f"ch{int(chapter):02d}" if chapter.isdigit() else f"app{chapter}"
    module = ROOT / "verify" / doc / f"{folder}.py"
    return (DOCS / doc / folder / f"{chapter}-{number}.md", module, f"section_{chapter}_{number}",
            f"{doc}.{section}", f"{doc} §{section}")


def _with_imports(head: str, lines: list[str]) -> str:
    """head with each import line it lacks, placed where isort would group it: after the module's last project
    import (kernels, verify), else after its last import, else after the docstring and any __future__ import
    (an import above the docstring would make the module's docstring None)."""
    missing = [line for line in lines if line not in head]
    if not missing:
        return head
    import ast
    body = ast.parse(head).body
    after = project = last_import = 0
    for node in body:
        docstring = isinstance(node, ast.Expr) and isinstance(getattr(node, "value", None), ast.Constant) \
            and isinstance(node.value.value, str) and node is body[0]
        if docstring or isinstance(node, ast.ImportFrom) and node.module == "__future__":
            after = node.end_lineno
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            last_import = node.end_lineno
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            if any(n.split(".")[0] in ("kernels", "verify", "checker", "training", "labs", "tools") for n in names):
                project = node.end_lineno
        else:
            break
    kept = head.split("\n")
    at = project or last_import or after
    return "\n".join(kept[:at] + missing + kept[at:])


SOURCE = re.compile(r"(?:lecture|primer) §(?:(?:\d+|[A-D])\.\d+|[A-D])")   # an appendix without sections (primer §B) is one


def _module_names(source: str) -> set[str]:
    """The names a module binds at its top level (imports, functions, classes, assignments)."""
    import ast
    names: set[str] = set()
    for node in ast.parse(source).body if source else []:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def create(doc: str, section: str, title: str, sources: list[str] | None = None) -> list[Path]:
    page, module, name, page_id, source = targets(doc, section)
    if doc == "topic" and not sources:
        raise ValueError("a topic page draws on course sections: name them with --from 'lecture §2.8' "
                         "(repeat --from for each)")
    sources = sources or [f"{doc} §{section}"]
    for key in sources:
        if not SOURCE.fullmatch(key):
            raise ValueError(f"--from takes a course section like 'lecture §2.8', 'primer §11.4' or 'primer §B', got {key!r}")
    if page.exists():
        raise FileExistsError(f"{page.relative_to(ROOT)} already exists; edit it, or choose another section")
    existing = module.read_text(encoding="utf-8") if module.exists() else ""
    if re.search(rf"^def {name}\(", existing, re.M):
        raise FileExistsError(f"{module.relative_to(ROOT)} already defines {name}(); rename it or use it")
    if name in _module_names(existing):
        # new-author trial 47: `new topic softmax` wrote def softmax() into verify/topics.py, which imports the
        # softmax kernel; the new function shadowed it and broke another page's check
        name = f"{name}_numbers"
        if name in _module_names(existing):
            raise FileExistsError(f"{module.relative_to(ROOT)} already binds {name}; choose another slug")
    spec = f"{module.relative_to(ROOT).as_posix()}::{name}"
    # a topic page's numbers from the sections it draws on are the course's (教学构造), as on their own pages
    course_also = f"course_also: [{', '.join(repr(k) for k in sources)}]\n" if doc == "topic" else ""
    text = PAGE.format(page_id=page_id, title=title, source=source, spec=spec, course_also=course_also,
                       source_lines="\n".join(f"  - '{key} — 本页依据的课程小节：写明用到了它的什么'" for key in sources))
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(text, encoding="utf-8")
    head = existing or MODULE_HEAD.format(doc=module.relative_to(ROOT).as_posix())
    head = _with_imports(head, ["import numpy as np", "from checker.evidence import kinds",
                                "from checker.evidence import inputs"])
    module.parent.mkdir(parents=True, exist_ok=True)
    module.write_text(head.rstrip("\n") + "\n" + FUNCTION.format(name=name, where=source), encoding="utf-8")
    return [page, module]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verify new", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("doc", choices=["lecture", "primer", "topic"])
    parser.add_argument("section", help="N.M for a section, a slug for a topic page")
    parser.add_argument("--title", default="新的一页")
    parser.add_argument("--from", dest="sources", action="append", metavar="'lecture §N.M'",
                        help="a course section the page draws on (required for a topic page; repeatable)")
    args = parser.parse_args(argv)
    try:
        written = create(args.doc, args.section, args.title, args.sources)
    except (ValueError, FileExistsError) as exc:
        print(f"verify new: {exc}")
        return 2
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    print(f"next: python -m verify {written[0].relative_to(ROOT)}   (then the checklist in docs/about/authoring.md)")
    return 0
