"""The pinned numeric mode (training/numeric.py): what it sets and restores, and that its weight
fingerprint tolerates rounding drift but not a real change."""
import pytest
import torch

from training.numeric import (DTYPE, WEIGHT_RTOL, fingerprint, fingerprint_differences, pinned,
                                        state_differences)


def test_pinned_sets_float64_one_thread_deterministic_and_restores_everything():
    before = (torch.get_default_dtype(), torch.get_num_threads(), torch.are_deterministic_algorithms_enabled())
    with pinned("cpu"):
        assert torch.get_default_dtype() == DTYPE == torch.float64
        assert torch.get_num_threads() == 1 and torch.are_deterministic_algorithms_enabled()
        assert torch.nn.Linear(2, 2).weight.dtype == torch.float64
    assert (torch.get_default_dtype(), torch.get_num_threads(), torch.are_deterministic_algorithms_enabled()) == before


def test_the_training_loop_refuses_a_model_outside_the_pinned_dtype():
    from training.loop import fit
    model = torch.nn.Linear(2, 1).float()
    with pytest.raises(TypeError, match="pinned"):
        fit(model, torch.optim.SGD(model.parameters(), lr=0.1), 1, lambda: model(torch.ones(1, 2)).sum(), 1, "cpu")


def _state(seed: int = 0) -> dict:
    g = torch.Generator().manual_seed(seed)
    return {"w": torch.randn(64, 32, generator=g, dtype=torch.float64), "b": torch.randn(32, generator=g, dtype=torch.float64)}


def test_rounding_drift_passes_and_a_real_change_fails():
    state = _state()
    recorded = fingerprint(state)
    drifted = {k: v * (1 + 1e-9 * torch.randn(v.shape, generator=torch.Generator().manual_seed(1), dtype=torch.float64))
               for k, v in state.items()}
    assert not fingerprint_differences(recorded, fingerprint(drifted))
    assert state_differences(state, drifted)["ok"]
    changed = {k: v * (1 + 1e-3 * torch.randn(v.shape, generator=torch.Generator().manual_seed(2), dtype=torch.float64))
               for k, v in state.items()}
    assert fingerprint_differences(recorded, fingerprint(changed))
    assert not state_differences(state, changed)["ok"]


def test_two_swapped_entries_change_the_fingerprint():
    """Sum, sum of squares and largest magnitude do not see a permutation; the fixed projection does."""
    state = _state()
    swapped = {k: v.clone() for k, v in state.items()}
    flat = swapped["w"].view(-1)
    flat[[0, 1]] = flat[[1, 0]]
    assert fingerprint_differences(fingerprint(state), fingerprint(swapped), WEIGHT_RTOL)
