"""Lecture chapter 1 (§1.1–§1.17): ids, one-hot, embeddings, word2vec, n-grams, BPE, co-occurrence.

Every input is defined once below and returned, so a page cannot state one input while the code
uses another. Identities are kept apart, as the lecture keeps them apart:

- MAIN_*: the main thread, the nine-unit source 我/昨天/给/了/他/一/本/书/。 and the chosen target
  I/gave/him/a/book/yesterday/. (+EOS) (§1.1, §1.2, §1.5, §1.9);
- TABLE_3: the separate three-word table 我/她/书 with d = 2 (§1.3), not mixed with the nine units;
- COUNT_CORPUS: the four her/him sentences, an independent historical counting exercise (§1.7–§1.8);
- BPE_FREQS: the small word-frequency table low:3, lower:2, new:1 (§1.12);
- everything marked "本站自建" is this site's own teaching construction (the lecture gives no numbers
  there): the gradient batches of §1.3–§1.4, the skip-gram/negative-sampling vectors of §1.5, the
  window network of §1.6, the mixed message of §1.11, the co-occurrence run of §1.14.

All math goes through kernels; this module only feeds inputs and collects outputs.
"""
import math

import numpy as np

from kernels.bpe import apply_bpe, learn_bpe
from kernels.embeddings import (cooccurrence_counts, embedding_lookup, glove_objective, glove_weight, mean_pool,
                                negative_sampling, noise_distribution, one_hot, one_hot_lookup, ppmi,
                                skipgram_pairs, skipgram_softmax, truncated_svd)
from kernels.labeling import entity_spans
from kernels.lexical import change_of_basis, concat_window, embedding_backward, fixed_window_lm
from kernels.probability import softmax
from kernels.retrieval import cosine_similarity, dot_similarity
from kernels.sampling import next_token_pairs, perplexity
from kernels.text_stats import (add_alpha, history_counts, mle_probability, ngram_counts, padded, text_units,
                                token_ids)
from checker.evidence import inputs, kinds

# --------------------------------------------------------------------------- the main thread (§1.1, §1.2, §1.9)

MAIN_SOURCE_TEXT = "我昨天给了他一本书。"
MAIN_UNITS = ["我", "昨天", "给", "了", "他", "一", "本", "书", "。"]          # the course's nine teaching units
MAIN_TARGET = ["I", "gave", "him", "a", "book", "yesterday", "."]           # the chosen rendering (EOS added by the model)
MAIN_TARGET_TEXT = "I gave him a book yesterday."
OLD_SIX_SEGMENTS = ["我", "昨天", "给了", "她", "一本", "书"]               # the older experiment's split, kept apart

NER_SCHEMA = ("PER", "ORG", "LOC")
NER_TAGS_ORIGINAL = ["O"] * len(MAIN_UNITS)                                  # 我/他 are pronouns, 昨天 not in the schema
NAMED_UNITS = ["张明", "昨天", "给", "了", "李华", "一", "本", "书", "。"]     # the separately assigned rewrite
NAMED_TAGS = ["B-PER", "O", "O", "O", "B-PER", "O", "O", "O", "O"]


@kinds(course="n_predictions n_tokens",
       rules={"n_tokens": "the course's chosen target I/gave/him/a/book/yesterday/./EOS lists seven text tokens before EOS",
              "n_predictions": "the course's target sequence lists EOS after the seven text tokens: eight items to predict"})
def target_steps() -> dict:
    """§1.1: the chosen target becomes (prefix, next token) pairs: n tokens give n + 1 predictions."""
    inputs, targets = next_token_pairs(MAIN_TARGET, bos="BOS", eos="EOS")
    return {"n_tokens": len(MAIN_TARGET), "n_predictions": len(targets), "n_inputs": len(inputs)}


@kinds(course="n_spans_named n_types n_units",
       rules={"n_spans_named": "the course's rewrite returns the spans 张明:PER and 李华:PER: two spans"})
def analysis_layers() -> dict:
    """§1.2: nine units; under PER/ORG/LOC the original sentence yields no span, the named rewrite two PER spans."""
    original = entity_spans(NER_TAGS_ORIGINAL)
    named = entity_spans(NAMED_TAGS)
    return {"n_units": len(MAIN_UNITS), "n_types": len(NER_SCHEMA),
            "n_spans_original": len(original), "n_spans_named": len(named),
            "named_positions": [start for _, start, _ in named]}


def _bytes_per_han(text: str) -> int:
    """UTF-8 bytes of each Chinese character in the text; they must agree, or the page's single figure is wrong."""
    sizes = {len(text_units(ch, "byte")) for ch in text if "\u4e00" <= ch <= "\u9fff"}
    if len(sizes) != 1:
        raise ValueError(f"Chinese characters of {text!r} differ in UTF-8 length: {sorted(sizes)}")
    return sizes.pop()


@kinds(course="n_chars n_old n_target n_target_chars n_target_predictions n_units",
       site_construction="bytes_per_char n_bytes n_target_bytes",
       rules={"n_chars": "the characters of the source sentence the course prints, 我昨天给了他一本书。 (§1.1): ten, counting the full stop",
              "n_target_chars": "the characters of the rendering the course prints, I gave him a book yesterday. (§1.1): "
                                "twenty-eight, spaces and full stop included",
              "n_units": "the course names the main split 我/昨天/给/了/他/一/本/书/。 its 九单位 (nine units)",
              "n_old": "the course calls the old split 我/昨天/给了/她/一本/书 its 六片段 (six segments)",
              "n_target": "the course lists the English split I/gave/him/a/book/yesterday/. : seven items",
              "n_target_predictions": "the course adds 另预测EOS to those seven items: eight predictions"})
def segmentation_lengths() -> dict:
    """§1.9: the same sentence as nine teaching units, as characters and as UTF-8 bytes; the target side."""
    inputs, targets = next_token_pairs(MAIN_TARGET, bos="BOS", eos="EOS")
    return {"n_units": len(MAIN_UNITS), "n_old": len(OLD_SIX_SEGMENTS),
            "n_chars": len(text_units(MAIN_SOURCE_TEXT, "char")), "n_bytes": len(text_units(MAIN_SOURCE_TEXT, "byte")),
            "bytes_per_char": _bytes_per_han(MAIN_SOURCE_TEXT),
            "n_target": len(MAIN_TARGET), "n_target_predictions": len(targets),
            "n_target_chars": len(text_units(MAIN_TARGET_TEXT, "char")),
            "n_target_bytes": len(text_units(MAIN_TARGET_TEXT, "byte"))}


# --------------------------------------------------------------------------- §1.3: one-hot and the three-word table

TABLE_3_VOCAB = ["我", "她", "书"]
TABLE_3 = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
BOOK = 2
# 本站自建: one batch in which 书 occurs three times, with a given upstream gradient at each position
BATCH_IDS = [2, 0, 2, 2]                                       # 书 我 书 书
BATCH_GRADS = np.array([[1.0, 0.0], [0.5, -1.0], [0.0, 2.0], [-0.5, 1.0]])
# 本站自建: an invertible change of basis A and a linear head H reading the vectors
BASIS_A = np.array([[1.0, 1.0], [0.0, 1.0]])
HEAD_H = np.array([[2.0, 0.0], [0.0, 1.0]])


@kinds(course="E V d n_book x_book x_book_lookup",
       site_construction="A E_new H H_new batch_grads e_book gram grad_table n_positions scores scores_new",
       rules={"V": "the words of the separate table §1.3 prints, 三项词表“我、她、书”, counted: three words, "
                   "one one-hot each",
              "n_book": "§1.3: 若一个批次出现了三次同一 token — the course's three occurrences; the site's batch "
                        "puts 书 at three of its four positions"})
@inputs("A", "E", "H", "batch_grads")
def one_hot_identity() -> dict:
    V = len(TABLE_3_VOCAB)
    O = one_hot(list(range(V)), V)
    new = change_of_basis(TABLE_3, HEAD_H, BASIS_A)
    grads = embedding_backward(V, BATCH_IDS, BATCH_GRADS)
    return {
        "V": V, "d": TABLE_3.shape[1], "E": TABLE_3,
        "e_book": one_hot(BOOK, V), "gram": O @ O.T,
        "x_book": one_hot_lookup(TABLE_3, [BOOK])[0], "x_book_lookup": embedding_lookup(TABLE_3, [BOOK])[0],
        "batch_grads": BATCH_GRADS.tolist(), "n_book": BATCH_IDS.count(BOOK), "n_positions": len(BATCH_IDS), "grad_table": grads,
        "A": BASIS_A, "H": HEAD_H, "E_new": new.table, "H_new": new.head,
        "scores": TABLE_3 @ HEAD_H, "scores_new": new.table @ new.head,
    }


# --------------------------------------------------------------------------- §1.4: one row, many contexts (本站自建)

SHARE_VOCAB = ["I", "She", "gave"]
SHARE_TABLE = np.array([[1.0, 0.0], [0.0, 1.0], [2.0, 1.0]])
SHARE_BATCH = [0, 2, 1, 2]                                     # I gave / She gave
SHARE_GRADS = np.array([[0.5, 0.0], [1.0, -2.0], [0.0, 1.0], [-0.5, 1.0]])


@kinds(site_construction="E d g gave_first gave_second grad_table z_I z_She z_swapped")
@inputs("E", "g")
def shared_row() -> dict:
    x = embedding_lookup(SHARE_TABLE, SHARE_BATCH)
    grads = embedding_backward(len(SHARE_VOCAB), SHARE_BATCH, SHARE_GRADS)
    return {"E": SHARE_TABLE, "d": SHARE_TABLE.shape[1], "gave_first": x[1], "gave_second": x[3],
            "z_I": concat_window(SHARE_TABLE, SHARE_BATCH[:2]), "z_She": concat_window(SHARE_TABLE, SHARE_BATCH[2:]),
            "z_swapped": concat_window(SHARE_TABLE, SHARE_BATCH[:2][::-1]),
            "g": SHARE_GRADS.tolist(), "grad_table": grads}


# --------------------------------------------------------------------------- §1.5: word2vec

ENGLISH_WINDOW_SENTENCE = ["She", "deposited", "money", "at", "the", "bank", "."]
MAIN_RADIUS = 1                                                 # the course's window radius in the 九单位句
ENGLISH_RADIUS = 2                                              # the course's radius around money
# 本站自建: a center vector for 书 and a context table over three context words
W2V_CENTER = np.array([1.0, 0.0])                               # v_书
W2V_CONTEXT_VOCAB = ["本", "。", "昨天"]
W2V_CONTEXT = np.array([[2.0, 0.0], [1.0, 1.0], [0.0, 1.0]])    # u_本, u_。, u_昨天
W2V_TRUE = 0                                                    # the observed neighbour 本
NS_NEGATIVES = np.array([[0.0, 1.0], [1.0, -1.0]])              # K = 2 sampled rows
NOISE_COUNTS = np.array([16.0, 1.0])                            # 本站自建 counts of "the" and "bank"
NOISE_POWER = 0.75                                              # given input, cited: Mikolov et al. 2013b (arXiv:1310.4546), §2.2
W2V_STEP = 0.1                                                  # 本站自建: the "一小步" along -grad that §1.5 describes
AVG_VOCAB = ["我", "给", "他"]
AVG_TABLE = np.array([[1.0, 0.0], [2.0, 2.0], [0.0, 1.0]])


@kinds(course="n_main_pairs n_money_pairs power radius_main radius_english",
       site_construction=("K U avg_table counts grad_v loss mean_backward mean_forward n_bank_pairs n_context "
                          "neg_scores negatives noise ns_grad_v ns_loss probs scores unigram v"),
       rules={"n_main_pairs": "the course lists the pairs 书→本 and 书→。 for radius 1: two pairs",
              "n_money_pairs": "the course lists (money,She), (money,deposited), (money,at), (money,the): four pairs"})
@inputs("power", "radius_main", "radius_english", "U", "avg_table", "counts", "negatives", "v")
def word2vec_objectives() -> dict:
    main_pairs = [p for p in skipgram_pairs(MAIN_UNITS, MAIN_RADIUS) if p[0] == "书"]
    money = [p for p in skipgram_pairs(ENGLISH_WINDOW_SENTENCE, ENGLISH_RADIUS) if p[0] == "money"]
    bank = [p for p in skipgram_pairs(ENGLISH_WINDOW_SENTENCE, ENGLISH_RADIUS) if p[0] == "bank"]
    step = skipgram_softmax(W2V_CENTER, W2V_CONTEXT, W2V_TRUE)
    ns = negative_sampling(W2V_CENTER, W2V_CONTEXT[W2V_TRUE], NS_NEGATIVES)
    moved = W2V_CENTER - W2V_STEP * step.grad_input              # one small step along the negative gradient
    return {
        "radius_main": MAIN_RADIUS, "radius_english": ENGLISH_RADIUS,
        "n_main_pairs": len(main_pairs), "n_money_pairs": len(money), "n_bank_pairs": len(bank),
        "v": W2V_CENTER, "U": W2V_CONTEXT, "n_context": len(W2V_CONTEXT), "scores": dot_similarity(W2V_CENTER, W2V_CONTEXT),
        "probs": step.probs, "loss": step.loss, "grad_v": step.grad_input,
        # after the small step: how each context score moved, and the loss there
        "score_change": dot_similarity(moved, W2V_CONTEXT) - dot_similarity(W2V_CENTER, W2V_CONTEXT),
        "loss_after_step": skipgram_softmax(moved, W2V_CONTEXT, W2V_TRUE).loss,
        "negatives": NS_NEGATIVES, "K": len(NS_NEGATIVES), "neg_scores": dot_similarity(W2V_CENTER, NS_NEGATIVES),
        "ns_loss": ns.loss, "ns_grad_v": ns.grad_center,
        "counts": NOISE_COUNTS, "power": NOISE_POWER, "unigram": noise_distribution(NOISE_COUNTS, 1.0),
        "noise": noise_distribution(NOISE_COUNTS, NOISE_POWER),
        "avg_table": AVG_TABLE,
        "mean_forward": mean_pool(embedding_lookup(AVG_TABLE, [0, 1, 2])),
        "mean_backward": mean_pool(embedding_lookup(AVG_TABLE, [2, 1, 0])),
    }


# --------------------------------------------------------------------------- §1.6: a fixed-window network (本站自建)

WINDOW_VOCAB = ["gave", "her", "him", "a", "key"]
WINDOW_TABLE = np.array([[1.0, 0.0], [0.0, 1.0], [0.1, 0.9], [1.0, 1.0], [1.0, -1.0]])
WINDOW_K = 3
WINDOW_W = np.array([[0.0, 0.0, 0.0, 2.0, 1.0, 0.0], [1.0, 0.0, -1.0, 0.0, 0.0, 0.0]])
WINDOW_B = np.zeros(2)
WINDOW_OUT = ["book", "pen", "EOS"]
WINDOW_U = np.array([[2.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
WINDOW_C = np.zeros(3)
FAR_PREFIX_A = [1, 0, 1, 3, 0, 1, 3]      # her gave her a gave her a
FAR_PREFIX_B = [4, 4, 2, 3, 0, 1, 3]      # key key him a gave her a: differs only before the window


def window_step(ids):
    """§1.6: the hand-set window network applied to a prefix (only its last k ids are read)."""
    return fixed_window_lm(WINDOW_TABLE, ids, WINDOW_K, WINDOW_W, WINDOW_B, WINDOW_U, WINDOW_C)


@kinds(site_construction="E U W d far_gap her him k key n_outputs")
@inputs("k", "E", "U", "W")
def fixed_window() -> dict:
    her, him, key = window_step([0, 1, 3]), window_step([0, 2, 3]), window_step([0, 4, 3])
    far_a, far_b = window_step(FAR_PREFIX_A), window_step(FAR_PREFIX_B)
    return {
        "E": WINDOW_TABLE, "k": WINDOW_K, "d": WINDOW_TABLE.shape[1], "W": WINDOW_W, "U": WINDOW_U, "n_outputs": WINDOW_U.shape[0],
        "her": {"z": her.z, "h": her.h, "logits": her.logits, "probs": her.probs},
        "him": {"z": him.z, "h": him.h, "logits": him.logits, "probs": him.probs},
        "key": {"z": key.z, "h": key.h, "logits": key.logits, "probs": key.probs},
        "far_gap": float(np.max(np.abs(far_a.probs - far_b.probs))),
    }


# --------------------------------------------------------------------------- §1.7–§1.8: the four-sentence counts

COUNT_CORPUS = [s.split() for s in ("I gave her a book", "I gave her a pen", "I gave her a key", "I gave him a book")]
COUNT_HISTORY = ("I", "gave")
COUNT_CANDIDATES = ["her", "him", "you"]
EOS_CANDIDATES = ["her", "him", "me", "EOS"]     # the four-candidate exercise with the end symbol
ALPHA = 1.0
SCORED_SENTENCE = "I gave her a book".split()


def _trigrams():
    return ngram_counts(COUNT_CORPUS, 3)


def _after(candidates) -> np.ndarray:
    counts = _trigrams()
    return np.array([counts[COUNT_HISTORY + (w,)] for w in candidates], dtype=float)


@kinds(course="T counts factors history mle n_candidates n_sentences",
       rules={"T": "the course's corpus sentence I gave her a book (§1.7) is five tokens",
              "factors": "the course's product runs t = 1..T+1 (§1.7): T + 1 = 6 factors for that five-token sentence",
              "mle": "the course divides the counts 3, 1, 0 after I gave by the history count 4 (§1.7); "
                     "§1.8 prints the results 3/4, 1/4 and 0",
              "n_candidates": "the candidates §1.7 counts after I gave (her 3, him 1, you 0), counted: three",
              "n_sentences": "the sentences of §1.7's corpus, 四句短语料分别是 I gave her a book、I gave her a pen、"
                             "I gave her a key、I gave him a book (also 下面的四句her/him计数语料), counted: four",
              "history": "the divisor §1.7 uses for the counts after I gave, 数出3、1、0，再除以4: I gave occurs "
                         "4 times, once at the start of each of the four sentences (3 + 1 + 0)"})
def chain_rule_counts() -> dict:
    """§1.7: C(I gave, w) for her/him/you, the history count and the MLE baseline; factors of one sentence."""
    counts = _trigrams()
    _, targets = next_token_pairs(SCORED_SENTENCE)
    return {"n_sentences": len(COUNT_CORPUS), "counts": _after(COUNT_CANDIDATES),
            "history": history_counts(counts)[COUNT_HISTORY],
            "mle": [mle_probability(counts, COUNT_HISTORY, w) for w in COUNT_CANDIDATES],
            "T": len(SCORED_SENTENCE), "factors": len(targets), "n_candidates": len(COUNT_CANDIDATES)}


def ngram_smoothing() -> dict:
    """§1.8: trigram MLE, a sentence's trigram probability, add-one over three and over four candidates."""
    counts = _trigrams()
    tokens = padded(SCORED_SENTENCE, 3)
    steps = [mle_probability(counts, tokens[i - 2:i], tokens[i]) for i in range(2, len(tokens))]
    four_counts = np.array([counts[COUNT_HISTORY + (w,)] if w != "EOS" else counts[COUNT_HISTORY + ("<EOS>",)]
                            for w in EOS_CANDIDATES], dtype=float)
    return {
        "counts": _after(COUNT_CANDIDATES), "history": history_counts(counts)[COUNT_HISTORY],
        "mle": [mle_probability(counts, COUNT_HISTORY, w) for w in COUNT_CANDIDATES],
        "n_sentences": len(COUNT_CORPUS), "steps": steps, "n_factors": len(steps), "sentence_p": math.prod(steps),
        "alpha": ALPHA, "V3": len(COUNT_CANDIDATES), "add3": add_alpha(_after(COUNT_CANDIDATES), ALPHA),
        "counts4": four_counts, "V4": len(EOS_CANDIDATES), "add4": add_alpha(four_counts, ALPHA),
    }


# the window network's interface (§1.8): shapes only, weights drawn from a seeded generator
SHAPE_SEED = 0
SHAPE_D, SHAPE_K, SHAPE_HIDDEN = 2, 2, 3
SHAPE_INPUT_VOCAB = ["I", "gave", "her", "him", "you", "a"]
SHAPE_OUTPUTS = ["her", "him", "you", "a", "EOS"]
DEMO_LOGITS = np.log(np.array([4.0, 2.0, 1.0, 1.0, 2.0]))      # (ln4, ln2, 0, 0, ln2), given


@kinds(course=("V3 V4 add3 add4 alpha counts4 d exps h_dim history k logits mle n_logits n_sentences probs "
               "total z_dim n_factors"),
       site_construction="seed sentence_p steps",
       rules={"n_sentences": "讲义 §1.7 列出的四句 her/him 语料的句数",
              "n_factors": ("讲义 §1.7 的乘积从 t=1 到 T+1（末项是 EOS），§1.8 的 trigram 只缩短每个因子的条件、不改因子个数："
                            "五个 token 的 I gave her a book 有 T+1=6 个因子"),
              "history": "讲义 §1.7 数出的 I gave 出现次数（3/4 的分母）",
              "k": "the window §1.8 names, 以I gave为合法窗口，I与gave各查一个2维embedding: two words (I, gave); "
                   "§1.8 also calls its trigram 包含两个条件token与一个目标token"})
@inputs("seed", "d", "k")
def ngram_and_window() -> dict:
    """§1.8: the counting results of ngram_smoothing plus the window network's interface (shapes only,
    seeded random weights) and the separate five-logit softmax example."""
    rng = np.random.default_rng(SHAPE_SEED)
    E = rng.normal(size=(len(SHAPE_INPUT_VOCAB), SHAPE_D))
    W, b = rng.normal(size=(SHAPE_HIDDEN, SHAPE_K * SHAPE_D)), rng.normal(size=SHAPE_HIDDEN)
    U, c = rng.normal(size=(len(SHAPE_OUTPUTS), SHAPE_HIDDEN)), rng.normal(size=len(SHAPE_OUTPUTS))
    step = fixed_window_lm(E, token_ids(["I", "gave"], SHAPE_INPUT_VOCAB), SHAPE_K, W, b, U, c)
    exps = np.exp(DEMO_LOGITS)
    out = ngram_smoothing()
    out.update({"seed": SHAPE_SEED, "d": SHAPE_D, "k": SHAPE_K, "z_dim": step.z.size, "h_dim": step.h.size,
                "n_logits": step.logits.size, "logits": DEMO_LOGITS, "exps": exps, "total": exps.sum(),
                "probs": softmax(DEMO_LOGITS)})
    return out


# --------------------------------------------------------------------------- §1.11: what enters the model (本站自建)

MIXED_MESSAGE = "慕容芷岚 gave him a book."
MIXED_WORDS = ["慕容芷岚", "gave", "him", "a", "book", "."]          # a hand word-level convention
NAME = "慕容芷岚"
CHAR_VOCAB_WITHOUT = ["<UNK>", "慕", "容", "芷"]                      # a character table that lacks 岚


@kinds(course="name_chars",
       site_construction="n_bytes n_chars n_words name_bytes name_ids table_size table_chars",
       rules={"name_chars": "the course prints the name 慕容芷岚 in §1.11: four characters"})
def model_inputs() -> dict:
    ids = token_ids(list(NAME), CHAR_VOCAB_WITHOUT, unk="<UNK>")
    return {"n_words": len(MIXED_WORDS), "n_chars": len(text_units(MIXED_MESSAGE, "char")),
            "n_bytes": len(text_units(MIXED_MESSAGE, "byte")),
            "name_chars": len(text_units(NAME, "char")), "name_bytes": len(text_units(NAME, "byte")),
            "name_ids": ids, "table_size": len(CHAR_VOCAB_WITHOUT),
            "table_chars": sum(entry != "<UNK>" for entry in CHAR_VOCAB_WITHOUT)}


# --------------------------------------------------------------------------- §1.12: four BPE merges

BPE_FREQS = {"low": 3, "lower": 2, "new": 1}
BPE_MERGES = 4


def _idle_rules(word: str, merges) -> int:
    """How many leading merges leave the word's segmentation unchanged before one first applies."""
    start = apply_bpe(word, [])
    return next(i for i in range(len(merges)) if apply_bpe(word, merges[: i + 1]) != start)


@kinds(course="freqs lower_pieces n_merges newer_idle_rules newer_pieces",
       site_construction="n_tied retrained_counts round_counts same_merges",
       rules={"newer_pieces": "the course segments newer as n e w er </w>: five pieces",
              "lower_pieces": "the course segments lower as low er </w>: three pieces",
              "newer_idle_rules": "§1.12 states it for newer: 前三条不能用, the fourth rule first applies"})
@inputs("freqs")   # the course's word frequencies, given (low 3, lower 2, new 1)
def bpe_four_merges() -> dict:
    model = learn_bpe(BPE_FREQS, BPE_MERGES)
    retrained = learn_bpe({**BPE_FREQS, "newer": 1}, BPE_MERGES)
    return {"freqs": list(BPE_FREQS.values()), "n_merges": len(model.merges),
            "round_counts": [r.count for r in model.rounds],
            "n_tied": [len(r.tied) for r in model.rounds],
            "newer_pieces": len(apply_bpe("newer", model.merges)),
            "newer_idle_rules": _idle_rules("newer", model.merges),
            "lower_pieces": len(apply_bpe("lower", model.merges)),
            "retrained_counts": [r.count for r in retrained.rounds],
            "same_merges": sum(a == b for a, b in zip(model.merges, retrained.merges)),
            # where the retrained rules first differ: 'only the first k are the same' says k == this
            "first_changed": next((i for i, (a, b) in enumerate(zip(model.merges, retrained.merges)) if a != b),
                                  len(model.merges))}


# --------------------------------------------------------------------------- §1.13: the denominator of PPL

STRING_NLL = 10.0                  # -ln p(message) = 10 under both models: p = exp(-10)
TOKENS_A, TOKENS_B = 10, 20
PER_BYTE_TEXT = MAIN_SOURCE_TEXT   # 本站自建: the message is taken to be the main sentence


@kinds(course="mean_a mean_b n_a n_b nll ppl_a ppl_b", site_construction="n_bytes per_byte",
       rules={"n_a": "§1.13 states it: 在切分A下有10个预测token (and 在B下有20个)",
              "nll": "§1.13's whole-string probability exp(-10) under both models: its negative log, 10"})
@inputs("nll", "n_a", "n_b")
def tokenization_ppl() -> dict:
    n_bytes = len(text_units(PER_BYTE_TEXT, "byte"))
    return {"nll": STRING_NLL, "n_a": TOKENS_A, "n_b": TOKENS_B,
            "mean_a": STRING_NLL / TOKENS_A, "mean_b": STRING_NLL / TOKENS_B,
            "ppl_a": perplexity(STRING_NLL, TOKENS_A), "ppl_b": perplexity(STRING_NLL, TOKENS_B),
            "n_bytes": n_bytes, "per_byte": STRING_NLL / n_bytes}


# --------------------------------------------------------------------------- §1.14: co-occurrence, PPMI, SVD, GloVe

COOC_VOCAB = ["I", "gave", "her", "him", "a", "book", "pen", "key"]
COOC_WINDOW = 1
SVD_RANK = 2
GLOVE_X_MAX, GLOVE_ALPHA = 4.0, 0.5     # 本站为小计数表选的演示值，不是论文设定
GLOVE_SHOWN_COUNTS = np.array([1.0, 2.0, 3.0, 4.0])   # the distinct nonzero counts of this table


@kinds(course="n_sentences",            # the four sentences are §1.7's corpus (course_also on the page)
       site_construction=("C_her C_him J0 M_her alpha d f f_counts log_her_gave log_him_gave n_cells n_pairs "
                          "n_sigma ppmi_her_gave rank raw_cos raw_gap sigma svd_cos svd_gap "
                          "svd_half_cos total window x_max"),
       rules={"n_sentences": "the sentences of §1.7's corpus (四句短语料分别是 I gave her a book …), counted: four"})
@inputs("d", "window", "f_counts", "alpha", "x_max")
def cooccurrence_glove() -> dict:
    C = cooccurrence_counts(COUNT_CORPUS, COOC_WINDOW, COOC_VOCAB)
    M = ppmi(C)
    svd = truncated_svd(M, SVD_RANK)
    rank = int(np.linalg.matrix_rank(M))
    sigma = truncated_svd(M, rank).sigma      # every nonzero singular value
    her, him, book = (COOC_VOCAB.index(w) for w in ("her", "him", "book"))
    X, X_half = svd.embeddings(1.0), svd.embeddings(0.5)
    n = len(COOC_VOCAB)
    zeros_W, zeros_b = np.zeros((n, SVD_RANK)), np.zeros(n)
    glove = glove_objective(zeros_W, zeros_W, zeros_b, zeros_b, C, GLOVE_X_MAX, GLOVE_ALPHA)
    return {
        "window": COOC_WINDOW, "n_sentences": len(COUNT_CORPUS), "total": C.sum(), "C_her": C[her], "C_him": C[him],
        "raw_cos": cosine_similarity(C[her], C[[him]])[0], "raw_gap": float(np.linalg.norm(C[her] - C[him])),
        "M_her": M[her], "M_him": M[him], "ppmi_her_gave": M[her, 1],
        "d": SVD_RANK, "sigma": sigma, "n_sigma": len(sigma), "kept": svd.sigma, "rank": rank,
        "svd_cos": cosine_similarity(X[her], X[[him]])[0], "svd_half_cos": cosine_similarity(X_half[her], X_half[[him]])[0],
        "svd_gap": float(np.linalg.norm(X[her] - X[him])),
        "x_max": GLOVE_X_MAX, "alpha": GLOVE_ALPHA, "f_counts": GLOVE_SHOWN_COUNTS, "f": glove_weight(GLOVE_SHOWN_COUNTS, GLOVE_X_MAX, GLOVE_ALPHA),
        "log_her_gave": math.log(C[her, 1]), "log_him_gave": math.log(C[him, 1]),
        "n_pairs": int((C > 0).sum()), "n_cells": int(C.size), "J0": glove.loss,
        "vocab": list(COOC_VOCAB), "ppmi": M, "embedding": X,  # the figures' matrix and 2-D points
    }
