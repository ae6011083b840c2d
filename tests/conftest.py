"""Shared test helpers: a throwaway copy of the project to mutate and run commands in."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checker.paths import ROOT
COPY_IGNORE = shutil.ignore_patterns(".venv", "site", "build", ".git", ".helpers", "__pycache__", ".hypothesis",
                                     "*.egg-info")


def pytest_configure(config):
    """Each xdist worker has one core of the machine's two: torch's default of one thread per core made two workers
    run four threads on two cores (the CPU retraining and diagnostics tests slowed most). Subprocesses inherit it."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        os.environ["OMP_NUM_THREADS"] = "1"
        if "torch" in sys.modules:
            sys.modules["torch"].set_num_threads(1)


@pytest.fixture
def project(tmp_path) -> Path:
    """A copy of the project without its build outputs, but with the checker's startup stores (compiled patterns,
    parsed data files: checker/startup_cache.py), which an author's checkout has after one run; every command run
    in the copy would otherwise spend its first second and a half compiling them again."""
    dest = tmp_path / "project"
    shutil.copytree(ROOT, dest, ignore=COPY_IGNORE)
    stores = list((ROOT / "build" / "verify").glob("*.pickle"))
    if stores:
        (dest / "build" / "verify").mkdir(parents=True, exist_ok=True)
        for store in stores:
            shutil.copy2(store, dest / "build" / "verify" / store.name)
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
    if "OMP_NUM_THREADS" in os.environ:
        env["OMP_NUM_THREADS"] = os.environ["OMP_NUM_THREADS"]   # one thread per xdist worker (pytest_configure)
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
