"""`python -m verify new`: a new page and its verify function that verify green before the first edit, and
nothing existing is overwritten."""
from conftest import run_in


def test_a_new_section_page_and_a_new_topic_page_verify_green(project):
    made = run_in(project, "verify", "new", "lecture", "3.99", "--title", "测试页")
    assert made.returncode == 0, made.stdout + made.stderr
    page = project / "docs" / "lecture" / "ch03" / "3-99.md"
    text = page.read_text(encoding="utf-8")
    assert "id: lecture.3.99" in text and "verify: verify/lecture/ch03.py::section_3_99" in text and "## 来源" in text
    checked = run_in(project, "verify", "docs/lecture/ch03/3-99.md")
    assert checked.returncode == 0 and "0 failed" in checked.stdout, checked.stdout
    unsourced = run_in(project, "verify", "new", "topic", "a-new-topic", "--title", "新主题")
    assert unsourced.returncode == 2 and "--from" in unsourced.stdout     # no made-up default section
    assert not (project / "docs" / "topics" / "a-new-topic.md").exists()
    module = project / "verify" / "topics.py"
    docstring = module.read_text(encoding="utf-8").split('"""')[1]
    topic = run_in(project, "verify", "new", "topic", "a-new-topic", "--title", "新主题",
                   "--from", "lecture §2.8", "--from", "primer §11.4", "--from", "primer §B")
    assert topic.returncode == 0, topic.stdout
    written = (project / "docs" / "topics" / "a-new-topic.md").read_text(encoding="utf-8")
    assert "'lecture §2.8 — " in written and "'primer §11.4 — " in written and "§3.5" not in written
    assert "'primer §B — " in written   # an appendix without sections is a source too (new-author trial 62)
    assert run_in(project, "verify", "docs/topics/a-new-topic.md").returncode == 0
    # new-author trial 47: a slug that names an import of the module (softmax) gets a function of its own name,
    # so the kernel the other topic page uses is not shadowed
    shadowing = run_in(project, "verify", "new", "topic", "softmax", "--title", "softmax 与温度", "--from", "primer §11.4")
    assert shadowing.returncode == 0, shadowing.stdout
    assert "verify/topics.py::softmax_numbers" in (project / "docs" / "topics" / "softmax.md").read_text(encoding="utf-8")
    other = run_in(project, "verify", "docs/topics/attention-to-prediction.md")
    assert other.returncode == 0 and "0 failed" in other.stdout, other.stdout
    import ast
    assert ast.get_docstring(ast.parse(module.read_text(encoding="utf-8"))) == ast.get_docstring(
        ast.parse(f'"""{docstring}"""')), "the module's docstring must stay its first statement"


def test_nothing_existing_is_overwritten(project):
    page = project / "docs" / "lecture" / "ch03" / "3-5.md"
    before = page.read_bytes()
    refused = run_in(project, "verify", "new", "lecture", "3.5")
    assert refused.returncode == 2 and "already exists" in refused.stdout and page.read_bytes() == before
    assert run_in(project, "verify", "new", "lecture", "x.y").returncode == 2


def test_imports_join_their_group():
    """A missing project import goes after the module's project imports, not above numpy; the docstring stays first."""
    from tools.scaffold import _with_imports
    head = '"""Doc."""\nfrom __future__ import annotations\n\nimport numpy as np\n\nfrom kernels.sampling import softmax\n\nX = 1\n'
    out = _with_imports(head, ["from checker.evidence import inputs"])
    assert out.index("import numpy") < out.index("from kernels.sampling") < out.index("from checker.evidence") < out.index("X = 1")
    assert out.startswith('"""Doc."""')
    bare = '"""Doc."""\nimport numpy as np\n\nX = 1\n'
    out = _with_imports(bare, ["from checker.evidence import inputs"])
    assert out.index("import numpy") < out.index("from checker.evidence") < out.index("X = 1")
