"""Readings added in stop 105, each with the edit that made it necessary (honest_45/46, blind_wrong_38, new-author
trial 42) and a control that shows the other side."""
from checker import counts
from checker.paths import ROOT
from tests.site import each_honest_passes_wrong_fails
from tests.site import edit_errors as _errors
from tests.site import honest_passes_wrong_fails as _honest_passes_wrong_fails

LECTURE = ROOT / "docs" / "lecture"
PRIMER = ROOT / "docs" / "primer"
TOPIC = ROOT / "docs" / "topics" / "attention-to-prediction.md"


def _sentence_added(tmp_path, page, old, honest, wrong, needle=""):
    """A sentence added after `old`: the honest one passes, the wrong one fails (with `needle`)."""
    _honest_passes_wrong_fails(tmp_path, page, old, old + honest, old + wrong, needle)


# ---------------------------------------------------------------- counts


def test_clauses_joined_by_a_pause_mark_are_no_list_of_names(tmp_path):
    """H45-028: 前者在三个源槽之间分配、后者在三个目标词之间分配 was read as a list (前者…、后者在) of two, counted by
    the second 三个. A clause ending in a preposition is no name; a wrong count of the target words still fails."""
    old = "槽“她”得到的读取权重并不是 her 的输出概率。"
    added = "前者在三个源槽之间分配、后者在{}个目标词之间分配，两组数各自加起来都等于一。"
    _honest_passes_wrong_fails(tmp_path, LECTURE / "ch03" / "3-5.md", old, old + added.format("三"),
                               old + added.format("四"))


def test_a_count_said_again_after_a_pronoun_in_its_sentence(tmp_path):
    """H45-018: 这三类读取可以并存；它们是三种不同的接口 says the count of 这三类 again, after 它们. Another value is a
    count of its own and stays unclaimed."""
    old = "一个 encoder–decoder 模型里，这三类读取可以并存；它们是不同的接口，不是互相排斥的模型品牌。"
    said = "一个 encoder–decoder 模型里，这三类读取可以并存；它们是{}种不同的接口，不是互相排斥的模型品牌。"
    _honest_passes_wrong_fails(tmp_path, TOPIC, old, said.format("三"), said.format("五"), "neither claimed")


def test_holders_with_one_each_count_what_they_hold(tmp_path):
    """H45-016: 每个词在两张表里各有一个向量； 两个向量各学各的: two tables with one vector each, two vectors."""
    _honest_passes_wrong_fails(tmp_path, PRIMER / "ch07" / "7-3.md", "两者可以各自学习，不必取相同的值",
                               "两个向量各学各的，取值不必相同", "三个向量各学各的，取值不必相同", "neither claimed")


def test_a_count_after_a_list_counts_its_items():
    """New-author trial 42: a paragraph that follows a list of two items and opens with 两种叠法 counts them; a
    paragraph after prose does not, and another count is no count of the list."""
    body = ("取一个数连叠 6 层。\n\n    - 不带残差：每层乘以 0.1。\n    - 带残差：每层是 x+F(x)。\n\n"
            "    两种叠法的总导数都由本站求出。\n")
    at = body.index("两种")
    assert counts.items_of_the_list_just_before(body, at) == 2
    assert 2 in counts.named_nearby(body, at, at + 2)
    prose = body.replace("    - 不带残差：每层乘以 0.1。\n    - 带残差：每层是 x+F(x)。", "    每层乘以 0.1，或者每层是 x+F(x)。")
    at = prose.index("两种")
    assert counts.items_of_the_list_just_before(prose, at) is None
    later = body.replace("两种叠法的总导数都由本站求出。", "由本站求出。两种叠法的总导数。")
    assert counts.items_of_the_list_just_before(later, later.index("两种")) is None   # not the paragraph's first sentence


# ---------------------------------------------------------------- statements and relations


def test_an_overestimate_denied_orders_nothing(tmp_path):
    """H45-027: …，只含少数真实目标的批次不会被高估 says a method keeps a value true, no order of two of the page's
    values; 会被高估 still asks for a relation."""
    _sentence_added(tmp_path, LECTURE / "ch02" / "2-6.md", "用真正参与计分的目标 token 个数去除。",
                    "这样一来，只含少数真实目标的批次不会被高估。", "这样一来，只含少数真实目标的批次会被高估。", "高估")


def test_a_relation_text_whose_clauses_were_regrouped_is_found_again(tmp_path):
    """H46-004: 得分为零时…相等，得分越高越接近一，越低越接近零 -> 得分越高越接近一，越低越接近零；得分为零时，…相等.
    Each limit given to the other direction is no regrouping."""
    old = "得分为零时好评与差评的概率相等，得分越高越接近一，越低越接近零。"
    _honest_passes_wrong_fails(tmp_path, PRIMER / "ch03" / "3-2.md", old,
                               "得分越高越接近一，越低越接近零；得分为零时，好评与差评的概率相等。",
                               "得分越高越接近零，越低越接近一；得分为零时，好评与差评的概率相等。")


def test_two_parts_of_a_sentence_that_changed_places_keep_their_words(tmp_path):
    """H46-033: the ；-parts of a pinned sentence swapped, each with its words (这三类读取是不同的接口，不是…；…，它们
    可以并存). The negation moved onto the other noun still fails."""
    _honest_passes_wrong_fails(
        tmp_path, TOPIC, "一个 encoder–decoder 模型里，这三类读取可以并存；它们是不同的接口，不是互相排斥的模型品牌。",
        "这三类读取是不同的接口，不是互相排斥的模型品牌；在一个 encoder–decoder 模型里，它们可以并存。",
        "这三类读取是互相排斥的模型品牌，不是不同的接口；在一个 encoder–decoder 模型里，它们可以并存。")


def test_not_necessarily_said_as_not_equal_to_certainly(tmp_path):
    """H46-041: ## 门更少，不等于预算一定更省 -> ## 门少了，预算不一定就更省 (更少 said as the change 少了, 不等于…一定
    as 不一定). 门多了 turns the order round; 一定 without its denial asserts the opposite."""
    each_honest_passes_wrong_fails(tmp_path, [
        (LECTURE / "ch02" / "2-13.md", "## 门更少，不等于预算一定更省", "## 门少了，预算不一定就更省",
         "## 门多了，预算不一定就更省"),
        (LECTURE / "ch02" / "2-13.md", "## 门更少，不等于预算一定更省", "## 门少了，预算不一定就更省",
         "## 门少了，预算一定就更省")], "statement changed")


def test_a_paragraph_added_to_an_old_box_leaves_the_box_words_alone(tmp_path):
    """New-author trial 42: a paragraph added after the code output inside primer §15.2's 本站构造 box made the whole
    box read as new, and its pinned label and credits were reported lost near an unrelated sentence. A new box
    still is new prose (its numbers are claimed as any); the box's credit changed still fails."""
    page = PRIMER / "ch15" / "15-2.md"
    old = "    答案： ['精彩']\n    ```\n"
    added = old + "\n    按这种切分，例句里被遮住并计分的只有一个位置。\n"
    assert not _errors(tmp_path / "a", page, old, added, "statement changed")
    assert _errors(tmp_path / "b", page, "例句取自入门文章，切分方式是本站定的", "例句和切分方式都取自入门文章",
                   "statement changed")


# ---------------------------------------------------------------- facts and figures


def test_precision_is_measured_over_what_the_model_reported(tmp_path):
    """blind_38 W38-031: 精确率衡量标注里的实体中，正确的占多大比例 defines recall; the page's own wording passes."""
    page = PRIMER / "ch16" / "16-4.md"
    old = "- **精确率**（precision）衡量模型报出的实体中，正确的占多大比例；"
    _honest_passes_wrong_fails(tmp_path, page, old, "- **精确率**（precision）衡量的是模型报出的实体里，有多大比例是对的；",
                               "- **精确率**（precision）衡量标注里的实体中，正确的占多大比例；", "fact")


def test_a_caption_that_swaps_the_panels_fails(tmp_path):
    """blind_38 W38-051: the caption gave the left panel what the alt text and the drawing put on the right. A
    caption reworded with each side kept passes."""
    old = "\"左：给定的分数；右：softmax 之后的权重。"
    _honest_passes_wrong_fails(tmp_path, PRIMER / "ch12" / "12-3.md", old, "\"左边是给定的分数，右边是 softmax 得到的权重。",
                               "\"左：softmax 之后的权重；右：给定的分数。", "left and right")


def test_a_paragraph_reworded_over_split_sentences_is_one_message_that_keeps_its_kept_words(tmp_path):
    """New-author trial 42 reworded lecture §4.9's paragraph on γ, β and ε; a term kept between the changes kept the
    alignment's ops apart, and 略小于一's order:down was reported lost near its own sentence, which still says it. The
    region is judged as a whole: one message, and order:down is not among the words lost."""
    old = '$\\gamma,\\beta\\in\\mathbb R^d$ 是可学习的缩放与偏移；正的小常数 $\\varepsilon$ 防止除以零，也会轻微影响数值。统计只在这一个 token 内部进行，既不牵涉别的 token，\n也不牵涉 batch，与同一批次里另外还有哪些句子无关（入门文章 [§13.8](../../primer/ch13/13-8.md) 也讲到，LayerNorm 只用一个 token 自己各维的均值和方差来归一化，之后再乘可学习的缩放、加可学习的偏移）。再做仿射变换的话，输出就未必仍保持零均值和单位方差；\n就算省掉仿射，$\\varepsilon$ 也让有限值下的方差与一略有差别（本站补充：方差成了 $\\sigma^2/(\\sigma^2+\\varepsilon)$，所以是略小于一）。'
    new = '$\\gamma$ 与 $\\beta$ 都是 $\\mathbb R^d$ 中的可学习参数，前者逐维缩放，后者逐维平移。$\\varepsilon$ 是一个正的小常数，它让分母不会为零，代价是数值也跟着稍有改变。所有统计量都只取自当前这一个 token：不用别的 token，也不用 batch，所以同一批里还放了哪些句子，对结果没有影响（入门文章 [§13.8](../../primer/ch13/13-8.md) 也说明，LayerNorm 只按单个 token 各维的均值与方差做归一化，随后乘上可学习的缩放、加上可学习的偏移）。归一化之后如果再做仿射变换，输出不一定还是零均值、单位方差；\n即使省去仿射，$\\varepsilon$ 也使方差在有限值下与一略有出入（本站补充：方差成了 $\\sigma^2/(\\sigma^2+\\varepsilon)$，所以是略小于一）。'
    # (the one message was for 略有差别 -> 略有出入, read as differ since trial 57: the honest rewording is silent now)
    errors = _errors(tmp_path, LECTURE / "ch04" / "4-9.md", old, new, "statement changed")
    assert len(errors) <= 1 and not any("order:down ->" in e for e in errors)


# ---------------------------------------------------------------- provenance


def test_a_paper_section_the_sources_do_not_list_fails(tmp_path):
    """blind_37 W37-055: 可以读 Cho 等人 2014 年论文的 §2.3 -> §3.1, where the page's sources list cho2014 at §2.3
    only. The same section said another way passes."""
    _honest_passes_wrong_fails(tmp_path, LECTURE / "ch02" / "2-13.md", "可以读 Cho 等人 2014 年论文的 §2.3。",
                               "可以参阅 Cho 等人 2014 年那篇论文的 §2.3。", "可以读 Cho 等人 2014 年论文的 §3.1。",
                               "sources list")


def test_who_drew_a_picture_is_a_credit(tmp_path):
    """blind_37 W37-023: ![本站绘制：湖边图与逐块网格] -> ![课程插画：…] moved the site's drawing to the course."""
    _honest_passes_wrong_fails(tmp_path, LECTURE / "ch06" / "6-2.md", "![本站绘制：湖边图与逐块网格]",
                               "![本站绘制：湖边的图与逐块切开的网格]", "![课程插画：湖边图与逐块网格]", "statement changed")


def test_a_multiple_is_a_ratio_not_a_count(tmp_path):
    """blind_35 W35-023: …权重数为 $3145728$，正好是普通 FFN 的两倍 passed as a count of the two formulas the
    sentence holds; 1.5 is the ratio. A multiple is claimed or cited like any value."""
    old = "中间宽也取 $4d$ 时，权重数为 $3145728$。"
    assert _errors(tmp_path, LECTURE / "ch05" / "5-10.md", old, old[:-1] + "，正好是普通 FFN 的两倍。", "'两倍'")


def test_a_sameness_said_as_a_change_denied_either_way(tmp_path):
    """honest_47 H47-011, H47-020: 对整体平移不敏感 -> 整体平移改变不了 LN 的结果; 读图的方式不再被训练改变 -> 训练
    不再改变它读图的方式. Saying the change happens still fails."""
    each_honest_passes_wrong_fails(tmp_path, [
        (LECTURE / "ch06" / "6-3.md", "冻结的视觉 encoder 每一步都在读图，只是读图的方式不再被训练改变。",
         "冻结的视觉 encoder 照样每一步都读图，只不过训练不再改变它读图的方式。",
         "冻结的视觉 encoder 照样每一步都读图，只不过训练还会改变它读图的方式。")], "statement changed")
    # (会改变 is read as nothing, so 不敏感 -> 会改变 is a sameness left unsaid, which passes: the honest side only)
    assert not _errors(tmp_path / "ln", LECTURE / "ch05" / "5-8.md", "LN 对整体平移不敏感，RMSNorm 会变。",
                       "整体平移改变不了 LN 的结果，却会改变 RMSNorm 的结果。", "statement changed")


def test_two_matters_and_not_one_matter_say_one_difference(tmp_path):
    """honest_47 H47-018: ## 能力与事实是两回事 -> ## 能力和事实不是一回事. 是一回事 says the opposite."""
    _honest_passes_wrong_fails(tmp_path, LECTURE / "ch05" / "5-19.md", "## 能力与事实是两回事", "## 能力和事实不是一回事",
                               "## 能力和事实是一回事", "statement changed")


def test_an_opening_connective_stays_first_when_clauses_are_reordered(tmp_path):
    """honest_48 H48-024: 于是换了 query，权重纹丝不动，动态匹配就没有了 -> 于是动态匹配就没有了：换了 query，权重纹丝
    不动. Two terms exchanged inside a clause still fail."""
    _honest_passes_wrong_fails(tmp_path, TOPIC, "于是换了 query，权重纹丝不动，动态匹配就没有了。",
                               "于是动态匹配就没有了：换了 query，权重纹丝不动。",
                               "于是换了权重，query 纹丝不动，动态匹配就没有了。")


def test_the_vision_encoder_stays_frozen_in_both_llava_stages(tmp_path):
    """blind_34 W34-024: a sentence added after lecture §6.3's stage table unfroze the vision encoder in stage 2."""
    _sentence_added(tmp_path, LECTURE / "ch06" / "6-3.md", "每一格都写着“前向”：冻结的模块没有被跳过。",
                    "到了第 2 阶段，语言模型也一起更新，视觉 encoder 仍然冻结。",
                    "到了第 2 阶段，视觉 encoder 也和语言模型一起解冻更新。", "fact")


# ---------------------------------------------------------------- new-author trial 43


def test_readings_of_trial_43():
    """What trial 43's topic page and its two edits met as false alarms, each beside the reading it must keep."""
    from checker import classify, statements
    from checker.table_orders import _SUPERLATIVE

    class Token:   # the fields digit_phrase reads
        def __init__(self, body, text):
            self.start = body.index(text)
            self.end, self.text = self.start + len(text), text
    body = "正好是整幅图 224×224×3 个像素值的总数"
    three = Token(body, "3 ")
    three.text, three.end = "3", three.start + 1
    assert classify.digit_phrase(body, three) == ""             # the product's last factor counts nothing
    assert classify.digit_phrase("一共有 3 个像素值", Token("一共有 3 个像素值", "3")) == "3个像素"
    # a definition's closing domain, and a limit, bound one symbol; a value set after a comma stays a value
    numbers = lambda text: [(t.text, t.structural) for t in classify.numbers_in(text)]   # noqa: E731
    assert numbers(r"$$p_i(T)=\frac{\exp(z_i/T)}{\sum_j\exp(z_j/T)},\qquad T>0 .$$") == [("0", True)]
    assert numbers(r"$$y=x,\qquad x=0 .$$") == [("0", False)]
    assert numbers("升温让它更平，T→0⁺ 时趋向贪心解码") == [("0", True)]
    assert numbers("概率 → 0.5 时") == [("0.5", False)]
    # 最高分候选 names a candidate by its score; 概率最高 is a superlative
    assert not _SUPERLATIVE.search("最高分候选的概率升到约 0.867") and _SUPERLATIVE.search("T=1 时概率最高")
    # 不 listed or quoted is a word; 由负转正 is two signs
    assert not statements.tokens("特征词是不、太、好看三个")
    assert [w for _, w in statements.tokens("他不、也不会去")] == ["not"]
    assert [w for _, w in statements.tokens("梯度由负转正")] == ["sign:-", "sign:+"]


def test_sections_pointed_back_at_count_them():
    """Trial 43: （同上两节） under a line citing 讲义 §2.8、入门文章 §11.4; and 两处都 after a ；and a wrapped line. One
    section named above is no pair."""
    from checker import classify
    above = ("- 降温：分布变尖（讲义 [§2.8](../lecture/ch02/2-8.md)、入门文章 [§11.4](../primer/ch11/11-4.md)）。\n"
             "- 升温：分布变平（同上两节）。\n")
    at = above.index("两节")
    assert counts.sections_pointed_above(above, at, at + 2) == 2
    one = above.replace("、入门文章 [§11.4](../primer/ch11/11-4.md)", "")
    assert counts.sections_pointed_above(one, one.index("两节"), one.index("两节") + 2) is None
    wrapped = ("讲义 [§2.8](../lecture/ch02/2-8.md) 用 $\\tau$ 记温度；\n入门文章 [§11.4](../primer/ch11/11-4.md) 用 $T$ "
               "记温度，两处都要求温度为正。")
    view, at = classify.prose_view(wrapped), wrapped.index("两处")
    assert counts.places_named_before(view, at, at + 2, 2.0) == 2
    assert counts.places_named_before(view, at, at + 2, 3.0) is None


def test_unchanged_said_as_mei_bian_is_an_equality():
    """Trial 43: a relation text 排名在三行里都没变 had no comparison word; 没变 is 不变. 没变成 is a change."""
    from checker import directions
    said = lambda text: [m.group(0) for m in directions.equality_words(text)] if hasattr(directions, "equality_words") \
        else [m.group(0) for r in directions.of_kind("equality") for m in r.regex.finditer(text)]   # noqa: E731
    assert "没变" in said("排名在三行里都没变")
    assert not any(w.startswith("没") for w in said("分布没变成均匀分布"))


def test_a_rank_said_as_second_highest_is_decided_on_the_table(tmp_path):
    """blind_39 W39-018: 分数第二高的是 O, O under a path table whose 路径分数 column ranks O, O third (its tied 转移分数
    column decides no rank). The path that is second passes."""
    old = "“北京”“大学”被合成一个完整的机构实体。"
    _honest_passes_wrong_fails(tmp_path, PRIMER / "ch16" / "16-3.md", old, old + "分数第二高的是 B-ORG, O。",
                               old + "分数第二高的是 O, O。", "'第二' is false")


def test_a_written_out_reference_agrees_with_the_bibliography(tmp_path):
    """blind_38 W38-055 and blind_39 W39-057: the primer's reference list gave Xiong et al. (ICML 2020) the year 2019.
    Its pages, arXiv number and first author are read the same way; the text reworded around them passes."""
    page = PRIMER / "refs" / "index.md"
    each_honest_passes_wrong_fails(tmp_path, [
        (page, "2020 年，ICML（PMLR 第 119 卷，第 10524–10533 页）。", "2020 年，发表于 ICML（PMLR 第 119 卷，第 10524–10533 页）。",
         "2019 年，ICML（PMLR 第 119 卷，第 10524–10533 页）。", "year of xiong2020"),
        (page, "第 10524–10533 页", "第 10524–10533 页", "第 10524–10534 页", "pages of xiong2020"),
        (page, "（arXiv:1301.3781）", "（arXiv: 1301.3781）", "（arXiv:1310.4546）", "arXiv number"),
        (page, "### 14. Ruibin Xiong 等.", "### 14. Ruibin Xiong 等.", "### 14. Ruibin Xiang 等.", "first author")])


def test_a_change_denied_for_a_cause_orders_nothing(tmp_path):
    """honest_48 H48-034: …，不会因为所在批次的大小而被放大或缩小 denies a distortion; 会因为…而被放大 asserts one."""
    _sentence_added(tmp_path, LECTURE / "ch02" / "2-6.md", "用真正参与计分的目标 token 个数去除。",
                    "这样每个真实目标的分量都相同，不会因为所在批次的大小而被放大或缩小。",
                    "这样每个真实目标的分量会因为所在批次的大小而被缩小。", "缩小")


def test_a_ratio_column_named_the_other_way_round_fails():
    """blind_36 W36-052: 时间比（重算/缓存） -> 时间比（缓存/重算） over values 799/2.88 ≈ 277; the page's header passes."""
    from checker.page import read_page
    from checker.table_orders import ratio_header_errors
    body = read_page(LECTURE / "ch07" / "7-9.md").body
    assert not ratio_header_errors(body)
    assert ratio_header_errors(body.replace("时间比（重算/缓存）", "时间比（缓存/重算）"))


def test_idioms_that_assert_and_an_act_denied_said_for_a_negation(tmp_path):
    """honest_49: 人物一个不少 -> 人物也一个不缺 (H49-020) and 是可以的 -> 没有问题 (H49-037) negate nothing;
    入门文章在这一节没有算数 -> 入门文章在这一节没有给出数值计算 (H49-043) says the same denial as the primer's act. An
    act said done, or the subject changed, still fails."""
    from checker import statements
    assert "not" not in [w for _, w in statements.tokens("句子通顺，人物也一个不缺")]
    assert [w for _, w in statements.tokens("对照各部件的分工没有问题")] == []
    assert not _errors(tmp_path / "a", LECTURE / "ch01" / "1-17.md", "人物一个不少，句子也通顺，只是构式把角色对调了。",
                       "句子通顺，人物也一个不缺，只是构式把父母和 Pierre 的角色对调了。", "statement changed")
    _honest_passes_wrong_fails(tmp_path / "b", PRIMER / "ch08" / "8-1.md", "入门文章在这一节没有算数。",
                               "入门文章在这一节没有给出数值计算。", "本站在这一节没有给出数值计算。", "statement changed")


def test_a_heading_counts_the_columns_its_table_compares():
    """honest_49 H49-032: ## 源信息交接的两种方式 over | | 固定摘要 | 动态读取 |; a table with a named corner counts no
    columns."""
    body = "## 源信息交接的两种方式\n\n| | 固定摘要 | 动态读取 |\n| --- | --- | --- |\n| 源端 | 一个 | 每个 |\n"
    at = body.index("两种")
    assert counts.columns_of_the_table_under_the_heading(body, at, at + 2) == 2
    named = body.replace("| | 固定摘要", "| 方面 | 固定摘要")
    assert counts.columns_of_the_table_under_the_heading(named, at, at + 2) is None


def test_readings_of_trial_44():
    """Trial 44: an additive mask coded with 加 (允许的连接加 0，禁止的连接加 −∞); 两种做法：A，B，并… (a clause going on
    with 并 is one clause). 加 1 alone stays a value; three clauses are no count of two."""
    from checker import classify
    numbers = lambda text: [(t.text, t.structural) for t in classify.numbers_in(text)]   # noqa: E731
    assert numbers("遮罩：允许的连接加 $0$，禁止的连接加 $-\\infty$，加完再逐行做 softmax。") == [("0", True)]
    assert numbers("给每个分数加 1 再比较。") == [("1", False)]
    text = ("T5 这类编码器—解码器结构把两种做法放在一起：编码器双向读完输入，解码器带着因果遮罩逐步生成，"
            "并通过交叉注意力读取编码器的表示（入门文章 [§15.4](../primer/ch15/15-4.md)）。")
    view, end = classify.prose_view(text), text.index("两种") + 2
    assert counts.clauses_after_colon(view, end, 2.0) == 2
    three = text.replace("，并通过", "，编码器还通过")
    assert counts.clauses_after_colon(classify.prose_view(three), end, 2.0) is None


def test_readings_of_honest_50(tmp_path):
    """honest_50: 原因不在分类器，而在表示 -> 原因在表示，而不在分类器 (H50-024; the sides exchanged still fail);
    同样三个词 after 这三个词 (H50-013; 同样四个词 stays unclaimed); 不论在几条评论里出现 blurs no count (H50-009);
    这与逐元素裁剪不同：…方向不变 says the norm clipping's direction stays (H50-038); 各占一半 is a share to claim, no
    count of the listed items (H50-020)."""
    _honest_passes_wrong_fails(tmp_path / "a", PRIMER / "ch06" / "6-4.md", "原因不在分类器，而在表示：",
                               "原因在表示，而不在分类器：", "原因在分类器，而不在表示：")
    old = "第一句在夸，第二句在批评，词频却无法区分。"
    _honest_passes_wrong_fails(tmp_path / "b", PRIMER / "ch03" / "3-3.md", old, old + "两句都由同样三个词组成。",
                               old + "两句都由同样四个词组成。", "neither claimed")
    old = "这张小词表只够覆盖这六条评论。"
    assert not _errors(tmp_path / "c", PRIMER / "ch02" / "2-2.md", old, old + "一个词不论在几条评论里出现，都只占一个编号。")
    assert not _errors(tmp_path / "d", LECTURE / "ch02" / "2-11.md", "超过阈值时整体方向不变、只把长度压小，这与逐元素裁剪不同。",
                       "这与逐元素裁剪不同：超过阈值时整体方向不变、只把长度压小。", "fact")
    old = "本站补充：估计值只反映这份语料里的比例，换一份语料就会变。"
    errors = _errors(tmp_path / "e", PRIMER / "ch05" / "5-2.md", old, old + "比如再多一句“我 喝 水”，“茶”和“水”就会各占一半。")
    assert errors and all("neither claimed nor cited" in e for e in errors)


def test_counts_of_reordered_quotes_and_of_entity_types(tmp_path):
    """honest_46 H46-011: “猫追狗”与“狗追猫”…。两句用的是同样三个词 (each quote the other reordered); H46-047: …可能是
    人名，…则可能是地名。同一个词形可能属于两种类别. Another count stays unclaimed."""
    old = "“猫追狗”与“狗追猫”的最终状态在两格上都不一样。"
    _honest_passes_wrong_fails(tmp_path / "a", PRIMER / "ch08" / "8-3.md", old, old + "两句用的是同样三个词，只是顺序不同。",
                               old + "两句用的是同样四个词，只是顺序不同。", "neither claimed")
    old = "里则可能是地名。"
    _honest_passes_wrong_fails(tmp_path / "b", LECTURE / "ch05" / "5-6.md", old, old + "同一个词形可能属于两种类别。",
                               old + "同一个词形可能属于三种类别。", "neither claimed")


def test_an_equality_check_of_a_thing_with_itself_fails(tmp_path):
    """blind_40 W40-013: [np.allclose(a, b, …) for a, b in pairs] -> np.allclose(a, a, …): the verdict goes through a
    list before it is printed, so the probe never ran it; written with one side twice, it cannot fail."""
    from checker.code_checks import self_comparisons
    assert self_comparisons("same = [np.allclose(a, a, atol=1e-12) for a, b in pairs]\nprint(all(same))") == [1]
    assert self_comparisons("x = 1\nok = (x == x)") == [2]
    assert not self_comparisons("same = [np.allclose(a, b, atol=1e-12) for a, b in pairs]")
    assert _errors(tmp_path, LECTURE / "ch03" / "3-7.md", "np.allclose(a, b, rtol=0, atol=1e-12)",
                   "np.allclose(a, a, rtol=0, atol=1e-12)", "cannot fail")


def test_readings_of_honest_51(tmp_path):
    """honest_51 (and honest_47 H47-014, the same edit by another writer): SiLU 不只是 sigmoid -> SiLU 并不等同于
    sigmoid, its sign said again (H51-010; 就是 sigmoid and a flipped sign still fail); A；但 B -> B；但 A (H51-021);
    好评、差评各三条 is a size per item (H51-043)."""
    page, old = LECTURE / "ch05" / "5-10.md", "SiLU 不只是 sigmoid：负输入可以给出负的门值。"
    each_honest_passes_wrong_fails(tmp_path / "a", [
        (page, old, "SiLU 并不等同于 sigmoid：输入为负时，门值也可以是负的。", "SiLU 就是 sigmoid：输入为负时，门值也可以是负的。"),
        (page, old, "SiLU 并不等同于 sigmoid：输入为负时，门值也可以是负的。", "SiLU 并不等同于 sigmoid：输入为负时，门值也可以是正的。")],
        "statement changed")
    assert not _errors(tmp_path / "b", LECTURE / "ch04" / "4-7.md",
                       "拿这两个系统对照各部件的分工是可以的；但一个系统某次运行算出的概率，不能挪给另一个系统当作它的结果。",
                       "一个系统某次运行算出的概率，不能挪给另一个系统当作它的结果；但拿这两个系统对照各部件的分工是可以的。")
    errors = _errors(tmp_path / "c", PRIMER / "ch01" / "1-1.md", "表中一共 6 条，好评 3 条，差评 3 条。", "表中一共六条，好评、差评各三条。")
    assert not any("enumerates" in e for e in errors)


def test_readings_of_honest_52(tmp_path):
    """honest_52 (and honest_50 H50-026, the same edit by another writer): a named pair and the 两者/它们 that takes it up
    exchanged with the clauses (H52-011, H52-007); the pair's names exchanged still fail. 判断很接近 -> 判断相差无几
    (H52-010)."""
    old = "CBOW 和 Skip-gram 都属于 Word2Vec 这一家族，两者的差别在于预测方向：一个由周围猜中间，一个由中间猜周围。"
    _honest_passes_wrong_fails(
        tmp_path / "a", PRIMER / "ch07" / "7-5.md", old,
        "CBOW 和 Skip-gram 的差别在于预测方向：一个由周围猜中间，一个由中间猜周围；两者都属于 Word2Vec 这一家族。",
        "Skip-gram 和 CBOW 的差别在于预测方向：一个由周围猜中间，一个由中间猜周围；两者都属于 Word2Vec 这一家族。")
    assert not _errors(tmp_path / "b", PRIMER / "ch03" / "3-4.md",
                       "词袋和 TF-IDF 算起来便宜、每一列都查得清楚；类别靠明确的关键词就能判断时，它们很实用。",
                       "类别靠明确的关键词就能判断时，词袋和 TF-IDF 很实用：它们算起来便宜、每一列都查得清楚。")
    _honest_passes_wrong_fails(tmp_path / "c", PRIMER / "ch06" / "6-4.md", "对这对评论的判断很接近。",
                               "这两条评论得到的判断相差无几。", "这两条评论得到的判断完全相同。", "statement changed")


def test_a_count_said_ahead_of_its_claim_in_a_sentence_pointing_down(tmp_path):
    """honest_52 H52-005: 所以在下文学了六轮合并的例子里… before the box that claims 学 $6$ 轮合并; 七轮 stays unclaimed."""
    old = "它并不会因此自动懂得。"
    _honest_passes_wrong_fails(tmp_path, PRIMER / "ch02" / "2-4.md", old,
                               old + "所以在下文学了六轮合并的例子里，它能把 playing 切成 play 和 ing。",
                               old + "所以在下文学了七轮合并的例子里，它能把 playing 切成 play 和 ing。", "neither claimed")


def test_readings_of_blind_41(tmp_path):
    """blind_41: 不会为每一次出现单独保存 -> 会…；各次出现分别… (W41-010: 分别's 别 read as the negation said again);
    槽 2 的权重恰好是槽 1 的一半 (W41-011: a count with no measure word matched any such count before it);
    讲义举出的 -> 本站举出的 and 本站自己训练的 -> 课程存档的 (W41-056, W41-057); the cross-entropy of the argmax cell
    (W41-034). Each honest twin passes."""
    each_honest_passes_wrong_fails(tmp_path, [
        (LECTURE / "ch01" / "1-3.md", "训练时不会为每一次出现单独保存一份向量；所有出现都按任务损失去调整同一张表。",
         "训练时并不会为每次出现各存一份向量；所有出现都按任务损失调整同一张表。",
         "训练时会为每一次出现单独保存一份向量；各次出现分别按任务损失调整自己的那一份。", "statement changed"),
        (LECTURE / "ch03" / "3-5.md", "权重就只有它们的 $\\exp(-1)$ 倍。", "权重就只有它们的 $\\exp(-1)$ 倍，约为三分之一略多。",
         "权重就只有它们的 $\\exp(-1)$ 倍。也就是说，槽 2 分到的权重恰好是槽 1 的一半。", "一半"),
        (LECTURE / "ch03" / "3-10.md", "讲义举出的失败样本是源序列 b d a d e", "讲义给的失败样本是源序列 b d a d e",
         "本站举出的失败样本是源序列 b d a d e", "statement changed"),
        (LECTURE / "ch03" / "3-12.md", "本页诊断的是本站自己训练的动态读取模型写错的一条测试序列",
         "本页诊断的是本站自己训练的动态读取模型在一条测试序列上写错的情形",
         "本页诊断的是课程存档的动态读取模型写错的一条测试序列", "statement changed"),
        (LECTURE / "ch02" / "2-6.md", "损失却只取真实标签那一格的负对数", "损失却只取正确答案那一格的负对数",
         "损失却只取概率最大那一格的负对数", "fact")])


def test_the_one_of_a_one_hot_vector_is_no_value():
    """New-author trial 46: 两个不同词的 one-hot，1 落在不同的维上 uses the 1 that defines one-hot; the same words about
    counts keep the 1 a number."""
    from checker import classify
    def ones(text):
        return [t.structural for t in classify.numbers_in(text) if t.text == "1"]
    assert ones("两个不同词的 one-hot，1 落在不同的维上，所以点积一律是 0。") == [True]
    assert ones("两个词的计数，1 落在不同的维上。") == [False]


def test_an_always_added_in_rewording_is_a_description(tmp_path):
    """honest_53 H53-001 (and H53-012, honest_50 H50-032, new-author trial 45): 始终 added to a reworded sentence is an
    'always' said of what it describes; a necessity turned round (不等于…一定 -> 始终) still fails."""
    assert not _errors(tmp_path / "a", PRIMER / "ch09" / "9-1.md",
                       "我们想要的是另一种能力：重要的信息**一直留着**，新读到的内容**有选择地**写进来。",
                       "我们需要的是另一种能力：重要的信息**始终留着**，新读到的内容**有选择地**写进来。", "statement changed")
    assert _errors(tmp_path / "b", LECTURE / "ch02" / "2-13.md", "## 门更少，不等于预算一定更省", "## 门更少，预算始终更省",
                   "statement changed")


def test_not_hard_to_see_asserts(tmp_path):
    """honest_54 H54-007: 不难看出 (easy to see) negates nothing; 不是 a classifier still does."""
    from checker import statements
    assert "not" not in [w for _, w in statements.tokens("熟悉逻辑回归的读者不难看出，这正是一个逻辑回归分类器。")]
    assert "not" in [w for _, w in statements.tokens("这不难，但它不是一个逻辑回归分类器。")] or \
        "not-is" in [w for _, w in statements.tokens("这不难，但它不是一个逻辑回归分类器。")]
