"""A cited number is bound to the thing it is a number of (issue 20).

paper_numbers.yaml names, in each record's quantity, the model or condition a value belongs to. Two records at
one location *compete* when their quantities differ only by such a name ("RNNenc-50 全部句子 BLEU" and
"RNNsearch-50 全部句子 BLEU"; "CrossNER 平均 F1，GLiNER-M" and "…，GLiNER2"): those names are what a sentence must
keep beside the right number. In each clause of a cited text (split at ，；。), the competing names and the
numbers are paired: one name gives every number of the clause to it; as many names as numbers pair them in
order ("GNMT 与 ConvS2S 的集成（分别为 41.16 和 41.29）"); anything else is left alone. A number paired with a
competitor's name fails: the sentence has swapped two things while keeping every digit.

Words inside a parenthesis annotate a quantity and do not tell two apart ("分类平均准确率（讲义所列较低的一方，按讲义
论证为 GLiNER2）" and "…较高的一方…GPT-4o）" compete). Names are Latin-script tokens (RNNenc-50, GLiNER-M, GPT-4o, big), matched whole (RNNsearch-50 is not
RNNsearch-50*). Out of reach: conditions named in Chinese only (反转前/反转后), a clause whose name is carried
from the previous one, and a swap of two numbers recorded for the same name.
"""
from __future__ import annotations

import difflib
import re

NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*\*?")


def names_of(quantity: str) -> set[str]:
    return set(NAME.findall(quantity))


def _occurrences(text: str, names: set[str]) -> list[tuple[int, int, str]]:
    """Whole-name occurrences, longest names first, no two overlapping."""
    taken, found = [], []
    for name in sorted(names, key=len, reverse=True):
        # ASCII boundaries: a name written against Chinese text (是GLiNER2) is still whole
        for m in re.finditer(rf"(?<![A-Za-z0-9_*-]){re.escape(name)}(?![A-Za-z0-9_*-])" if not name.endswith("*")
                             else rf"(?<![A-Za-z0-9_*-]){re.escape(name)}", text):
            if not any(a < m.end() and m.start() < b for a, b in taken):
                taken.append((m.start(), m.end()))
                found.append((m.start(), m.end(), name))
    return sorted(found)


def competitors(quantities: list[str]) -> dict[str, set[str]]:
    """quantity -> the names that tell it from a record of the same quantity otherwise (empty when none does)."""
    names = {q: names_of(q) for q in quantities}
    out = {q: set() for q in quantities}
    for q in quantities:
        for other in quantities:
            if other == q:
                continue
            own, theirs = names[q] - names[other], names[other] - names[q]
            if not own or not theirs:
                continue
            def without(text, drop):
                # a parenthesis annotates the quantity ("（讲义所列较低的一方，按讲义论证为 GLiNER2）",
                # "(big)"): the names inside it count, its other words do not tell two quantities apart
                text = re.sub(r"（[^）]*）|\([^)]*\)", lambda m: " " + " ".join(n for n in NAME.findall(m.group()) if n in drop) + " ", text)
                for name in sorted(drop, key=len, reverse=True):
                    text = re.sub(rf"(?<![A-Za-z0-9_*-]){re.escape(name)}(?![A-Za-z0-9_-])", "", text)
                return re.sub(r"[\s，,、+]+", "", text)
            rest = without(q, own)
            if rest and rest == without(other, theirs):   # the same quantity of two named things
                out[q] |= own
    return out


CLAUSE = re.compile(r"[^，；。,;]+")


def misattributed(text: str, numbers: list[tuple[int, str, list[str]]], quantities: list[str]) -> list[str]:
    """Messages for numbers paired with a competitor's name. `numbers`: (offset in text, printed text, quantities
    of the records the value matches); `quantities`: every record at the cited location."""
    rivals = competitors(sorted(set(quantities)))
    every = set().union(*rivals.values()) if rivals else set()
    if not every:
        return []
    occurrences = _occurrences(text, every)
    messages = []
    for clause in CLAUSE.finditer(text):
        names = [o for o in occurrences if clause.start() <= o[0] < clause.end()]
        nums = [n for n in numbers if clause.start() <= n[0] < clause.end() and n[2]]
        if not names or not nums:
            continue
        if len(names) == 1:
            pairs = [(n, names[0][2]) for n in nums]
        elif len(names) == len(nums):
            pairs = [(n, o[2]) for n, o in zip(sorted(nums), names)]
        else:
            continue
        for (offset, printed, matched), name in pairs:
            own = set().union(*(rivals.get(q, set()) for q in matched))
            # the competitor most like the matched record (the same quantity of the other name)
            owners = sorted((q for q in rivals if name in rivals[q]),
                            key=lambda q: -difflib.SequenceMatcher(None, q, matched[0]).ratio())
            if own and name not in own and owners:
                messages.append(f"{printed!r} is recorded as {' / '.join(sorted(set(matched)))}, but the sentence "
                                f"gives it to {name} (recorded: {owners[0]}); put the number beside the name it "
                                "belongs to")
    return messages
