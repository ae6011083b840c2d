"""Primer chapter 15: three training questions built from one sentence (教学构造).

The sentence and the corrupted positions are teaching choices, defined once here. The masked
example and the span corruption come from kernels.pretraining, the shifted next-token pairs from
kernels.sampling.next_token_pairs, and what each prediction may see from kernels.attention's
causal mask. No masking rate is involved: the positions are given, not sampled.
"""
from kernels.attention import causal_mask
from kernels.pretraining import mask_tokens, span_corruption
from kernels.sampling import next_token_pairs
from checker.evidence import kinds

SENTENCE = ("这部", "电影", "非常", "精彩", "，", "我", "想", "再", "看", "一次", "。")
MASKED = (3,)                      # 精彩, the blank of §15.2
T5_CORRUPTED = (3, 7, 8)           # 精彩 and the run 再 看
T5_SENTINELS = ("<X>", "<Y>", "<Z>")   # the names used in the T5 paper's Figure 2


@kinds(course="mlm_scored",
       site_construction=("causal_predictions causal_seen mlm_left mlm_right n position t5_hidden "
                          "t5_input t5_input_sentinels t5_kept t5_target t5_target_sentinels"),
       rules={"mlm_scored": "the one [MASK] in primer §15.2's 示意题 (这部电影非常 [MASK]，我想再看一次。), answer 精彩"})
def three_objectives() -> dict:
    """§15.5: how many predictions each question asks of the sentence, and what the one for 精彩 sees."""
    n = len(SENTENCE)
    target = MASKED[0]
    mlm = mask_tokens(SENTENCE, MASKED)
    inputs, targets = next_token_pairs(SENTENCE)
    seen_causal = causal_mask(len(inputs))[target]        # input row that must produce 精彩
    enc_in, dec_target = span_corruption(SENTENCE, T5_CORRUPTED, T5_SENTINELS)
    return {
        "n": n, "position": target + 1,
        "mlm_scored": len(mlm.scored), "mlm_left": target, "mlm_right": n - 1 - target,
        "causal_predictions": len(targets), "causal_seen": int(seen_causal.sum()),
        "t5_hidden": len(T5_CORRUPTED), "t5_input": len(enc_in), "t5_target": len(dec_target),
        "t5_kept": sum(tok not in T5_SENTINELS for tok in enc_in),
        "t5_input_sentinels": sum(tok in T5_SENTINELS for tok in enc_in),
        "t5_target_sentinels": sum(tok in T5_SENTINELS for tok in dec_target),
    }
