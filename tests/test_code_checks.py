"""A page's code is bound to what the page claims (issue 31, checker/code_checks.py): a printed check must be able to
fail (the `.copy()` dropped from 14-5 compares the cache with itself), and a kernel call on the verify function's
data must use its settings (1-5's radius changed and the new output pasted while the prose still says two pairs)."""
import re
import textwrap

from checker import code_checks
from checker.paths import ROOT
from checker.pipeline import check_page


def _errors(tmp_path, page: str, *edits):
    path = ROOT / "docs" / page
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, f"{page} no longer contains {old!r}; update the test"
        text = text.replace(old, new, 1)
    target = tmp_path / path.name
    target.write_text(text, encoding="utf-8")
    return [e for e in check_page(target).errors if "python code block" in e or "printed check" in e]


def test_a_check_that_compares_the_cache_with_itself_fails(tmp_path):
    assert _errors(tmp_path, "primer/ch14/14-5.md") == []
    [error] = _errors(tmp_path, "primer/ch14/14-5.md", ("old_k = cache.keys(0).copy()", "old_k = cache.keys(0)"))
    # the line of the printed check, found in the page rather than written here (a claim added above it moves it)
    lines = (ROOT / "docs" / "primer" / "ch14" / "14-5.md").read_text(encoding="utf-8").split("\n")
    line = next(i for i, text in enumerate(lines, 1) if "== old_k).all()" in text)
    assert re.search(rf":{line}: this printed check holds even when its first operand is changed", error)
    assert ".copy()" in error


def test_a_radius_changed_with_its_output_pasted_fails(tmp_path):
    assert _errors(tmp_path, "lecture/ch01/1-5.md") == []
    errors = _errors(tmp_path, "lecture/ch01/1-5.md", ("skipgram_pairs(units, 1)", "skipgram_pairs(units, 2)"),
                     ("[('书', '本'), ('书', '。')]", "[('书', '一'), ('书', '本'), ('书', '。')]"))
    [error] = errors   # the pasted output agrees with the code; the code no longer computes what the prose claims
    assert "calls skipgram_pairs(window=2) on the verify function's tokens" in error and "with window=1" in error


def test_the_probe_tells_an_alias_from_an_independent_copy():
    code = textwrap.dedent("""\
        import numpy as np
        a = np.arange(4.0)
        view, copy = a[:], a.copy()
        print((a == view).all(), np.allclose(a, copy), bool(np.array_equal(a, view)))
        print(f"{np.allclose(a, a + 0.0)}", [x for x in [1, 2] if x == 1])
        """)
    printed, raised, calls, vacuous = code_checks.execute(code)
    assert raised is None and printed == "True True True\nTrue [1]\n"
    assert vacuous == [4]   # line 4 holds two checks against a view; line 5's are a fresh value and a filter


def test_calls_on_other_data_are_the_blocks_own():
    """A demonstration on another word (1-12 applies the learned merges to 'low') is no conflict; the same data
    with another numeric setting is."""
    verify = {"bpe.py::apply_bpe": [{"word": ("s", "newer"), "merges": ("l", (("s", "e"),))}],
              "embeddings.py::skipgram_pairs": [{"tokens": ("l", (("s", "书"),)), "window": ("n", 1.0)}]}
    other_word = {"bpe.py::apply_bpe": [{"word": ("s", "low"), "merges": ("l", (("s", "e"),))}]}
    assert code_checks.conflicts(other_word, verify) == []
    wider = {"embeddings.py::skipgram_pairs": [{"tokens": ("l", (("s", "书"),)), "window": ("n", 2.0)}]}
    assert code_checks.conflicts(wider, verify) == [
        "it calls skipgram_pairs(window=2) on the verify function's tokens, which the verify function calls with window=1"]
