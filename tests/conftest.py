"""Shared test helpers: a throwaway copy of the project to mutate and run commands in."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checker.paths import ROOT
COPY_IGNORE = shutil.ignore_patterns(".venv", "site", "build", ".git", ".helpers", "__pycache__", ".hypothesis",
                                     "*.egg-info")


@pytest.fixture
def project(tmp_path) -> Path:
    dest = tmp_path / "project"
    shutil.copytree(ROOT, dest, ignore=COPY_IGNORE)
    return dest


@pytest.fixture
def verified_project(project) -> Path:
    """The copy with this checkout's recorded verification (build/verify/pages) and drawn figures, as on an author's
    machine: a page whose inputs are unchanged is reused, and an edit re-verifies every page it reaches (the inputs
    key, checker/inputs.py). The cold run over every page is CI's first step, `python -m verify` in the clone."""
    for folder in ("verify/pages", "figures"):
        if (ROOT / "build" / folder).is_dir():
            shutil.copytree(ROOT / "build" / folder, project / "build" / folder, dirs_exist_ok=True)
    return project


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

    from checker import pipeline as checker

    checker._cache.clear()
    page = tmp_path / name
    page.write_text(text, encoding="utf-8")
    report = checker.check_page(page)
    for error in report.errors:
        assert "\n" not in error and re.match(rf"^\S*{re.escape(name)}:\d+: \S", error), error
    return report


@pytest.fixture
def one_thread():
    """Tiny models: one intra-op thread is faster than two on a shared machine (and deterministic)."""
    import torch
    saved = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(saved)
