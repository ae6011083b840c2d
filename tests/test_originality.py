"""tools/originality.py (REVIEW.md item 11): no page holds a run of 20 or more Chinese characters of the course
documents (authoring.md's limit); the tool finds a pasted sentence, from the seeds or from the committed fingerprint,
and passes its rewording."""
import pytest

from tools import originality

# a stand-in for the course documents (the mechanism is tested on it; the site on the real fingerprint)
SEED = ("第一段。注意力权重由查询和键的点积经过缩放与归一化得到，它们决定每个位置从各个值向量取走多少信息。"
        "另一句话与此无关，只用来占位。")
SENTENCE = "注意力权重由查询和键的点积经过缩放与归一化得到，它们决定每个位置从各个值向量取走多少信息"
# the second measure: a phrase that is short in Chinese characters alone (12), long with its English terms and marks
MIXED_SEED = "沿着 attention→残差/归一化→FFN→残差/归一化 追踪一行。模型用了 RMSNorm、SwiGLU 和 GQA。"


def _page(text):
    return "---\ntitle: t\n---\n\n" + text + "\n"


def test_no_page_holds_a_run_of_twenty_chinese_characters_of_the_course(capsys):
    assert originality.main(["--max-runs", "0", str(originality.ROOT / "docs")]) == 0, capsys.readouterr().out


@pytest.fixture(params=["seeds", "fingerprint"])
def contains(request, monkeypatch, tmp_path):
    """The window test as the tool builds it, from the seeds themselves or, where they are absent, the fingerprint."""
    seed = SEED + MIXED_SEED
    monkeypatch.setattr(originality, "_seed_text", lambda: seed if request.param == "seeds" else None)
    for name, keep in (("FINGERPRINT", originality._CJK), ("MIXED_FINGERPRINT", originality._MIXED)):
        print_to = tmp_path / f"{name}.txt"
        print_to.write_text("\n".join(originality.fingerprint(originality._normalise(seed, keep)[0])) + "\n",
                            encoding="utf-8")
        monkeypatch.setattr(originality, name, print_to)
    return originality.seed_windows(originality.DEFAULT_MIN)


@pytest.fixture
def contains_mixed(contains):
    return originality.seed_windows(originality.DEFAULT_MIN, mixed=True)


def test_a_pasted_sentence_is_found_and_its_rewording_is_not(contains):
    pasted = _page("前面一句。" + SENTENCE[:12] + "\n" + SENTENCE[12:] + "。")
    [(offset, run)] = originality.runs(pasted, contains, 20)
    assert len(originality._normalise(run)[0]) >= len(SENTENCE) - originality.FINGERPRINT_STRIDE, run
    reworded = _page("权重怎么来：查询与键做点积，缩放后归一化；每个位置从值向量里取多少，由它决定。")
    assert originality.runs(reworded, contains, 20) == []


def test_code_math_headings_and_table_walls_are_not_prose_runs(contains):
    cells = "| " + " | ".join(SENTENCE[i:i + 8] for i in range(0, len(SENTENCE), 8)) + " |"
    for hidden in (f"`{SENTENCE}`", f"$\\text{{{SENTENCE}}}$", f"# {SENTENCE}", f"[{SENTENCE}](x.md)", cells):
        assert originality.runs(_page(hidden), contains, 20) == [], hidden


def test_a_run_is_measured_in_chinese_characters_so_a_papers_title_is_not_one(contains):
    title = _page("Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer")
    assert originality.runs(title, contains, 20) == []


def test_a_phrase_mixing_english_terms_and_marks_is_a_mixed_run_and_its_rewording_is_not(contains, contains_mixed):
    """The outside originality report's class: 沿 attention→残差/归一化→FFN→残差/归一化 holds 10 Chinese characters,
    so the first measure cannot see it."""
    pasted = _page("读者已经能沿 attention→残差/归一化→FFN→残差/归一化 去追踪。")
    assert originality.runs(pasted, contains, 20) == []
    [(offset, run)] = originality.runs(pasted, contains_mixed, 20, mixed=True)
    assert "残差/归一化→FFN→残差" in run, run   # the fingerprint may miss a run's last few characters
    reworded = _page("读者已经会跟着一行表示走：先过注意力，加残差并归一化，再过 FFN，又一次残差与归一化。")
    assert originality.runs(reworded, contains_mixed, 20, mixed=True) == []


def test_a_mixed_run_needs_chinese_and_stops_at_a_paragraph(contains, contains_mixed):
    # Latin alone (a title, a name) is no mixed run; nor is a quotation split from its lead-in by a blank line
    title = _page("Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer")
    assert originality.runs(title, contains_mixed, 20, mixed=True) == []
    # a long English name counts its first few letters only, so names joined by one word are not phrasing
    assert len(originality._normalise("FlashAttention 与 KV cache", originality._MIXED)[0]) == len("flash与kvcache")
    split = _page("沿着 attention→残差/归一化\n\n→FFN→残差/归一化 追踪一行。")
    assert originality.runs(split, contains_mixed, 20, mixed=True) == []
    joined = _page("沿着 attention→残差/归一化\n→FFN→残差/归一化 追踪一行。")
    assert len(originality.runs(joined, contains_mixed, 20, mixed=True)) == 1


@pytest.mark.parametrize("mixed", [False, True])
def test_the_committed_fingerprint_is_the_seeds_own(mixed):
    text = originality._seed_text()
    if text is None:
        pytest.skip("the course documents are not next to this checkout; the fingerprint stands in for them")
    keep, _, path = originality._measure(mixed)
    recorded = path.read_text(encoding="utf-8").split()
    assert recorded == originality.fingerprint(originality._normalise(text, keep)[0]), \
        "run `python tools/originality.py --write-fingerprint`"


def test_a_seed_sentence_with_a_particle_inserted_is_a_near_copy_and_a_rewording_is_not():
    """--near: the exact-run listing misses a copy cut by one inserted character (比较实际一起出现与按各自边缘频率…)."""
    seed = ["比较实际一起出现与按边缘频率独立出现的比值", "温度升高以后分布变平低概率候选更容易被采样到"]
    index = originality._near_index(seed)
    page = ("---\ntitle: t\n---\n# t\n\nPMI 比较“实际一起出现”与“按各自边缘频率独立出现”的比值。\n\n"
            "升温会把分布摊平，原本很少被抽中的词也有了机会。\n\n```python\n比较实际一起出现与按边缘频率独立出现的比值\n```\n")
    found = originality.near_copies(page, seed, index)
    assert [(page.count("\n", 0, offset) + 1, source) for offset, _, _, source in found] == [(6, seed[0])]
    assert found[0][1] >= 15   # shared characters, counted in pieces of three or more


def test_review_88_marks_lists_and_blank_lines(contains, contains_mixed):
    """A copied mixed run with its 、 swapped for commas is still one; English words listed with 、 and a list of the
    course's short items are no run; a blank line inside a copied Chinese sentence does not hide it."""
    swapped = _page("读者已经能沿 attention,残差,归一化,FFN,残差,归一化 去追踪。".replace(",", "→", 1))
    assert originality.runs(swapped, contains_mixed, 20, mixed=True)
    words = _page("I gave、gave a、a book、book yesterday、yesterday EOS")
    assert originality.runs(words, contains_mixed, 20, mixed=True) == []
    assert originality._a_list_of_words("顺序（电影、剧情、好看、精彩、难看、无聊、不") \
        and not originality._a_list_of_words("attention→残差/归一化→FFN→残差/归一化")
    split = _page(SENTENCE[:12] + "\n\n" + SENTENCE[12:] + "。")
    assert originality.runs(split, contains, 20)
