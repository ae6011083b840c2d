"""One way into the kernels' float64 arithmetic: an input as a float64 array, checked once."""
from __future__ import annotations

import numpy as np


def float_array(x, name: str = "x", ndim: int | None = None, nonempty: bool = False) -> np.ndarray:
    """x as a float64 array; with ndim, it must have that many dimensions; with nonempty, at
    least one entry. Errors name the argument, so a caller sees which input was wrong."""
    array = np.asarray(x, dtype=np.float64)
    if ndim is not None and array.ndim != ndim:
        shape = {1: "a vector", 2: "a matrix"}.get(ndim, f"{ndim}-dimensional")
        raise ValueError(f"{name} must be {shape}, got shape {array.shape}")
    if nonempty and array.size == 0:
        raise ValueError(f"{name} is empty; a distribution needs at least one outcome")
    return array
