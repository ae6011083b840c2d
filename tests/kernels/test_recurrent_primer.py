"""The primer's recurrent and language-model pieces against scipy, torch.nn cells/modules and torch losses."""
import math

import numpy as np
import pytest
import torch
from scipy.signal import lfilter

from kernels.recurrent import decayed_record, lstm_cell_update, lstm_step, recurrent_parameter_count
from kernels.sampling import next_token_pairs, perplexity_of_probs, token_nll
from kernels.text_stats import padded

rng = np.random.default_rng(5)


# --------------------------------------------------------------------------- decayed record (§8.2, §8.5)

@pytest.mark.parametrize("keep", [0.5, 0.9, 1.5, -0.3])
def test_decayed_record_is_a_first_order_iir_filter(keep):
    """h_t = keep h_{t-1} + x_t is scipy's lfilter with b = [1], a = [1, -keep]."""
    x = rng.normal(size=12)
    np.testing.assert_allclose(decayed_record(x, keep)[1:], lfilter([1.0], [1.0, -keep], x), rtol=1e-12, atol=1e-14)


def test_decayed_record_primer_examples():
    np.testing.assert_allclose(decayed_record([1, 0, 2], 0.5), [0, 1, 0.5, 2.25])
    np.testing.assert_allclose(decayed_record([2, 0, 1], 0.5), [0, 2, 1, 1.5])
    assert decayed_record([1] + [0] * 10, 0.5)[-1] == 0.5 ** 10


# --------------------------------------------------------------------------- LSTM cell update (§9.2)

def logit(p):
    return math.log(p / (1 - p))


def test_lstm_cell_update_matches_torch_lstmcell_with_gates_set_by_biases():
    """Zero weights, biases chosen so sigmoid/tanh give the stated gates: torch gate order i, f, g, o."""
    H = 3
    c_prev = rng.normal(size=H)
    f, i, o = rng.uniform(0.05, 0.95, size=(3, H))
    g = rng.uniform(-0.9, 0.9, size=H)
    cell = torch.nn.LSTMCell(2, H).double()
    with torch.no_grad():
        cell.weight_ih.zero_(), cell.weight_hh.zero_(), cell.bias_hh.zero_()
        bias = np.concatenate([[logit(v) for v in i], [logit(v) for v in f], np.arctanh(g), [logit(v) for v in o]])
        cell.bias_ih.copy_(torch.tensor(bias))
        h_ref, c_ref = cell(torch.zeros(1, 2, dtype=torch.float64),
                            (torch.zeros(1, H, dtype=torch.float64), torch.tensor(c_prev)[None]))
    ours = lstm_cell_update(c_prev, f, i, g, o)
    np.testing.assert_allclose(ours.c, c_ref[0].numpy(), rtol=1e-12)
    np.testing.assert_allclose(ours.h, h_ref[0].numpy(), rtol=1e-12)
    np.testing.assert_allclose(ours.kept + ours.written, ours.c)


def test_lstm_cell_update_is_the_second_half_of_lstm_step():
    d, H = 2, 3
    Ws = [rng.normal(size=(H, H + d)) for _ in range(4)]
    bs = [rng.normal(size=H) for _ in range(4)]
    x, h, c = rng.normal(size=d), rng.normal(size=H), rng.normal(size=H)
    step = lstm_step(x, h, c, *Ws, *bs)
    upd = lstm_cell_update(c, step.f, step.i, step.g, step.o)
    np.testing.assert_allclose(upd.c, step.c), np.testing.assert_allclose(upd.h, step.h)


def test_lstm_cell_update_primer_numbers_and_endpoints():
    u = lstm_cell_update(0.8, 0.9, 0.2, 0.5, 0.7)
    assert float(u.c) == pytest.approx(0.82) and float(u.h) == pytest.approx(0.7 * math.tanh(0.82))
    assert float(lstm_cell_update(0.8, 1.0, 0.0, 0.5, 0.7).c) == 0.8       # keep all, write nothing
    assert float(lstm_cell_update(0.8, 0.0, 0.2, 0.5, 0.7).kept) == 0.0    # old content cleared


# --------------------------------------------------------------------------- parameter counts (§9.4)

@pytest.mark.parametrize("cell,module", [("rnn", torch.nn.RNN), ("gru", torch.nn.GRU), ("lstm", torch.nn.LSTM)])
@pytest.mark.parametrize("d,H,bidir", [(5, 7, False), (128, 128, False), (3, 4, True)])
def test_parameter_count_matches_torch_modules(cell, module, d, H, bidir):
    ref = sum(p.numel() for p in module(d, H, bidirectional=bidir).parameters())
    assert recurrent_parameter_count(cell, d, H, biases=2, directions=2 if bidir else 1) == ref
    no_bias = sum(p.numel() for p in module(d, H, bias=False).parameters())
    assert recurrent_parameter_count(cell, d, H, biases=0) == no_bias


def test_parameter_count_rejects_unknown_cells():
    with pytest.raises(ValueError, match="cell must be"):
        recurrent_parameter_count("transformer", 4, 4)


# --------------------------------------------------------------------------- next-token data and losses (§11)

def test_next_token_pairs_offset_by_one_and_agree_with_padding():
    inputs, targets = next_token_pairs(["我", "喜欢", "电影"])
    assert inputs == ["<BOS>", "我", "喜欢", "电影"] and targets == ["我", "喜欢", "电影", "<EOS>"]
    assert inputs[1:] == targets[:-1]
    full = padded(["我", "喜欢", "电影"], 2)
    assert inputs == full[:-1] and targets == full[1:]


def test_token_nll_matches_torch_nll_loss():
    p = rng.dirichlet(np.ones(6), size=4)
    y = np.array([0, 3, 5, 2])
    ref = torch.nn.functional.nll_loss(torch.log(torch.tensor(p)), torch.tensor(y), reduction="none").numpy()
    np.testing.assert_allclose(token_nll(p[np.arange(4), y]), ref, rtol=1e-12)
    probs = [0.5, 0.25, 0.125]
    assert math.exp(token_nll(probs).mean()) == pytest.approx(perplexity_of_probs(probs)) == pytest.approx(4.0)
    with pytest.raises(ValueError):
        token_nll([0.0, 0.5])
