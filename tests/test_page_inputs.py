"""What a page's recorded result depends on (checker/inputs.py): a change to any of it checks the page again."""
from checker.inputs import code_block_imports, page_inputs
from checker.paths import ROOT

PAGE = ROOT / "docs" / "lecture" / "ch02" / "2-5.md"


def test_a_python_block_inside_a_box_counts_its_imports():
    """2-5's block sits in a 本站构造 box, indented; its import of verify/lecture/ch02.py was missed, so a broken
    ch02.py left the page's recorded 'passed' reused."""
    body = PAGE.read_text(encoding="utf-8")
    assert "    ```python" in body, "the page changed; pick a page with a python block inside an admonition"
    assert "verify.lecture.ch02" in code_block_imports(body)
    assert "verify/lecture/ch02.py" in page_inputs(PAGE, None, body)["files"]
    flat = "```python\nimport kernels.sampling\n```\n\n    ```python\n    from verify.lecture import ch02\n    ```\n"
    assert code_block_imports(flat) >= {"kernels.sampling", "verify.lecture"}
