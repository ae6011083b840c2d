"""kernels.lexical against torch (nn.Embedding backward, an autograd fixed-window LM) and properties."""
import numpy as np
import pytest
import torch

from kernels.lexical import change_of_basis, concat_window, embedding_backward, fixed_window_lm

rng = np.random.default_rng(7)


def test_embedding_backward_matches_torch_embedding():
    V, d = 6, 3
    ids = [2, 0, 2, 5, 2]
    grads = rng.normal(size=(len(ids), d))
    emb = torch.nn.Embedding(V, d).double()
    out = emb(torch.tensor(ids))
    out.backward(torch.tensor(grads))
    np.testing.assert_allclose(embedding_backward(V, ids, grads), emb.weight.grad.numpy(), rtol=1e-13, atol=1e-15)


def test_embedding_backward_repeated_ids_add_and_unused_rows_stay_zero():
    g = np.array([[1.0, 0.0], [0.0, 2.0], [3.0, -1.0]])
    out = embedding_backward(4, [1, 1, 1], g)
    np.testing.assert_array_equal(out[1], g.sum(axis=0))
    assert not out[[0, 2, 3]].any()


def test_embedding_backward_rejects_bad_shapes():
    with pytest.raises(ValueError):
        embedding_backward(3, [0, 1], np.zeros((3, 2)))
    with pytest.raises(IndexError):
        embedding_backward(3, [0, 3], np.zeros((2, 2)))


def test_concat_window_keeps_order():
    E = np.array([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_array_equal(concat_window(E, [0, 1]), [1, 2, 3, 4])
    np.testing.assert_array_equal(concat_window(E, [1, 0]), [3, 4, 1, 2])


def test_fixed_window_lm_matches_torch():
    V, d, k, H, out = 7, 3, 3, 4, 5
    E, W, b = rng.normal(size=(V, d)), rng.normal(size=(H, k * d)), rng.normal(size=H)
    U, c = rng.normal(size=(out, H)), rng.normal(size=out)
    prefix = [4, 1, 6, 2, 0]
    step = fixed_window_lm(E, prefix, k, W, b, U, c)
    t = {n: torch.tensor(a) for n, a in dict(E=E, W=W, b=b, U=U, c=c).items()}
    z = t["E"][torch.tensor(prefix[-k:])].reshape(-1)
    logits = t["U"] @ torch.tanh(t["W"] @ z + t["b"]) + t["c"]
    np.testing.assert_allclose(step.z, z.numpy(), rtol=1e-14)
    np.testing.assert_allclose(step.logits, logits.numpy(), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(step.probs, torch.softmax(logits, 0).numpy(), rtol=1e-12, atol=1e-14)
    assert step.window == (6, 2, 0)


def test_fixed_window_lm_ignores_ids_before_the_window():
    E, W, U = rng.normal(size=(5, 2)), rng.normal(size=(3, 4)), rng.normal(size=(4, 3))
    a = fixed_window_lm(E, [0, 1, 3, 4], 2, W, np.zeros(3), U, np.zeros(4))
    b = fixed_window_lm(E, [2, 2, 2, 3, 4], 2, W, np.zeros(3), U, np.zeros(4))
    np.testing.assert_array_equal(a.probs, b.probs)
    with pytest.raises(ValueError):
        fixed_window_lm(E, [1], 2, W, np.zeros(3), U, np.zeros(4))


def test_change_of_basis_keeps_downstream_scores():
    E, H = rng.normal(size=(5, 3)), rng.normal(size=(3, 4))
    A = rng.normal(size=(3, 3)) + 3 * np.eye(3)
    new = change_of_basis(E, H, A)
    np.testing.assert_allclose(new.table @ new.head, E @ H, rtol=1e-12, atol=1e-12)
    assert not np.allclose(new.table, E)
    with pytest.raises(ValueError):
        change_of_basis(E, H, np.zeros((3, 3)))
