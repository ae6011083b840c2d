"""One optimisation loop for the small trained models (pixel QA, route G): draw a batch, step, log.

The caller's `batch_loss()` draws its own batch (from its own seeded generator) and returns the loss, so
the order of random draws and tensor operations is exactly the caller's: committed checkpoints retrain
bitwise (tests/test_pixel_qa.py::test_first_updates_retrain_bitwise).
"""
from __future__ import annotations

import time
from typing import Callable

import torch

from training.numeric import DTYPE


def fit(model: torch.nn.Module, optimizer: torch.optim.Optimizer, updates: int,
        batch_loss: Callable[[], torch.Tensor], log_every: int, device: str) -> tuple[list[dict], float]:
    """Run `updates` optimizer steps; returns the logged steps (update 1 and every `log_every`) and wall seconds.
    Refuses a model that is not in the pinned dtype (build it inside numeric.pinned())."""
    wrong = sorted({str(p.dtype) for p in model.parameters() if p.dtype != DTYPE})
    if wrong:
        raise TypeError(f"model parameters are {', '.join(wrong)}, not {DTYPE}; build the model inside "
                        "training.numeric.pinned() so it trains in the project's numeric mode")
    steps, started = [], time.perf_counter()
    model.train()
    for update in range(1, updates + 1):
        loss = batch_loss()
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if update % log_every == 0 or update == 1:
            steps.append({"update": update, "loss": float(loss.detach())})
    if device != "cpu":
        torch.cuda.synchronize()  # wall time covers the queued kernels
    return steps, time.perf_counter() - started
