"""Primer chapter 1: six labelled film reviews and a hand-written scoring rule (教学构造).

The reviews, their segmentation into words, the labels and the rule's points are given teaching
inputs, defined once here (chapters 2 and 3 import them). Rule scores come from
kernels.text_stats.negation_flip_score (with no negator it is the plain "count x points" rule).
"""
from kernels.text_stats import negation_flip_score
from checker.evidence import inputs, kinds

POSITIVE, NEGATIVE = 1, 0
REVIEWS = (                      # (name, text, words as the primer segments them, human label)
    ("A", "电影好看", ["电影", "好看"], POSITIVE),
    ("B", "剧情精彩", ["剧情", "精彩"], POSITIVE),
    ("C", "电影难看", ["电影", "难看"], NEGATIVE),
    ("D", "剧情无聊", ["剧情", "无聊"], NEGATIVE),
    ("E", "电影不好看", ["电影", "不", "好看"], NEGATIVE),
    ("F", "电影不难看", ["电影", "不", "难看"], POSITIVE),   # 不难看 counted as praise by choice
)
LEXICON = {"好看": 1, "精彩": 1, "难看": -1, "无聊": -1}   # points per occurrence (§1.3)
THRESHOLD = 0                                               # score > THRESHOLD -> 好评
NEGATORS = ("不",)                                          # the extra "flip after 不" rule
HARD_CASE = ["不是", "不", "好看", "只是", "太长"]          # 不是不好看，只是太长
GRADES = (1, 5)                                             # the 1—5 rating scale of §1.3's exercise


def _labels():
    return [label for *_, label in REVIEWS]


@kinds(course="n")
def chapter() -> dict:
    """Chapter page: how many reviews, how many of each label."""
    labels = _labels()
    return {"n": len(REVIEWS), "n_pos": labels.count(POSITIVE), "n_neg": labels.count(NEGATIVE)}


@kinds(course="n n_neg n_pos",
       rules={"n_pos": "the reviews labelled 好评 in primer §1.1's table: A, B and F",
              "n_neg": "the reviews labelled 差评 in primer §1.1's table: C, D and E"})
def review_task() -> dict:
    """§1.1: the labelled data set."""
    return chapter()


def _run_rule(negators):
    scores = [negation_flip_score(words, LEXICON, negators) for _, _, words, _ in REVIEWS]
    predicted = [POSITIVE if s > THRESHOLD else NEGATIVE for s in scores]
    correct = [p == y for p, y in zip(predicted, _labels())]
    return scores, predicted, correct


@kinds(course="grade_high grade_low minus_points n plus threshold",   # n: the six reviews of §1.1 (course_also)
       site_construction="flip_scores hard n_correct n_flip_correct n_wrong scores")
@inputs("threshold", "minus_points", "plus")
def hand_rules() -> dict:
    """§1.3: the plain rule, then the rule with 'flip the word after 不'."""
    scores, _, correct = _run_rule(())
    flip_scores, _, flip_correct = _run_rule(NEGATORS)
    return {
        "plus": LEXICON["好看"], "minus_points": -LEXICON["难看"],
        "threshold": THRESHOLD,
        "scores": scores, "n": len(REVIEWS), "n_correct": sum(correct),
        "n_wrong": len(correct) - sum(correct),
        "flip_scores": flip_scores, "n_flip_correct": sum(flip_correct),
        "hard": negation_flip_score(HARD_CASE, LEXICON, NEGATORS),
        "grade_low": GRADES[0], "grade_high": GRADES[1],
    }
