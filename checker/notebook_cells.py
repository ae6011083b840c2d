"""What a reader sees of a notebook's cells, and the markers of its machine-dependent parts: shared by the
notebook runner (labs/notebooks.py), the artifact pins (checker/artifacts.py) and the prose check
(checker/notebook_prose.py), so none of them imports another for it."""
from __future__ import annotations

MACHINE_DEPENDENT = "machine-dependent"   # notebook cell tag: its numbers (timings) may differ across machines
MACHINE_DEPENDENT_KEY = "machine_dependent"  # top-level key of a results file: timings etc., pinned, not recomputed


def shown_outputs(cell) -> list[str]:
    """What a reader sees of a code cell's outputs: stream text and plain-text results."""
    shown = []
    for out in cell.get("outputs", []):
        kind = out.get("output_type")
        if kind == "stream":
            # a stream arrives in chunks that depend on flush timing: join consecutive ones
            head = f"{out.get('name')}: "
            if shown and shown[-1].startswith(head):
                shown[-1] += out.get("text", "")
            else:
                shown.append(head + out.get("text", ""))
        elif kind in ("execute_result", "display_data"):
            shown.append(str(out.get("data", {}).get("text/plain", "")))
        elif kind == "error":
            shown.append(f"error: {out.get('ename')}: {out.get('evalue')}")
    return shown
