"""The site build publishes only verified pages, and the navigation follows document order."""
from conftest import edit, run_in


def test_the_build_publishes_only_what_was_verified(verified_project):
    """Two holes, closed: a page edited after its verification is verified again by the build (a wrong number
    stops it, a harmless edit is published as edited), and a check of one page never stands for the site."""
    import json
    project = verified_project
    assert run_in(project, "verify").returncode == 0
    whole = (project / "build" / "verify" / "results.json").read_bytes()
    one = run_in(project, "verify", "docs/lecture/ch03/3-5.md")
    assert one.returncode == 0 and "written only by a run over the whole site" in one.stdout
    assert (project / "build" / "verify" / "results.json").read_bytes() == whole

    edit(project / "docs" / "lecture" / "ch03" / "3-5.md", "(0.702690,0.241553,0.055757)", "(0.702691,0.241553,0.055757)")
    edit(project / "docs" / "lecture" / "ch03" / "3-6.md", "# 两条独立干预支路", "# 两条独立干预支路（已改动的标题）")   # no number touched
    build = run_in(project, "mkdocs", "build", "--strict")
    assert build.returncode != 0
    assert "lecture.3.5 failed verification and is not published" in build.stdout + build.stderr

    edit(project / "docs" / "lecture" / "ch03" / "3-5.md", "(0.702691,0.241553,0.055757)", "(0.702690,0.241553,0.055757)")
    build = run_in(project, "mkdocs", "build", "--strict")
    assert build.returncode == 0, build.stderr[-2000:]
    assert "已改动的标题" in (project / "site" / "lecture" / "ch03" / "3-6" / "index.html").read_text(encoding="utf-8")
    pages = len(json.loads(whole)["pages"])
    home = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert f"{pages} 页" in home
    served = json.loads((project / "site" / "verify" / "results.json").read_text(encoding="utf-8"))
    assert len(served["pages"]) == pages and served["pages"]["lecture.3.6"]["title"] == json.loads(
        (project / "build" / "verify" / "pages" / "lecture.3.6.json").read_text(encoding="utf-8"))["title"]


def test_navigation_is_in_document_order(project):
    import yaml  # noqa: F401  (hooks import it)
    from hooks.site import on_config

    config = on_config({"docs_dir": str(project / "docs")})
    lecture = next(item["讲义读本"] for item in config["nav"] if "讲义读本" in item)
    assert lecture[0] == "lecture/index.md"  # the document's index page opens its section
    chapter3 = next(items for group in lecture[1:] for label, items in group.items() if label.startswith("第 3 章"))
    sections = [next(iter(entry)) for entry in chapter3 if isinstance(entry, dict)]
    numbers = [tuple(int(x) for x in s.split()[0].lstrip("§").split(".")) for s in sections]
    assert chapter3[0] == "lecture/ch03/index.md" and numbers == sorted(numbers) and (3, 10 - 1) in numbers
