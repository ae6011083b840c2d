"""Live preview in a real browser: an author keeps the page open, saves a wrong number, and the page reloads by itself
showing one red verification status with the checker's one-line message and no green box; a fix brings the green
box back (sitegen/dev.py)."""
import shutil
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from browser_kit import new_driver, requires_chromium, wait_for  # noqa: E402
from conftest import COPY_IGNORE, edit  # noqa: E402
from test_live_preview import start_preview  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
STATUS = """const boxes = [...document.querySelectorAll('article .verify-box')];
return JSON.stringify({boxes: boxes.length,
  red: boxes.filter(b => b.querySelector('.verify-status-failed')).length,
  green: document.querySelectorAll('article .verify-status-passed').length,
  text: boxes.map(b => b.innerText).join(' | ')})"""


@requires_chromium
def test_a_failing_edit_shows_one_red_status_and_no_green_box(tmp_path):
    import json
    project = tmp_path / "project"
    shutil.copytree(ROOT, project, ignore=COPY_IGNORE)
    for folder in ("verify/pages", "figures"):
        if (ROOT / "build" / folder).is_dir():
            shutil.copytree(ROOT / "build" / folder, project / "build" / folder, dirs_exist_ok=True)
    server, base = start_preview(project)
    driver = new_driver(tmp_path / "profile")
    try:
        driver.get(base + "lecture/ch03/3-5/")
        wait_for(driver, "return document.querySelector('article .verify-status-passed') !== null", 30)
        page = project / "docs" / "lecture" / "ch03" / "3-5.md"
        saved = time.time()
        edit(page, "(0.702690,0.241553,0.055757)", "(0.702691,0.241553,0.055757)")
        wait_for(driver, "return document.querySelector('article .verify-status-failed') !== null", 90)
        shown = time.time() - saved
        status = json.loads(driver.execute_script(STATUS))
        assert status["boxes"] == 1 and status["red"] == 1 and status["green"] == 0, status
        assert "0.702691" in status["text"] and "已核算" not in status["text"], status["text"][:400]
        driver.save_screenshot(str(ROOT / "build" / "browser" / "live-preview-failing.png")) \
            if (ROOT / "build" / "browser").is_dir() else None
        edit(page, "(0.702691,0.241553,0.055757)", "(0.702690,0.241553,0.055757)")
        wait_for(driver, "return document.querySelector('article .verify-status-passed') !== null", 90)
        status = json.loads(driver.execute_script(STATUS))
        assert status["boxes"] == 1 and status["red"] == 0, status
        print(f"live preview: the failing status was in the browser {shown:.1f} s after the save")
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=30)
