"""kernels.evaluation against sklearn.metrics."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics

from kernels.evaluation import accuracy, class_scores, classification_report, confusion_matrix

LABELS = ["好评", "差评", "中性"]


@given(st.lists(st.tuples(st.sampled_from(LABELS), st.sampled_from(LABELS)), min_size=1, max_size=30))
@settings(max_examples=80, deadline=None)
def test_matches_sklearn_metrics(pairs):
    t, p = [a for a, _ in pairs], [b for _, b in pairs]
    np.testing.assert_array_equal(confusion_matrix(t, p, LABELS), metrics.confusion_matrix(t, p, labels=LABELS))
    assert accuracy(t, p) == pytest.approx(metrics.accuracy_score(t, p), abs=1e-15)
    P, R, F1, _ = metrics.precision_recall_fscore_support(t, p, labels=LABELS, zero_division=0)
    for i, label in enumerate(LABELS):
        s = class_scores(t, p, label)
        assert (s.precision, s.recall, s.f1) == pytest.approx((P[i], R[i], F1[i]), abs=1e-12)
    rep = classification_report(t, p, LABELS)
    mp, mr, mf, _ = metrics.precision_recall_fscore_support(t, p, labels=LABELS, average="macro", zero_division=0)
    assert (rep.macro_precision, rep.macro_recall, rep.macro_f1) == pytest.approx((mp, mr, mf), abs=1e-12)


def test_all_one_class_predictions_and_bad_input():
    t = ["好评"] * 8 + ["差评"] * 2
    p = ["好评"] * 10
    assert accuracy(t, p) == 0.8
    neg = class_scores(t, p, "差评")
    assert (neg.precision, neg.recall, neg.f1) == (0.0, 0.0, 0.0)
    assert confusion_matrix(t, p, ["好评", "差评"]).tolist() == [[8, 0], [2, 0]]
    with pytest.raises(ValueError):
        accuracy(["好评"], [])
    with pytest.raises(ValueError):
        confusion_matrix(["好评"], ["中性"], ["好评", "差评"])
