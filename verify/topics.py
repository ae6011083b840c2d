"""Topic pages that gather several lecture sections into one self-contained hub (教学构造).

attention_to_prediction: the page "读取之后，系统怎样决定写 him". It reuses the constructions of
verify/lecture/ch03_read.py unchanged, each under its own identity:

- "r72": the R7.2 他/him three-slot construction (ch03_read.him_construction);
- "read": the older READ 她/her extension (ch03_read.three_slot_read);
- "interv": the two READ interventions, each from the same baseline (ch03_read.interventions);
- "lab02": the read-then-update interface of LAB02. Its sizes (six source segments, width 32) are
  given interface settings, defined once below; the shapes printed on the page come from running
  one decoder step of this project's dynamic-read seq2seq (kernels.seq2seq) at those sizes, and its
  read is checked against kernels.attention.attend. The model is untrained: only shapes and the
  first-step read (zero state, bias-free query) are meaningful, no translation is claimed.
"""
import numpy as np

from kernels.attention import attend
from verify.lecture.ch03_read import him_construction, interventions, three_slot_read
from verify.evidence import kinds

LAB02_SOURCE_POSITIONS = 6   # the six teaching segments of the old 她/her source sentence
LAB02_WIDTH = 32             # source-state, query and decoder width borrowed from the synthetic implementation
LAB02_SEED = 0               # any seed: shapes and the first-step read do not depend on it
AGREEMENT_TOL = 1e-12        # model read vs numpy kernel read, per entry


def lab02_interface() -> dict:
    """One step of kernels.seq2seq.Seq2Seq (dynamic read, float64) on a six-token source:
    read with the old state h_{t-1}, then update the LSTM cell, then score [h_t; c_t].
    The first read starts from the zero state with a bias-free query, so it is uniform; the next
    read (query from the updated state) is recomputed by kernels.attention.attend as a cross-check."""
    import torch

    from kernels.seq2seq import BOS, SYMBOLS, Seq2Seq, Seq2SeqConfig, make_batch

    torch.manual_seed(LAB02_SEED)
    config = Seq2SeqConfig(read="dynamic", encoder_hidden=LAB02_WIDTH // 2, decoder_hidden=LAB02_WIDTH)
    model = Seq2Seq(config).double().eval()
    source = [SYMBOLS[i % len(SYMBOLS)] for i in range(LAB02_SOURCE_POSITIONS)]
    batch = make_batch([{"source": source, "target": ["EOS"]}])
    with torch.no_grad():
        z, mask = model.encode(batch.source, batch.lengths)
        state = model.initial_state(1, z)
        q = model.query(state[0])
        context, weights = model.read(state[0], z, mask)
        logits, (h_new, _), _ = model.step(torch.tensor([BOS]), state, z, mask)
        q_next = model.query(h_new)                  # the next step reads with the updated state
        context_next, weights_next = model.read(h_new, z, mask)
    Z = z[0].numpy()
    read = attend(q_next.numpy(), Z, Z, scale=True)  # that second read again, through the numpy kernel
    diffs = np.concatenate([np.abs(read.weights - weights_next.numpy()).ravel(),
                            np.abs(read.context - context_next.numpy()).ravel()])
    return {
        "positions": LAB02_SOURCE_POSITIONS, "width": LAB02_WIDTH, "vocab": config.vocab_size,
        "shape": {
            "Z": list(Z.shape), "q": list(q.shape), "scores": list(read.scores.shape),
            "alpha": list(weights.shape), "c": list(context.shape), "h_new": list(h_new.shape),
            "logits": list(logits.shape),
        },
        "first_alpha_max": float(weights.max()), "first_alpha_min": float(weights.min()),
        "first_row_sum": float(weights.sum()),
        "query_abs_max": float(q.abs().max()),
        "kernel_entries": int(diffs.size), "kernel_agree": int(np.sum(diffs <= AGREEMENT_TOL)),
        "tol": AGREEMENT_TOL,
    }


@kinds(course="r72_cands r72_slots read read_cands read_slots", site_construction="interv lab02 r72")
def attention_to_prediction() -> dict:
    """Everything the topic page states, each part under its own identity, plus the counts the page
    writes in words (source slots = rows of K, target candidates = columns of the output head G)."""
    r72, read = him_construction(), three_slot_read()
    return {
        "r72": r72,
        "read": read,
        "interv": interventions(),
        "lab02": lab02_interface(),
        "r72_slots": len(r72["k"]), "r72_cands": np.shape(r72["G"])[1],
        "read_slots": len(read["k"]), "read_cands": np.shape(read["G"])[1],
    }
