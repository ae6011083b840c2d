"""Primer chapter 2: splitting reviews into tokens and numbering them (教学构造).

The vocabulary order is the primer's hand-chosen order, defined once here (chapter 3 uses it as
its column order). Ids come from kernels.text_stats.token_ids, character and byte units from
kernels.text_stats.text_units, the subword example from kernels.bpe.
"""
from kernels.bpe import apply_bpe, learn_bpe
from kernels.text_stats import bag_of_words, first_seen_vocabulary, text_units, token_ids
from verify.primer.ch01 import REVIEWS
from checker.evidence import inputs, kinds

VOCAB = ["电影", "剧情", "好看", "精彩", "难看", "无聊", "不"]   # id = position (§2.2)
UNK = "<UNK>"                                                   # appended after the seven words (§2.4)
NEW_REVIEWS = (("镜头惊艳", ["镜头", "惊艳"]), ("配乐刺耳", ["配乐", "刺耳"]))
RENUMBER_FROM = 100                                             # the chapter's exercise

BPE_WORD_FREQS = {"play": 4, "playing": 3, "sing": 2, "singing": 2, "going": 3}   # toy corpus
BPE_MERGES = 6
BPE_MORE_MERGES = 10
BPE_UNSEEN = "saying"


def _review(name):
    return next(r for r in REVIEWS if r[0] == name)


@kinds(course="E n_reviews size",
       rules={"size": "§2.2's table numbers its words 0 to 6: seven words",
              "E": "§2.2 prints 电影不好看 → [0, 6, 2]",
              "n_reviews": "the six reviews of primer §1.1's table, which §2.2 builds its word table from (六条评论)"})
def chapter() -> dict:
    """Chapter page: seven words, and review E as ids."""
    return {"size": len(VOCAB), "n_reviews": len(REVIEWS), "E": token_ids(_review("E")[2], VOCAB)}


@kinds(course="n_chars n_words",
       rules={"n_words": "the items of the cut §2.1 prints, [电影, 不, 好看]",
              "n_chars": "the characters §2.4 lists for 电影不好看 (电、影、不、好、看)"})
def what_to_split() -> dict:
    """§2.1: review E cut into words and into characters."""
    text, words = _review("E")[1:3]
    return {"n_words": len(words), "n_chars": len(text_units(text, "char"))}


@kinds(course="A E bad good great ids n_missing n_unused n_used",
       rules={"n_used": "the distinct words of the six reviews: §2.2's table lists them in seven rows, and §3.1 calls them 七个词",
              "n_missing": "§2.2 builds its table from the words the six reviews use (把六条评论里用到的词整理成词表): no used word is left out",
              "n_unused": "§2.2's table holds only words the six reviews use: none of its seven words goes unused"})
def vocabulary() -> dict:
    """§2.2: the table, and reviews A and E as ids."""
    used = first_seen_vocabulary([r[2] for r in REVIEWS])      # distinct words of the six reviews
    return {
        "ids": token_ids(VOCAB, VOCAB), "size": len(VOCAB), "n_used": len(used),
        "n_missing": len(set(used) - set(VOCAB)), "n_unused": len(set(VOCAB) - set(used)),
        "A": token_ids(_review("A")[2], VOCAB), "E": token_ids(_review("E")[2], VOCAB),
        "good": token_ids(["好看"], VOCAB)[0], "bad": token_ids(["难看"], VOCAB)[0],
        "great": token_ids(["精彩"], VOCAB)[0],
    }


@kinds(course="bad good ratio", site_construction="bad_other good_other onehot_bad onehot_good ratio_other")
def ids_are_not_amounts() -> dict:
    """§2.3: an id used as a feature value, and the lookup (one-hot) alternative."""
    good, bad = token_ids(["好看", "难看"], VOCAB)
    other = first_seen_vocabulary([r[2] for r in REVIEWS])       # an equally valid numbering
    good_other, bad_other = token_ids(["好看", "难看"], other)
    return {
        "good": good, "bad": bad, "ratio": bad / good,
        "good_other": good_other, "bad_other": bad_other, "ratio_other": bad_other / good_other,
        "onehot_good": bag_of_words([["好看"]], VOCAB)[0], "onehot_bad": bag_of_words([["难看"]], VOCAB)[0],
    }


def _bytes_per_char(text: str) -> int:
    """UTF-8 bytes per character, when every character of text takes the same number."""
    sizes = {len(text_units(c, "byte")) for c in text_units(text, "char")}
    if len(sizes) != 1:
        raise ValueError(f"characters of {text!r} take {sorted(sizes)} bytes each; the page states one size")
    return sizes.pop()


def _rows_looked_up(words, first: int) -> list:
    """Vocabulary rows that `words` reach when ids start at `first` and the table is renumbered with them."""
    table = dict(zip(token_ids(VOCAB, VOCAB, first_id=first), range(len(VOCAB))))
    return [table[i] for i in token_ids(words, VOCAB, first_id=first)]


@kinds(course="e_chars e_words n_reviews new_chars shift",
       site_construction=("bytes_per_char e_bytes freqs more_merges n_merges "
                          "n_seen_chars new0 new1 new_bytes new_unseen_chars playing_len_more unk_id "
                          "E_rows E_shifted_rows"),
       rules={"e_words": "the items of the 按词 cut §2.4's table prints for review E, [电影, 不, 好看]",
              "e_chars": "the items of the 按字 cut §2.4's table prints for review E, [电, 影, 不, 好, 看]",
              "new_chars": "the characters of the new review §2.4 prints, 镜头惊艳: 镜、头、惊、艳"})
@inputs("freqs", "more_merges", "n_merges", "shift")
def unknown_words() -> dict:
    """§2.4: <UNK>, four granularities, a toy BPE run and the renumbering exercise."""
    with_unk = VOCAB + [UNK]
    seen_chars = set(first_seen_vocabulary([text_units(r[1], "char") for r in REVIEWS]))
    new_text, new_words = NEW_REVIEWS[0]
    e_text, e_words = _review("E")[1:3]
    model = learn_bpe(BPE_WORD_FREQS, BPE_MERGES)
    more = learn_bpe(BPE_WORD_FREQS, BPE_MORE_MERGES)
    return {
        "unk_id": token_ids([UNK], with_unk)[0],
        "new0": token_ids(new_words, with_unk, unk=UNK),
        "new1": token_ids(NEW_REVIEWS[1][1], with_unk, unk=UNK),
        "e_words": len(e_words), "e_chars": len(text_units(e_text, "char")),
        "e_bytes": len(text_units(e_text, "byte")),
        "n_seen_chars": len(seen_chars),
        "new_unseen_chars": sum(c not in seen_chars for c in text_units(new_text, "char")),
        "new_chars": len(text_units(new_text, "char")), "new_bytes": len(text_units(new_text, "byte")),
        "n_reviews": len(REVIEWS), "bytes_per_char": _bytes_per_char(new_text),
        "freqs": list(BPE_WORD_FREQS.values()), "n_merges": BPE_MERGES,
        "merge_counts": [r.count for r in model.rounds],
        "playing_len": len(apply_bpe("playing", model.merges)),
        "unseen_len": len(apply_bpe(BPE_UNSEEN, model.merges)),
        "more_merges": BPE_MORE_MERGES, "playing_len_more": len(apply_bpe("playing", more.merges)),
        "E": token_ids(e_words, VOCAB), "E_shifted": token_ids(e_words, VOCAB, first_id=RENUMBER_FROM),
        "shift": RENUMBER_FROM,
        # the rows the old and the shifted numbering look up, through each numbering's own table
        "E_rows": _rows_looked_up(e_words, 0), "E_shifted_rows": _rows_looked_up(e_words, RENUMBER_FROM),
    }
