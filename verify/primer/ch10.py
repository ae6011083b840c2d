"""Primer chapter 10: TextCNN windows, one hand-sized filter, max-over-time pooling, receptive fields (教学构造).

The scalar word features and the filter weights are teaching numbers defined once here; the
primer gives features only for 不, 太, 好看, so the two other words of the sentence get a
neutral 0 (a stated assumption of this site). Scores come from kernels.convolution.window_scores,
pooling from max_over_time, reach from receptive_field and layers_to_connect.
"""
from kernels.convolution import layers_to_connect, max_over_time, receptive_field, sliding_windows, window_scores
from checker.evidence import inputs, kinds

SENTENCE = ("这部", "电影", "不", "太", "好看")
WIDTH = 3
FEATURES = {"这部": 0.0, "电影": 0.0, "不": -1.0, "太": 0.5, "好看": 1.0}
KERNEL = (2.0, 1.0, 1.0)      # no bias
BIAS = 0.0
PHRASE = ("不", "太", "好看")

DISTANCE = 20                 # the exercise: two positions 20 words apart
DILATIONS = (1, 2, 4, 8)      # a dilated stack for comparison


def _x(words):
    return [FEATURES[w] for w in words]


@kinds(course="count n width",
       rules={"n": "the words of the course's sentence 这部 电影 不 太 好看 (primer §10.1), counted",
              "count": "primer §10.1 lists the three width-3 windows [这部,电影,不], [电影,不,太], [不,太,好看]"})
@inputs("width")
def windows() -> dict:
    """§10.1: the width-3 windows of the five-word sentence."""
    ws = sliding_windows(SENTENCE, WIDTH)
    return {"n": len(SENTENCE), "width": WIDTH, "count": len(ws)}


@kinds(course="bu haokan heaviest kernel n_windows reach.distance reach.one_layer reach.width score score_rev tai width",
       site_construction="n_at_max neutral pooled pooled_rev reach scores scores_rev x_sentence x_sentence_rev",
       rules={"heaviest": "the position of the largest weight in the course's kernel [2,1,1]",
              "n_windows": "primer §10.1 lists the three width-3 windows of this sentence (the page says so in its box)",
              "reach.one_layer": "a single width-3 layer sees one window: the three words of each window primer §10.1 lists"})
@inputs("kernel", "bu", "haokan", "neutral", "tai")
def one_filter() -> dict:
    """§10.2: the primer's window and its reverse, then the whole sentence pooled over time."""
    reverse_phrase = PHRASE[::-1]
    whole = window_scores(_x(SENTENCE), KERNEL, BIAS)
    reverse_sentence = SENTENCE[::-1]
    whole_rev = window_scores(_x(reverse_sentence), KERNEL, BIAS)
    return {
        "bu": FEATURES["不"], "tai": FEATURES["太"], "haokan": FEATURES["好看"], "neutral": FEATURES["这部"],
        "kernel": list(KERNEL), "width": len(KERNEL),
        "x_phrase": _x(PHRASE), "x_reverse": _x(reverse_phrase),
        "score": float(window_scores(_x(PHRASE), KERNEL, BIAS)[0]),
        "score_rev": float(window_scores(_x(reverse_phrase), KERNEL, BIAS)[0]),
        "heaviest": int(max(range(len(KERNEL)), key=lambda j: KERNEL[j])) + 1,   # 1-based window position
        "x_sentence": _x(SENTENCE), "scores": whole, "pooled": max_over_time(whole),
        "n_windows": len(whole), "n_at_max": int(sum(1 for v in whole if v == max_over_time(whole))),
        "x_sentence_rev": _x(reverse_sentence), "scores_rev": whole_rev, "pooled_rev": max_over_time(whole_rev),
        "reach": reach(),
        # "句子越长分数越多": the three-word phrase against the five-word sentence, windows counted by the kernel
        "n_words_phrase": len(PHRASE), "n_words": len(SENTENCE),
        "n_windows_phrase": len(window_scores(_x(PHRASE), KERNEL, BIAS)),
    }


def reach() -> dict:
    """§10.2 exercise: what a width-3 layer can connect, stacked plainly or with dilations."""
    layers = layers_to_connect(WIDTH, DISTANCE)
    return {
        "width": WIDTH, "distance": DISTANCE, "span_needed": DISTANCE + 1,
        "one_layer": receptive_field(WIDTH, [1]),
        "layers": layers, "stacked": receptive_field(WIDTH, [1] * layers),
        "dilations": list(DILATIONS), "n_dilated": len(DILATIONS), "dilated": receptive_field(WIDTH, DILATIONS),
    }
