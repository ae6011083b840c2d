"""Primer appendices: naive Bayes (A.1) (教学构造).

- one_word_bayes: the primer's single-word Bayes step — priors 0.5 / 0.5, p(精彩 | 好评) = 0.4,
  p(精彩 | 差评) = 0.02 — through kernels.naive_bayes.bayes_posterior.
- six_review_nb (本站补充构造, not in the primer): a multinomial naive Bayes with add-one smoothing
  fitted on chapter 1's six labelled reviews over chapter 2's seven-word vocabulary, to show the
  many-word version and what the independence assumption cannot see (不 好看 versus 不 难看).
"""
import numpy as np

from kernels.naive_bayes import bayes_posterior, fit_multinomial_nb, predict_proba
from kernels.text_stats import bag_of_words
from verify.primer.ch01 import NEGATIVE, POSITIVE, REVIEWS
from verify.primer.ch02 import VOCAB
from checker.evidence import kinds

CLASSES = ("好评", "差评")
PRIORS = np.array([0.5, 0.5])               # p(好评), p(差评)
P_WORD = np.array([0.4, 0.02])              # p(精彩 | 好评), p(精彩 | 差评)

ALPHA = 1.0                                 # add-one smoothing for the six-review model
QUERIES = (("电影", "精彩"), ("电影", "不", "好看"), ("电影", "不", "难看"))


@kinds(course="posterior")
def one_word_bayes() -> dict:
    """A.1: unnormalized class scores prior x likelihood, their sum, the posterior."""
    post = bayes_posterior(PRIORS, P_WORD)
    return {"prior": PRIORS, "like": P_WORD, "joint": post.joint, "evidence": post.evidence,
            "posterior": post.posterior}


def six_review_nb() -> dict:
    """A.1 (本站补充构造): add-one multinomial NB on the six reviews; posteriors of three short reviews."""
    counts = bag_of_words([words for _, _, words, _ in REVIEWS], VOCAB)
    labels = [label for *_, label in REVIEWS]
    model = fit_multinomial_nb(counts, labels, alpha=ALPHA)
    pos = list(model.classes).index(POSITIVE)
    neg = list(model.classes).index(NEGATIVE)
    p_word = np.exp(model.feature_log_prob)
    queries = bag_of_words([list(q) for q in QUERIES], VOCAB)
    post = predict_proba(model, queries)
    return {
        "alpha": ALPHA, "n_docs": len(REVIEWS), "vocab": len(VOCAB),
        "docs_pos": labels.count(POSITIVE), "docs_neg": labels.count(NEGATIVE),
        "prior_pos": float(np.exp(model.class_log_prior[pos])),
        "tokens_pos": int(model.feature_counts[pos].sum()), "tokens_neg": int(model.feature_counts[neg].sum()),
        "word": {w: {"pos": p_word[pos][i], "neg": p_word[neg][i],
                     "n_pos": int(model.feature_counts[pos][i]), "n_neg": int(model.feature_counts[neg][i])}
                 for w, i in (("dianying", VOCAB.index("电影")), ("jingcai", VOCAB.index("精彩")),
                              ("bu", VOCAB.index("不")), ("haokan", VOCAB.index("好看")),
                              ("nankan", VOCAB.index("难看")))},
        "post_pos": post[:, pos], "n_queries": len(QUERIES),
        # relation only: the data's count matrix (rows: reviews, columns: VOCAB)
        "counts": counts,
    }


_READ_OFF = "counted off the six reviews primer §1.1 prints (course_also), as §2.2/§3.1 segment them"


_COUNTED = ("dianying", "jingcai", "bu", "haokan", "nankan")   # the words of the page's count table


@kinds(course="joint like posterior_pos prior six.alpha six.n_docs six.vocab six.tokens_pos six.tokens_neg "   # primer §1.1 six reviews, §3.1 seven words (course_also)
              + " ".join(f"six.word.{w}.n_{c}" for w in _COUNTED for c in ("pos", "neg")),
       site_construction="posterior_neg six",
       rules={"six.alpha": ("primer §5.4's add-one smoothing (给每个候选都先加一次), which the page borrows "
                            "(上面的加一平滑借自入门文章 §5.4): the pseudo-count 1"),
              "six.tokens_pos": "tokens of reviews A, B, F (2 + 2 + 3): " + _READ_OFF,
              "six.tokens_neg": "tokens of reviews C, D, E (2 + 2 + 3): " + _READ_OFF,
              **{f"six.word.{w}.n_{c}": "occurrences of the word in the " + ("好评" if c == "pos" else "差评")
                 + " reviews: " + _READ_OFF for w in _COUNTED for c in ("pos", "neg")}})
def naive_bayes() -> dict:
    """A.1 page: the primer's one-word step at the top level, the six-review model under "six". The primer
    prints the 好评 posterior (0.952); the 差评 posterior is the site's, so the two are separate keys."""
    one = one_word_bayes()
    return {**one, "posterior_pos": one["posterior"][0], "posterior_neg": one["posterior"][1],
            "six": six_review_nb()}
