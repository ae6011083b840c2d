"""tools.kernel_docs: the generated kernel reference lists every kernel and exactly the pages that use it."""
import ast
import textwrap
from pathlib import Path

from tools.kernel_docs import ROOT, kernel_modules, kernel_reference_markdown, pages_by_kernel


def write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


def toy_project(root: Path) -> None:
    write(root, "kernels/__init__.py", '"""kernels"""\n')
    write(root, "kernels/toy.py", '''
        """Toy kernels."""
        def used_directly(x):
            """Doubles x."""
            return 2 * x
        def used_via_helper(x):
            """Used only through another verify module."""
            return x
        def used_via_constant(x):
            return x
        def unused(x):
            return x
        def _private(x):
            return x
        class Table:
            """A class kernel."""
        ''')
    write(root, "verify/__init__.py", "")
    write(root, "verify/helpers.py", '''
        from kernels.toy import used_via_helper
        def helper():
            return used_via_helper(1)
        ''')
    write(root, "verify/pages.py", '''
        from kernels.toy import used_directly, used_via_constant, unused
        from kernels import toy as t
        from verify.helpers import helper
        BASE = used_via_constant(3)
        def first():
            return {"a": used_directly(1), "b": helper()}
        def second():
            return {"c": BASE, "d": t.Table}
        ''')
    front = "---\nid: lecture.{n}.1\ntitle: Page {n}\nverify: verify/pages.py::{f}\n---\n\n# Page {n}\n"
    write(root, "docs/lecture/a.md", front.format(n=2, f="first"))
    write(root, "docs/lecture/b.md", front.format(n=1, f="second"))
    write(root, "docs/about/other.md", "# no front matter\n")


def test_pages_are_found_through_bodies_constants_aliases_and_helpers(tmp_path):
    toy_project(tmp_path)
    used = {key: [p.page_id for p in pages] for key, pages in pages_by_kernel(tmp_path).items()}
    assert used == {("toy", "used_directly"): ["lecture.2.1"], ("toy", "used_via_helper"): ["lecture.2.1"],
                    ("toy", "used_via_constant"): ["lecture.1.1"], ("toy", "Table"): ["lecture.1.1"]}


def test_markdown_lists_public_kernels_with_relative_links(tmp_path):
    toy_project(tmp_path)
    md = kernel_reference_markdown(tmp_path)
    assert "### `used_directly`" in md and "### `Table`" in md and "_private" not in md
    assert "[Page 2](../lecture/a.md)" in md and "verify/pages.py::first" in md
    assert 'href="../../code/kernels/toy/#__codelineno-0-2"' in md
    unused = md.split("### `unused`")[1].split("###")[0]
    assert "暂无主题页使用" in unused
    assert "../code/" not in kernel_reference_markdown(tmp_path, source_links=False)


def test_real_tree_covers_every_public_kernel_and_is_not_a_static_page():
    assert not (ROOT / "docs" / "about" / "kernels.md").exists()
    md = kernel_reference_markdown()
    for path in sorted((ROOT / "kernels").glob("*.py")):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        public = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))
                  and not n.name.startswith("_")]
        for name in public:
            assert f"### `{name}` {{#{path.stem}-{name.lower()}}}" in md, (path.stem, name)
    assert {m.name for m in kernel_modules()} >= {"sampling", "text_stats", "bpe", "embeddings", "recurrent",
                                                  "norms", "labeling", "parameters"}
