"""The site build publishes only verified pages, a refused build keeps the previous site, and the navigation
follows document order."""
from conftest import edit, run_in


def test_the_build_publishes_only_what_was_verified(verified_project):
    """Two holes, closed: a page edited after its verification is verified again by the build (a harmless edit is
    published as edited, a wrong number stops the build), and a check of one page never stands for the site. A
    refused build says which page and why, one line each, and leaves the previous site/ as it was."""
    import json
    project = verified_project
    assert run_in(project, "verify").returncode == 0
    whole = (project / "build" / "verify" / "results.json").read_bytes()
    one = run_in(project, "verify", "docs/lecture/ch03/3-5.md")
    assert one.returncode == 0 and "written only by a run over the whole site" in one.stdout
    assert (project / "build" / "verify" / "results.json").read_bytes() == whole

    edit(project / "docs" / "lecture" / "ch03" / "3-6.md", "# 两条独立干预支路", "# 两条独立干预支路（已改动的标题）")   # no number touched
    build = run_in(project, "mkdocs", "build", "--strict")
    assert build.returncode == 0, build.stderr[-2000:]
    page = project / "site" / "lecture" / "ch03" / "3-6" / "index.html"
    assert "已改动的标题" in page.read_text(encoding="utf-8")
    pages = len(json.loads(whole)["pages"])
    home = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert f"{pages} 页" in home
    served = json.loads((project / "site" / "verify" / "results.json").read_text(encoding="utf-8"))
    assert len(served["pages"]) == pages and served["pages"]["lecture.3.6"]["title"] == json.loads(
        (project / "build" / "verify" / "pages" / "lecture.3.6.json").read_text(encoding="utf-8"))["title"]

    before = {p.relative_to(project / "site").as_posix(): p.stat().st_mtime_ns
              for p in (project / "site").rglob("*") if p.is_file()}
    edit(project / "docs" / "lecture" / "ch03" / "3-5.md", "(0.702690,0.241553,0.055757)", "(0.702691,0.241553,0.055757)")
    build = run_in(project, "mkdocs", "build", "--strict")
    assert build.returncode != 0
    said = [line for line in (build.stdout + build.stderr).splitlines() if "failed verification and is not published" in line]
    assert len(said) == 1 and "docs/lecture/ch03/3-5.md: page lecture.3.5 failed verification" in said[0] \
        and "0.702691" in said[0], said   # which page and why, on one line
    after = {p.relative_to(project / "site").as_posix(): p.stat().st_mtime_ns
             for p in (project / "site").rglob("*") if p.is_file()}
    assert after == before, "a refused build must leave the previous site/ untouched"
    assert not (project / "site.building").exists()


def test_a_build_that_fails_after_rendering_keeps_the_previous_site(tmp_path):
    """The staging swap of hooks/site.py: a build that fails late (strict warnings) leaves site/ as it was."""
    import importlib
    site = importlib.import_module("hooks.site")
    final = tmp_path / "site"
    final.mkdir()
    (final / "index.html").write_text("old", encoding="utf-8")
    staging = tmp_path / "site.building"
    staging.mkdir()
    (staging / "index.html").write_text("new", encoding="utf-8")
    site.RUN.clear()
    site.RUN.update(command="build", final=final, staging=staging, built=True)
    site.on_build_error(RuntimeError("Aborted with 1 warnings in strict mode!"))
    site.on_shutdown()
    assert (final / "index.html").read_text(encoding="utf-8") == "old" and not staging.exists()
    staging.mkdir()
    (staging / "index.html").write_text("new", encoding="utf-8")
    site.RUN.clear()
    site.RUN.update(command="build", final=final, staging=staging, built=True)
    site.on_shutdown()
    assert (final / "index.html").read_text(encoding="utf-8") == "new" and not staging.exists()


def test_navigation_is_in_document_order(project):
    from sitegen.pages import nav

    lecture = next(item["讲义读本"] for item in nav(project / "docs") if "讲义读本" in item)
    assert lecture[0] == "lecture/index.md"  # the document's index page opens its section
    chapter3 = next(items for group in lecture[1:] for label, items in group.items() if label.startswith("第 3 章"))
    sections = [next(iter(entry)) for entry in chapter3 if isinstance(entry, dict)]
    numbers = [tuple(int(x) for x in s.split()[0].lstrip("§").split(".")) for s in sections]
    assert chapter3[0] == "lecture/ch03/index.md" and numbers == sorted(numbers) and (3, 10 - 1) in numbers
