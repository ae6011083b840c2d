"""Counting-based text representations and language models: BoW, TF-IDF, n-grams, smoothing.

Documents and sentences are lists of tokens (already segmented); vocabularies are lists of
tokens whose order fixes the column order of every vector.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

BOS, EOS = "<BOS>", "<EOS>"


def first_seen_vocabulary(docs) -> list:
    """Every distinct token, in the order it first appears (the course's column order)."""
    seen = {}
    for doc in docs:
        for token in doc:
            seen.setdefault(token, None)
    return list(seen)


def bag_of_words(docs, vocabulary=None) -> np.ndarray:
    """Raw counts: row d, column j = how often vocabulary[j] occurs in docs[d].

    Word order inside a document is lost by construction ("我 喜欢 你" and "你 喜欢 我" give the
    same row). Tokens outside a given vocabulary are ignored.
    """
    vocabulary = first_seen_vocabulary(docs) if vocabulary is None else list(vocabulary)
    column = {token: j for j, token in enumerate(vocabulary)}
    counts = np.zeros((len(docs), len(vocabulary)))
    for d, doc in enumerate(docs):
        for token in doc:
            if token in column:
                counts[d, column[token]] += 1
    return counts


def document_frequency(counts) -> np.ndarray:
    """df_j: how many documents (rows) contain term j at least once."""
    return (np.asarray(counts, dtype=np.float64) > 0).sum(axis=0).astype(np.float64)


def idf(counts, convention: str = "course", smooth_idf: bool = True) -> np.ndarray:
    """Inverse document frequency of every column of a count matrix (N documents = rows).

    convention="course" (primer §3.4, Manning et al. 2008 §6.2.1): ln(N / df), natural log, no
    smoothing, so a term in every document gets 0; a term in no document has no IDF and raises.
    convention="sklearn" (TfidfVectorizer): ln((1 + N) / (1 + df)) + 1 with smooth_idf, else
    ln(N / df) + 1; the "+ 1" keeps terms that occur everywhere from vanishing.
    """
    c = np.asarray(counts, dtype=np.float64)
    n_docs, df = c.shape[0], document_frequency(c)
    if convention == "sklearn" and smooth_idf:
        return np.log((1.0 + n_docs) / (1.0 + df)) + 1.0
    if np.any(df == 0):
        missing = np.nonzero(df == 0)[0].tolist()
        raise ValueError(f"columns {missing} occur in no document: ln(N/0) is undefined")
    if convention == "course":
        return np.log(n_docs / df)
    if convention == "sklearn":
        return np.log(n_docs / df) + 1.0
    raise ValueError(f"convention must be 'course' or 'sklearn', not {convention!r}")


_UNSET = object()  # tells "norm not given" apart from norm=None


def tf_idf(counts, convention: str = "course", *, smooth_idf: bool | None = None,
           sublinear_tf: bool | None = None, norm=_UNSET) -> np.ndarray:
    """TF-IDF weights of a count matrix.

    convention="course": raw count x ln(N / df), no smoothing, no normalization (primer §3.4).
    The scikit-learn options below are refused under it, so the two definitions cannot be
    mixed by accident.

    convention="sklearn": the switch that reproduces sklearn.feature_extraction.text.
    TfidfVectorizer(smooth_idf, sublinear_tf, norm) on the same counts. Defaults are
    sklearn's: smooth_idf=True, sublinear_tf=False (True: tf -> 1 + ln tf for tf > 0),
    norm="l2" ("l1" or None also accepted); rows of all zeros stay zero under normalization.
    """
    c = np.asarray(counts, dtype=np.float64)
    if convention == "course":
        if smooth_idf is not None or sublinear_tf is not None or norm is not _UNSET:
            raise ValueError("the course's TF-IDF has no smoothing, sublinear tf or normalization; "
                             "pass convention='sklearn' to use those options")
        return c * idf(c, "course")
    if convention != "sklearn":
        raise ValueError(f"convention must be 'course' or 'sklearn', not {convention!r}")
    smooth_idf = True if smooth_idf is None else smooth_idf
    norm = "l2" if norm is _UNSET else norm
    tf = c.copy()
    if sublinear_tf:
        tf[tf > 0] = 1.0 + np.log(tf[tf > 0])
    weights = tf * idf(c, "sklearn", smooth_idf=smooth_idf)
    if norm is None:
        return weights
    if norm not in ("l1", "l2"):
        raise ValueError(f"norm must be 'l1', 'l2' or None, not {norm!r}")
    ord_ = 1 if norm == "l1" else 2
    lengths = np.linalg.norm(weights, ord=ord_, axis=1, keepdims=True)
    return weights / np.where(lengths == 0, 1.0, lengths)


def padded(sentence, n: int, bos: str = BOS, eos: str = EOS) -> list:
    """n - 1 BOS markers in front (so the first word has a full history) and one EOS at the end."""
    if n < 1:
        raise ValueError(f"n-gram order must be at least 1, got {n}")
    return [bos] * (n - 1) + list(sentence) + [eos]


def ngram_counts(sentences, n: int, bos: str = BOS, eos: str = EOS) -> Counter:
    """C(w_1..w_n) over sentences, each padded with BOS/EOS; n-grams never cross sentences.

    EOS is counted as a predicted event (it ends the sentence, lecture §1.7); BOS only ever
    appears as history, never as a predicted token.
    """
    counts = Counter()
    for sentence in sentences:
        tokens = padded(sentence, n, bos, eos)
        counts.update(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))
    return counts


def history_counts(counts: Counter) -> Counter:
    """C(h) = sum_w C(h, w): how often each (n-1)-token history was followed by something."""
    out = Counter()
    for gram, c in counts.items():
        out[gram[:-1]] += c
    return out


def mle_probability(counts: Counter, history, word) -> float:
    """p(w | h) = C(h, w) / C(h) (maximum likelihood); an unseen history raises."""
    history = tuple(history)
    total = history_counts(counts)[history]
    if total == 0:
        raise ValueError(f"history {history} never occurs; its MLE distribution is undefined")
    return counts[history + (word,)] / total


def add_alpha(counts, alpha: float = 1.0) -> np.ndarray:
    """(C(h, w) + alpha) / (C(h) + alpha V) for the counts of one history over all V candidates.

    `counts` must list every candidate of the vocabulary (zeros included), so C(h) is their sum
    and V their number; changing the vocabulary changes the denominator (lecture §1.8).
    """
    c = np.asarray(counts, dtype=np.float64)
    if c.ndim != 1 or c.size == 0 or np.any(c < 0):
        raise ValueError("add_alpha needs a non-empty vector of non-negative counts")
    if alpha < 0:
        raise ValueError(f"alpha must be >= 0, got {alpha}")
    denominator = c.sum() + alpha * c.size
    if denominator == 0:
        raise ValueError("all counts are zero and alpha is 0: the distribution is 0/0")
    return (c + alpha) / denominator


def interpolate(distributions, weights) -> np.ndarray:
    """sum_k lambda_k p_k: e.g. lambda p_bigram + (1 - lambda) p_unigram over the same vocabulary.

    The weights must be non-negative and sum to 1, so the mixture is again a distribution.
    """
    p = np.asarray(distributions, dtype=np.float64)
    w = np.asarray(weights, dtype=np.float64)
    if p.ndim != 2 or w.shape != (p.shape[0],):
        raise ValueError(f"need K distributions of shape (K, V) and K weights; got {p.shape}, {w.shape}")
    if np.any(w < 0) or abs(w.sum() - 1.0) > 1e-12:
        raise ValueError(f"interpolation weights must be >= 0 and sum to 1, got {w.tolist()}")
    return w @ p


# --- Token ids, linear scores over counts, rule lexicons, units (primer ch. 1-3) -----------------


def token_ids(tokens, vocabulary, unk=None, first_id: int = 0) -> list:
    """Look every token up in a vocabulary: the id of vocabulary[j] is first_id + j.

    An id is only an address: the numbering is arbitrary (any first_id, any order of the
    vocabulary) as long as encoding and every later lookup use the same mapping (primer §2.2).
    A token outside the vocabulary gets the id of `unk` when `unk` is given (it must itself be a
    vocabulary entry, e.g. "<UNK>"); without `unk` it raises, so nothing is silently dropped.
    """
    vocabulary = list(vocabulary)
    index = {}
    for j, token in enumerate(vocabulary):
        if token in index:
            raise ValueError(f"vocabulary lists {token!r} twice; ids would be ambiguous")
        index[token] = first_id + j
    if unk is not None and unk not in index:
        raise ValueError(f"unknown-token symbol {unk!r} is not in the vocabulary")
    out = []
    for token in tokens:
        if token in index:
            out.append(index[token])
        elif unk is not None:
            out.append(index[unk])
        else:
            raise KeyError(f"token {token!r} is not in the vocabulary and no unk symbol was given")
    return out


def negation_flip_score(tokens, lexicon, negators=("不",)) -> float:
    """Hand-written rule score with one negation rule: a lexicon word right after a negator counts
    with its sign flipped (primer §1.3, "看到'不'就反转").

    Words missing from `lexicon` count 0; a negator only affects the token directly after it, and
    negators themselves score 0 unless they are also in the lexicon. With no negators this equals
    the plain lexicon score, i.e. kernels.linear_models.logistic_score(lexicon weights, bag_of_words).
    """
    negators = set(negators)
    total = 0.0
    for i, token in enumerate(tokens):
        points = float(lexicon.get(token, 0.0))
        if i > 0 and tokens[i - 1] in negators:
            points = -points
        total += points
    return total


def text_units(text: str, unit: str) -> list:
    """Split a string into characters (unit="char") or into its UTF-8 bytes (unit="byte", ints 0-255).

    Smaller units need a smaller table to cover any text but make the sequence longer: one
    common Chinese character is one char but three UTF-8 bytes (primer §2.4).
    """
    if unit == "char":
        return list(text)
    if unit == "byte":
        return list(text.encode("utf-8"))
    raise ValueError(f"unit must be 'char' or 'byte', not {unit!r}")
