"""The project's folders, defined once for the checker, the site hooks and the tests, and how a project file is
replaced (atomically, keeping it readable)."""
import hashlib
import json
import os
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
VERIFY_OUT = ROOT / "build" / "verify"
DATA = ROOT / "checker" / "data"


def project_relative(path: Path) -> str:
    """`docs/lecture/ch03/3-5.md` for a page inside the project, the path as given otherwise."""
    resolved = Path(path).resolve()
    return resolved.relative_to(ROOT).as_posix() if resolved.is_relative_to(ROOT) else str(path)


def write_text_atomically(path: Path, text: str) -> None:
    """Replace a project file in one step: a crash leaves the old file or the new one, never half of either. The file
    keeps its mode (mkstemp's is private), or gets 0644 when it is new."""
    path = Path(path)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.chmod(tmp, mode)
    os.replace(tmp, path)


def load_pins_file(path: Path, valid, expected: str) -> dict:
    """A committed JSON file of pins ({} when it is absent); a broken one is one line naming the file and line."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SystemExit(f"{project_relative(path)}:{exc.lineno}: not valid JSON ({exc.msg}); restore it from git "
                         "or regenerate it with `make pin` after reading the pages")
    if not valid(data):
        raise SystemExit(f"{project_relative(path)}:1: expected {expected}; restore it from git")
    return data


def cached_by_mtime(path: Path, cache: dict, load):
    """load(), again only when the file's modification time changed (a process checks many pages)."""
    stamp = path.stat().st_mtime_ns if path.is_file() else None
    if cache.get("stamp") != stamp or "value" not in cache:
        cache.update(stamp=stamp, value=load())
    return cache["value"]


def entry_digest(entry) -> str:
    """What a page's check depends on in a pins file: its own entry, so that re-pinning one page re-checks only it."""
    return hashlib.sha256(json.dumps(entry, ensure_ascii=False, sort_keys=True).encode()).hexdigest()
