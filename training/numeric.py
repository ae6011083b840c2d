"""The one numeric mode every model of this project is trained, stored and checked in: float64, one
intra-op thread on the CPU, torch's deterministic algorithms.

Why float64, measured (AMD EPYC, AVX2, torch 2.13.0): the same training run under two CPU kernel sets of one
machine, the native one and BASELINE_KERNELS below (other vector code in torch, another GEMM path in MKL).
Largest relative difference of any weight tensor after training (max |a - b| / max |a|):

| run                                        | float32 | float64  |
|--------------------------------------------|---------|----------|
| route G fact decoder, 400 updates          | 0.89    | 3.9e-10  |
| pixel QA shape model, 1200 updates         | 0.98    | 6.6e-14  |
| reversal seq2seq (dynamic), 500 updates    | 0.15    | 2.2e-7   |
| route C RNN, distance 120, no clipping     | 1.37    | 3.8e-13  |

In float32 training turns last-bit rounding differences into a different model: another CPU trained
another network, with other accuracies (route C's RNN above: 0.5000 against 0.5039). In float64 the same
differences stay far below every digit a page prints, so a committed result is reproducible on any x86-64 CPU
to a tolerance measured here, not only on the machine that trained it. What is *not* reproducible across
kernel sets is the last bits, so no check compares a retrained model's sha256 across machines; the committed
files themselves are pinned by sha256 in their manifests.

torch, numpy and the standard library only (the GPU machine has no mkdocs).
"""
from __future__ import annotations

import contextlib
import platform

import torch

DTYPE = torch.float64
DTYPE_NAME = "float64"

# A second CPU kernel set on the same machine: torch's scalar kernels instead of its AVX2/AVX-512 ones,
# MKL's conditional-reproducibility GEMM path instead of its tuned one, numpy's baseline loops instead of
# its AVX2 ones. Tests run the trained-result and notebook checks under it as well as natively.
BASELINE_KERNELS = {"ATEN_CPU_CAPABILITY": "default", "MKL_CBWR": "COMPATIBLE",
                    "NPY_DISABLE_CPU_FEATURES": "X86_V3"}

# Relative tolerance (of a tensor's largest magnitude) for a retrained model against the committed one,
# or a short retrain against its recorded fingerprint: 45 times the largest drift measured above (2.2e-7,
# the seq2seq after 500 updates). A changed hyperparameter, seed or data order moves weights by 1e-3 or more.
WEIGHT_RTOL = 1e-5

DETERMINISM = ("float64 (torch.set_default_dtype); torch.use_deterministic_algorithms(True); "
               "one intra-op thread on the CPU")


@contextlib.contextmanager
def pinned(device: str = "cpu"):
    """The pinned mode for the duration of a block; torch's previous settings are restored after."""
    saved = (torch.get_default_dtype(), torch.are_deterministic_algorithms_enabled(),
             torch.is_deterministic_algorithms_warn_only_enabled(), torch.get_num_threads(),
             torch.backends.cudnn.benchmark, torch.backends.cudnn.deterministic)
    try:
        torch.set_default_dtype(DTYPE)
        # On CUDA an op without a deterministic kernel warns instead of failing: the GPU run is compared
        # with the CPU reference under tolerances, not bitwise.
        torch.use_deterministic_algorithms(True, warn_only=device != "cpu")
        if device == "cpu":
            torch.set_num_threads(1)
        else:
            torch.backends.cudnn.benchmark = False
            torch.backends.cudnn.deterministic = True
        yield
    finally:
        torch.set_default_dtype(saved[0])
        torch.use_deterministic_algorithms(saved[1], warn_only=saved[2])
        torch.set_num_threads(saved[3])
        torch.backends.cudnn.benchmark, torch.backends.cudnn.deterministic = saved[4], saved[5]


def environment(device: str) -> dict:
    """Where a run happened (recorded in manifests): device, versions, threads, dtype, CPU kernel set."""
    env = {"device": device, "torch": torch.__version__, "python": platform.python_version(),
           "platform": platform.platform(), "processor": platform.machine(),
           "threads": torch.get_num_threads(), "dtype": str(torch.get_default_dtype()).replace("torch.", ""),
           "cpu_capability": torch.backends.cpu.get_cpu_capability()}
    if device == "cuda":
        env["gpu"] = torch.cuda.get_device_name(0)
        env["cuda"] = torch.version.cuda
    return env


# --------------------------------------------------------------------------- comparing weights

def _projection(name: str, n: int) -> torch.Tensor:
    """Fixed pseudo-random weights for one tensor (seeded by its name), so a fingerprint notices a change
    that keeps a tensor's sum and norm (two entries swapped)."""
    seed = sum(ord(c) * 31 ** i for i, c in enumerate(name)) % (2 ** 31)
    return torch.randn(n, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)


def fingerprint(state: dict) -> dict:
    """Per tensor, in float64: its size, sum, sum of squares, a fixed random projection and largest magnitude."""
    out = {}
    for name, value in state.items():
        v = value.detach().to("cpu", torch.float64).reshape(-1)
        out[name] = {"n": v.numel(), "sum": float(v.sum()), "sum_squares": float((v * v).sum()),
                     "projection": float(v @ _projection(name, v.numel())),
                     "max_abs": float(v.abs().max()) if v.numel() else 0.0}
    return out


def fingerprint_differences(recorded: dict, got: dict, rtol: float = WEIGHT_RTOL) -> list[str]:
    """Statistics that differ by more than rtol times their noise scale; [] when every tensor agrees.
    Rounding drift has random sign per entry, so a statistic of n entries of magnitude <= m drifts by about
    sqrt(n) m times the per-entry drift: that is the scale, so a tensor whose sum is near zero is not judged
    relative to zero, and a real change (1e-3 of every entry) still exceeds it a hundredfold."""
    if sorted(recorded) != sorted(got):
        return [f"tensors differ: {sorted(set(recorded) ^ set(got))}"]
    problems = []
    for name, r in recorded.items():
        g = got[name]
        if g["n"] != r["n"]:
            problems.append(f"{name}: {g['n']} entries vs recorded {r['n']}")
            continue
        m, root = max(r["max_abs"], 1e-12), max(r["n"], 1) ** 0.5
        scales = {"sum": m * root, "sum_squares": 2 * m * m * root, "projection": m * root, "max_abs": m}
        for key, scale in scales.items():
            if abs(g[key] - r[key]) > rtol * scale:
                problems.append(f"{name}: {key} {g[key]:.10g} vs recorded {r[key]:.10g} (tolerance {rtol * scale:.2g})")
    return problems


def state_differences(reference: dict, candidate: dict, rtol: float = WEIGHT_RTOL) -> dict:
    """Largest |a - b| / max |a| of each tensor of two state dicts, and whether all are within rtol."""
    gaps = {}
    for name, a in reference.items():
        a, b = a.to(torch.float64), candidate[name].to(torch.float64)
        gaps[name] = float((a - b).abs().max() / a.abs().max().clamp_min(1e-12)) if a.numel() else 0.0
    worst = max(gaps, key=gaps.get)
    return {"largest": {"tensor": worst, "relative": gaps[worst]}, "rtol": rtol,
            "ok": all(g <= rtol for g in gaps.values())}
