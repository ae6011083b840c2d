"""Lecture chapter 8: the numbers quoted by §8.4 (教学构造).

Route D of §8.4 names three path probabilities of the independent search tree of §3.17 (greedy,
a width-2 beam, exhaustive best). They are recomputed here from that very tree, imported from
verify/lecture/ch03_search.py so both pages share one definition, through kernels.decoding.
"""
from kernels.decoding import ProbabilityTree, beam_decode
from verify.lecture.ch03_search import BEAM_WIDTH, TREE, probability_tree
from checker.evidence import inputs, kinds

NARROW_WIDTH = 1   # a beam that keeps one prefix: the greedy rule written as a beam


@kinds(course="beam best greedy n_paths narrow narrow_width total width",
       rules={"n_paths": "the tree of lecture §3.17 ends in EOS six times (after Aa, Aac, Ab, B, Bd and C): six complete paths"})
@inputs("narrow_width", "width")
def search_route() -> dict:
    """§8.4 route D: sum of all complete paths, greedy, width-1 and width-2 beams, exhaustive best."""
    tree = probability_tree()
    narrow = beam_decode(ProbabilityTree(TREE), width=NARROW_WIDTH)
    return {
        "total": tree["total"], "n_paths": tree["n_paths"],
        "greedy": tree["greedy"], "beam": tree["beam"], "best": tree["best"],
        "narrow_width": NARROW_WIDTH, "width": BEAM_WIDTH,
        "narrow": narrow.best.probability,
    }
