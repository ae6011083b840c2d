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
from kernels.probability import softmax
from verify.lecture.ch03_read import him_construction, interventions, three_slot_read
from checker.evidence import kinds

LAB02_SOURCE_POSITIONS = 6   # the six teaching segments of the old 她/her source sentence
LAB02_WIDTH = 32             # source-state, query and decoder width borrowed from the synthetic implementation
LAB02_SEED = 0               # any seed: shapes and the first-step read do not depend on it
AGREEMENT_TOL = 1e-12        # model read vs numpy kernel read, per entry
LAB02_GROUPS = ("固定摘要", "动态读取")   # the seed's "LAB02两组": the fixed-summary and the dynamic-read group


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
        "n_weights": int(weights.shape[-1]),     # the first read's weights in this run (one per source position)
        "first_alpha_max": float(weights.max()), "first_alpha_min": float(weights.min()),
        "first_row_sum": float(weights.sum()),
        "query_abs_max": float(q.abs().max()),
        "kernel_entries": int(diffs.size), "kernel_agree": int(np.sum(diffs <= AGREEMENT_TOL)),
        "tol": AGREEMENT_TOL,
    }


@kinds(course=("interv lab02 lab02_groups lab02_run.n_weights r72 r72_c_column r72_cands r72_slots read read_cands "
               "read_slots"),
       site_construction="interv_v_vocab lab02_run r72_loss",
       rules={"lab02_run.n_weights": "the seed's interface table: |α|1×6|沿6个源位置softmax — one weight per teaching "
                                     "source position, six; the site's step runs at that setting (6 个源位置), so its "
                                     "first read has the course's six weights",
              "read_cands": "the words of the READ vocabulary the seed lists, counted: 小词表依次为 her、book、yesterday",
              "r72_cands": "the seed's 三个目标候选: the R7.2 vocabulary him、book、yesterday, one column of G each",
              "lab02.shape.Z[0]": "the seed's interface table: |Z|6×32|六段教学源切分的上下文状态 and α 1×6 "
                                  "沿6个源位置softmax: six teaching source segments, one row of Z each",
              "read_slots": "the READ extension 选取“她、书、昨天”三个源位置 and prints 指数为 (2.718282,1,2.718282): "
                            "one exponential per slot, three"})
def attention_to_prediction() -> dict:
    """Everything the topic page states, each part under its own identity, plus the counts the page
    writes in words (source slots = rows of K, target candidates = columns of the output head G).

    Whose numbers (seed 001): the R7.2 and READ constructions, both interventions' reads, the q-branch's
    logits and probabilities, and the LAB02 interface sizes (6 segments, width 32, the shape table) are
    printed by the earlier site's page, so they are the course's. The site's own: the him loss at full
    precision (r72_loss, .352840; the seed prints .352839 from the rounded probability), the v-branch's
    logits and probabilities (interv_v_vocab; the seed gives only its read-out), and everything read off
    the one step of this project's untrained kernels.seq2seq (lab02_run: its vocabulary, the first-step
    weights, the agreement with kernels.attention.attend)."""
    r72, read, interv = him_construction(), three_slot_read(), interventions()
    v_logits = np.asarray(interv["v_int"]["context"]) @ np.asarray(interv["G"])   # the v-branch through the same G
    lab = lab02_interface()
    interface = ("positions", "width", "shape")
    return {
        "r72": r72,
        "r72_loss": r72["loss"],
        "read": read,
        "interv": interv,
        "interv_v_vocab": {"logits": v_logits, "probs": softmax(v_logits)},
        # the course's interface table; the logits row is 1×词表大小, the vocabulary being the site's (lab02_run)
        "lab02": {**{k: lab[k] for k in interface}, "shape": {**lab["shape"], "logits": lab["shape"]["logits"][:1]}},
        "lab02_run": {"vocab": lab["shape"]["logits"][1],
                      **{k: v for k, v in lab.items() if k not in interface and k != "vocab"}},
        "lab02_groups": len(LAB02_GROUPS),
        "r72_slots": len(r72["k"]), "r72_cands": np.shape(r72["G"])[1],
        # the read-out c as a column: colsum(c * G) is cG, so column j of G gives candidate j's logit
        "r72_c_column": np.asarray(r72["context"], dtype=float)[:, None],
        "read_slots": len(read["k"]), "read_cands": np.shape(read["G"])[1],
    }
