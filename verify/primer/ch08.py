"""Primer chapter 8: order, the one-number notebook, a real tanh RNN, and fading (教学构造).

The word features (猫 1, 追 0, 狗 2) are scalar teaching numbers, not vocabulary ids and not
meanings; they are defined once here. Averages come from kernels.convolution.mean_over_time,
the notebook from kernels.recurrent.decayed_record, the tanh RNN from kernels.recurrent.rnn_forward
and the parameter count from kernels.recurrent.recurrent_parameter_count.
"""
import numpy as np

from kernels.convolution import mean_over_time
from kernels.text_stats import bag_of_words
from kernels.recurrent import RnnParams, decayed_record, recurrent_parameter_count, rnn_forward, rnn_lm_bptt
from checker.evidence import inputs, kinds

FEATURES = {"猫": 1.0, "追": 0.0, "狗": 2.0}
SENTENCE_A = ("猫", "追", "狗")
SENTENCE_B = ("狗", "追", "猫")
KEEP = 0.5            # new = old × 0.5 + feature (§8.2)
H0 = 0.0

# §8.3: a two-cell tanh RNN on the same features. Cell 1 is the notebook with tanh added;
# cell 2 copies what cell 1 held one step earlier.
W_X = np.array([[1.0], [0.0]])
W_H = np.array([[0.5, 0.0], [1.0, 0.0]])
B = np.array([0.0, 0.0])
STATE_WIDTH = 128     # "每读一个词更新 128 个数" (§8.3)
# lecture §2.1's two-dimensional hand computation: U=I, W=0.5I, b=0, h_0=0, inputs e_我=(1,0), e_昨天=(0,1)
LECTURE_E = np.array([[1.0, 0.0], [0.0, 1.0]])
LECTURE_W = 0.5
TANH_FAR = 50.0      # a pre-activation far enough out that tanh's limits (§8.3: -1 and 1) are reached in float64

STEPS_SHORT, STEPS_LONG = 10, 20   # later updates after an early word (§8.5)
GROW = 2.0                          # a factor above one, for the exploding direction (§8.5)
N_WORDS = 100                       # the exercise's sentence length (§8.5)
GROW_STEPS = STEPS_SHORT            # the site's growth example runs over the course's short span (§8.5)
ONE_WORD = 1                        # the site's parameter box compares reading 100 words with reading one


def _features(sentence):
    return np.array([FEATURES[w] for w in sentence])


@kinds(course="bags features", site_construction="mean_A mean_B sum_A sum_B")
def order_blind_average() -> dict:
    """§8.1: sum and mean of the word features are the same for both orders."""
    a, b = _features(SENTENCE_A), _features(SENTENCE_B)
    return {"features": [FEATURES[w] for w in ("猫", "追", "狗")],
            "sum_A": a.sum(), "sum_B": b.sum(),
            "mean_A": mean_over_time(a), "mean_B": mean_over_time(b),
            "bags": bag_of_words([list(SENTENCE_A), list(SENTENCE_B)])}   # word counts, order dropped


def _trace(sentence):
    x = _features(sentence)
    states = decayed_record(x, KEEP, H0)
    return x, states[:-1], states[1:]


@kinds(course="features final_A final_B h0 keep new_A new_B old_A old_B x_A x_B")
@inputs("h0", "keep")
def notebook() -> dict:
    """§8.2: the one-number notebook over both sentences, step by step."""
    x_A, old_A, new_A = _trace(SENTENCE_A)
    x_B, old_B, new_B = _trace(SENTENCE_B)
    return {"features": [FEATURES[w] for w in ("猫", "追", "狗")], "keep": KEEP, "h0": H0,
            "x_A": x_A, "old_A": old_A, "new_A": new_A, "final_A": new_A[-1],
            "x_B": x_B, "old_B": old_B, "new_B": new_B, "final_B": new_B[-1],
            "counts_A": [SENTENCE_A.count(w) for w in FEATURES], "counts_B": [SENTENCE_B.count(w) for w in FEATURES]}


@kinds(course="keep lec_h n_features notebook_final_A tanh_high tanh_low width", site_construction="A B W_h W_x b cells h0",
       rules={"n_features": "primer §8.2 (course_also) gives one feature each to the three words 猫 1, 追 0, 狗 2",
              "lec_h": "lecture §2.1 (course_also) prints h_1≈(.761594,0) and h_2≈(.363399,.761594) for U=I, W=0.5I, b=0, e_我=(1,0), e_昨天=(0,1)"})
@inputs("keep", "width", "W_h", "W_x", "b")
def tanh_rnn() -> dict:
    """§8.3: the same sentences through h_t = tanh(W_x x_t + W_h h_{t-1} + b) with two cells."""
    h0 = np.zeros(W_H.shape[0])
    states_A = rnn_forward(_features(SENTENCE_A)[:, None], h0, W_X, W_H, B)
    states_B = rnn_forward(_features(SENTENCE_B)[:, None], h0, W_X, W_H, B)
    return {"W_x": W_X, "W_h": W_H, "b": B, "keep": KEEP, "width": STATE_WIDTH,
            "A": states_A[1:], "B": states_B[1:], "h0": h0,
            "cells": W_H.shape[0], "input_width": W_X.shape[1], "n_features": len(FEATURES),
            "tanh_low": float(np.tanh(-TANH_FAR)), "tanh_high": float(np.tanh(TANH_FAR)),
            "notebook_final_A": decayed_record(_features(SENTENCE_A), KEEP, H0)[-1],
            "lec_h": rnn_forward(LECTURE_E, np.zeros(2), np.eye(2), LECTURE_W * np.eye(2), np.zeros(2))[1:]}


# grow_steps: the page runs its growth line over 短的一段那 10 步, the course's short stretch reused (who set
# the value: §8.5), so it is the course's; grow and grown are the site's. trained_words is the exercise's 100 words
# (primer §8.5) restated in the site's parameter box: the course's
@kinds(course="after_long after_short grow_steps keep long n_words short trained_words width",   # width: §8.3's 128 (course_also)
       site_construction="grow grown one_word rnn_params",
       rules={"grow_steps": "§8.5's short stretch, 经过后面十次更新 (0.5 的 10 次方), reused for the site's growth line"})
@inputs("grow", "grow_steps", "keep", "n_words", "one_word", "trained_words", "width", "long", "short")
def fading() -> dict:
    """§8.5: what is left of one early word after k more updates (the notebook's impulse response)."""
    def left_after(keep, k):
        return decayed_record([1.0] + [0.0] * k, keep)[-1]

    def trained_after(n, d=STATE_WIDTH):
        """Entries of the W_x, W_h, b gradients after backpropagating through n words: the shared weights."""
        p = RnnParams(np.zeros((d, d)), np.zeros((d, d)), np.zeros(d), np.zeros((1, d)), np.zeros(1))
        g = rnn_lm_bptt(np.zeros((n, d)), np.zeros(n, dtype=int), np.zeros(d), p).grads
        return g.W_x.size + g.W_h.size + g.b_h.size
    return {"keep": KEEP, "short": STEPS_SHORT, "long": STEPS_LONG, "grow": GROW,
            "after_short": left_after(KEEP, STEPS_SHORT), "after_long": left_after(KEEP, STEPS_LONG),
            "grow_steps": GROW_STEPS, "grown": left_after(GROW, GROW_STEPS),
            "n_words": N_WORDS, "trained_words": N_WORDS, "width": STATE_WIDTH,
            "rnn_params": recurrent_parameter_count("rnn", STATE_WIDTH, STATE_WIDTH),
            "one_word": ONE_WORD, "trained_one": trained_after(ONE_WORD), "trained_n": trained_after(N_WORDS)}
