"""Classification metrics from predicted and true labels: confusion matrix, accuracy, P/R/F1.

Conventions follow scikit-learn so the kernels can be tested against it: confusion-matrix rows
are true classes and columns predicted classes, in the order of `labels`; a precision or recall
with a zero denominator is `zero_division` (default 0). Precision, recall and F1 themselves are
computed once, in kernels.labeling.scores_from_counts (F1 = 2PR/(P+R)); this module only counts.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.labeling import EntityScores, scores_from_counts


def _pair(y_true, y_pred) -> tuple[list, list]:
    t, p = list(y_true), list(y_pred)
    if len(t) != len(p):
        raise ValueError(f"{len(t)} true labels but {len(p)} predictions")
    if not t:
        raise ValueError("cannot score an empty set of examples")
    return t, p


def confusion_matrix(y_true, y_pred, labels) -> np.ndarray:
    """C[i, j] = number of examples whose true label is labels[i] and prediction is labels[j]."""
    t, p = _pair(y_true, y_pred)
    index = {label: i for i, label in enumerate(labels)}
    unknown = (set(t) | set(p)) - set(index)
    if unknown:
        raise ValueError(f"labels {sorted(map(str, unknown))} are not in the label list {list(labels)}")
    C = np.zeros((len(index), len(index)), dtype=np.int64)
    for a, b in zip(t, p):
        C[index[a], index[b]] += 1
    return C


def accuracy(y_true, y_pred) -> float:
    """Share of examples whose prediction equals the true label."""
    t, p = _pair(y_true, y_pred)
    return sum(a == b for a, b in zip(t, p)) / len(t)


def class_scores(y_true, y_pred, positive, zero_division: float = 0.0) -> EntityScores:
    """Precision, recall and F1 of one class treated as "positive" (one-vs-rest counts)."""
    t, p = _pair(y_true, y_pred)
    correct = sum(a == b == positive for a, b in zip(t, p))
    return scores_from_counts(correct, sum(b == positive for b in p), sum(a == positive for a in t), zero_division)


@dataclass(frozen=True)
class Report:
    labels: tuple
    confusion: np.ndarray
    accuracy: float
    per_class: tuple          # EntityScores for each label, in `labels` order
    macro_precision: float    # unweighted means over classes
    macro_recall: float
    macro_f1: float


def classification_report(y_true, y_pred, labels, zero_division: float = 0.0) -> Report:
    """Everything above at once, plus macro averages (each class counts equally, whatever its size)."""
    per_class = tuple(class_scores(y_true, y_pred, c, zero_division) for c in labels)
    return Report(tuple(labels), confusion_matrix(y_true, y_pred, labels), accuracy(y_true, y_pred), per_class,
                  float(np.mean([s.precision for s in per_class])),
                  float(np.mean([s.recall for s in per_class])),
                  float(np.mean([s.f1 for s in per_class])))
