"""Live preview (make dev, sitegen/dev.py): an edited page is verified again and shown again without rebuilding the
site; a failing page shows one red status with its one-line message and no green box; the server keeps running and a
fix brings the green box back. What an edit reaches: the page, the pages that link it, the pages whose recorded
inputs include a changed module or data file."""
import os
import socket
import subprocess
import sys
import time
import urllib.request

from conftest import edit


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return ""


def start_preview(project):
    """`python -m sitegen.dev` in the copy; (process, base URL) once it serves."""
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(project), "NO_MKDOCS_2_WARNING": "1"}
    env.pop("SITEGEN_OUT", None)
    server = subprocess.Popen([sys.executable, "-m", "sitegen.dev", "--port", str(port)], cwd=project, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.time() + 400
    while "已核算" not in _get(base + "lecture/ch03/3-5/"):
        assert server.poll() is None and time.time() < deadline, "make dev did not come up: " + (
            server.stdout.read()[-1500:] if server.poll() is not None else "")
        time.sleep(1)
    return server, base


def wait_for(url: str, word: str, server, seconds: float = 120) -> str:
    deadline = time.time() + seconds
    page = ""
    while word not in page:
        assert server.poll() is None and time.time() < deadline, f"the preview did not show {word!r}"
        time.sleep(0.2)
        page = _get(url)
    return page


def test_an_edited_page_that_fails_shows_one_red_status_and_recovers(verified_project):
    project = verified_project
    server, base = start_preview(project)
    url = base + "lecture/ch03/3-5/"
    try:
        other = project / "build" / "sitegen-dev" / "site" / "lecture" / "ch03" / "3-6" / "index.html"
        rendered = other.stat().st_mtime_ns
        edit(project / "docs" / "lecture" / "ch03" / "3-5.md", "(0.702690,0.241553,0.055757)",
             "(0.702691,0.241553,0.055757)")
        page = wait_for(url, "未通过核算", server)
        assert "claim" in page and "0.702691" in page, "the status must carry the checker's one-line message"
        assert page.count('class="verify-box') == 1 and "verify-status-passed" not in page and "已核算" not in page
        assert other.stat().st_mtime_ns == rendered, "a page whose content the edit does not change is not rendered again"
        edit(project / "docs" / "lecture" / "ch03" / "3-5.md", "(0.702691,0.241553,0.055757)",
             "(0.702690,0.241553,0.055757)")
        page = wait_for(url, "verify-status-passed", server)
        assert "未通过核算" not in page
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_what_an_edit_reaches(tmp_path):
    """A page reaches itself; a module or data file reaches the pages whose recorded inputs list it."""
    import json

    from checker.paths import ROOT
    from sitegen.dev import reached_pages
    results = tmp_path / "pages"
    results.mkdir()
    docs = ROOT / "docs"
    pages = {"a": "docs/lecture/ch03/3-5.md", "b": "docs/lecture/ch03/3-6.md", "c": "docs/primer/ch13/13-3.md"}
    inputs = {"a": ["kernels/attention.py", "docs/lecture/ch03/3-5.md"],
              "b": ["kernels/softmax.py", "docs/lecture/ch03/3-5.md", "docs/lecture/ch03/3-6.md"],
              "c": ["results/labs/x.json", "docs/primer/ch13/13-3.md"]}
    for key, path in pages.items():
        (results / f"{key}.json").write_text(json.dumps({"path": path, "inputs": {"files": {f: "0" for f in inputs[key]}}}))
    reach = lambda *changed: [p.relative_to(ROOT).as_posix() for p in reached_pages([ROOT / c for c in changed], results, docs)]  # noqa: E731
    assert reach("docs/lecture/ch03/3-5.md") == ["docs/lecture/ch03/3-5.md", "docs/lecture/ch03/3-6.md"]
    assert reach("kernels/softmax.py") == ["docs/lecture/ch03/3-6.md"]
    assert reach("results/labs/x.json") == ["docs/primer/ch13/13-3.md"]
    assert reach("docs/about/authoring.md") == []
