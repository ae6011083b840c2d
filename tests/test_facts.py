"""The course's fixed facts (checker/facts.py, checker/data/facts.yaml): each rule flags its false statement and
not the true one; no page of the site states one; a swap on a page fails whatever its pins say."""
import pytest

from checker import facts
from checker.paths import ROOT
from checker.pipeline import check_page
from tests.site import errors_on_every_page

DOCS = ROOT / "docs"


@pytest.mark.parametrize("rule", facts.rules(), ids=lambda r: r.rule)
def test_each_rule_flags_its_falsehood_and_not_the_fact(rule):
    assert rule in facts.falsehoods(rule.positive), rule.positive
    assert rule not in facts.falsehoods(rule.negative), rule.negative


def test_a_denied_falsehood_is_no_claim():
    assert not facts.falsehoods("不能用测试集调参：用测试集做选择会让分数失真")
    assert facts.falsehoods("用测试集做选择：挑超参数、比较设置")


def test_the_cells_above_the_diagonal_are_not_the_diagonal():
    """New-author trial 23: 对角线以上一律禁止 (the causal mask, rightly) was read as the diagonal forbidden."""
    assert not facts.falsehoods("形状：因果遮罩看的是（行，列）这一对，对角线以上一律禁止，对每条样本都一样")
    assert facts.falsehoods("因果遮罩里对角线也禁止读")
    # review 85: the lower triangle forbidden, or the diagonal too, are still false
    for wrong in ("对角线以下一律禁止", "对角线左下不允许读", "对角线以上一律禁止，对角线也一样禁止",
                  "对角线以上一律禁止，对角线也一样"):
        assert facts.falsehoods(wrong), wrong


def test_no_page_states_a_falsehood():
    assert errors_on_every_page(facts.errors) == []


def test_a_swapped_gate_fails_the_page_even_with_its_pins_rerecorded(tmp_path):
    """Blind corpus W6-034: forget and input gate exchanged on 2-2 keep every digit and the statement words; the
    fact fails the page without a pin file's help (the copy has none)."""
    page = DOCS / "lecture" / "ch02" / "2-2.md"
    text = page.read_text(encoding="utf-8")
    old = "$f_t$（forget gate）决定旧 cell 的存留比例，$i_t$（input gate）决定候选写进去多少"
    assert old in text, "2-2 changed; pick the sentence again"
    target = tmp_path / "docs" / "lecture" / "ch02" / "2-2.md"
    target.parent.mkdir(parents=True)
    target.write_text(text.replace(old, old.replace("forget", "FORGET").replace("input", "forget")
                                   .replace("FORGET", "input")), encoding="utf-8")
    assert any("forget_gate_is_f" in e for e in check_page(target).errors)
    target.write_text(text, encoding="utf-8")
    assert not any("contradicts a fact" in e for e in check_page(target).errors)


@pytest.mark.parametrize("sentence, rule", [
    # stop 48: two rules broadened after blind corpus 17 (the FFN said to read other tokens, with a 不 elsewhere in
    # the sentence that the old sentence-wide denial took for its own; a bidirectional encoder said to be the same)
    ("可每一行并不是分开算的，FFN 自己还会再读取别的 token", "ffn_stays_inside_one_position"),
    ("双向编码器也一样：新内容不会改变旧位置读得到的范围，这个论证可以直接搬过去", "kv_reuse_needs_a_causal_mask"),
])
def test_broadened_rules_read_the_reversal_and_not_the_fact(sentence, rule):
    from checker import facts
    assert rule in [r.rule for r in facts.falsehoods(sentence)]
    true_forms = {"ffn_stays_inside_one_position": "可每一行是分开算的，FFN 自己不再读取别的 token",
                  "kv_reuse_needs_a_causal_mask": "双向编码器就不同了：新内容会扩大旧位置读得到的范围，这个论证不能直接搬过去"}
    assert rule not in [r.rule for r in facts.falsehoods(true_forms[rule])]


def test_lower_perplexity_said_to_lower_the_true_sequences_probability_fails():
    """Blind corpus 17 (W17-016): PPL 更低 … 真实序列…的平均概率更低 reverses what perplexity is."""
    from checker import facts
    said = "PPL 更低，能说明的仅仅是：就这个评价分布而言，真实序列从模型那里得到的平均概率"
    assert "lower_perplexity_is_better" in [r.rule for r in facts.falsehoods(said + "更低")]
    assert "lower_perplexity_is_better" not in [r.rule for r in facts.falsehoods(said + "更高")]


def test_a_denial_counts_only_between_the_colons_around_the_statement():
    """blind_19 W19-014: 'RAG 并不等于…' became 'RAG 就等于把资料永久训练进了参数：下一次提问时如果不再附上这份文档，模型的参数里
    并没有因此多出它的内容' and the clause after the colon denied it; a denial is read in the statement's own part."""
    from checker.facts import falsehoods
    wrong = "RAG 就等于把资料永久训练进了参数：下一次提问时如果不再附上这份文档，模型的参数里并没有因此多出它的内容。"
    assert [r.rule for r in falsehoods(wrong)] == ["rag_changes_the_input_not_the_weights"]
    assert falsehoods(wrong.replace("就等于", "并不等于")) == []


def test_a_statement_said_not_to_follow_is_no_claim():
    """honest_22b H22b-016: '这只是这棵树上的结果，不说明加宽总能找到最优' denies what the rule forbids; '这说明加宽总能
    找到最优' states it."""
    assert not facts.falsehoods("这只是这棵树上的结果，不说明加宽总能找到最优。")
    assert [r.rule for r in facts.falsehoods("这说明加宽总能找到最优。")] == ["beam_search_is_approximate"]
