"""The project's folders, defined once for the checker, the site hooks and the tests, and how a project file is
replaced (atomically, keeping it readable)."""
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


def page_key(path: Path) -> str:
    """A page's name in the absences file: `docs/lecture/ch03/3-5.md`, for the page in this project and for a copy of
    it under another project's docs/ (a test's scratch copy of a page says what the course lacks as the page does)."""
    relative = project_relative(path)
    if not relative.startswith("/"):
        return relative
    parts = Path(path).resolve().parts
    return "/".join(parts[len(parts) - 1 - parts[::-1].index("docs"):]) if "docs" in parts else relative


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
