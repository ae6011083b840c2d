"""Lecture chapter 3, §3.8 and §3.16–§3.19: search, length handling and BLEU (教学构造).

Every input below is a given teaching construction, defined once and returned, so that a
page cannot state one input while the code uses another. Results come from kernels:
kernels.decoding for the probability tree and beam search, kernels.metrics for BLEU and the
source-reversal distances. No number here is a measurement of a trained model.
"""
import math

from kernels.decoding import (Hypothesis, ProbabilityTree, beam_decode, exhaustive_search,
                              greedy_decode, length_penalty, rank_score)
from kernels.metrics import alignment_distances, clipped_matches, corpus_bleu
from checker.evidence import inputs, kinds

# §3.8: source A B C, target X Y Z, aligned position by position (A-X, B-Y, C-Z).
SOURCE = ("A", "B", "C")
TARGET = ("X", "Y", "Z")
ALIGNMENT = ((1, 1), (2, 2), (3, 3))

# §3.16: two given candidate totals (same source, parameters and tokenizer; eight target
# tokens including the full stop and EOS; natural-log sums, no length penalty).
SCORE_HER = -6.4   # the correct candidate, with "her"
SCORE_HIM = -8.2   # the candidate search returned, with "him"

# §3.17: the finite probability tree of the old extension ("" is the start).
TREE = {
    "": {"A": 0.45, "B": 0.30, "C": 0.25},
    "A": {"a": 0.70, "b": 0.30},
    "A a": {"EOS": 2 / 3, "c": 1 / 3},
    "A a c": {"EOS": 1.0},
    "A b": {"EOS": 1.0},
    "B": {"EOS": 0.75, "d": 0.25},
    "B d": {"EOS": 1.0},
    "C": {"EOS": 1.0},
}
BEAM_WIDTH = 2
# the complete paths whose probability §3.17 itself prints: greedy's A a EOS, the best C EOS, B EOS, which
# the beam keeps, and A b EOS and B d EOS, whose values are the second round's Ab .135 and Bd .075 (both
# prefixes end in EOS with probability 1); A a c EOS (.105) is the site's enumeration
COURSE_PATHS = ("C_EOS", "B_EOS", "Aa_EOS", "Ab_EOS", "Bd_EOS")

# §3.18: the length-penalty exponent compared with raw log-probability ranking.
ALPHA_RAW = 0.0
ALPHA = 1.0

# §3.19: the BLEU-2 example and the clipping example (tokens split on spaces, case kept).
BLEU_ORDER = 2
REFERENCE = "I gave her a book yesterday".split()
CANDIDATE = "I gave a book yesterday".split()
CLIP_REFERENCE = "the book is on the desk".split()
CLIP_CANDIDATE = "the the the".split()


def _name(tokens) -> str:
    """('A', 'a', 'EOS') -> 'Aa_EOS'; ('A', 'a') -> 'Aa'."""
    body = "".join(t for t in tokens if t != "EOS")
    return f"{body}_EOS" if tokens and tokens[-1] == "EOS" else body


def _edges() -> dict:
    return {("root" if prefix == "" else prefix.replace(" ", "")): dict(dist) for prefix, dist in TREE.items()}


@kinds(course="encoded_after_A n_source",
       site_construction="forward forward_A forward_mean reverse reverse_A reverse_mean",
       rules={"n_source": "the course's source sequence A, B, C (§3.8): its three tokens",
              "encoded_after_A": "the course's B and C, encoded after A in the forward order (§3.8)"})
def reversal_distances() -> dict:
    """§3.8: steps from reading each aligned source token to emitting its target token."""
    forward = alignment_distances(len(SOURCE), ALIGNMENT)
    reverse = alignment_distances(len(SOURCE), ALIGNMENT, reverse_source=True)
    return {
        "n_source": len(SOURCE), "n_target": len(TARGET),
        "encoded_after_A": len(SOURCE) - 1 - SOURCE.index("A"),   # source tokens read after A, in order
        "forward": forward, "reverse": reverse,
        "forward_A": forward[0], "reverse_A": reverse[0],
        "forward_sum": sum(forward), "reverse_sum": sum(reverse),
        "forward_mean": sum(forward) / len(forward), "reverse_mean": sum(reverse) / len(reverse),
    }


@kinds(course="her him", site_construction="gap ratio")
@inputs("her", "him")
def candidate_scores() -> dict:
    """§3.16: the two given totals, their gap in nats and the probability ratio it implies."""
    her = Hypothesis(("her",), SCORE_HER)
    him = Hypothesis(("him",), SCORE_HIM)
    return {
        "her": SCORE_HER, "him": SCORE_HIM,
        "gap": her.log_probability - him.log_probability,
        "ratio": her.probability / him.probability,
    }


@kinds(course="beam best edges greedy n_aa_children n_paths n_rounds path_course pool total width",
       site_construction="final_dropped path path_site",
       rules={"n_aa_children": "the course's tree row for A a prints two successors, EOS:2/3 and c:1/3",
              "n_paths": "the course's tree ends in EOS six times (after Aa, Aac, Ab, B, Bd and C): six complete paths",
              "path_course": ("the course prints C EOS .250, B EOS .225 and Aa EOS .210 as complete paths; A b EOS and "
                              "B d EOS are its round-2 prefixes Ab .135 and Bd .075, each followed by EOS with probability 1"),
              "pool": ("round 1's pool is the course's first-step distribution A:0.45, B:0.30, C:0.25; round 2's is "
                       "printed as is; round 3's two kept items are the course's B EOS .225 and Aa EOS .210"),
              "n_rounds": "the course's beam stops after its 第三轮 (third round), which keeps B EOS and Aa EOS",
              "total": "the course states 所有完整路径的概率和为 1",
              "width": "§3.17 states it: 宽度为 2 的 beam; each round keeps the top two (第二轮…中保留前两项; 第三轮保留 "
                       "B EOS .225 与 Aa EOS .210, both ended)"})
@inputs("width")
def probability_tree() -> dict:
    """§3.17: all complete paths, greedy, exhaustive best and width-2 beam on the tree.

    The course prints the tree, the first two rounds' pools, what the third round keeps, and five complete
    paths' values (COURSE_PATHS); the path count is read off the tree; A a c EOS and the third round's dropped
    candidate are the site's."""
    tree = ProbabilityTree(TREE)
    paths = exhaustive_search(tree)
    greedy = greedy_decode(tree)
    beam = beam_decode(tree, width=BEAM_WIDTH)
    path = {_name(h.tokens): h.probability for h in paths}
    return {
        "edges": _edges(),
        "path": path,
        "path_course": {k: v for k, v in path.items() if k in COURSE_PATHS},
        "path_site": {k: v for k, v in path.items() if k not in COURSE_PATHS},
        "n_paths": len(paths), "n_aa_children": len(TREE["A a"]),
        "total": sum(h.probability for h in paths),
        "greedy": greedy.best.probability,
        "best": paths[0].probability,
        "width": BEAM_WIDTH,
        "beam": beam.best.probability,
        "kept": [[h.probability for h in r] for r in beam.rounds],
        "pool": [[h.probability for h in p] for p in beam.pools],
        # the last round's candidates that were not kept (the course names only the two it keeps)
        "final_dropped": [h.probability for h in beam.pools[-1][len(beam.rounds[-1]):]],
        "n_rounds": len(beam.rounds),
        # the figure's highlighted paths and the prefixes each round's pool dropped
        "greedy_path": _name(greedy.best.tokens), "best_path": _name(paths[0].tokens),
        "beam_path": _name(beam.best.tokens),
        "pruned": [_name(h.tokens) for p, r in zip(beam.pools, beam.rounds) for h in p[len(r):]],
    }


@kinds(course="alpha_raw len_C len_long len_short penalised_best raw_best width",   # penalised_best: A a EOS's probability, printed in §3.17
       site_construction=("alpha logp_Aa logp_C logp_long logp_short lp_long "
                          "lp_short score_C score_long score_short"),
       rules={"len_short": "§3.18 defines length as the target tokens without EOS; the course's path B EOS (§3.17) has one: B",
              "len_long": "§3.18 defines length as the target tokens without EOS; the course's path A a EOS (§3.17) has two: A, a",
              "len_C": "§3.18 defines length as the target tokens without EOS; the course's path C EOS (§3.17) has one: C",
              "raw_best": "§3.17: the width-2 beam (finished items keep their slots) returns B EOS at .225",
              "penalised_best": "§3.17 prints A a EOS's probability .210 (greedy's path); the α=1 run returning that path is the site's"})
@inputs("alpha", "alpha_raw", "width")
def length_handling() -> dict:
    """§3.18: raw log scores, the length penalty, and α turning the ranking of a short and a
    long finished hypothesis on the §3.17 tree.

    The course's: α=0 as raw log-probability ranking and width 2 (§3.18's loop), and the raw width-2 beam's
    0.225 (§3.17), and the lengths of its tree's paths read off by §3.18's length rule. The log scores,
    penalties and the α=1 run are the site's."""
    tree = ProbabilityTree(TREE)
    paths = {_name(h.tokens): h for h in exhaustive_search(tree)}
    short, long_ = paths["B_EOS"], paths["Aa_EOS"]
    prefix_Aa = Hypothesis(("A", "a"), tree(())["A"] + tree(("A",))["a"])
    raw = beam_decode(tree, width=BEAM_WIDTH, alpha=ALPHA_RAW)
    penalised = beam_decode(tree, width=BEAM_WIDTH, alpha=ALPHA)
    return {
        "alpha_raw": ALPHA_RAW, "alpha": ALPHA, "width": BEAM_WIDTH,
        "logp_Aa": prefix_Aa.log_probability,
        "logp_short": short.log_probability, "logp_long": long_.log_probability,
        "len_short": len(short.tokens) - 1, "len_long": len(long_.tokens) - 1,
        "lp_short": length_penalty(len(short.tokens) - 1, ALPHA),
        "lp_long": length_penalty(len(long_.tokens) - 1, ALPHA),
        # the long item's penalty at α = 0 (raw ranking), for "α 越大，长输出得到的折扣越多"
        "lp_long_raw": length_penalty(len(long_.tokens) - 1, ALPHA_RAW),
        "score_short": rank_score(short, ALPHA), "score_long": rank_score(long_, ALPHA),
        "logp_C": paths["C_EOS"].log_probability, "len_C": len(paths["C_EOS"].tokens) - 1,
        "score_C": rank_score(paths["C_EOS"], ALPHA),
        "p_short": short.probability, "p_long": long_.probability,
        # the largest conditional probability on the tree, and its log, read back from the kernel's table
        "max_step_logp": max(lp for dist in tree.table.values() for lp in dist.values()),
        "max_step_p": math.exp(max(lp for dist in tree.table.values() for lp in dist.values())),
        "raw_best": raw.best.probability, "penalised_best": penalised.best.probability,
    }


@kinds(course="bleu bleu_points c clip_cand_len clip_t2 empty_bleu log_bp m1 m2 order p1 p2 r t1 t2 zero_order_bleu",
       site_construction="bp clip_bleu clip_m1 clip_p1 clip_p2 clip_ref_len clip_ref_the",
       rules={"clip_cand_len": "the course's candidate “the the the” (§3.19) is three words, all the",
              "clip_t2": "the course's three-word candidate “the the the” (§3.19) has two adjacent pairs, both “the the”",
              "m1": "§3.19 states it: 候选的五个 unigram 全匹配，p_1=5/5=1: five hits",
              "m2": "§3.19 states it: 四个 bigram 为 I gave、gave a、a book、book yesterday，其中三个匹配，p_2=3/4: three hits",
              "order": "§3.19 uses BLEU-2 (这里用 BLEU-2 展示可手算机制, against 常见 BLEU-4 取四阶等权): order 2, "
                       "the p_1 and p_2 its BLEU_2=e^{-0.2}√(3/4) combines"})
@inputs("order")
def bleu_examples() -> dict:
    """§3.19: BLEU-2 of the her-less candidate, and clipping on 'the the the'."""
    main = corpus_bleu([CANDIDATE], [[REFERENCE]], max_n=BLEU_ORDER)
    m1, t1 = clipped_matches(CANDIDATE, [REFERENCE], 1)
    m2, t2 = clipped_matches(CANDIDATE, [REFERENCE], 2)
    clip = corpus_bleu([CLIP_CANDIDATE], [[CLIP_REFERENCE]], max_n=BLEU_ORDER)
    cm1, ct1 = clipped_matches(CLIP_CANDIDATE, [CLIP_REFERENCE], 1)
    _, ct2 = clipped_matches(CLIP_CANDIDATE, [CLIP_REFERENCE], 2)
    return {
        "order": BLEU_ORDER,
        "m1": m1, "t1": t1, "m2": m2, "t2": t2,
        "p1": main.precisions[0], "p2": main.precisions[1],
        "c": main.candidate_length, "r": main.reference_length,
        "bp": main.brevity_penalty, "log_bp": math.log(main.brevity_penalty),
        "bleu": main.score, "bleu_points": 100 * main.score,
        "clip_ref_len": len(CLIP_REFERENCE), "clip_cand_len": len(CLIP_CANDIDATE),
        "clip_m1": cm1, "clip_t1": ct1, "clip_t2": ct2, "clip_ref_the": CLIP_REFERENCE.count("the"),
        "clip_p1": clip.precisions[0], "clip_p2": clip.precisions[1],
        "clip_bleu": clip.score,
        "empty_bleu": corpus_bleu([[]], [[REFERENCE]], max_n=BLEU_ORDER).score,
        # §3.19: an order with no match makes unsmoothed BLEU zero; the course's own short pair at BLEU-4
        # (no 4-gram of the candidate is in the reference) is the instance
        "zero_order_bleu": corpus_bleu([CANDIDATE], [[REFERENCE]], max_n=4).score,
    }
