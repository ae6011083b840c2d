"""Where the seq2seq artifacts live, how they are written (atomically) and read back (hash-checked).

results/seq2seq/ holds data.json (+ data.json.sha256), fixed-500.pt, dynamic-500.pt,
train_log.json and manifest.json; the manifest records the sha256 of the data and of each
checkpoint. Loading recomputes the sha256 and refuses a file that does not match.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

import torch

from kernels.seq2seq import Seq2Seq, Seq2SeqConfig
from training.numeric import DTYPE

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results" / "seq2seq"
UPDATES = 500
NAMES = ("fixed", "dynamic")
DATA_FILE = "data.json"
MANIFEST_FILE = "manifest.json"
LOG_FILE = "train_log.json"


def checkpoint_file(name: str, updates: int = UPDATES) -> str:
    return f"{name}-{updates}.pt"


class CheckpointError(RuntimeError):
    """A stored artifact is missing, or its sha256 differs from the manifest: never used, never retrained over."""


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    return sha256_bytes(Path(path).read_bytes())


def json_bytes(obj) -> bytes:
    """Canonical JSON (sorted keys, two-space indent, trailing newline) so the sha256 is stable."""
    return (json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode("utf-8")


def data_bytes(data: dict) -> bytes:
    """The splits as JSON, one example per line, tokens space-separated:
    {"test": [{"source": "b d a d e", "target": "e d a d b EOS"}, ...], "train": [...], "validation": [...]}."""
    parts = []
    for split in sorted(data):
        rows = ",\n".join(json.dumps({"source": " ".join(r["source"]), "target": " ".join(r["target"])})
                          for r in data[split])
        parts.append(f' "{split}": [\n{rows}\n ]')
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode("utf-8")


def data_from_bytes(blob: bytes) -> dict:
    raw = json.loads(blob)
    return {split: [{"source": r["source"].split(), "target": r["target"].split()} for r in rows]
            for split, rows in raw.items()}


def write_bytes_atomically(path: Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def state_bytes(model: torch.nn.Module, meta: dict) -> bytes:
    """torch.save of {**meta, state_dict} with float64 CPU tensors (the dtype every model trains in,
    training/numeric.py) into bytes."""
    import io
    buffer = io.BytesIO()
    state = {k: v.detach().to("cpu", DTYPE).contiguous() for k, v in model.state_dict().items()}
    torch.save({**meta, "state_dict": state}, buffer)
    return buffer.getvalue()


def checkpoint_bytes(model: Seq2Seq, updates: int) -> bytes:
    return state_bytes(model, {"config": model.config.to_dict(), "updates": updates})


def load_checkpoint(directory: Path, entry: dict, build):
    """(model, stored dict) of a manifest entry: the file hash-checked, `build(stored)` makes the module,
    which is moved to float64 before the weights are loaded (so nothing is rounded) and put in eval mode."""
    import io
    blob = torch.load(io.BytesIO(verified_bytes(directory, entry["file"], entry["sha256"])), weights_only=True)
    model = build(blob).to(DTYPE)
    model.load_state_dict(blob["state_dict"])
    return model.eval(), blob


def _rel(path: Path) -> str:
    path = Path(path).resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def read_manifest(directory: Path = RESULTS, rerun: str = "make checkpoints") -> dict:
    """A checkpoint folder's manifest; `rerun` is the command that writes it, named in the error."""
    path = Path(directory) / MANIFEST_FILE
    if not path.is_file():
        raise CheckpointError(f"{_rel(path)} is missing; run `{rerun}` to train and write it")
    return json.loads(path.read_text(encoding="utf-8"))


def write_checkpoint_set(out: Path, files: dict[str, bytes], logs: dict, manifest: dict) -> None:
    """Checkpoints, then the training log, then the manifest that names their sha256: each atomically,
    and the manifest last, so a folder with a manifest always holds what it lists."""
    for name, blob in files.items():
        write_bytes_atomically(Path(out) / name, blob)
    write_bytes_atomically(Path(out) / LOG_FILE, json_bytes(logs))
    write_bytes_atomically(Path(out) / MANIFEST_FILE, json_bytes(manifest))


def verified_bytes(directory: Path, filename: str, expected: str) -> bytes:
    """The file's bytes, after checking its sha256 against the manifest's value."""
    path = Path(directory) / filename
    if not path.is_file():
        raise CheckpointError(f"{_rel(path)} is missing; restore it (git checkout -- {_rel(path)}) "
                              f"or retrain with `make checkpoints FORCE=1`")
    data = path.read_bytes()
    got = sha256_bytes(data)
    if got != expected:
        raise CheckpointError(f"{_rel(path)}: sha256 {got[:16]}… does not match the manifest's {expected[:16]}…; "
                              f"refusing to use it. Restore it (git checkout -- {_rel(path)}) or retrain with "
                              f"`make checkpoints FORCE=1`")
    return data


def load_data(directory: Path = RESULTS, manifest: dict | None = None) -> dict:
    manifest = manifest or read_manifest(directory)
    return data_from_bytes(verified_bytes(directory, manifest["data"]["file"], manifest["data"]["sha256"]))


def load_model(directory: Path = RESULTS, name: str = "dynamic", manifest: dict | None = None) -> Seq2Seq:
    """The committed model `name`, hash-checked, on the CPU in eval mode (float64 as stored)."""
    manifest = manifest or read_manifest(directory)
    model, _ = load_checkpoint(directory, manifest["models"][name], lambda blob: Seq2Seq(Seq2SeqConfig(**blob["config"])))
    return model


def load_all(directory: Path = RESULTS) -> tuple[dict, dict, dict]:
    """(models by name, data, manifest), every file hash-checked."""
    manifest = read_manifest(directory)
    models = {name: load_model(directory, name, manifest) for name in manifest["models"]}
    return models, load_data(directory, manifest), manifest
