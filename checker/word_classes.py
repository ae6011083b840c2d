"""Classes of statement words (checker/statements.py) and which of them an edit must not lose or slip in.

Kept apart from checker/statements.py so that checker/relocation.py, which statements.py imports, reads the same
rule for a claim's sentence without an import cycle.
"""
from __future__ import annotations

import re

# what an edit must not slip into a pinned sentence unseen: who computed what, whether it was done, a hedge, a
# conclusion, a label. Other statement words added to a sentence describe (位置之后, 最高的是, query 的偏好) and
# pass like a new sentence; a word replaced or removed fails whatever it is
GUARDED = ("source:", "not:source:", "site", "course", "primer", "paper", "done", "not-done", "not-necessarily",
            "necessarily", "must", "need-not", "conclude:", "label:", "not-is", "not:",
            # an ability affirmed (排得出) where none was: put into a pinned sentence, it reverses 排不出 (blind_34 W34-013)
            "can")


# a statement word that leaves a pinned sentence with nothing in its place fails only when its loss reverses the
# sentence: a negation (不会增加 -> 会增加) or a guarded word (a source, a hedge, a label). Another word left unsaid
# (相同, 之后, 先…再…, a role) is most often a rewording in words the classes do not read (只有 520 个像素不同 -> 只差
# 520 个像素; 先做第一步再做第二步 -> 第一步之后接着做第二步): on the blind wrong-edit corpora 12 and 13, 1 of 106
# catches rested on such a loss alone, against 8 of the 34 honest edits of corpora 11 and 12 flagged fresh. It is
# still shown by `make pin`, which the changed text needs before the site test passes
KEPT_WHEN_LOST = {"not", "wrong", "possibly", "not-merely"}   # a hedge dropped states the possibility as a fact (可能被算错 -> 会被算错)


def lost_matters(lost: list[str], gained: list[str]) -> bool:
    """Statement words `lost` from a sentence, `gained` by it: the loss fails when a lost word is a negation or
    guarded, or its class came back (a counterpart: sign:+ lost, sign:- gained)."""
    classes = {word_class(t) for t in gained}
    if "sameness" in classes:   # 会改变 -> 没有改变: a change said to be none is an order's counterpart too
        classes |= CHANGES
    return any(guarded(t) or bare_token(t) in KEPT_WHEN_LOST or word_class(t) in classes for t in lost)


CHANGES = {"order", "trend", "gap", "adjust", "growth", "sign", "limit"}


def word_class(token: str) -> str:
    """sign:+ and sign:- are one class, same and differ another: a word lost and its counterpart gained is a swap."""
    bare = bare_token(token).removeprefix("not:")
    return COUNTERPARTS.get(bare, bare.split(":", 1)[0])


# the pairs whose two sides are different tokens with no shared prefix (order:up / order:down share theirs)
COUNTERPARTS = {"same": "sameness", "differ": "sameness", "approx": "sameness", "most": "extreme", "least": "extreme",
                 "fastest": "pace-extreme", "slowest": "pace-extreme", "sharpest": "shape-extreme",
                 "flattest": "shape-extreme", "former": "which", "latter": "which"}


def bare_token(token: str) -> str:
    return re.sub(r"^(?:title|description):", "", token).split("@", 1)[0]


def guarded(token: str) -> bool:
    bare = re.sub(r"^(?:title|description):", "", token).split("@", 1)[0]
    return any(bare == g or (g.endswith(":") and bare.startswith(g)) for g in GUARDED)


# X 不代表 / 不意味着 / 不等于 Y, 不说明 Y: a denial that Y follows from X (checker/statements.py reads it as saying what
# Y 未必 says; checker/facts.py reads a false statement right after it as denied)
DENIED_IMPLICATION = (r"不代表|不意味着|不表示|不等于(?=\s*[\u4e00-\u9fff“])|不能说明|并不说明|不说明|说明不了"
                      r"|不能由此推出|不能据此认为")


# the superlatives and their statement words (checker/statements.py reads them; checker/relations.py takes one as an
# order word in a relation's text)
MOST = {"最高": "most", "最大": "most", "最多": "most", "最长": "most", "最强": "most", "最好": "most",
        "最低": "least", "最小": "least", "最少": "least", "最短": "least", "最弱": "least", "最差": "least",
        "最快": "fastest", "最慢": "slowest", "最尖": "sharpest", "最平": "flattest",
        # a bound said of one quantity (至多有 V^{N-1} 种) reads as 最多 does; exchanging them is an edit
        "至多": "most", "至少": "least"}
SUPERLATIVE = re.compile("|".join(MOST))
