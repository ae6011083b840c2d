"""Live preview (make dev): under `mkdocs serve`, an edited page is verified again on the rebuild and, when it
fails, the page itself shows its one-line message in the browser; the server keeps running."""
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


def test_an_edited_page_that_fails_shows_its_message_under_mkdocs_serve(verified_project):
    # the copy starts from this checkout's recorded results: every page is current, the first build is quick
    project = verified_project
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(project), "NO_MKDOCS_2_WARNING": "1"}
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                              cwd=project, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}/lecture/ch03/3-5/"
    try:
        deadline = time.time() + 240
        while "已核算" not in _get(url):
            assert server.poll() is None and time.time() < deadline, "mkdocs serve did not come up: " + (server.stderr.read()[-600:] if server.poll() is not None else "")
            time.sleep(1)
        edit(project / "docs" / "lecture" / "ch03" / "3-5.md", "(0.702690,0.241553,0.055757)",
             "(0.702691,0.241553,0.055757)")
        page = ""
        while "未通过核算" not in page:
            assert server.poll() is None and time.time() < deadline, "the rebuild did not show the failure"
            time.sleep(1)
            page = _get(url)
        assert "claim" in page and "0.702691" in page, "the banner must carry the checker's one-line message"
    finally:
        server.terminate()
        server.wait(timeout=30)
