"""The project's folders, defined once for the checker, the site hooks and the tests."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
VERIFY_OUT = ROOT / "build" / "verify"
DATA = ROOT / "verify" / "data"


def project_relative(path: Path) -> str:
    """`docs/lecture/ch03/3-5.md` for a page inside the project, the path as given otherwise."""
    resolved = Path(path).resolve()
    return resolved.relative_to(ROOT).as_posix() if resolved.is_relative_to(ROOT) else str(path)
