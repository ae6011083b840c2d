"""Claims about the site's own runs are backed (checker/run_claims.py): edits of real pages."""
import pytest

from checker.pipeline import ROOT, check_page


def variant(tmp_path, rel: str, old: str, new: str):
    """The page with one edit, checked at its own place in a scratch copy of docs/ (relative links resolve)."""
    import shutil
    docs = tmp_path / "docs"
    if not docs.exists():
        shutil.copytree(ROOT / "docs", docs)
    page = docs / rel
    text = page.read_text(encoding="utf-8")
    assert old in text, f"{rel} no longer contains {old!r}"
    page.write_text(text.replace(old, new, 1), encoding="utf-8")
    return check_page(page).errors


def messages(errors, needle):
    return [e for e in errors if needle in e]


def test_every_page_backs_its_run_claims():
    from checker import classify, run_claims
    from checker.page import all_pages, read_page
    bad = [(p, m) for p in all_pages() for page in [read_page(p)]
           for _, m in run_claims.errors(page, classify.prose_view(page.body))]
    assert not bad, bad[:3]


@pytest.mark.parametrize("rel, old, new, needle", [
    # a page of constructions claims a run, with no link to one
    ("lecture/ch07/7-10.md", "本站没有训练 GQA 模型", "本站训练了 GQA 模型", "links to no page that has"),
    ("lecture/ch07/7-2.md", "用本站未训练的 `kernels", "用本站训练的 `kernels", "links to no page that has"),
    # the description's own run claim (description audit: the description now says 用本站未训练的 too)
    ("lecture/ch07/7-2.md", "并用本站未训练的", "并用本站训练的", "the description says the site trained"),
    # a GPU run: no results file records a CUDA device
    ("lecture/ch06/6-4.md", "本站还没有在 GPU 上做过这次对照", "本站已经在 GPU 上做过这次对照", "records a CUDA device"),
    ("primer/ch14/14-6.md", "本站尚未在 GPU 上实测", "本站已在 GPU 上实测", "records a CUDA device"),
    # the course's archived run called the site's
    ("lecture/ch07/7-16.md", "不是本站的测量", "是本站的测量", "inside a box labelled 历史记录"),
    # the course's archived run relabelled as the site's: the box's own text disowns it
    ("lecture/ch07/7-9.md", '!!! abstract "历史记录"', '!!! success "本站运行"', "says its numbers are"),
    # a run page that no longer names its files
    ("lecture/ch03/3-14.md", "提交的 checkpoint 与清单 `results/seq2seq/`；", "", "names no results file"),
])
def test_an_unbacked_run_claim_fails(tmp_path, rel, old, new, needle):
    assert messages(variant(tmp_path, rel, old, new), needle)


def test_a_linked_run_and_a_negation_pass(tmp_path):
    """Linking the page that has the run backs the sentence; saying what was not done is no claim."""
    page = "lecture/ch07/7-10.md"
    assert not messages(variant(tmp_path, page, "本站没有训练 GQA 模型", "本站在 CPU 上实测的速度比见 [§7.9](7-9.md)，"
                                "本站没有训练 GQA 模型"), "says the site")
    assert not messages(variant(tmp_path, "lecture/ch07/7-2.md", "用本站未训练的", "用本站从未训练过的"), "says the site")


def test_comparing_on_a_named_machine_is_a_run_claim():
    from checker.run_claims import run_clauses
    assert list(run_clauses("本站在 GPU 上比较了物化与分块的实现，单头。"))
    assert not list(run_clauses("本站比较了两种说法。"))
    # label round 78: the sentence says the comparison is still to be run; a result after it is a run again
    assert not list(run_clauses("本站在 GPU 上的对比见 §7.8 页，目前待测。"))
    assert list(run_clauses("本站在 GPU 上的对比见 §7.8 页，快了 3 倍。"))


def test_a_machine_named_beside_a_run_is_the_one_its_results_record():
    from checker.run_claims import machine_errors
    view = "计时来自 benchmarks/results/cpu.json，一台 2 核 AMD EPYC 机器。"
    assert machine_errors(view, view, ["benchmarks/results/cpu.json"]) == []   # cpu.json records AMD EPYC
    other = view.replace("AMD EPYC", "Intel Xeon")
    assert "record AMD EPYC" in machine_errors(other, other, ["benchmarks/results/cpu.json"])[0][1]


def test_a_site_box_that_disowns_a_method_not_its_numbers_passes():
    """Label round 56 (1-1): '这种错开一格的拆法不是本站的发明' in a 本站构造 box says where the method comes from;
    '这些数不是本站的' in one still disowns its numbers."""
    from checker.run_claims import DISOWNS
    assert not DISOWNS.search("这种错开一格的拆法不是本站的发明，讲义 §2.6 也这样拆。")
    assert DISOWNS.search("这些数不是本站的，是讲义的历史记录。")


def test_training_before_a_noun_names_a_thing_not_a_run():
    """New-author trial 13: '本站另取一个训练表里没有的词' was read as the site having trained something."""
    from checker.run_claims import run_clauses
    assert not list(run_clauses("本站另取一个训练表里没有的词 lowest"))
    assert list(run_clauses("本站训练了两个模型")) and list(run_clauses("本站在训练集上测了准确率"))
    # the review of this change: a run said with a verb before 表/时/句 is still a run
    for run in ("本站训练时用的是 H100 显卡", "本站实测表明这样切分最快", "本站训练句子级模型"):
        assert list(run_clauses(run)), run
