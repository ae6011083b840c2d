"""Primer chapter 16: named entity recognition (教学构造).

The emission and transition scores of §16.3 and the counts of §16.4 are the primer's teaching
numbers, defined once here. Path scores, the forward algorithm and Viterbi come from
kernels.labeling; entity-level scores from kernels.labeling.scores_from_counts / entity_scores;
token accuracy from kernels.evaluation.accuracy.
"""
import math

import numpy as np

from kernels.labeling import (crf_log_likelihood, crf_log_partition, crf_path_score, entity_scores,
                              iob2_transition_mask, scores_from_counts, viterbi)
from kernels.evaluation import accuracy
from checker.evidence import inputs, kinds

# §16.3: two positions, three tags. A candidate the primer sets aside gets -inf (never chosen).
LABELS = ("B-ORG", "I-ORG", "O")
TOKENS = ("北京", "大学")
B, I, O = range(3)
EMISSIONS = np.array([[2.0, -math.inf, 1.0],      # 北京: B-ORG 2, O 1
                      [-math.inf, 1.5, 1.8]])     # 大学: I-ORG 1.5, O 1.8
TRANSITIONS = np.zeros((3, 3))
TRANSITIONS[B, I] = 1.0                           # B-ORG -> I-ORG; every other transition 0
COURSE_PATHS = ((B, I), (B, O), (O, O))          # the three paths §16.3 scores
PATHS = COURSE_PATHS + ((O, I),)                  # the site adds the fourth path the emissions allow

# §16.4
N_TOKENS, N_ENTITY_TOKENS = 1000, 20
CORRECT, PREDICTED, GOLD = 8, 10, 12
EXERCISE_GOLD = ["B-ORG", "I-ORG"]                # 北京大学
EXERCISE_PRED = ["B-ORG", "O"]                    # only 北京


def _path_table(transitions, start=None) -> tuple[list, list]:
    scores = [crf_path_score(EMISSIONS, transitions, list(p), start=start) for p in PATHS]
    probs = [math.exp(crf_log_likelihood(EMISSIONS, transitions, list(p), start=start)) for p in PATHS]
    return scores, probs


@kinds(course="e_B1 e_I2 e_O1 e_O2 n_course_paths n_positions t_BI t_BO t_OI t_OO viterbi_score scores[0] scores[1] scores[2]",
       site_construction="gold_loglik hard_probs n_paths probs scores z",
       rules={"n_course_paths": "§16.3 scores three label paths ([B-ORG, I-ORG], [B-ORG, O], [O, O]); "
                                "n_course_paths counts them",
              "t_OI": "§16.3: 其他本例转移分数为 0 — O → I-ORG (北京 O, 大学 I-ORG, both candidates the section "
                      "lists) is one of the example's other transitions"})
def crf_example() -> dict:
    """§16.3: independent choice vs. joint path scores, the normalizer, Viterbi, and a hard IOB2 constraint."""
    scores, probs = _path_table(TRANSITIONS)
    n_paths = int(np.prod(np.isfinite(EMISSIONS).sum(axis=1)))   # label sequences with a finite score
    assert len(PATHS) == n_paths, "the path table must list every path the emissions allow"
    best, best_score = viterbi(EMISSIONS, TRANSITIONS)
    allowed, starts = iob2_transition_mask(LABELS)
    hard = np.where(allowed, TRANSITIONS, -math.inf)
    hard_start = np.where(starts, 0.0, -math.inf)
    hard_scores, hard_probs = _path_table(hard, hard_start)
    hard_best, hard_best_score = viterbi(EMISSIONS, hard, start=hard_start)
    # "Viterbi 的结果不变": the constraint leaves the decoded path itself unchanged (its score: a relation)
    assert list(hard_best) == list(best)
    return {
        "e_B1": EMISSIONS[0, B], "e_O1": EMISSIONS[0, O], "e_I2": EMISSIONS[1, I], "e_O2": EMISSIONS[1, O],
        "t_BI": TRANSITIONS[B, I], "t_BO": TRANSITIONS[B, O], "t_OO": TRANSITIONS[O, O],
        "t_OI": TRANSITIONS[O, I],
        "independent": [LABELS[k] for k in np.argmax(EMISSIONS, axis=1)],
        "scores": scores, "probs": probs,
        "gold_loglik": crf_log_likelihood(EMISSIONS, TRANSITIONS, [B, I]),
        "log_z": crf_log_partition(EMISSIONS, TRANSITIONS), "z": math.exp(crf_log_partition(EMISSIONS, TRANSITIONS)),
        "viterbi": [LABELS[k] for k in best], "viterbi_score": best_score,
        "hard_probs": hard_probs, "hard_viterbi": [LABELS[k] for k in hard_best],
        "hard_viterbi_score": hard_best_score,
        "n_positions": EMISSIONS.shape[0], "n_paths": n_paths, "n_course_paths": len(COURSE_PATHS),
    }


@kinds(course="accuracy correct ex_correct ex_gold ex_predicted f1 gold lazy_found n_entity_tokens n_tokens precision predicted recall",
       site_construction="ex_precision ex_recall lazy_recall",
       rules={"lazy_found": "primer §16.4 says the all-其他 model 一个实体都没找出来: zero entities found",
              "correct": "primer §16.4: 若模型抽取出 10 个实体，其中 8 个正确 — the correct count, as printed",
              "ex_gold": "the exercise's gold entity 北京大学 (primer §16.4), one entity, counted",
              "ex_predicted": "the exercise's prediction 北京 (primer §16.4), one entity, counted",
              "ex_correct": "the exercise's answer (primer §16.4): 北京 is not a complete correct extraction of 北京大学, so zero correct"})
@inputs("n_entity_tokens", "n_tokens")
def entity_metrics() -> dict:
    """§16.4: token accuracy of an all-O tagger, entity-level P/R/F1 from counts, and the exercise."""
    gold = ["B-PER"] * N_ENTITY_TOKENS + ["O"] * (N_TOKENS - N_ENTITY_TOKENS)
    all_o = ["O"] * N_TOKENS
    lazy = entity_scores([gold], [all_o])
    s = scores_from_counts(CORRECT, PREDICTED, GOLD)
    partial = entity_scores([EXERCISE_GOLD], [EXERCISE_PRED])
    return {
        "n_tokens": N_TOKENS, "n_entity_tokens": N_ENTITY_TOKENS,
        "accuracy": accuracy(gold, all_o),
        "lazy_found": lazy.correct, "lazy_gold": lazy.gold, "lazy_recall": lazy.recall,
        "correct": s.correct, "predicted": s.predicted, "gold": s.gold,
        "precision": s.precision, "recall": s.recall, "f1": s.f1,
        "ex_correct": partial.correct, "ex_predicted": partial.predicted, "ex_gold": partial.gold,
        "ex_precision": partial.precision, "ex_recall": partial.recall,
    }
