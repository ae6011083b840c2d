"""The command lines of the store/diagnose modules: one way to train and one way to diagnose.

`python -m training.<name>` trains into --out (refusing to overwrite committed checkpoints
without --force) or diagnoses --dir; a refused or failed run is one line on stderr and a non-zero exit.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable

from training.store import CheckpointError, write_bytes_atomically


def _parser(prog: str, doc: str | None) -> argparse.ArgumentParser:
    return argparse.ArgumentParser(prog=f"python -m {prog}", description=doc,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def train_main(argv, *, prog: str, doc: str | None, train_all: Callable, out: Path) -> int:
    """--out DIR, --device auto|cpu|cuda, --force; train_all(out, device, force)."""
    parser = _parser(prog, doc)
    parser.add_argument("--out", type=Path, default=out)
    parser.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"])
    parser.add_argument("--force", action="store_true", help="overwrite existing checkpoints")
    args = parser.parse_args(argv)
    try:
        train_all(args.out, args.device, args.force)
    except (FileExistsError, CheckpointError) as exc:
        print(f"{prog.rsplit('.', 1)[-1]}: {exc}", file=sys.stderr)
        return 2
    return 0


def diagnose_main(argv, *, prog: str, doc: str | None, diagnose: Callable, directory: Path,
                  payload: Callable[[dict], bytes], summary: Callable[[dict], dict]) -> int:
    """--dir DIR, --json FILE; prints the summary, writes the full payload atomically when asked."""
    parser = _parser(prog, doc)
    parser.add_argument("--dir", type=Path, default=directory)
    parser.add_argument("--json", type=Path, help="write the full report here (atomically)")
    args = parser.parse_args(argv)
    try:
        report = diagnose(args.dir)
    except CheckpointError as exc:
        print(f"{prog.rsplit('.', 1)[-1]}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        write_bytes_atomically(args.json, payload(report))
    print(json.dumps(summary(report), ensure_ascii=False, indent=1))
    return 0
