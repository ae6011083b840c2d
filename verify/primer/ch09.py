"""Primer chapter 9: one LSTM memory cell by hand, its endpoints, a GRU cell, and parameter counts (教学构造).

The gate values are stated directly (the primer does not derive them from weights); the cell
arithmetic comes from kernels.recurrent.lstm_cell_update, the GRU mix from gru_interpolate,
squashing from kernels.embeddings.sigmoid and layer sizes from recurrent_parameter_count.
"""
import numpy as np

from kernels.embeddings import sigmoid
from kernels.recurrent import GATE_BLOCKS, gru_interpolate, lstm_cell_update, recurrent_parameter_count
from checker.evidence import inputs, kinds

C_PREV = 0.8      # the old memory of one cell (§9.2)
FORGET = 0.9      # share of the old memory kept
CANDIDATE = 0.5   # new candidate content
INPUT = 0.2       # share of the candidate written
OUTPUT = 0.7      # share of tanh(c) exposed
GATE_OPEN = 1.0  # §9.2's idealized endpoints: keep share 1 ...
GATE_SHUT = 0.0  # ... and write share 0
GATE_INPUT = 5.0  # a large but finite pre-activation, to show sigmoid never reaches its ends

# §9.3: ⊙ on a two-cell memory
C_PAIR = np.array([1.0, 2.0])
F_PAIR = np.array([0.5, 0.1])

OTHER_OUTPUT = 0.3   # the exercise: same memory, a different output gate (§9.4)
GRU_WRITE = 0.2      # a GRU update gate in the course convention: share of the candidate written
WIDTH = 128          # word vectors and states, as in §8.3


@kinds(course="c c_prev clear_kept f g gate_open gate_shut h i keep_all_c kept o pair_c pair_f pair_kept pair_width written",
       site_construction="gate_in gate_in_neg sig_hi sig_lo",
       rules={"clear_kept": "primer §9.2: 保留比例为 0，则旧内容被清除 — the kept part of the old memory is 0",
              "keep_all_c": "primer §9.2: 保留比例为 1、写入比例为 0，旧记忆就原样保留 — the cell's old memory, "
                            "假设某一格原来是 0.8, stays 0.8",
              "pair_width": "the entries of primer §9.3's ⊙ example [1,2] ⊙ [0.5,0.1]: two cells",
              "kept": "the first product primer §9.2 writes out in 新记忆 = 0.8×0.9 + 0.5×0.2: 0.8×0.9",
              "written": "the second product primer §9.2 writes out in 新记忆 = 0.8×0.9 + 0.5×0.2: 0.5×0.2"})
@inputs("c_prev", "f", "g", "gate_in", "gate_in_neg", "gate_open", "gate_shut", "i", "o", "pair_c", "pair_f")
def one_cell() -> dict:
    """§9.2–§9.3: c_t = f c_{t-1} + i g, h_t = o tanh(c_t), plus the idealized endpoints."""
    step = lstm_cell_update(C_PREV, FORGET, INPUT, CANDIDATE, OUTPUT)
    keep_all = lstm_cell_update(C_PREV, GATE_OPEN, GATE_SHUT, CANDIDATE, OUTPUT)
    clear = lstm_cell_update(C_PREV, GATE_SHUT, INPUT, CANDIDATE, OUTPUT)
    width = len(C_PAIR)
    pair = lstm_cell_update(C_PAIR, F_PAIR, np.zeros(width), np.zeros(width), np.ones(width))
    return {
        "c_prev": C_PREV, "f": FORGET, "g": CANDIDATE, "i": INPUT, "o": OUTPUT,
        "kept": float(step.kept), "written": float(step.written), "c": float(step.c), "h": float(step.h),
        "gate_open": GATE_OPEN, "gate_shut": GATE_SHUT, "keep_all_c": float(keep_all.c), "clear_kept": float(clear.kept), "clear_c": float(clear.c),
        "gate_in": GATE_INPUT, "sig_hi": float(sigmoid(GATE_INPUT)), "gate_in_neg": -GATE_INPUT, "sig_lo": float(sigmoid(-GATE_INPUT)),
        "pair_c": C_PAIR, "pair_f": F_PAIR, "pair_kept": pair.kept, "pair_width": width,
    }


@kinds(# c_prev, g, z, o: §9.2's cell values (0.8, 0.5, 0.2, 0.7), used (沿用) in the site's GRU cell and its instance
       # of the exercise; width: §6.2/§8.3's 128, used in the site's parameter count: values the course set stay the
       # course's (checker/borrowing.py); what the site computes from them is its own
       course="c_prev g o z width lstm_blocks lstm_gates gru_blocks gru_gates",
       site_construction=("bi_lstm_params bi_width ex_c ex_h ex_h2 gru_h "
                          "gru_params keep_share lstm_params o2 ratio ex_c2"),
       rules={"lstm_gates": "primer §9.3's table names three LSTM gates: f_t (遗忘门), i_t (输入门), o_t (输出门)",
              "lstm_blocks": "the three gates of §9.3 plus the candidate g_t: four weight blocks (appendix B prints the four formulas f, i, g, o)",
              "gru_gates": "lecture §2.13's GRU uses two gates, the update gate z_t and the reset gate r_t",
              "gru_blocks": "lecture §2.13's three weighted GRU formulas (each W x + U h + b): z_t, r_t and the "
                            "candidate h̃_t; the fourth, h_t, only mixes them"})
@inputs("c_prev", "g", "o", "o2", "width", "z")
def gru_and_sizes() -> dict:
    """§9.4: one GRU cell on the same numbers, LSTM vs GRU sizes, bidirectional width, the exercise."""
    lstm = recurrent_parameter_count("lstm", WIDTH, WIDTH)
    gru = recurrent_parameter_count("gru", WIDTH, WIDTH)
    same_memory = lstm_cell_update(C_PREV, 1.0, 0.0, CANDIDATE, OUTPUT)
    other_output = lstm_cell_update(C_PREV, 1.0, 0.0, CANDIDATE, OTHER_OUTPUT)
    return {
        "c_prev": C_PREV, "g": CANDIDATE, "z": GRU_WRITE,
        "keep_share": float(gru_interpolate(1.0, 0.0, GRU_WRITE, z_means="write")),  # old = 1, candidate = 0
        "gru_h": float(gru_interpolate(C_PREV, CANDIDATE, GRU_WRITE, z_means="write")),
        "width": WIDTH, "lstm_params": lstm, "gru_params": gru, "ratio": gru / lstm,
        # weight blocks per cell as the kernel counts them; every block but the candidate's is a gate
        "lstm_blocks": GATE_BLOCKS["lstm"], "lstm_gates": GATE_BLOCKS["lstm"] - 1,
        "gru_blocks": GATE_BLOCKS["gru"], "gru_gates": GATE_BLOCKS["gru"] - 1,
        "bi_lstm_params": recurrent_parameter_count("lstm", WIDTH, WIDTH, directions=2),
        "bi_width": len(np.concatenate([np.zeros(WIDTH), np.zeros(WIDTH)])),  # forward ⊕ backward state
        "ex_c": float(same_memory.c), "o": OUTPUT, "ex_h": float(same_memory.h),
        "o2": OTHER_OUTPUT, "ex_h2": float(other_output.h),
        "ex_c2": float(other_output.c),   # the memory under the other output gate ("记忆不变")
    }
