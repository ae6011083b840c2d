"""Shared test helpers: a throwaway copy of the project to mutate and run commands in."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from verify.paths import ROOT
COPY_IGNORE = shutil.ignore_patterns(".venv", "site", "build", ".git", ".helpers", "__pycache__", ".hypothesis",
                                     "*.egg-info")


@pytest.fixture
def project(tmp_path) -> Path:
    dest = tmp_path / "project"
    shutil.copytree(ROOT, dest, ignore=COPY_IGNORE)
    return dest


def run_in(project: Path, *args: str) -> subprocess.CompletedProcess:
    """Run `python -m ARGS` inside the copy, importing the copy's packages, not the installed ones."""
    env = {"PYTHONPATH": str(project), "PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1", "HOME": str(project)}
    return subprocess.run([sys.executable, "-m", *args], cwd=project, env=env, capture_output=True, text=True,
                          timeout=300)


def edit(path: Path, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path} no longer contains {old!r}; update the mutation test"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def check_text(tmp_path: Path, text: str, name: str = "page.md"):
    """Write `text` as a page under tmp_path and check it with a cold cache; every error must be one line
    that starts with the page's path and line. Returns the report."""
    import re

    from verify import checker

    checker._cache.clear()
    page = tmp_path / name
    page.write_text(text, encoding="utf-8")
    report = checker.check_page(page)
    for error in report.errors:
        assert "\n" not in error and re.match(rf"^\S*{re.escape(name)}:\d+: \S", error), error
    return report


def assert_prefix_retrains(recorded: dict, got: dict) -> None:
    """A short retrain matches the committed prefix fingerprint bit for bit on the vector unit that trained it;
    on another one (AVX-512 vs AVX2 order float sums differently) every parameter tensor's sum agrees to 1e-5."""
    import pytest

    if got["cpu_capability"] == recorded["cpu_capability"]:
        assert got["sha256"] == recorded["sha256"]
    else:
        for name, total in recorded["parameter_sums"].items():
            assert got["parameter_sums"][name] == pytest.approx(total, rel=1e-5, abs=1e-6), name
